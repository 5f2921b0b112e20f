// Keys as the page sees them: key, code and the legacy keyCode many sites still read, with modifiers.

import { PageError } from '../../../shared/errors';

export type Modifier = 'Alt' | 'Control' | 'Meta' | 'Shift';

export interface KeySpec {
  key: string;
  code: string;
  keyCode: number;
  /** The text a key inserts into a field (printable keys, Enter in a textarea). */
  text?: string;
}

const NAMED: Record<string, KeySpec> = {
  Enter: { key: 'Enter', code: 'Enter', keyCode: 13 },
  Tab: { key: 'Tab', code: 'Tab', keyCode: 9 },
  Escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
  Backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
  Delete: { key: 'Delete', code: 'Delete', keyCode: 46 },
  Space: { key: ' ', code: 'Space', keyCode: 32, text: ' ' },
  ArrowUp: { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 },
  ArrowDown: { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 },
  ArrowLeft: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  ArrowRight: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  Home: { key: 'Home', code: 'Home', keyCode: 36 },
  End: { key: 'End', code: 'End', keyCode: 35 },
  PageUp: { key: 'PageUp', code: 'PageUp', keyCode: 33 },
  PageDown: { key: 'PageDown', code: 'PageDown', keyCode: 34 },
};
const ALIASES: Record<string, string> = {
  Esc: 'Escape',
  Return: 'Enter',
  ' ': 'Space',
  Spacebar: 'Space',
  Del: 'Delete',
};
const MODIFIERS: ReadonlySet<string> = new Set(['Alt', 'Control', 'Meta', 'Shift']);

/** The spec of one printable character. */
export function charSpec(char: string): KeySpec {
  const upper = char.toUpperCase();
  if (/^[a-z]$/i.test(char)) return { key: char, code: `Key${upper}`, keyCode: upper.charCodeAt(0), text: char };
  if (/^[0-9]$/.test(char)) return { key: char, code: `Digit${char}`, keyCode: char.charCodeAt(0), text: char };
  if (char === ' ') return { ...(NAMED.Space as KeySpec) };
  return { key: char, code: '', keyCode: 0, text: char };
}

/** Parses a key name (Enter, Escape, Tab, arrows, a single character…); throws `invalid_argument` otherwise. */
export function parseKey(name: unknown): KeySpec {
  if (typeof name !== 'string' || name === '')
    throw new PageError('invalid_argument', 'key must be a key name such as "Enter".');
  const named = NAMED[ALIASES[name] ?? name];
  if (named) return { ...named };
  if ([...name].length === 1) return charSpec(name);
  throw new PageError(
    'invalid_argument',
    `Unknown key "${name}". Use one of ${Object.keys(NAMED).join(', ')}, or a single character.`,
  );
}

export function parseModifiers(value: unknown): Modifier[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((m) => typeof m === 'string' && MODIFIERS.has(m))) {
    throw new PageError('invalid_argument', 'modifiers must be a list of Alt, Control, Meta, Shift.');
  }
  return value as Modifier[];
}

/** Dispatches one keyboard event; false when the page cancelled it. */
export function keyEvent(
  type: 'keydown' | 'keypress' | 'keyup',
  target: Element,
  spec: KeySpec,
  modifiers: Modifier[] = [],
): boolean {
  const printable = spec.text !== undefined;
  const init: KeyboardEventInit = {
    key: spec.key,
    code: spec.code,
    keyCode: type === 'keypress' && printable ? (spec.text ?? '').charCodeAt(0) : spec.keyCode,
    charCode: type === 'keypress' && printable ? (spec.text ?? '').charCodeAt(0) : 0,
    which: spec.keyCode,
    bubbles: true,
    cancelable: true,
    composed: true,
    altKey: modifiers.includes('Alt'),
    ctrlKey: modifiers.includes('Control'),
    metaKey: modifiers.includes('Meta'),
    shiftKey: modifiers.includes('Shift'),
    view: target.ownerDocument.defaultView,
  };
  return target.dispatchEvent(new KeyboardEvent(type, init));
}
