// Putting text into a field the way typing does: per character keydown, beforeinput, the value written through
// the native setter (so React/Vue-controlled inputs see a real change), input, keyup; change at the end.

import { charSpec, keyEvent } from './keyboard';

/** Past this length, text goes in as one input event instead of one per character. */
const PER_KEY_LIMIT = 256;

type Field = HTMLInputElement | HTMLTextAreaElement;

function nativeSetter(field: Field): ((value: string) => void) | undefined {
  const proto = field.localName === 'textarea' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(proto, 'value')?.set;
}

function setValue(field: Field, value: string): void {
  const setter = nativeSetter(field);
  if (setter) setter.call(field, value);
  else field.value = value;
}

/** Inserts `data` at the end of the field's value, as one input event; false when the page refused it. */
function insert(field: Field, data: string, inputType = 'insertText'): boolean {
  const init = { inputType, data, bubbles: true, composed: true };
  if (!field.dispatchEvent(new InputEvent('beforeinput', { ...init, cancelable: true }))) return false;
  let next = field.value + data;
  if (field.maxLength >= 0 && next.length > field.maxLength) next = next.slice(0, field.maxLength);
  if (next === field.value) return false;
  setValue(field, next);
  field.dispatchEvent(new InputEvent('input', init));
  return true;
}

export function clearField(field: Field): void {
  if (field.value === '') return;
  const init = { inputType: 'deleteContentBackward', bubbles: true, composed: true };
  if (!field.dispatchEvent(new InputEvent('beforeinput', { ...init, cancelable: true }))) return;
  setValue(field, '');
  field.dispatchEvent(new InputEvent('input', init));
}

export function typeIntoField(field: Field, text: string): void {
  if (text.length > PER_KEY_LIMIT) insert(field, text);
  else {
    for (const char of text) {
      const spec = charSpec(char);
      // A cancelled keydown or keypress means the page did not let the character in, as with a real keyboard.
      if (keyEvent('keydown', field, spec) && keyEvent('keypress', field, spec)) insert(field, char);
      keyEvent('keyup', field, spec);
    }
  }
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Types into a contenteditable region through the editing commands, so editors see their usual events. */
export function typeIntoEditable(host: HTMLElement, text: string, clear: boolean): void {
  const doc = host.ownerDocument;
  const selection = doc.getSelection();
  if (selection) {
    selection.selectAllChildren(host);
    if (!clear) selection.collapseToEnd();
  }
  if (clear && text === '') {
    doc.execCommand('delete');
    return;
  }
  const chunks = text.length > PER_KEY_LIMIT ? [text] : [...text];
  for (const chunk of chunks) {
    const spec = charSpec(chunk.length === 1 ? chunk : ' ');
    if (keyEvent('keydown', host, spec) && !doc.execCommand('insertText', false, chunk)) {
      // No editing command here (an editor that handles input itself): append and tell the page.
      host.append(chunk);
      host.dispatchEvent(
        new InputEvent('input', { inputType: 'insertText', data: chunk, bubbles: true, composed: true }),
      );
    }
    keyEvent('keyup', host, spec);
  }
}
