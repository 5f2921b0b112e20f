import { describe, expect, it } from 'vitest';
import { parseKey, parseModifiers } from '../../../../src/content/actions/keyboard/keyboard';
import { chooseOption } from '../../../../src/content/actions/values/options';

const options = [
  { value: '', label: 'Choose…', disabled: false },
  { value: 'fr', label: 'France', disabled: false },
  { value: 'de', label: 'Germany', disabled: false },
  { value: 'gb', label: 'United Kingdom', disabled: false },
  { value: 'us', label: 'United States', disabled: false },
  { value: 'it', label: 'Italy', disabled: true },
];

describe('chooseOption', () => {
  it('matches by value, exact label, label in any case, then a unique part of a label', () => {
    expect(chooseOption(options, 'de')).toBe(2);
    expect(chooseOption(options, 'France')).toBe(1);
    expect(chooseOption(options, 'germany')).toBe(2);
    expect(chooseOption(options, 'Kingdom')).toBe(3);
  });

  it('explains ambiguity, disabled options and misses', () => {
    expect(chooseOption(options, 'United')).toMatch(/matches several options \("United Kingdom", "United States"\)/);
    expect(chooseOption(options, 'Italy')).toMatch(/disabled/);
    expect(chooseOption(options, 'Spain')).toMatch(/no option matches "Spain". The options are: "Choose…", "France"/);
  });
});

describe('keys', () => {
  it('knows named keys, aliases and single characters, with the legacy keyCode', () => {
    expect(parseKey('Enter')).toMatchObject({ key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(parseKey('Esc')).toMatchObject({ key: 'Escape', keyCode: 27 });
    expect(parseKey(' ')).toMatchObject({ key: ' ', code: 'Space', text: ' ' });
    expect(parseKey('a')).toMatchObject({ key: 'a', code: 'KeyA', keyCode: 65, text: 'a' });
    expect(() => parseKey('Hyper')).toThrow(/Unknown key "Hyper"/);
    expect(parseModifiers(['Shift', 'Control'])).toEqual(['Shift', 'Control']);
    expect(() => parseModifiers(['Super'])).toThrow(/modifiers/);
  });
});
