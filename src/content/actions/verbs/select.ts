// select_option: a native <select> by option value or label; an ARIA listbox or combobox by clicking its option.
// The postcondition is that the option is selected.

import { PageError } from '../../../shared/errors';
import type { ActionResult, RefTarget } from '../../../shared/page-types';
import { collapse } from '../../snapshot/dom/dom';
import { isRendered } from '../../snapshot/geometry/visibility';
import { semanticRole } from '../../snapshot/naming/classify';
import { accessibleName } from '../../snapshot/naming/names';
import { type ActionContext, isDisabled, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { EffectWatch } from '../effects/effects';
import { clearField, typeKeys } from '../keyboard/text-entry';
import { chooseOption, type OptionChoice } from '../values/options';
import { clickElement } from './click';

export async function selectOption(ctx: ActionContext, args: RefTarget & { option: string }): Promise<ActionResult> {
  if (typeof args.option !== 'string' || args.option === '') {
    throw new PageError('invalid_argument', 'option must be the value or the visible label of an option.');
  }
  const element = ctx.registry.resolve(args);
  const name = describeTarget(element, args.ref);
  if (isDisabled(element)) return notPerformed(`${name} is disabled.`);
  const select = element.localName === 'select' ? (element as HTMLSelectElement) : element.querySelector('select');
  if (select) return selectNative(ctx, select, args.option, name);
  if (element.localName === 'input' && (element as HTMLInputElement).list) {
    return selectFromDatalist(ctx, element as HTMLInputElement, args.option, name);
  }
  const role = semanticRole(element);
  if (role === 'listbox') return selectFromListbox(ctx, element, args.option, name, args.ref);
  if (role === 'combobox') return selectFromCombobox(ctx, element, args.option, name, args.ref);
  if (role === 'option') {
    return selectFromListbox(ctx, element.closest('[role="listbox"]') ?? element, args.option, name, args.ref);
  }
  return notPerformed(`${name} is not a drop-down or list box. Click the control that opens the list instead.`);
}

async function selectNative(
  ctx: ActionContext,
  select: HTMLSelectElement,
  wanted: string,
  name: string,
): Promise<ActionResult> {
  const options = Array.from(select.options);
  const choice = chooseOption(
    options.map((o) => ({ value: o.value, label: collapse(o.label || o.text), disabled: o.disabled })),
    wanted,
  );
  if (typeof choice === 'string') return notPerformed(`${name}: ${choice}`);
  const option = options[choice] as HTMLOptionElement;
  if (option.selected && !select.multiple)
    return performed(true, [], `${JSON.stringify(option.label)} was already selected.`);
  const watch = EffectWatch.of(ctx, select);
  try {
    select.focus({ preventScroll: true });
    option.selected = true;
    select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await watch.settle();
    await watch.settleAnimations();
  } finally {
    watch.dispose();
  }
  if (option.selected) return performed(true, watch.effects());
  const now = Array.from(select.selectedOptions)
    .map((o) => o.label)
    .join(', ');
  return performed(false, watch.effects(), `The page reset the selection to ${JSON.stringify(now)}.`);
}

/** An `<input list>`: its suggestions are a datalist; choosing one is typing its value. */
async function selectFromDatalist(
  ctx: ActionContext,
  input: HTMLInputElement,
  wanted: string,
  name: string,
): Promise<ActionResult> {
  const options = Array.from(input.list?.options ?? []);
  const choice = chooseOption(
    options.map((o) => ({ value: o.value, label: collapse(o.label || o.value), disabled: o.disabled })),
    wanted,
  );
  if (typeof choice === 'string') return notPerformed(`${name}: ${choice}`);
  const value = (options[choice] as HTMLOptionElement).value;
  const watch = EffectWatch.of(ctx, input);
  try {
    input.focus({ preventScroll: true });
    clearField(input);
    await typeKeys(input, value);
    await watch.settle();
  } finally {
    watch.dispose();
  }
  if (input.value === value) return performed(true, watch.effects());
  return performed(
    false,
    watch.effects(),
    `${name} shows ${JSON.stringify(input.value)} instead of ${JSON.stringify(value)}.`,
  );
}

function ariaChoice(option: Element): OptionChoice {
  return {
    value: option.getAttribute('data-value') ?? '',
    label: accessibleName(option, 'option'),
    disabled: option.getAttribute('aria-disabled') === 'true',
  };
}

function optionsOf(listbox: Element): Element[] {
  const owned = (listbox.getAttribute('aria-owns') ?? '').split(/\s+/).filter(Boolean);
  const doc = listbox.ownerDocument;
  const extra = owned.map((id) => doc.getElementById(id)).filter((e): e is HTMLElement => e !== null);
  return [...Array.from(listbox.querySelectorAll('[role="option"]')), ...extra];
}

async function selectFromListbox(
  ctx: ActionContext,
  listbox: Element,
  wanted: string,
  name: string,
  ref: number,
): Promise<ActionResult> {
  const options = optionsOf(listbox);
  const labels = options.map(ariaChoice);
  const choice = chooseOption(labels, wanted);
  if (typeof choice === 'string') return notPerformed(`${name}: ${choice}`);
  const option = options[choice] as Element;
  if (option.getAttribute('aria-selected') === 'true')
    return performed(true, [], `${JSON.stringify(labels[choice]?.label)} was already selected.`);
  const clicked = await clickElement(ctx, option, ref);
  if (!clicked.ok) return clicked;
  if (option.isConnected && option.getAttribute('aria-selected') === 'true') return performed(true, clicked.effects);
  return performed(
    false,
    clicked.effects,
    `Clicked the option ${JSON.stringify(labels[choice]?.label)}, but it is not marked selected.`,
  );
}

async function selectFromCombobox(
  ctx: ActionContext,
  combo: Element,
  wanted: string,
  name: string,
  ref: number,
): Promise<ActionResult> {
  let listbox = popupOf(combo);
  if (!listbox || !isRendered(listbox)) {
    const opened = await clickElement(ctx, combo, ref);
    if (!opened.ok) return opened;
    listbox = popupOf(combo);
  }
  if (!listbox) return notPerformed(`${name} did not show a list of options when clicked.`);
  const options = optionsOf(listbox);
  const labels = options.map(ariaChoice);
  const choice = chooseOption(labels, wanted);
  if (typeof choice === 'string') return notPerformed(`${name}: ${choice}`);
  const option = options[choice] as Element;
  const label = labels[choice]?.label ?? wanted;
  const clicked = await clickElement(ctx, option, ref);
  if (!clicked.ok) return clicked;
  const shown = collapse((combo as HTMLInputElement).value ?? combo.textContent ?? '');
  const selected = option.isConnected && option.getAttribute('aria-selected') === 'true';
  if (selected || shown.toLowerCase().includes(label.toLowerCase())) return performed(true, clicked.effects);
  return performed(
    false,
    clicked.effects,
    `Clicked ${JSON.stringify(label)}, but ${name} shows ${JSON.stringify(shown)}.`,
  );
}

/** The listbox a combobox controls (aria-controls / aria-owns), or a visible listbox inside it. */
function popupOf(combo: Element): Element | null {
  const doc = combo.ownerDocument;
  for (const attr of ['aria-controls', 'aria-owns']) {
    for (const id of (combo.getAttribute(attr) ?? '').split(/\s+/).filter(Boolean)) {
      const el = doc.getElementById(id);
      if (el) return el.getAttribute('role') === 'listbox' ? el : el.querySelector('[role="listbox"]');
    }
  }
  return combo.querySelector('[role="listbox"]');
}
