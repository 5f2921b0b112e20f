// The fields a consequential step would send, as the person's question shows them (issue 25): label and value, with
// secrets kept on the page: a password or one-time code is ••••, a card number keeps its last four digits, a security
// code is •••. What counts as a secret comes from the field's type and its HTML autocomplete token
// (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#autofill).

import type { ConsentField } from '../../../shared/consent-types';
import { clip, collapse } from '../../snapshot/dom/dom';
import { accessibleName } from '../../snapshot/naming/names';

const MAX_FIELDS = 12;
const MAX_VALUE = 80;
const HIDDEN = 'never';
const attr = (element: Element, name: string): string => Element.prototype.getAttribute.call(element, name) ?? '';

/** The autocomplete tokens of a field (section-, shipping/billing and the field name), lowercased. */
export const autofillTokens = (element: Element): string[] =>
  attr(element, 'autocomplete').toLowerCase().split(/\s+/).filter(Boolean);

/** A card number by its token, or by a name the payment forms that set none use ("cardnumber", "cc-num"). */
export function isCardNumber(element: Element): boolean {
  if (autofillTokens(element).includes('cc-number')) return true;
  return /card.?num|cc.?num|credit.?card/i.test(`${attr(element, 'name')} ${attr(element, 'id')}`);
}

export function isCardCode(element: Element): boolean {
  if (autofillTokens(element).includes('cc-csc')) return true;
  return /\b(cvc|cvv|csc)\b|security.?code/i.test(`${attr(element, 'name')} ${attr(element, 'id')}`);
}

export const isPassword = (element: Element): boolean =>
  element.localName === 'input' && (element as HTMLInputElement).type === 'password';

const isOneTimeCode = (element: Element): boolean => autofillTokens(element).includes('one-time-code');

/** A field's value as the question shows it, or `never` for what is not shown at all. */
function shownValue(field: Element): string {
  if (field.localName === 'select') {
    const select = field as HTMLSelectElement;
    return collapse([...select.selectedOptions].map((option) => option.text).join(', '));
  }
  if (field.localName === 'textarea') return collapse((field as HTMLTextAreaElement).value);
  if (field.localName !== 'input') return collapse(field.textContent ?? '');
  const input = field as HTMLInputElement;
  if (input.type === 'checkbox') return input.checked ? '☑' : '☐';
  if (input.type === 'radio') return input.checked ? '◉' : HIDDEN;
  if (input.type === 'file') return input.files ? [...input.files].map((file) => file.name).join(', ') : '';
  const value = input.value;
  if (value === '') return '';
  if (isPassword(input) || isOneTimeCode(input)) return '••••';
  if (isCardCode(input)) return '•••';
  if (isCardNumber(input)) return `•••• ${value.replace(/\D/g, '').slice(-4)}`;
  return collapse(value);
}

const FIELDS =
  'input:not([type="hidden" i]):not([type="submit" i]):not([type="button" i]):not([type="reset" i]):not([type="image" i]), select, textarea, [contenteditable]:not([contenteditable="false" i])';

/** The controls a step would send: a form's own (`form.elements` includes those outside it by `form=`), or a scope's. */
export function fieldsIn(scope: Element): Element[] {
  if (scope.localName === 'form') {
    const own = [...(scope as HTMLFormElement).elements].filter((element) => element.matches(FIELDS));
    const editors = [...scope.querySelectorAll('[contenteditable]:not([contenteditable="false" i])')];
    return [...own, ...editors.filter((editor) => !editor.parentElement?.closest('[contenteditable]'))];
  }
  return [...scope.querySelectorAll(FIELDS)].filter(
    (element) => !element.parentElement?.closest('[contenteditable]:not([contenteditable="false" i])'),
  );
}

/** The fields as the person reads them, in document order, capped; unchecked radios are left out. */
export function shownFields(fields: readonly Element[]): ConsentField[] {
  const shown: ConsentField[] = [];
  for (const field of fields) {
    if (shown.length >= MAX_FIELDS) break;
    const value = shownValue(field);
    if (value === HIDDEN) continue;
    const role = field.localName === 'select' ? 'combobox' : 'textbox';
    const label = accessibleName(field, role) || attr(field, 'name') || field.localName;
    shown.push({ label: clip(label, MAX_VALUE), value: clip(value, MAX_VALUE) });
  }
  return shown;
}
