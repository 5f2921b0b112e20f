// The one token estimate of the extension: what the snapshot's budget, its reported `tokens` and the local context
// bound count. A byte-level BPE tokenizer spends about one token on four characters of English prose but one or more
// on each Chinese, Japanese or Korean character, more still on scripts its vocabulary covers poorly, and one on
// almost every bracket, quote and short number of a snapshot line (`[12] link "Details" → /item?n=61`), so counting
// characters / 4 let a Chinese page's snapshot run to 2.6–3.8 times its budget and an English one 10–45% over it.
// Here one pass over the char codes counts, in eighths of a token (so the costs of lines add up exactly):
// - ASCII by pieces, the way a BPE pre-tokenizer cuts it: a run of letters one token per 5 letters (rounded up), a
//   run of digits one per 3, every other character (punctuation, newline, tab) one, and a space nothing when a word
//   or a sign follows it (the vocabularies keep a leading space in the token);
// - every other character at the rate of its script, at or above what the public BPE vocabularies (Claude 2's,
//   OpenAI's cl100k and o200k) spend on running text of that script, rounded up; where nothing was measured, a
//   character counts as many tokens as its UTF-8 bytes (the most a byte-level BPE can spend), or 3.25.
// docs/snapshot-format.md (Budget and truncation) has the measured figures.

/**
 * Tokens per UTF-16 code unit, in eighths, by block: [first, last, eighths]; a later row overrides an earlier one.
 * Anything not listed counts `OTHER` (3.25: Ethiopic and Khmer measured up to 3.1 a character, private-use icons).
 */
const RATES: readonly (readonly [number, number, number])[] = [
  [0x0080, 0x02ff, 8], // Latin-1, Latin Extended-A/B, IPA, modifier letters: 1
  [0x0300, 0x036f, 16], // combining marks: 2, their UTF-8 bytes
  [0x0370, 0x03ff, 12], // Greek: 1.5
  [0x0400, 0x052f, 6], // Cyrillic: 0.75
  [0x0530, 0x058f, 18], // Armenian: 2.25
  [0x0590, 0x05ff, 10], // Hebrew: 1.25
  [0x0600, 0x06ff, 10], // Arabic: 1.25
  [0x0750, 0x077f, 10], // Arabic Supplement: 1.25
  [0x08a0, 0x08ff, 10], // Arabic Extended-A: 1.25
  [0x0900, 0x097f, 12], // Devanagari: 1.5
  [0x0980, 0x0dff, 18], // Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala: 2.25
  [0x0e00, 0x0eff, 16], // Thai, Lao: 2
  [0x1000, 0x109f, 18], // Myanmar: 2.25
  [0x10a0, 0x10ff, 18], // Georgian: 2.25
  [0x1100, 0x11ff, 12], // Hangul Jamo: 1.5
  [0x1e00, 0x1eff, 12], // Latin Extended Additional (Vietnamese): 1.5
  [0x1f00, 0x1fff, 12], // Greek Extended: 1.5
  [0x2000, 0x206f, 8], // General Punctuation (curly quotes, dashes, ellipsis, zero-width joiner): 1
  [0x2070, 0x24ff, 12], // sub/superscripts, currency, letterlike, arrows, math, technical, enclosed: 1.5
  [0x2500, 0x2bff, 24], // box drawing, blocks, shapes, symbols, dingbats (✓ ★ ❤): 3, their UTF-8 bytes
  [0x2e80, 0x2fff, 16], // CJK and Kangxi radicals: 2
  [0x3000, 0x303f, 12], // CJK symbols and punctuation (、。「」【】): 1.5
  [0x3040, 0x30ff, 10], // Hiragana, Katakana: 1.25
  [0x3100, 0x31ff, 12], // Bopomofo, Hangul compatibility jamo, katakana extensions: 1.5
  [0x3200, 0x33ff, 16], // enclosed CJK letters, CJK compatibility: 2
  [0x3400, 0x4dbf, 16], // CJK Extension A (rare ideographs): 2
  [0x4e00, 0x9fff, 10], // CJK Unified Ideographs: 1.25
  [0xac00, 0xd7af, 12], // Hangul syllables: 1.5
  [0xd800, 0xdfff, 16], // surrogate halves: 2 each, so an emoji or any other astral character counts its 4 bytes
  [0xf900, 0xfaff, 16], // CJK compatibility ideographs: 2
  [0xfe00, 0xfe0f, 8], // variation selectors: 1
  [0xfe30, 0xfe6f, 12], // CJK compatibility and small forms: 1.5
  [0xff00, 0xff60, 12], // fullwidth punctuation (，：（）！？): 1.5
  [0xff10, 0xff19, 16], // fullwidth digits: 2
  [0xff21, 0xff3a, 16], // fullwidth Latin capitals: 2
  [0xff41, 0xff5a, 16], // fullwidth Latin small letters: 2
  [0xff61, 0xffef, 16], // halfwidth kana and forms: 2
];
const OTHER = 26;
/** `tokenEighths` counts in eighths of a token. */
export const EIGHTHS_PER_TOKEN = 8;
const LETTERS_PER_TOKEN = 5;
const DIGITS_PER_TOKEN = 3;

enum Ascii {
  Other = 0,
  Letter = 1,
  Digit = 2,
  Space = 3,
}

let table: Uint8Array | null = null;
let asciiClass: Uint8Array | null = null;

function rates(): Uint8Array {
  if (table) return table;
  const t = new Uint8Array(0x10000).fill(OTHER);
  for (const [first, last, eighths] of RATES) t.fill(eighths, first, last + 1);
  table = t;
  return t;
}

function classes(): Uint8Array {
  if (asciiClass) return asciiClass;
  const c = new Uint8Array(0x80).fill(Ascii.Other);
  c.fill(Ascii.Letter, 0x41, 0x5b).fill(Ascii.Letter, 0x61, 0x7b).fill(Ascii.Digit, 0x30, 0x3a);
  c[0x20] = Ascii.Space;
  asciiClass = c;
  return c;
}

/** The estimate in eighths of a token, unrounded, so the costs of lines add up to the cost of their text. */
export function tokenEighths(text: string): number {
  const t = rates();
  const ascii = classes();
  const n = text.length;
  let sum = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) {
      sum += t[c] as number;
      i++;
      continue;
    }
    const kind = ascii[c] as Ascii;
    if (kind === Ascii.Letter || kind === Ascii.Digit) {
      const start = i;
      do i++;
      while (i < n && text.charCodeAt(i) < 0x80 && ascii[text.charCodeAt(i)] === kind);
      const per = kind === Ascii.Letter ? LETTERS_PER_TOKEN : DIGITS_PER_TOKEN;
      sum += EIGHTHS_PER_TOKEN * Math.ceil((i - start) / per);
      continue;
    }
    if (kind === Ascii.Space) {
      // A single space before a word or a sign rides in that token; a run of spaces is one token of its own.
      const next = i + 1 < n ? text.charCodeAt(i + 1) : 0x20;
      const joins = next !== 0x20 && next !== 0x0a && next !== 0x09 && next !== 0x0d;
      if (!joins) {
        sum += EIGHTHS_PER_TOKEN;
        while (i + 1 < n && text.charCodeAt(i + 1) === 0x20) i++;
      }
      i++;
      continue;
    }
    sum += EIGHTHS_PER_TOKEN;
    i++;
  }
  return sum;
}

/** Estimated tokens of `text`, rounded up: about 1.25 a Chinese character, a word or a sign of English each. */
export function estimateTokens(text: string): number {
  return Math.ceil(tokenEighths(text) / EIGHTHS_PER_TOKEN);
}
