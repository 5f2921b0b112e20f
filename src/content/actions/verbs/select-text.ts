// select_text: select a word or a passage inside a text field or an editor, as a person does by dragging over it or
// double-clicking a word, so that what comes next (type, a Bold button, a key) acts on it (issue 26). The selection is
// a real one (setSelectionRange in a field; a DOM Range in an editor, which ProseMirror, CodeMirror 6 and Lexical read
// through selectionchange) and is verified by reading it back once the editor has taken it.

import { PageError } from '../../../shared/errors';
import type { ActionResult, SelectTextArgs } from '../../../shared/page-types';
import { collapse } from '../../snapshot/dom/dom';
import { type ActionContext, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { type Field, isField, nextTask, selectionChanged } from '../keyboard/text-entry';
import { bringIntoView } from '../pointer/pointer';
import { nodeText, rangeOver } from '../text/text-range';

/** The field or editing host the text is in: the element, or the editor around a text ref from find. */
function textHome(element: Element): Field | HTMLElement | null {
  if (isField(element)) return element;
  const editable = element as HTMLElement;
  if (editable.isContentEditable) {
    let host = editable;
    while (host.parentElement?.isContentEditable) host = host.parentElement;
    return host;
  }
  return element.querySelector<HTMLElement>('[contenteditable]:not([contenteditable="false"])');
}

/** Where the `occurrence`-th match of `text` starts in `haystack`, or -1. */
function nth(haystack: string, text: string, occurrence: number): number {
  let at = -1;
  for (let i = 0; i < occurrence; i++) {
    at = haystack.indexOf(text, at + 1);
    if (at < 0) return -1;
  }
  return at;
}

const count = (haystack: string, text: string) => haystack.split(text).length - 1;

export async function selectText(ctx: ActionContext, args: SelectTextArgs): Promise<ActionResult> {
  if (typeof args.text !== 'string' || args.text === '')
    throw new PageError('invalid_argument', 'text must be some text.');
  const occurrence = args.occurrence ?? 1;
  if (!Number.isInteger(occurrence) || occurrence < 1) {
    throw new PageError('invalid_argument', 'occurrence must be a whole number from 1 (the first match).');
  }
  const element = ctx.registry.resolve(args);
  const name = describeTarget(element, args.ref);
  const home = textHome(element);
  if (!home) return notPerformed(`${name} is not a text field or an editor, so no text in it can be selected.`);
  // A text ref from find names the element holding the match: the count starts there, inside the editor.
  const scope = isField(home) || !home.contains(element) ? home : (element as HTMLElement);
  const haystack = isField(scope) ? scope.value : nodeText(scope);
  const at = nth(haystack, args.text, occurrence);
  if (at < 0) {
    const found = count(haystack, args.text);
    const what = found === 0 ? 'does not contain' : `contains only ${found} of`;
    return notPerformed(
      `${name} ${what} ${JSON.stringify(args.text)}${found === 0 ? '' : ` (asked for match ${occurrence})`}.`,
    );
  }
  bringIntoView(home);
  const doc = ctx.doc;
  if (doc.activeElement !== home && !home.contains(doc.activeElement)) home.focus({ preventScroll: true });
  if (isField(home)) {
    home.setSelectionRange(at, at + args.text.length);
    home.dispatchEvent(new Event('select', { bubbles: true }));
  } else {
    const range = rangeOver(scope, at, at + args.text.length);
    const selection = doc.getSelection();
    if (!range || !selection) return notPerformed(`${name}: the text could not be selected.`);
    const moved = selectionChanged(doc);
    selection.removeAllRanges();
    selection.addRange(range);
    await moved;
  }
  // The editor reads the selection and may draw it again from its own model: judge what it kept.
  await nextTask();
  const selected = isField(home)
    ? home.value.slice(home.selectionStart ?? 0, home.selectionEnd ?? 0)
    : (doc.getSelection()?.toString() ?? '');
  if (collapse(selected) === collapse(args.text))
    return performed(true, ['state_change'], `Selected ${JSON.stringify(args.text)}.`);
  return performed(
    false,
    ['none'],
    `The selection is ${selected ? JSON.stringify(collapse(selected).slice(0, 120)) : 'empty'}, not ${JSON.stringify(args.text)}.`,
  );
}
