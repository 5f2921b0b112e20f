// What set_value accepts for each native input type it can set, in the form the input's `value` uses
// (https://html.spec.whatwg.org/multipage/input.html, the value sanitization algorithm of each type), so a wrong
// form can be named with an example instead of being silently cleared by the browser.

export const NATIVE_VALUE_TYPES = ['date', 'time', 'datetime-local', 'month', 'week', 'color'] as const;
export type NativeValueType = (typeof NATIVE_VALUE_TYPES)[number];

const FORMATS: Record<NativeValueType, { pattern: RegExp; form: string; example: string }> = {
  date: { pattern: /^\d{4}-\d{2}-\d{2}$/, form: 'YYYY-MM-DD', example: '2026-03-14' },
  time: { pattern: /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/, form: 'HH:MM or HH:MM:SS, 24-hour', example: '09:30' },
  'datetime-local': {
    pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/,
    form: 'YYYY-MM-DDTHH:MM, 24-hour',
    example: '2026-03-14T09:30',
  },
  month: { pattern: /^\d{4}-\d{2}$/, form: 'YYYY-MM', example: '2026-03' },
  week: { pattern: /^\d{4}-W\d{2}$/, form: 'YYYY-Www', example: '2026-W11' },
  color: { pattern: /^#[0-9a-f]{6}$/, form: '#rrggbb', example: '#1e90ff' },
};

export function isNativeValueType(type: string): type is NativeValueType {
  return (NATIVE_VALUE_TYPES as readonly string[]).includes(type);
}

export type Parsed = { ok: true; value: string } | { ok: false; reason: string };

/** The value in the input's own form, or why it is not one: a date input takes 2026-03-14, not 14/03/2026. */
export function parseNativeValue(type: NativeValueType, raw: string): Parsed {
  let value = raw.trim();
  if (type === 'datetime-local') value = value.replace(' ', 'T');
  if (type === 'color') value = value.toLowerCase();
  if (type === 'week') value = value.toUpperCase();
  const format = FORMATS[type];
  if (format.pattern.test(value)) return { ok: true, value };
  return { ok: false, reason: expected(type, raw) };
}

export function expected(type: NativeValueType, raw: string): string {
  const format = FORMATS[type];
  return `"${raw}" is not a ${type} value: a ${type} input takes ${format.form}, e.g. ${format.example}.`;
}

/** A number for a slider: plain decimal notation, as aria-valuenow and a range input's value use. */
export function parseSliderNumber(raw: string): number | null {
  const text = raw.trim();
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  return Number(text);
}

/**
 * The number a slider's text starts with, as a person reads it: "256 GB", "1,024 items", "-3.5 °C", and after a
 * currency sign ("$200", "US$ 20", "-€5", "€-5"); null when it starts with a word ("Level 3"). Thousands are grouped
 * by commas in threes.
 */
export function leadingNumber(raw: string): number | null {
  const match = /^\s*([-+\u2212]?)(?:[A-Z]{0,3}\p{Sc}\s?)?([-+\u2212]?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d*\.?\d+)/u.exec(
    raw,
  );
  if (!match) return null;
  const value = Number((match[3] as string).replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  const negative = (sign: string | undefined) => sign === '-' || sign === '\u2212';
  return negative(match[1]) !== negative(match[2]) ? -value : value;
}
