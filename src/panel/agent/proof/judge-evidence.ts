// What one piece of a done's evidence proves (decision 0024). A quote or URL part that is on the page now proves the
// outcome only when it tells this outcome from any page: strong enough (not "e", not "/"), not text the task supplied
// itself (typed, set, opened, scripted, or a page's echo of it), not on the page before the task acted (the
// baseline), and not the name of a control (which says what can be done, not what was done). A reading (the task asked
// what a page says) may quote what was there before; it still may not quote the task's own input.

import { normalizeText, normalizeUrl, piecesWithout, strength, wordsOf } from './evidence-text';
import type { ProofLedger } from './proof-ledger';

/** What a done claims: an outcome the task brought about, or an answer read from a page. */
export type DoneKind = 'outcome' | 'reading';

/** Letters and digits (a Han character counts two) a quote's new part needs to tell an outcome from any page. */
export const MIN_QUOTE_STRENGTH = 5;
/** The same for a URL part: "order/4711" or "confirmed", not "/" or "a". */
export const MIN_URL_STRENGTH = 4;
/** An answer's quote needs less (a price, a count), but shares a word or number with the answer. */
export const MIN_READING_STRENGTH = 3;

export type PieceVerdict =
  | { kind: 'proves'; alreadyThere: boolean }
  | { kind: 'self_made' }
  | { kind: 'already_there' }
  | { kind: 'too_weak' }
  | { kind: 'control_name' }
  | { kind: 'unrelated' };

export interface PieceContext {
  ledger: ProofLedger;
  kind: DoneKind;
  /** The answer the person reads: a reading's quote must say part of it. */
  answer: string;
  /** Normalised names of the controls on the page now (buttons, links, fields…). */
  controlNames: ReadonlySet<string>;
}

/** Judges a quote already found on the page now. */
export function judgeQuote(quote: string, ctx: PieceContext): PieceVerdict {
  return judge(normalizeText(quote), ctx, MIN_QUOTE_STRENGTH, ctx.controlNames);
}

/** Judges a URL part already found in the page's URL now. */
export function judgeUrlPart(part: string, ctx: PieceContext): PieceVerdict {
  return judge(normalizeUrl(part), ctx, MIN_URL_STRENGTH, new Set());
}

function judge(text: string, ctx: PieceContext, minStrength: number, controls: ReadonlySet<string>): PieceVerdict {
  const { ledger } = ctx;
  const reading = ctx.kind === 'reading';
  if (strength(text) < (reading ? MIN_READING_STRENGTH : minStrength)) return { kind: 'too_weak' };
  // What is left once the task's own input is cut out; a reading may quote what was there, the rest must be new.
  const left = piecesWithout(text, ledger.supplied());
  const ownOnly = left.length === 0 || strength(left.join(' ')) < (reading ? MIN_READING_STRENGTH : minStrength);
  if (ownOnly) return { kind: 'self_made' };
  if (reading) {
    const answerWords = new Set(wordsOf(ctx.answer, MIN_READING_STRENGTH));
    if (!wordsOf(left.join(' '), MIN_READING_STRENGTH).some((word) => answerWords.has(word))) {
      return { kind: 'unrelated' };
    }
    return { kind: 'proves', alreadyThere: ledger.wasThere(text) };
  }
  if (ledger.wasThere(text)) return { kind: 'already_there' };
  if (controls.has(text)) return { kind: 'control_name' };
  const fresh = strength(left.filter((piece) => !ledger.wasThere(piece)).join(' '));
  if (fresh < minStrength) return { kind: 'already_there' };
  // The page's own new words around the task's input ("Welcome, <name>: Cooking news") are its response to it; whether
  // they support the claim the answer makes is for the person, who reads the quotes under the ending.
  return { kind: 'proves', alreadyThere: false };
}

/** Why a piece proves nothing, for the model: what was wrong and what to quote instead. */
export function forModel(what: string, verdict: Exclude<PieceVerdict, { kind: 'proves' }>): string {
  switch (verdict.kind) {
    case 'self_made':
      return `${what} is text this task supplied itself (typed, chosen, put in a URL, or the page repeating it), so it shows only what was entered, not that the page acted on it`;
    case 'already_there':
      return `${what} was already on the page before this task acted (a page opened by its address shows what it shows to anyone), so it cannot show what this task did; quote what your actions changed, or, if the task only asked what a page says or to open it, call done with kind: "reading"`;
    case 'too_weak':
      return `${what} is too short to tell this outcome from any other page; quote a whole sentence, number or name that only the result shows`;
    case 'control_name':
      return `${what} is the name of a control on the page, which says what can be done, not what was done; quote the text that shows the result`;
    case 'unrelated':
      return `${what} shares no word or number with your answer; quote the text your answer reports`;
  }
}

/** The same, for the person reading how the task ended. */
export function forPerson(what: string, verdict: Exclude<PieceVerdict, { kind: 'proves' }>): string {
  switch (verdict.kind) {
    case 'self_made':
      return `${what} is only text the agent entered itself`;
    case 'already_there':
      return `${what} was already on the page before the task started`;
    case 'too_weak':
      return `${what} is too short to prove anything`;
    case 'control_name':
      return `${what} is only the name of a button or link`;
    case 'unrelated':
      return `${what} does not say what the answer says`;
  }
}
