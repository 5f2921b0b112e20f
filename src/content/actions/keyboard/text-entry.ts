// Putting text in the way typing does, one character at a time, to whatever has focus when the key goes down (a
// code input moves focus to its next box per digit): keydown, keypress, beforeinput (cancelable: a cancelled one
// inserts nothing), the character at the selection, input, keyup. A field's value is written through the native
// setter (so React/Vue-controlled inputs see a real change); a contenteditable region (ProseMirror, Lexical, Slate,
// Quill, CodeMirror 6) gets a beforeinput it may cancel and then document.execCommand('insertText'), Enter as
// insertParagraph: never a bare write to its text (docs/contracts.md PT-T1..PT-T3).

import { deepActiveElement } from '../../snapshot/dom/dom';
import { isTextEntry } from '../../snapshot/naming/roles';
import { charSpec, type KeySpec, keyEvent, parseKey } from './keyboard';
import { spliceText } from './text-edit';

/** Past this length, text goes in as one input event instead of one per character. */
const PER_KEY_LIMIT = 256;
/** How long to wait for a selectionchange that may not come (the selection was already there). */
const SELECTION_WAIT_MS = 50;

export type Field = HTMLInputElement | HTMLTextAreaElement;

export function isField(element: Element): element is Field {
  return (element.localName === 'input' || element.localName === 'textarea') && isTextEntry(element);
}

function nativeSetter(field: Field): ((value: string) => void) | undefined {
  const proto = field.localName === 'textarea' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(proto, 'value')?.set;
}

function setValue(field: Field, value: string): void {
  const setter = nativeSetter(field);
  if (setter) setter.call(field, value);
  else field.value = value;
}

/** The selection of a field; inputs without one (email, number) edit at the end. */
export function fieldSelection(field: Field): [number, number] {
  try {
    const start = field.selectionStart;
    const end = field.selectionEnd;
    if (start !== null && end !== null) return [start, end];
  } catch {
    // selectionStart throws on input types without a selection.
  }
  return [field.value.length, field.value.length];
}

export function setCaret(field: Field, start: number, end = start, direction?: 'forward' | 'backward'): void {
  try {
    field.setSelectionRange(start, end, direction);
  } catch {
    // Input types without a selection (email, number): the caret stays where the browser keeps it.
  }
}

/** Inserts `data` at the field's selection as one input event; false when the page refused it. */
function insert(field: Field, data: string, inputType = 'insertText'): boolean {
  const init = { inputType, data, bubbles: true, composed: true };
  if (!field.dispatchEvent(new InputEvent('beforeinput', { ...init, cancelable: true }))) return false;
  const [start, end] = fieldSelection(field);
  const edit = spliceText(field.value, start, end, data, field.maxLength);
  if (edit.value === field.value) return false;
  setValue(field, edit.value);
  setCaret(field, edit.caret);
  field.dispatchEvent(new InputEvent('input', init));
  return true;
}

/** Deletes the whole value, as select-all and Backspace would. */
export function clearField(field: Field): void {
  if (field.value === '') return;
  setCaret(field, 0, field.value.length);
  const init = { inputType: 'deleteContentBackward', bubbles: true, composed: true };
  if (!field.dispatchEvent(new InputEvent('beforeinput', { ...init, cancelable: true }))) return;
  setValue(field, '');
  field.dispatchEvent(new InputEvent('input', init));
}

/** Selects everything in the editor and deletes it, as select-all and Backspace would (beforeinput first). */
export async function clearEditable(host: HTMLElement): Promise<void> {
  const doc = host.ownerDocument;
  const moved = selectionChanged(doc);
  doc.getSelection()?.selectAllChildren(host);
  await moved;
  const init = { inputType: 'deleteContentBackward', data: null, bubbles: true, cancelable: true, composed: true };
  if (host.dispatchEvent(new InputEvent('beforeinput', init))) doc.execCommand('delete');
  await selectionChanged(doc);
}

/** Puts the caret at the end of the editor's last text (inside its last paragraph, not after it). */
export function caretAtEnd(host: HTMLElement): void {
  const doc = host.ownerDocument;
  const selection = doc.getSelection();
  if (!selection) return;
  const walker = doc.createTreeWalker(host, NodeFilter.SHOW_TEXT);
  let last: Text | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if ((node.nodeValue ?? '').trim() !== '') last = node as Text;
  }
  if (last) {
    selection.collapse(last, last.length);
    return;
  }
  // An empty editor: the start of its deepest last block (`<p><br></p>`).
  let block: Element = host;
  while (block.lastElementChild && block.lastElementChild.localName !== 'br') block = block.lastElementChild;
  selection.collapse(block, 0);
}

/**
 * Resolves at the next `selectionchange` (which editors read the selection from), or at the next task when the
 * selection did not change and none comes.
 */
export function selectionChanged(doc: Document): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      doc.removeEventListener('selectionchange', done);
      clearTimeout(timer);
      resolve();
    };
    doc.addEventListener('selectionchange', done);
    const timer = setTimeout(done, SELECTION_WAIT_MS);
  });
}

export interface Typed {
  /** The text fields and editors that received characters, in the order focus reached them. */
  touched: Element[];
  /** How many characters went to a text entry before focus left for something that takes no text. */
  typed: number;
  /** Where focus was when typing stopped early. */
  strayFocus?: Element | null;
}

/** Resolves in a new task, after the page's microtasks, without a timer's clamping (HTML §8.1.7.3). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The text entry with focus now: where the next key goes. */
function focusedEntry(doc: Document): Element | null {
  const active = deepActiveElement(doc);
  return active && isTextEntry(active) ? active : null;
}

function editingHost(element: Element): HTMLElement {
  let host = element as HTMLElement;
  while (host.parentElement?.isContentEditable) host = host.parentElement;
  return host;
}

/** Types `text` starting in `first` (focused by the caller, caret placed); later keys follow focus. */
export async function typeKeys(first: Element, text: string): Promise<Typed> {
  const doc = first.ownerDocument;
  const touched: Element[] = [];
  const chunks = text.length > PER_KEY_LIMIT ? [text] : [...text];
  let typed = 0;
  for (const chunk of chunks) {
    // Each key in a task of its own, as a person's keys come: an editor that renders its model in a microtask
    // (Lexical) must have drawn the last character before the next one is typed at the DOM's caret.
    if (typed > 0) await nextTask();
    // The first key goes to the field the caller focused even when the page kept focus from it, as before.
    const target = focusedEntry(doc) ?? (typed === 0 ? first : null);
    if (!target) return { touched, typed, strayFocus: deepActiveElement(doc) };
    const spec = chunk === '\n' ? parseKey('Enter') : charSpec(chunk.length === 1 ? chunk : ' ');
    const receiver = typeOne(target, chunk, spec);
    const host = isField(receiver) ? receiver : editingHost(receiver);
    if (!touched.includes(host)) touched.push(host);
    typed += [...chunk].length;
  }
  for (const element of touched) if (isField(element)) element.dispatchEvent(new Event('change', { bubbles: true }));
  return { touched, typed };
}

/** One key; returns the element that received its character (focus after keydown). */
function typeOne(target: Element, chunk: string, spec: KeySpec): Element {
  const doc = target.ownerDocument;
  let allowed = keyEvent('keydown', target, spec);
  // Printable keys and Enter fire keypress (legacy sites read keyCode 13 there).
  if (allowed && (spec.text !== undefined || spec.key === 'Enter')) allowed = keyEvent('keypress', target, spec);
  // A keydown handler may have moved focus (a code box advancing): the character goes where focus is now.
  const now = focusedEntry(doc) ?? target;
  if (allowed) {
    if (isField(now)) {
      if (chunk !== '\n') insert(now, chunk);
      else if (now.localName === 'textarea') insert(now, '\n', 'insertLineBreak');
    } else editorInput(now, chunk);
  }
  keyEvent('keyup', focusedEntry(doc) ?? now, spec);
  return now;
}

/**
 * A character into a rich editor. Chrome fires no beforeinput for document.execCommand (w3c/editing#200,
 * w3c/input-events#91: an extension that uses execCommand fires beforeinput itself), so the agent fires it as the
 * browser would before a key's edit: an
 * editor that handles input itself (Lexical, Slate) cancels it and inserts the text into its model; otherwise the
 * edit happens through execCommand, whose DOM change and input event the rest observe (ProseMirror, Quill,
 * CodeMirror 6). The text is never written to the DOM directly.
 */
function editorInput(target: Element, chunk: string): void {
  const inputType = chunk === '\n' ? 'insertParagraph' : 'insertText';
  const data = chunk === '\n' ? null : chunk;
  const init = { inputType, data, bubbles: true, cancelable: true, composed: true };
  if (!target.dispatchEvent(new InputEvent('beforeinput', init))) return;
  const doc = target.ownerDocument;
  if (inputType === 'insertParagraph') doc.execCommand('insertParagraph');
  else doc.execCommand('insertText', false, chunk);
}
