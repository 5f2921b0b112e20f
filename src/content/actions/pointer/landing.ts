// A press that lands around the element it was aimed at: its centre takes no pointer of its own (pointer-events:
// none, its parent painting over it), so a real mouse there presses the ancestor, or a label of it drawn elsewhere.
// The events go where the mouse's would (aim-point.ts §aimAt), and the action is verified only by a change in the
// element aimed at: a row that selected itself when its checkbox was aimed has not ticked the checkbox (issue 26,
// "No action reports verified when the change it was meant to make did not happen where it was aimed").

import type { ActionEffect } from '../../../shared/page-types';
import { composedContains, deepActiveElement, describeElement } from '../../snapshot/dom/dom';
import { semanticRole } from '../../snapshot/naming/classify';
import type { ActionContext } from '../context';
import { describeTarget } from '../describe';
import type { EffectWatch } from '../effects/effects';

/**
 * The effects that belong to `element` after a press that landed on `landed`: its own state or value, a mutation
 * inside it, focus that went into it, and a navigation or new window only when `landed` lies inside the same link as
 * the element (the press followed the element's own link).
 */
export function effectsIn(watch: EffectWatch, element: Element, landed: Element): ActionEffect[] {
  const own = element.closest('a[href], area[href]');
  const sameLink = own !== null && composedContains(own, landed);
  const focus = deepActiveElement(element.ownerDocument);
  return watch.effects().filter((effect) => {
    switch (effect) {
      case 'state_change':
      case 'value_change':
        return true;
      case 'dom_change':
        return watch.mutationsInside > 0;
      case 'focus_change':
        return focus !== null && composedContains(element, focus);
      case 'navigation':
      case 'new_window':
        return sameLink;
      default:
        return false;
    }
  });
}

/** The landing as the model reads it: the landed element's ref and name when it has one, else its tag. */
function describeLanded(ctx: ActionContext, landed: Element): string {
  for (let node: Element | null = landed, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
    const ref = ctx.registry.peek(node);
    // A row that takes clicks by its cursor alone has no role to name it by: its tag, id and class say which.
    if (ref !== undefined) return semanticRole(node) ? describeTarget(node, ref) : `[${ref}] ${describeElement(node)}`;
  }
  return describeElement(landed);
}

/**
 * Why the press is not verified: `The click landed on [7] row "Invoices", which contains [12] checkbox "Invoices";
 * [12] itself did not change.`
 */
export function landedReason(
  ctx: ActionContext,
  verb: string,
  landed: Element,
  element: Element,
  ref: number,
  elsewhere: boolean,
): string {
  const name = describeTarget(element, ref);
  // An ancestor, or a label drawn elsewhere (hit-test.ts §receivesPointer); an element the press removed from the
  // page is no longer inside its ancestor, which is still not its label.
  const how = composedContains(landed, element) || !landed.closest('label') ? 'which contains' : 'a label of';
  const changed = elsewhere ? ' (what changed is outside it)' : '';
  return `The ${verb} landed on ${describeLanded(ctx, landed)}, ${how} ${name}; [${ref}] itself did not change${changed}. A mouse cannot press [${ref}] there: it takes no pointer of its own. Act on what the ${verb} landed on, or find another control.`;
}
