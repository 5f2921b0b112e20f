// double_click: two click sequences (detail 1, then 2) and a dblclick with detail 2, as a mouse plays them
// (UI Events §3.5, "click" and "dblclick" ordering), at the centre or at `at` inside the element's box.

import type { ActionResult, PointerArgs } from '../../../shared/page-types';
import type { ActionContext } from '../context';
import { gestureAt } from '../pointer/lasting';
import { dispatchHover, mouse, moveFocus, pointer } from '../pointer/pointer';

function pressAndRelease(target: Element, x: number, y: number, detail: number): void {
  const pointerDown = pointer('pointerdown', target, x, y, 1);
  const mouseDown = pointerDown ? mouse('mousedown', target, x, y, 1, { detail }) : true;
  if (mouseDown) moveFocus(target);
  pointer('pointerup', target, x, y, 0);
  if (pointerDown) mouse('mouseup', target, x, y, 0, { detail });
  mouse('click', target, x, y, 0, { detail });
}

export async function doubleClick(ctx: ActionContext, args: PointerArgs): Promise<ActionResult> {
  return gestureAt(
    ctx,
    args,
    'double click',
    (target, x, y) => {
      dispatchHover(target, x, y);
      pressAndRelease(target, x, y, 1);
      pressAndRelease(target, x, y, 2);
      mouse('dblclick', target, x, y, 0, { detail: 2 });
    },
    (name) =>
      `Double-clicked ${name}, but the page ended as it started (no lasting DOM, value, state or focus change).`,
  );
}
