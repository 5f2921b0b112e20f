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
 * The pieces of `text` (normalised) left once the task's own input is taken out of it: first every supplied text found
 * whole (which also works for scripts written without spaces), then every run of words that also stands, in that
 * order, in a supplied text ("Order 4711" of a typed "Order 4711 confirmed", "Ada" of a typed "Ada Lovelace"), when
 * the run is at least MIN_SUPPLIED_STRENGTH strong. What is left comes back as the runs of words between the cuts;
 * a quote that was wholly typed by the task comes back as nothing.
 */
export function piecesWithout(text: string, supplied: readonly string[]): string[] {
  const strong = supplied.filter((s) => strength(s) >= MIN_SUPPLIED_STRENGTH).sort((a, b) => b.length - a.length);
  let pieces = [normalizeText(text)];
  for (const cut of strong) pieces = pieces.flatMap((piece) => piece.split(cut));
  const suppliedWords = strong.map((s) => s.split(NOT_WORD).filter(Boolean));
  return pieces.flatMap((piece) => wordRunsLeft(piece.split(NOT_WORD).filter(Boolean), suppliedWords));
}

const NOT_WORD = /[^\p{L}\p{N}]+/u;

/**
 * A text as its words alone, normalised and joined by single spaces, with a space at each end: "Order: #4711!" and
 * "order 4711" compare alike, and a lookup of " 4711 " does not find "47110".
 */
export function wordForm(text: string): string {
  const words = normalizeText(text).split(NOT_WORD).filter(Boolean);
  return ` ${words.join(' ')} `;
}

/** The runs of `words` not covered by a run of words that also stands in one of `supplied`, joined by spaces. */
function wordRunsLeft(words: string[], supplied: string[][]): string[] {
  const taken = new Array<boolean>(words.length).fill(false);
  for (let i = 0; i < words.length; i++) {
    let longest = 0;
    for (const source of supplied) {
      for (let j = 0; j < source.length; j++) {
        let n = 0;
        while (i + n < words.length && j + n < source.length && words[i + n] === source[j + n]) n++;
        if (n > longest && strength(words.slice(i, i + n).join('')) >= MIN_SUPPLIED_STRENGTH) longest = n;
      }
    }
    for (let k = i; k < i + longest; k++) taken[k] = true;
  }
  const runs: string[] = [];
  let run: string[] = [];
  for (const [index, word] of words.entries()) {
    if (taken[index]) {
      if (run.length > 0) runs.push(run.join(' '));
      run = [];
    } else run.push(word);
  }
  if (run.length > 0) runs.push(run.join(' '));
  return runs;
}

/** Words of a text (normalised) at least `min` strong, and its numbers however short: what an answer and a quote share. */
export function wordsOf(text: string, min: number): string[] {
  return normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => strength(word) >= min || (word.length > 0 && /^\p{N}+$/u.test(word)));
}
