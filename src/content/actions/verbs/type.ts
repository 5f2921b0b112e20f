// type: focus a text field, enter the text as keystrokes would, and check the field now holds it.

import { PageError } from '../../../shared/errors';
import type { ActionResult, RefTarget } from '../../../shared/page-types';
import { collapse, composedContains, deepActiveElement, describeElement } from '../../snapshot/dom/dom';
import { type ActionContext, isDisabled, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { EffectWatch } from '../effects/effects';
import { dateSectionsOf } from '../keyboard/date-sections';
import { compareAcross, compareValue, type ValueCheck } from '../keyboard/text-edit';
import {
  caretAtEnd,
  clearEditable,
  clearField,
  type Field,
  fieldSelection,
  isField,
  selectionChanged,
  setCaret,
  type Typed,
  typeKeys,
} from '../keyboard/text-entry';
import { bringIntoView } from '../pointer/pointer';
import { pressOn } from './press-key';
import { typeIntoSections } from './type-sections';

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
  if (isTextInput(element) || (element as HTMLElement).isContentEditable) return element as Field | HTMLElement;
  if (element.localName === 'label') {
    const control = (element as HTMLLabelElement).control;
    return control && isTextInput(control) ? control : null;
  }
  const inner = element.querySelectorAll('input, textarea, [contenteditable]:not([contenteditable="false"])');
  const fields = Array.from(inner).filter((e) => isTextInput(e) || (e as HTMLElement).isContentEditable);
  return fields.length === 1 ? (fields[0] as Field | HTMLElement) : null;
}

/** A text field by its type (inputs the browser draws as something else excluded). */
function isTextInput(element: Element): element is Field {
  if (element.localName === 'textarea') return true;
  return element.localName === 'input' && !NON_TEXT_INPUTS.has((element as HTMLInputElement).type);
}

export async function typeText(ctx: ActionContext, args: TypeArgs): Promise<ActionResult> {
  if (typeof args.text !== 'string') throw new PageError('invalid_argument', 'text must be a string.');
  const element = ctx.registry.resolve(args);
  const name = describeTarget(element, args.ref);
  const sections = dateSectionsOf(element);
  if (sections) return typeIntoSections(ctx, sections, args, name);
  const field = textTarget(element);
  if (!field) {
    const hint = element.localName === 'select' ? ' Use select_option for a drop-down.' : '';
    return notPerformed(`${name} is not a text field.${hint}`);
  }
  if (isDisabled(field)) return notPerformed(`${name} is disabled.`);
  if (isField(field) && field.readOnly) return notPerformed(`${name} is read-only.`);

  bringIntoView(field);
  const start = isField(field) ? placeCaret(field, args.clear === true) : await editorCaret(field, args.clear === true);
  const watch = EffectWatch.of(ctx, field);
  let check: ValueCheck;
  try {
    if (args.clear) {
      if (isField(field)) clearField(field);
      else await clearEditable(field);
    }
    const typed = await typeKeys(field, args.text);
    await watch.settle();
    check = verify(field, args.text, start, typed);
  } finally {
    watch.dispose();
  }
  const effects = watch.effects();
  if (!args.submit) return performed(check.verified, effects, check.reason);
  const submitted = await pressOn(ctx, deepActiveElement(ctx.doc) ?? field, 'Enter');
  const all = [...new Set([...effects, ...submitted.effects.filter((e) => e !== 'none')])];
  if (!check.verified) return performed(false, all, check.reason);
  return performed(
    submitted.verified,
    all,
    submitted.verified ? undefined : 'The text is in, but Enter had no visible effect.',
  );
}

interface Start {
  /** The field's value around the selection the text replaces. */
  before: string;
  after: string;
  /** The text around the field before typing (see enteredLines). */
  near: string;
}

/**
 * Focuses the field. A field that already had focus keeps its caret and selection (the model put them there with a
 * click or press_key); one that did not gets the caret at the end, as clicking after its text would (PT-T1).
 */
function placeCaret(field: Field | HTMLElement, clear: boolean): Start {
  const doc = field.ownerDocument;
  const near = nearText(field);
  const active = deepActiveElement(doc);
  const hadFocus = active !== null && composedContains(field, active);
  if (!hadFocus) field.focus({ preventScroll: true });
  if (isField(field)) {
    if (clear) return { before: '', after: '', near };
    if (!hadFocus) setCaret(field, field.value.length);
    const [start, end] = fieldSelection(field);
    return { before: field.value.slice(0, start), after: field.value.slice(end), near };
  }
  const selection = doc.getSelection();
  const inside = selection?.anchorNode ? field.contains(selection.anchorNode) : false;
  if (selection && (!hadFocus || !inside)) caretAtEnd(field);
  return { before: '', after: '', near };
}

/** placeCaret for a rich editor, which learns the selection from `selectionchange` (Lexical, Slate): waits for it. */
async function editorCaret(host: HTMLElement, clear: boolean): Promise<Start> {
  const moved = selectionChanged(host.ownerDocument);
  const start = placeCaret(host, clear);
  await moved;
  return start;
}

function verify(field: Field | HTMLElement, text: string, start: Start, typed: Typed): ValueCheck {
  const total = [...text].length;
  if (typed.strayFocus !== undefined) {
    const where = typed.strayFocus ? describeElement(typed.strayFocus) : 'nothing';
    return {
      verified: false,
      reason: `Focus left the text field after ${typed.typed} of ${total} characters (it is on ${where} now); the rest was not typed.`,
    };
  }
  const fields = typed.touched.filter(isField);
  if (fields.length > 1)
    return compareAcross(
      fields.map((f) => f.value),
      text,
    );
  if (isField(field) && field.localName === 'input' && text.includes('\n')) {
    const entered = enteredLines(field, text, start.near);
    if (entered) return entered;
  }
  if (isField(field)) {
    const secret = field.localName === 'input' && (field as HTMLInputElement).type === 'password';
    return compareValue(field.value, start.before + text + start.after, { maxLength: field.maxLength, secret });
  }
  return checkEditable(field, text);
}

/**
 * Lines typed into a one-line field, each ended by Enter: a tags input or a chat box takes each line on Enter and
 * empties the field. Verified when each line now shows beside the field (in its nearest ancestors' text); otherwise
 * the usual comparison says what the field holds.
 */
function enteredLines(field: Field, text: string, before: string): ValueCheck | null {
  const lines = text
    .split('\n')
    .map((line) => collapse(line))
    .filter(Boolean);
  const pending = text.endsWith('\n') ? '' : collapse(text.slice(text.lastIndexOf('\n') + 1));
  const taken = pending ? lines.slice(0, -1) : lines;
  if (collapse(field.value) !== pending || taken.length === 0) return null;
  const around = nearText(field);
  const count = (haystack: string, line: string) => haystack.split(line).length - 1;
  if (!taken.every((line) => count(around, line) > count(before, line))) return null;
  return {
    verified: true,
    reason: `The page took each line on Enter: ${taken.map((l) => JSON.stringify(l)).join(', ')} now show beside the field.`,
  };
}

/** The text of the field's surroundings (its parent's parent): where a tags input shows the tags it made. */
function nearText(field: Element): string {
  const scope = field.parentElement?.parentElement ?? field.parentElement;
  return collapse(scope?.textContent ?? '');
}

/** An editor holds the typed text when its rendered text contains it, whitespace aside (paragraphs included). */
function checkEditable(host: HTMLElement, text: string): ValueCheck {
  const squeeze = (s: string) => s.replace(/\s+/g, '');
  const actual = host.innerText ?? host.textContent ?? '';
  if (squeeze(actual).includes(squeeze(text))) return { verified: true };
  return {
    verified: false,
    reason: `The editor shows ${JSON.stringify(collapse(actual).slice(0, 200))}, which does not contain the typed text.`,
  };
}
