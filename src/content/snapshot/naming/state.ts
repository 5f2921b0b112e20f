// The state of a control that matters to whoever operates it: value, checked, selected, disabled, expanded, ...

import type { ElementState } from '../../../shared/page-types';
import { clip, collapse } from '../dom/dom';
import { isCheckable } from './roles';

const MAX_VALUE_CHARS = 100;
const NO_VALUE_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'hidden']);

function ariaBool(element: Element, name: string): boolean | 'mixed' | undefined {
  const value = element.getAttribute(name);
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'mixed') return 'mixed';
  return undefined;
}

/**
 * A selection the page shows only by the library's own mark, with no ARIA state: Mantine's calendar day
 * (`data-selected`, @mantine/dates Day), Headless UI's and React Aria's options (`data-selected`). A person sees it
 * highlighted; without it the model clicks the day it already picked again and again.
 */
function markedSelected(element: Element): boolean {
  const mark = element.getAttribute('data-selected');
  return mark !== null && mark !== 'false';
}

export function elementState(element: Element, role: string): ElementState {
  const state: ElementState = {};
  const value = shownValue(element, role);
  if (value !== undefined) state.value = value;

  if (isCheckable(role)) {
    const input = element.localName === 'input' ? (element as HTMLInputElement) : null;
    if (input && (input.type === 'checkbox' || input.type === 'radio')) {
      state.checked = input.indeterminate ? 'mixed' : input.checked;
    } else {
      state.checked = ariaBool(element, 'aria-checked') ?? false;
    }
  }
  const selected = ariaBool(element, 'aria-selected');
  if (selected === true || (selected === undefined && markedSelected(element))) state.selected = true;

  if (element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true') state.disabled = true;

  const expanded = ariaBool(element, 'aria-expanded');
  if (typeof expanded === 'boolean') state.expanded = expanded;
  else if (element.localName === 'summary' && element.parentElement?.localName === 'details') {
    state.expanded = (element.parentElement as HTMLDetailsElement).open;
  }
  if ((element as HTMLInputElement).required === true || element.getAttribute('aria-required') === 'true') {
    state.required = true;
  }
  if (
    ((element.localName === 'input' || element.localName === 'textarea') && (element as HTMLInputElement).readOnly) ||
    element.getAttribute('aria-readonly') === 'true'
  ) {
    state.readonly = true;
  }
  const pressed = ariaBool(element, 'aria-pressed');
  if (pressed !== undefined) state.pressed = pressed;
  return state;
}

/** The value a person sees in the control; passwords are masked, never sent to the model. */
function shownValue(element: Element, role: string): string | undefined {
  switch (element.localName) {
    case 'input': {
      const input = element as HTMLInputElement;
      if (NO_VALUE_INPUTS.has(input.type)) return undefined;
      if (input.type === 'password') return input.value ? '•'.repeat(Math.min(input.value.length, 8)) : '';
      // A range input that says what its position means (a non-linear scale: MUI's Slider keeps the exponent in
      // `value` and 2^x in aria-valuenow) is read as it says, as assistive technology reads it.
      if (input.type === 'range') {
        return element.getAttribute('aria-valuetext') ?? element.getAttribute('aria-valuenow') ?? input.value;
      }
      if (input.type === 'file') {
        return Array.from(input.files ?? [])
          .map((file) => file.name)
          .join(', ');
      }
      return clip(input.value, MAX_VALUE_CHARS);
    }
    case 'textarea':
      return clip((element as HTMLTextAreaElement).value, MAX_VALUE_CHARS);
    case 'select':
      return clip(
        Array.from((element as HTMLSelectElement).selectedOptions)
          .map((option) => collapse(option.label || option.text))
          .join(', '),
        MAX_VALUE_CHARS,
      );
    default:
      break;
  }
  if ((element as HTMLElement).isContentEditable) return clip(collapse(element.textContent ?? ''), MAX_VALUE_CHARS);
  if (role === 'slider' || role === 'spinbutton') {
    return element.getAttribute('aria-valuetext') ?? element.getAttribute('aria-valuenow') ?? undefined;
  }
  if (role === 'combobox' || role === 'textbox' || role === 'searchbox') {
    return clip(collapse(element.textContent ?? ''), MAX_VALUE_CHARS);
  }
  return undefined;
}
