// type: focus a text field, enter the text as keystrokes would, and check the field now holds it.

import { PageError } from '../../shared/errors';
import type { ActionResult, RefTarget } from '../../shared/page-types';
import { collapse } from '../snapshot/dom';
import { type ActionContext, isDisabled, notPerformed, performed } from './context';
import { describeTarget } from './describe';
import { EffectWatch } from './effects';
import { pressOn } from './keys';
import { bringIntoView } from './pointer';
import { clearField, typeIntoEditable, typeIntoField } from './text-entry';

type Field = HTMLInputElement | HTMLTextAreaElement;
const NON_TEXT_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'image',
  'file',
  'hidden',
  'range',
  'color',
]);

export interface TypeArgs extends RefTarget {
  text: string;
  clear?: boolean;
  submit?: boolean;
}

/** The field to type into: the element, the control of a label, or the one text field inside a wrapper. */
function textTarget(element: Element): Field | HTMLElement | null {
  if (isField(element) || (element as HTMLElement).isContentEditable) return element as Field | HTMLElement;
  if (element.localName === 'label') {
    const control = (element as HTMLLabelElement).control;
    return control && isField(control) ? control : null;
  }
  const inner = element.querySelectorAll('input, textarea, [contenteditable]:not([contenteditable="false"])');
  const fields = Array.from(inner).filter((e) => isField(e) || (e as HTMLElement).isContentEditable);
  return fields.length === 1 ? (fields[0] as Field | HTMLElement) : null;
}

function isField(element: Element): element is Field {
  if (element.localName === 'textarea') return true;
  return element.localName === 'input' && !NON_TEXT_INPUTS.has((element as HTMLInputElement).type);
}

export async function typeText(ctx: ActionContext, args: TypeArgs): Promise<ActionResult> {
  if (typeof args.text !== 'string') throw new PageError('invalid_argument', 'text must be a string.');
  const element = ctx.registry.resolve(args);
  const field = textTarget(element);
  const name = describeTarget(element, args.ref);
  if (!field) {
    const hint = element.localName === 'select' ? ' Use select_option for a drop-down.' : '';
    return notPerformed(`${name} is not a text field.${hint}`);
  }
  if (isDisabled(field)) return notPerformed(`${name} is disabled.`);
  if (isField(field) && field.readOnly) return notPerformed(`${name} is read-only.`);

  bringIntoView(field);
  field.focus({ preventScroll: true });
  const watch = new EffectWatch(ctx.doc, field, ctx.churn);
  let check: { verified: boolean; reason?: string };
  try {
    if (isField(field)) {
      const expected = (args.clear ? '' : field.value) + args.text;
      if (args.clear) clearField(field);
      typeIntoField(field, args.text);
      await watch.settle();
      check = checkValue(field, expected);
    } else {
      typeIntoEditable(field, args.text, args.clear === true);
      await watch.settle();
      check = checkEditable(field, args.text, args.clear === true);
    }
  } finally {
    watch.dispose();
  }
  const effects = watch.effects();
  if (!args.submit) return performed(check.verified, effects, check.reason);
  const submitted = await pressOn(ctx, field, 'Enter');
  const all = [...new Set([...effects, ...submitted.effects.filter((e) => e !== 'none')])];
  if (!check.verified) return performed(false, all, check.reason);
  return performed(
    submitted.verified,
    all,
    submitted.verified ? undefined : 'The text is in, but Enter had no visible effect.',
  );
}

function checkValue(field: Field, expected: string): { verified: boolean; reason?: string } {
  const actual = field.value;
  if (actual === expected) return { verified: true };
  const secret = field.localName === 'input' && (field as HTMLInputElement).type === 'password';
  if (field.maxLength >= 0 && expected.length > field.maxLength && actual === expected.slice(0, field.maxLength)) {
    return {
      verified: false,
      reason: `The field accepts at most ${field.maxLength} characters; the rest was cut off.`,
    };
  }
  if (secret)
    return {
      verified: false,
      reason: `The password field holds ${actual.length} characters, not the ${expected.length} typed.`,
    };
  // A field that reformats what is typed (a phone or card number mask) still holds the same characters.
  const bare = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '');
  if (actual !== '' && bare(actual) === bare(expected)) {
    return { verified: true, reason: `The page formatted the value as ${JSON.stringify(actual)}.` };
  }
  return {
    verified: false,
    reason: `The field shows ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}: the page rejected or changed the input.`,
  };
}

function checkEditable(host: HTMLElement, text: string, clear: boolean): { verified: boolean; reason?: string } {
  const actual = collapse(host.textContent ?? '');
  const wanted = collapse(text);
  const ok = clear ? actual === wanted : actual.endsWith(wanted) || actual.includes(wanted);
  if (ok) return { verified: true };
  return {
    verified: false,
    reason: `The editor shows ${JSON.stringify(actual.slice(0, 200))} instead of the typed text.`,
  };
}
