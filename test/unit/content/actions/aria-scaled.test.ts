// @vitest-environment jsdom
// A slider that shows a value of its own (src/content/actions/values/aria-scaled.ts) is told from one whose text
// only repeats aria-valuenow, and the number a person reads is taken from the text's start.
import { describe, expect, it } from 'vitest';
import { shownOnScale } from '../../../../src/content/actions/values/aria-scaled';
import { leadingNumber } from '../../../../src/content/actions/values/value-formats';

function slider(now: string, text?: string): Element {
  const element = document.createElement('div');
  element.setAttribute('role', 'slider');
  element.setAttribute('aria-valuenow', now);
  if (text !== undefined) element.setAttribute('aria-valuetext', text);
  return element;
}

describe('the value a slider shows (aria-scaled.ts)', () => {
  it('reads the number a text starts with, thousands, signs and a currency sign included, and nothing else', () => {
    expect(leadingNumber('256 GB')).toBe(256);
    expect(leadingNumber('1,024 items')).toBe(1024);
    expect(leadingNumber('-3.5 °C')).toBe(-3.5);
    expect(leadingNumber('\u22122 dB')).toBe(-2);
    expect(leadingNumber('.5x')).toBe(0.5);
    expect(leadingNumber('Level 3')).toBeNull();
    expect(leadingNumber('$200')).toBe(200);
    expect(leadingNumber('US$ 1,500')).toBe(1500);
    expect(leadingNumber('-€5')).toBe(-5);
    expect(leadingNumber('€\u22125')).toBe(-5);
    expect(leadingNumber('¥ 30 per night')).toBe(30);
    expect(leadingNumber('Price $20')).toBeNull();
    expect(leadingNumber('#3')).toBeNull();
    expect(leadingNumber('')).toBeNull();
  });

  it('counts a slider as on a scale only when its text shows another number than aria-valuenow', () => {
    expect(shownOnScale(slider('8', '256 GB'))).toBe(256);
    expect(shownOnScale(slider('0.5', '50%'))).toBe(50);
    expect(shownOnScale(slider('30', '30 minutes'))).toBeNull();
    expect(shownOnScale(slider('1200', '1,200 items'))).toBeNull();
    expect(shownOnScale(slider('3', 'Wednesday'))).toBeNull();
    expect(shownOnScale(slider('40'))).toBeNull();
  });
});
