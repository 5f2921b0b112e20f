// The word a pointer on a text ref aims at (src/content/actions/text/word-aim.ts): the first word of the text find
// matched, where the query's words stand together, and a whole word before a longer one that starts with it.

import { describe, expect, it } from 'vitest';
import { wordAround, wordToAim } from '../../../../src/content/actions/text/word-aim';

const aimed = (text: string, query: string) => {
  const span = wordToAim(text, query);
  return span ? { word: text.slice(span.start, span.end), before: text.slice(0, span.start) } : null;
};

describe('the word a pointer on found text aims at', () => {
  it('takes the first word of the query where its words stand together, not the first match of that word', () => {
    expect(aimed('The red fox met a red hen by the red barn.', 'red hen')).toEqual({
      word: 'red',
      before: 'The red fox met a ',
    });
    expect(aimed('report(count, half);', 'count, half')).toEqual({ word: 'count', before: 'report(' });
  });

  it('prefers the whole word to a longer word that starts with it, and matches in any case', () => {
    expect(aimed('A quickly written note: the quick fox.', 'quick')).toEqual({
      word: 'quick',
      before: 'A quickly written note: the ',
    });
    expect(aimed('Our Cat sleeps.', 'cat')).toEqual({ word: 'Cat', before: 'Our ' });
  });

  it('falls back to the first word where the words stand apart, and gives nothing for text that is not there', () => {
    expect(aimed('notify("error", "pager");', 'error pager')).toEqual({ word: 'error', before: 'notify("' });
    expect(aimed('Nothing here.', 'absent')).toBeNull();
  });

  it('finds no word on a space or a mark between words', () => {
    expect(wordAround('a, b', 1)).toBeNull();
    expect(wordAround('a, b', 3)).toEqual({ start: 3, end: 4 });
  });
});
