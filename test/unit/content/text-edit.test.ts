// The pure editing rules behind `type` and the caret keys of press_key: where text goes, where the caret moves,
// and when a field holds what was typed.

import { describe, expect, it } from 'vitest';
import {
  bareCharacters,
  compareAcross,
  compareValue,
  moveCaret,
  spliceText,
} from '../../../src/content/actions/text-edit';

describe('spliceText', () => {
  it('inserts at the caret and replaces a selection', () => {
    expect(spliceText('Alex', 2, 2, 'i')).toEqual({ value: 'Aliex', caret: 3, inserted: 'i' });
    expect(spliceText('Aliex', 0, 3, 'Jo')).toEqual({ value: 'Joex', caret: 2, inserted: 'Jo' });
  });

  it('keeps within maxlength, counting the selection it replaces as room', () => {
    expect(spliceText('12', 2, 2, '345', 3)).toEqual({ value: '123', caret: 3, inserted: '3' });
    expect(spliceText('123', 0, 3, '9', 3)).toEqual({ value: '9', caret: 1, inserted: '9' });
    expect(spliceText('123', 3, 3, '4', 3).inserted).toBe('');
  });
});

describe('moveCaret', () => {
  const none = { shift: false, word: false, multiline: false };
  it('moves by a character, by a word with Control, and to the ends with Home and End', () => {
    const at = (n: number) => ({ start: n, end: n, backward: false });
    expect(moveCaret('Alex', at(4), 'ArrowLeft', none)).toEqual(at(3));
    expect(moveCaret('Alex', at(0), 'ArrowLeft', none)).toEqual(at(0));
    expect(moveCaret('see you soon', at(12), 'ArrowLeft', { ...none, word: true })).toEqual(at(8));
    expect(moveCaret('see you soon', at(0), 'ArrowRight', { ...none, word: true })).toEqual(at(3));
    expect(moveCaret('Alex', at(2), 'Home', none)).toEqual(at(0));
    expect(moveCaret('Alex', at(2), 'End', none)).toEqual(at(4));
    expect(moveCaret('one\ntwo', at(6), 'Home', { ...none, multiline: true })).toEqual(at(4));
  });

  it('extends the selection with Shift from its anchor, and collapses it to a side without', () => {
    const sel = moveCaret('Alex', { start: 4, end: 4, backward: false }, 'ArrowLeft', { ...none, shift: true });
    expect(sel).toEqual({ start: 3, end: 4, backward: true });
    expect(moveCaret('Alex', sel, 'Home', { ...none, shift: true })).toEqual({ start: 0, end: 4, backward: true });
    expect(moveCaret('Alex', { start: 1, end: 3, backward: false }, 'ArrowLeft', none)).toEqual({
      start: 1,
      end: 1,
      backward: false,
    });
  });
});

describe('compareValue', () => {
  it('verifies the exact text, and a mask’s formatting of the same characters, naming the page’s version', () => {
    expect(compareValue('Ada', 'Ada')).toEqual({ verified: true });
    expect(bareCharacters('12/31/2026')).toBe('12312026');
    expect(compareValue('12/31/2026', '12312026')).toEqual({
      verified: true,
      reason: 'The page formatted the value as "12/31/2026".',
    });
  });

  it('refuses a changed value, a cut-off one and a password of another length', () => {
    expect(compareValue('12/31', '12312026').verified).toBe(false);
    expect(compareValue('abc', 'abcdef', { maxLength: 3 })).toMatchObject({
      verified: false,
      reason: expect.stringMatching(/at most 3/),
    });
    expect(compareValue('•••', 'secret', { secret: true })).toMatchObject({
      verified: false,
      reason: expect.stringMatching(/holds 3 characters/),
    });
  });
});

describe('compareAcross', () => {
  it('verifies a code typed across boxes in the order focus reached them', () => {
    expect(compareAcross(['4', '8', '2', '9', '1', '3'], '482913')).toMatchObject({ verified: true });
    expect(compareAcross(['4', '8', '', '', '', ''], '482913')).toMatchObject({
      verified: false,
      reason: expect.stringMatching(/not "482913"/),
    });
  });
});
