// Pure text editing of a field's value: what a key does at a selection, where a caret key moves it, and the rule
// that decides whether a field holds what was typed (docs/contracts.md PT-T1..PT-T4).

export interface Edit {
  value: string;
  /** The caret after the edit. */
  caret: number;
  /** What actually went in (less than asked when maxlength cut it). */
  inserted: string;
}

/** Replaces value[start, end) with `data`, keeping within `maxLength` (negative: no limit). */
export function spliceText(value: string, start: number, end: number, data: string, maxLength = -1): Edit {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  let inserted = data;
  if (maxLength >= 0) {
    const room = maxLength - (value.length - (to - from));
    inserted = room > 0 ? [...data].slice(0, room).join('') : '';
  }
  return { value: value.slice(0, from) + inserted + value.slice(to), caret: from + inserted.length, inserted };
}

export interface Selection {
  start: number;
  end: number;
  /** Which end moves when the selection is extended. */
  backward: boolean;
}

export type CaretKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

const WORD = /[\p{L}\p{N}_]/u;

function wordLeft(value: string, from: number): number {
  let i = from;
  while (i > 0 && !WORD.test(value[i - 1] ?? '')) i--;
  while (i > 0 && WORD.test(value[i - 1] ?? '')) i--;
  return i;
}

function wordRight(value: string, from: number): number {
  let i = from;
  while (i < value.length && !WORD.test(value[i] ?? '')) i++;
  while (i < value.length && WORD.test(value[i] ?? '')) i++;
  return i;
}

function lineStart(value: string, from: number): number {
  return value.lastIndexOf('\n', from - 1) + 1;
}

function lineEnd(value: string, from: number): number {
  const end = value.indexOf('\n', from);
  return end < 0 ? value.length : end;
}

/** How far a caret key moves, by the unit names of Selection.modify (https://developer.mozilla.org/en-US/docs/Web/API/Selection/modify). */
export type CaretUnit = 'character' | 'word' | 'line' | 'lineboundary' | 'documentboundary';

export interface CaretStep {
  direction: 'backward' | 'forward';
  unit: CaretUnit;
}

/**
 * What a caret key with its modifiers does, as in Chrome: arrows move by a character (by a word with Control or
 * Alt), Up and Down by a line, Home and End to the line's ends, and Control+Home/End to the start or end of the whole
 * text or editor; on macOS Command+Left/Right go to the line's ends and Command+Up/Down to the text's.
 */
export function caretStep(key: CaretKey, modifiers: readonly string[]): CaretStep {
  const control = modifiers.includes('Control');
  const meta = modifiers.includes('Meta');
  const direction = key === 'ArrowLeft' || key === 'ArrowUp' || key === 'Home' ? 'backward' : 'forward';
  if (key === 'Home' || key === 'End')
    return { direction, unit: control || meta ? 'documentboundary' : 'lineboundary' };
  if (key === 'ArrowUp' || key === 'ArrowDown') return { direction, unit: meta ? 'documentboundary' : 'line' };
  if (meta) return { direction, unit: 'lineboundary' };
  return { direction, unit: control || modifiers.includes('Alt') ? 'word' : 'character' };
}

/**
 * Where a caret key puts the selection of a text field (caretStep says how far: a word, a line's end, the whole
 * text's end; Up and Down go to the line's ends, and in an input every line end is the field's), Shift extends the
 * selection instead of moving it; an arrow without Shift collapses a selection to its side.
 */
export function moveCaret(
  value: string,
  sel: Selection,
  step: CaretStep,
  mods: { shift: boolean; multiline: boolean },
): Selection {
  const focus = sel.backward ? sel.start : sel.end;
  const anchor = sel.backward ? sel.end : sel.start;
  const collapsed = sel.start === sel.end;
  const back = step.direction === 'backward';
  let next: number;
  switch (step.unit) {
    case 'character':
      if (!mods.shift && !collapsed) {
        const side = back ? sel.start : sel.end;
        return { start: side, end: side, backward: false };
      }
      next = back ? Math.max(0, focus - 1) : Math.min(value.length, focus + 1);
      break;
    case 'word':
      next = back ? wordLeft(value, focus) : wordRight(value, focus);
      break;
    case 'documentboundary':
      next = back ? 0 : value.length;
      break;
    default:
      if (!mods.multiline) next = back ? 0 : value.length;
      else next = back ? lineStart(value, focus) : lineEnd(value, focus);
  }
  if (!mods.shift) return { start: next, end: next, backward: false };
  return next < anchor ? { start: next, end: anchor, backward: true } : { start: anchor, end: next, backward: false };
}

/** Letters and digits only: what a mask keeps of what was typed ("12/31/2026" and "12312026" agree). */
export function bareCharacters(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, '');
}

export interface ValueCheck {
  verified: boolean;
  reason?: string;
}

/**
 * Does a field hold what was typed? Exactly; or, for a field that formats its value as it is typed (a date or
 * phone mask), the same letters and digits in the same order, with the page's version named in the reason.
 */
export function compareValue(actual: string, expected: string, opts: { maxLength?: number; secret?: boolean } = {}) {
  if (actual === expected) return { verified: true } as ValueCheck;
  const max = opts.maxLength ?? -1;
  if (max >= 0 && expected.length > max && actual === expected.slice(0, max)) {
    return { verified: false, reason: `The field accepts at most ${max} characters; the rest was cut off.` };
  }
  if (opts.secret) {
    return {
      verified: false,
      reason: `The password field holds ${actual.length} characters, not the ${expected.length} typed.`,
    };
  }
  if (actual !== '' && bareCharacters(actual) === bareCharacters(expected)) {
    return { verified: true, reason: `The page formatted the value as ${JSON.stringify(actual)}.` };
  }
  return {
    verified: false,
    reason: `The field shows ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}: the page rejected or changed the input.`,
  };
}

/**
 * Typing that moved through several fields (one box per digit of a code): verified when the fields, read in the
 * order focus reached them, hold the typed letters and digits.
 */
export function compareAcross(values: string[], text: string): ValueCheck {
  const joined = values.join('');
  const shown = values.map((v) => JSON.stringify(v)).join(', ');
  if (bareCharacters(joined).includes(bareCharacters(text)) && bareCharacters(text) !== '') {
    return {
      verified: true,
      reason: `The page moved focus as it was typed: the text is in ${values.length} fields (${shown}).`,
    };
  }
  return {
    verified: false,
    reason: `Focus moved through ${values.length} fields as it was typed, and they hold ${shown}, not ${JSON.stringify(text)}.`,
  };
}
