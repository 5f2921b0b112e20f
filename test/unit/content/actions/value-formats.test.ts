// What set_value accepts for native inputs, and what it says when a value is in the wrong form
// (src/content/actions/values/value-formats.ts).

import { describe, expect, it } from 'vitest';
import { parseNativeValue, parseSliderNumber } from '../../../../src/content/actions/values/value-formats';

describe('native value formats', () => {
  it.each([
    ['date', '2026-03-14', '2026-03-14'],
    ['time', '09:30', '09:30'],
    ['time', '09:30:15', '09:30:15'],
    ['datetime-local', '2026-03-14 09:30', '2026-03-14T09:30'],
    ['month', '2026-03', '2026-03'],
    ['week', '2026-w11', '2026-W11'],
    ['color', '#1E90FF', '#1e90ff'],
  ] as const)('takes a %s as %s', (type, raw, value) => {
    expect(parseNativeValue(type, raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['date', '14/03/2026', 'YYYY-MM-DD, e.g. 2026-03-14'],
    ['time', '9:30 pm', 'HH:MM or HH:MM:SS, 24-hour, e.g. 09:30'],
    ['month', 'March 2026', 'YYYY-MM, e.g. 2026-03'],
    ['week', '2026-11', 'YYYY-Www, e.g. 2026-W11'],
    ['color', 'red', '#rrggbb, e.g. #1e90ff'],
  ] as const)('says which form a %s takes when given %s', (type, raw, form) => {
    const parsed = parseNativeValue(type, raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toBe(`"${raw}" is not a ${type} value: a ${type} input takes ${form}.`);
  });

  it('reads slider numbers in plain decimal notation only', () => {
    expect(parseSliderNumber(' 42 ')).toBe(42);
    expect(parseSliderNumber('-2.5')).toBe(-2.5);
    expect(parseSliderNumber('.5')).toBe(0.5);
    expect(parseSliderNumber('40%')).toBeNull();
    expect(parseSliderNumber('1e3')).toBeNull();
    expect(parseSliderNumber('')).toBeNull();
  });
});
