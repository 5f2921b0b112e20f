// The pure editing rules behind `type` and the caret keys of press_key: where text goes, where the caret moves,
// and when a field holds what was typed.

import { describe, expect, it } from 'vitest';
import {
  bareCharacters,
  caretStep,
  compareAcross,
  compareValue,
  moveCaret,
  type Selection,
  spliceText,
} from '../../../../src/content/actions/keyboard/text-edit';

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
  type Key = Parameters<typeof caretStep>[0];
  const field = { shift: false, multiline: false };
  const move = (value: string, sel: Selection, key: Key, mods = field, modifiers: string[] = []) =>
    moveCaret(value, sel, caretStep(key, modifiers), mods);
  const at = (n: number) => ({ start: n, end: n, backward: false });

  it('moves by a character, by a word with Control, and to the ends with Home and End', () => {
    expect(move('Alex', at(4), 'ArrowLeft')).toEqual(at(3));
    expect(move('Alex', at(0), 'ArrowLeft')).toEqual(at(0));
    expect(move('see you soon', at(12), 'ArrowLeft', field, ['Control'])).toEqual(at(8));
    expect(move('see you soon', at(0), 'ArrowRight', field, ['Alt'])).toEqual(at(3));
    expect(move('Alex', at(2), 'Home')).toEqual(at(0));
    expect(move('Alex', at(2), 'End')).toEqual(at(4));
    expect(move('one\ntwo', at(6), 'Home', { ...field, multiline: true })).toEqual(at(4));
  });

  it('goes to the start or end of the whole text with Control+Home/End, not of the caret’s line', () => {
    const area = { ...field, multiline: true };
    expect(move('one\ntwo\nthree', at(1), 'End', area)).toEqual(at(3));
    expect(move('one\ntwo\nthree', at(1), 'End', area, ['Control'])).toEqual(at(13));
    expect(move('one\ntwo\nthree', at(9), 'Home', area, ['Control'])).toEqual(at(0));
    expect(move('one\ntwo', at(5), 'ArrowDown', area, ['Meta'])).toEqual(at(7));
    expect(move('one\ntwo', at(1), 'End', { ...area, shift: true }, ['Control', 'Shift'])).toEqual({
      start: 1,
      end: 7,
      backward: false,
    });
  });

  it('extends the selection with Shift from its anchor, and collapses it to a side without', () => {
    const shift = { ...field, shift: true };
    const sel = move('Alex', at(4), 'ArrowLeft', shift);
    expect(sel).toEqual({ start: 3, end: 4, backward: true });
    expect(move('Alex', sel, 'Home', shift)).toEqual({ start: 0, end: 4, backward: true });
    expect(move('Alex', { start: 1, end: 3, backward: false }, 'ArrowLeft')).toEqual(at(1));
  });
});

describe('caretStep', () => {
  it('names the unit an editor’s selection moves by: the editor’s ends for Control+Home/End', () => {
    expect(caretStep('End', ['Control'])).toEqual({ direction: 'forward', unit: 'documentboundary' });
    expect(caretStep('Home', ['Control'])).toEqual({ direction: 'backward', unit: 'documentboundary' });
    expect(caretStep('End', [])).toEqual({ direction: 'forward', unit: 'lineboundary' });
    expect(caretStep('ArrowUp', [])).toEqual({ direction: 'backward', unit: 'line' });
    expect(caretStep('ArrowRight', ['Control'])).toEqual({ direction: 'forward', unit: 'word' });
    expect(caretStep('ArrowLeft', ['Meta'])).toEqual({ direction: 'backward', unit: 'lineboundary' });
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
