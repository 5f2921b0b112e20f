// check: set a checkbox, radio or switch (native or ARIA) to the wanted state by clicking it, then read it back.

import { PageError } from '../../../shared/errors';
import type { ActionResult, RefTarget } from '../../../shared/page-types';
import { semanticRole } from '../../snapshot/naming/classify';
import { isCheckable } from '../../snapshot/naming/roles';
import { type ActionContext, isDisabled, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { clickElement } from './click';

function checkableOf(element: Element): Element | null {
  const role = semanticRole(element);
  if (role && isCheckable(role)) return element;
  if (element.localName === 'label') return (element as HTMLLabelElement).control;
  const inner = element.querySelector(
    'input[type="checkbox"], input[type="radio"], [role="checkbox"], [role="switch"], [role="radio"]',
  );
  return inner;
}

export function readChecked(element: Element): boolean {
  if (element.localName === 'input') return (element as HTMLInputElement).checked;
  return element.getAttribute('aria-checked') === 'true';
}

export async function check(ctx: ActionContext, args: RefTarget & { checked: boolean }): Promise<ActionResult> {
  if (typeof args.checked !== 'boolean') throw new PageError('invalid_argument', 'checked must be true or false.');
  const element = ctx.registry.resolve(args);
  const name = describeTarget(element, args.ref);
  const box = checkableOf(element);
  if (!box) return notPerformed(`${name} is not a checkbox, radio button or switch.`);
  const want = args.checked;
  if (readChecked(box) === want) return performed(true, [], `${name} was already ${want ? 'checked' : 'unchecked'}.`);
  const isRadio = (box as HTMLInputElement).type === 'radio' || box.getAttribute('role') === 'radio';
  if (isRadio && !want) {
    return notPerformed(`${name} is a radio button: it is unchecked by checking another option of its group.`);
  }
  if (isDisabled(box)) return notPerformed(`${name} is disabled.`);
  // A label is pressed where a person presses it, and the browser's label activation ticks its control once.
  const pressed = element.localName === 'label' ? element : box;
  const clicked = await clickElement(ctx, pressed, args.ref);
  if (!clicked.ok) return clicked;
  const now = readChecked(box);
  if (now === want) return performed(true, clicked.effects);
  return performed(
    false,
    clicked.effects,
    `Clicked ${name}, but it is still ${now ? 'checked' : 'unchecked'}: the page did not accept the change.`,
  );
}
