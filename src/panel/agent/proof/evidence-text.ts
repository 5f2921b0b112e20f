// The text arithmetic of the done gate (decision 0024): how texts are compared, how much a text can tell apart, and
// what is left of a quote once the parts the task supplied itself are taken out.

/** Case, whitespace, typographic quotes and dashes must not decide whether a quote is "on the page". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** A URL compared as a person reads it: percent-escapes and `+` in the query decoded, then normalised. */
export function normalizeUrl(url: string): string {
  let decoded = url.replace(/\+/g, ' ');
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // A malformed escape: compare the text as it is.
  }
  return normalizeText(decoded);
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Scripts written without spaces, where one character carries about as much as a short word (a BPE token or two). */
const DENSE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * How much a text can tell one page from another: its letters and digits, a Han, kana or Hangul character counting
 * twice. Punctuation, spaces and symbols count nothing: "/" or "—" tell no page from any other.
 */
export function strength(text: string): number {
  let total = 0;
  for (const char of text) {
    if (DENSE_SCRIPT.test(char)) total += 2;
    else if (LETTER_OR_DIGIT.test(char)) total += 1;
  }
  return total;
}

/** Supplied texts shorter than this are not taken out of quotes: a typed "a" must not eat every "a" of a quote. */
const MIN_SUPPLIED_STRENGTH = 3;

/**
 * The pieces of `text` (normalised) left once every supplied text is cut out of it, each piece trimmed, empty pieces
 * dropped. A quote that was wholly typed by the task comes back as nothing.
 */
export function piecesWithout(text: string, supplied: readonly string[]): string[] {
  let pieces = [normalizeText(text)];
  const cuts = supplied.filter((s) => strength(s) >= MIN_SUPPLIED_STRENGTH).sort((a, b) => b.length - a.length);
  for (const cut of cuts) {
    pieces = pieces.flatMap((piece) => piece.split(cut));
  }
  return pieces.map((piece) => piece.trim()).filter((piece) => strength(piece) > 0);
}

/** Words of a text (normalised) at least `min` strong, and its numbers however short: what an answer and a quote share. */
export function wordsOf(text: string, min: number): string[] {
  return normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => strength(word) >= min || (word.length > 0 && /^\p{N}+$/u.test(word)));
}
