// right_click: the secondary button pressed and released with a contextmenu event between (Chrome on Linux and
// macOS fires contextmenu after mousedown; https://w3c.github.io/uievents/#event-type-contextmenu), for the menus
// pages draw themselves. The browser's own context menu is not reachable from a page, and the agent cannot use it.

import type { ActionResult, PointerArgs } from '../../../shared/page-types';
import type { ActionContext } from '../context';
import { gestureAt } from '../pointer/lasting';
import { dispatchHover, mouse, moveFocus, pointer } from '../pointer/pointer';

const SECONDARY = { button: 2 };

export async function rightClick(ctx: ActionContext, args: PointerArgs): Promise<ActionResult> {
  let handled = false;
  return gestureAt(
    ctx,
    args,
    'right click',
    (target, x, y) => {
      dispatchHover(target, x, y);
      const pointerDown = pointer('pointerdown', target, x, y, 2, true, SECONDARY);
      const mouseDown = pointerDown ? mouse('mousedown', target, x, y, 2, { ...SECONDARY, detail: 1 }) : true;
      if (mouseDown) moveFocus(target);
      // The page draws its own menu by cancelling contextmenu; not cancelled, the browser's menu would open.
      handled = !mouse('contextmenu', target, x, y, 2, SECONDARY);
      pointer('pointerup', target, x, y, 0, true, SECONDARY);
      if (pointerDown) mouse('mouseup', target, x, y, 0, { ...SECONDARY, detail: 1 });
    },
    (name) =>
      handled
        ? `Right-clicked ${name}: the page took the right-click (it cancelled contextmenu) but showed nothing.`
        : `Right-clicked ${name}, but the page does not handle right-clicks there, and the browser's own context menu cannot be used by the agent. Look for a menu button ("More", "⋯") or a toolbar instead.`,
  );
}
