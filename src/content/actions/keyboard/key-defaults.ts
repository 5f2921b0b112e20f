// The default actions of keys other than Tab, for untrusted key events that the browser does not act on.

import { windowOf } from '../../snapshot/dom/dom';
import { explicitRole, isTextEntry } from '../../snapshot/naming/roles';
import { moveToEditorBoundary } from './editor-boundary';
import type { KeySpec, Modifier } from './keyboard';
import { type CaretKey, caretStep, moveCaret } from './text-edit';
import { fieldSelection, setCaret } from './text-entry';

const ACTIVATES_ON_ENTER = new Set(['a', 'button', 'summary', 'area']);
const ACTIVE_ROLES = new Set([
  'button',
  'link',
  'menuitem',
  'tab',
  'option',
  'checkbox',
  'radio',
  'switch',
  'treeitem',
]);
const SCROLL_KEYS: Record<string, (height: number) => [number, number]> = {
  ArrowDown: () => [0, 40],
  ArrowUp: () => [0, -40],
  ArrowRight: () => [40, 0],
  ArrowLeft: () => [-40, 0],
  PageDown: (h) => [0, h * 0.875],
  PageUp: (h) => [0, -h * 0.875],
  ' ': (h) => [0, h * 0.875],
  Home: () => [0, Number.NEGATIVE_INFINITY],
  End: () => [0, Number.POSITIVE_INFINITY],
};

export function defaultKeyAction(target: Element, spec: KeySpec, modifiers: Modifier[], command: boolean): void {
  const doc = target.ownerDocument;
  const key = spec.key;
  const textEntry = isTextEntry(target);
  if (key === 'Escape') closeModalDialog(doc);
  else if (key === 'Enter') enter(target, textEntry, command);
  else if (textEntry) editKey(target, spec, modifiers, command);
  else if (key === ' ' && activatable(target)) (target as HTMLElement).click();
  else if (target.localName === 'select') stepSelect(target as HTMLSelectElement, key);
  else if (target.localName === 'input' && (target as HTMLInputElement).type === 'radio') {
    stepRadio(target as HTMLInputElement, key);
  } else if (modifiers.length === 0) scrollPage(doc, key);
}

function activatable(target: Element): boolean {
  const role = explicitRole(target);
  if (role && ACTIVE_ROLES.has(role)) return true;
  if (ACTIVATES_ON_ENTER.has(target.localName)) return true;
  return (
    target.localName === 'input' &&
    ['checkbox', 'radio', 'button', 'submit', 'reset'].includes((target as HTMLInputElement).type)
  );
}

function enter(target: Element, textEntry: boolean, command: boolean): void {
  if (target.localName === 'input' && textEntry) {
    // Implicit submission (HTML §4.10.21.2): Enter in a text field submits its form.
    (target as HTMLInputElement).form?.requestSubmit();
    return;
  }
  if (textEntry) {
    if (target.localName === 'textarea' && command) (target as HTMLTextAreaElement).form?.requestSubmit();
    else target.ownerDocument.execCommand('insertLineBreak');
    return;
  }
  if (activatable(target) && !(target.localName === 'input' && (target as HTMLInputElement).type === 'checkbox')) {
    (target as HTMLElement).click();
  }
}

export const CARET_KEYS: ReadonlySet<string> = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);
const FORMATS: Record<string, string> = { b: 'bold', i: 'italic', u: 'underline' };

function editKey(target: Element, spec: KeySpec, modifiers: Modifier[], command: boolean): void {
  const doc = target.ownerDocument;
  const key = spec.key.toLowerCase();
  if (command && key === 'a') {
    if ('select' in target && typeof (target as HTMLInputElement).select === 'function')
      (target as HTMLInputElement).select();
    else doc.getSelection()?.selectAllChildren(editingRoot(target));
    return;
  }
  if (CARET_KEYS.has(spec.key)) {
    moveSelection(target, spec.key as CaretKey, modifiers);
    return;
  }
  // Bold, italic, underline in a rich editor that left the key to the browser (PT-T3).
  const format = FORMATS[key];
  if (command && format && (target as HTMLElement).isContentEditable) {
    doc.execCommand(format);
    return;
  }
  if (command) return;
  if (spec.key === 'Backspace') doc.execCommand('delete');
  else if (spec.key === 'Delete') doc.execCommand('forwardDelete');
  else if (spec.text !== undefined) doc.execCommand('insertText', false, spec.text);
}

function editingRoot(element: Element): Element {
  let host = element as HTMLElement;
  while (host.parentElement?.isContentEditable) host = host.parentElement;
  return host;
}

/** Caret keys in a text field or editor: move the caret, or with Shift extend the selection (PT-T4, FX-K-2). */
function moveSelection(target: Element, key: CaretKey, modifiers: Modifier[]): void {
  const shift = modifiers.includes('Shift');
  const step = caretStep(key, modifiers);
  if (target.localName === 'input' || target.localName === 'textarea') {
    const field = target as HTMLInputElement | HTMLTextAreaElement;
    const [start, end] = fieldSelection(field);
    const backward = field.selectionDirection === 'backward';
    const next = moveCaret(field.value, { start, end, backward }, step, {
      shift,
      multiline: field.localName === 'textarea',
    });
    setCaret(field, next.start, next.end, next.backward ? 'backward' : 'forward');
    return;
  }
  const selection = target.ownerDocument.getSelection() as (Selection & { modify?: SelectionModify }) | null;
  if (!selection?.modify) return;
  if (step.unit === 'documentboundary' && moveToEditorBoundary(editingRoot(target), step.direction, shift)) return;
  selection.modify(shift ? 'extend' : 'move', step.direction, step.unit);
}

/** Selection.modify (non-standard, in Chrome and Firefox): https://developer.mozilla.org/en-US/docs/Web/API/Selection/modify */
type SelectionModify = (alter: string, direction: string, granularity: string) => void;

function closeModalDialog(doc: Document): void {
  const dialogs = Array.from(doc.querySelectorAll('dialog[open]')).filter((d) => d.matches(':modal'));
  const top = dialogs.at(-1) as HTMLDialogElement | undefined;
  if (!top) return;
  if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
}

function stepSelect(select: HTMLSelectElement, key: string): void {
  const step = key === 'ArrowDown' || key === 'ArrowRight' ? 1 : key === 'ArrowUp' || key === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return;
  let index = select.selectedIndex + step;
  while (index >= 0 && index < select.options.length && select.options[index]?.disabled) index += step;
  if (index < 0 || index >= select.options.length) return;
  select.selectedIndex = index;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

function stepRadio(radio: HTMLInputElement, key: string): void {
  const step = key === 'ArrowDown' || key === 'ArrowRight' ? 1 : key === 'ArrowUp' || key === 'ArrowLeft' ? -1 : 0;
  if (step === 0 || !radio.name) return;
  const scope = radio.form ?? radio.ownerDocument;
  const group = Array.from(scope.querySelectorAll<HTMLInputElement>('input[type="radio"]')).filter(
    (r) => r.name === radio.name && !r.disabled,
  );
  const next = group[(group.indexOf(radio) + step + group.length) % group.length];
  if (!next || next === radio) return;
  next.focus();
  next.click();
}

function scrollPage(doc: Document, key: string): void {
  const delta = SCROLL_KEYS[key];
  const win = windowOf(doc.documentElement);
  if (!delta || !win) return;
  const [dx, dy] = delta(win.innerHeight);
  if (dy === Number.NEGATIVE_INFINITY) win.scrollTo({ top: 0, behavior: 'instant' });
  else if (dy === Number.POSITIVE_INFINITY)
    win.scrollTo({ top: doc.documentElement.scrollHeight, behavior: 'instant' });
  else win.scrollBy({ left: dx, top: dy, behavior: 'instant' });
}
