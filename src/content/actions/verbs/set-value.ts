// set_value: put a slider or a native value input at a value, and read it back. A range input or a date, time,
// datetime-local, month, week or color input takes its value through the native setter (so React's value tracker
// sees a change) with input and change events, as its own picker would send; an ARIA slider is moved by keys
// (aria-slider.ts). Verified = the element's value (or aria-valuenow) equals the value asked for.

import { PageError } from '../../../shared/errors';
import type { ActionResult, SetValueArgs } from '../../../shared/page-types';
import { type ActionContext, isDisabled, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { EffectWatch } from '../effects/effects';
import { bringIntoView } from '../pointer/pointer';
import { setAriaSlider } from '../values/aria-slider';
import { isScaled, setScaledRange } from '../values/scaled-range';
import {
  isNativeValueType,
  leadingNumber,
  type NativeValueType,
  parseNativeValue,
  parseSliderNumber,
} from '../values/value-formats';
import { writeValue } from '../values/write-value';

const CONTROLS = `input[type=range], ${['date', 'time', 'datetime-local', 'month', 'week', 'color'].map((t) => `input[type=${t}]`).join(', ')}, [role=slider]`;

/** The control itself, or the one control of that kind inside it (a slider's root holding its thumb). */
function controlOf(element: Element): Element | Element[] | null {
  if (element.matches(CONTROLS)) return element;
  const inside = Array.from(element.querySelectorAll(CONTROLS));
  if (inside.length > 1) return inside;
  return inside[0] ?? null;
}

export async function setValue(ctx: ActionContext, args: SetValueArgs): Promise<ActionResult> {
  const raw = args.value as unknown;
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    throw new PageError('invalid_argument', 'value must be a string such as "42", "2026-03-14" or "#1e90ff".');
  }
  const value = String(raw);
  const element = ctx.registry.resolve(args);
  const name = describeTarget(element, args.ref);
  const control = controlOf(element);
  if (!control) {
    return notPerformed(
      `${name} is not a slider or a date, time, month, week or color input. Use type for text fields and select_option for drop-downs.`,
    );
  }
  if (Array.isArray(control)) {
    return notPerformed(
      `${name} holds ${control.length} sliders or inputs (a range has a handle for each end): set each by its own ref.`,
    );
  }
  if (isDisabled(control)) return notPerformed(`${name} is disabled.`);
  if ((control as HTMLInputElement).readOnly) return notPerformed(`${name} is read-only.`);
  if (control.localName !== 'input') {
    // One that shows its value with a unit or a currency sign ("256 GB", "$70") takes it so too.
    const shows = leadingNumber(control.getAttribute('aria-valuetext') ?? '') !== null;
    const number = parseSliderNumber(value) ?? (shows ? leadingNumber(value) : null);
    if (number === null) return notPerformed(`${name} is a slider: give a number, e.g. "42".`);
    return setAriaSlider(ctx, control, args.ref, number);
  }
  const input = control as HTMLInputElement;
  return input.type === 'range' ? setRange(ctx, input, name, value) : setNative(ctx, input, name, value);
}

async function write(ctx: ActionContext, input: HTMLInputElement, value: string): Promise<EffectWatch> {
  bringIntoView(input);
  const watch = EffectWatch.of(ctx, input);
  writeValue(input, value);
  await watch.settle();
  return watch;
}

async function setRange(
  ctx: ActionContext,
  input: HTMLInputElement,
  name: string,
  value: string,
): Promise<ActionResult> {
  const number = parseSliderNumber(value);
  if (number === null) return notPerformed(`${name} is a slider: give a number, e.g. "42".`);
  // The model asks for what the slider shows; on a non-linear scale that is aria-valuenow, not the position.
  if (isScaled(input)) return setScaledRange(ctx, input, name, number);
  const min = input.min === '' ? 0 : Number(input.min);
  const max = input.max === '' ? 100 : Number(input.max);
  if (number < min || number > max)
    return notPerformed(`${name} takes values from ${min} to ${max}; ${number} is outside.`);
  if (Number(input.value) === number) return performed(true, [], `${name} was already at ${input.value}.`);
  const watch = await write(ctx, input, value.trim());
  try {
    const reached = Number(input.value);
    if (reached === number) return performed(true, watch.effects());
    const step = input.step === '' ? '1' : input.step;
    return performed(
      false,
      watch.effects(),
      `${name} is at ${input.value}: it moves in steps of ${step}, so ${number} is not one of its values.`,
    );
  } finally {
    watch.dispose();
  }
}

/** The numeric value a well-formed string has for the input's type (to compare 09:30 with 09:30:00). */
function numericValue(type: NativeValueType, value: string, doc: Document): number | null {
  if (type === 'color') return null;
  const scratch = doc.createElement('input');
  scratch.type = type;
  scratch.value = value;
  return scratch.value === '' ? Number.NaN : scratch.valueAsNumber;
}

async function setNative(
  ctx: ActionContext,
  input: HTMLInputElement,
  name: string,
  raw: string,
): Promise<ActionResult> {
  const type = input.type;
  if (!isNativeValueType(type))
    return notPerformed(`${name} is not a slider or a date, time, month, week or color input.`);
  const parsed = parseNativeValue(type, raw);
  if (!parsed.ok) return notPerformed(parsed.reason);
  const wanted = numericValue(type, parsed.value, ctx.doc);
  if (Number.isNaN(wanted)) return notPerformed(`"${raw}" is not a real ${type} (check the month, day or hour).`);
  const same = () => (wanted === null ? input.value === parsed.value : input.valueAsNumber === wanted);
  if (input.value !== '' && same()) return performed(true, [], `${name} was already ${input.value}.`);
  const watch = await write(ctx, input, parsed.value);
  try {
    if (!same()) {
      return performed(
        false,
        watch.effects(),
        `${name} shows "${input.value}" instead of "${parsed.value}": the page did not keep the value.`,
      );
    }
    const range = input.validity.rangeUnderflow || input.validity.rangeOverflow;
    const note = range
      ? `${name} holds ${input.value}, but the page allows only ${input.min || '…'} to ${input.max || '…'}.`
      : undefined;
    return performed(true, watch.effects(), note);
  } finally {
    watch.dispose();
  }
}
