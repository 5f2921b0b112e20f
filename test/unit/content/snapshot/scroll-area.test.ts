import { describe, expect, it } from 'vitest';
import { scrollPhrase } from '../../../../src/content/snapshot/geometry/scroll-area';
import type { ScrollState } from '../../../../src/shared/page-types';

const at = (over: Partial<ScrollState>): ScrollState => ({
  axis: 'vertical',
  percent: 0,
  moreBefore: false,
  moreAfter: true,
  hiddenControls: 0,
  hiddenTexts: 0,
  ...over,
});

describe('scrollPhrase', () => {
  it('says where an area is scrolled to and on which side there is more', () => {
    expect(scrollPhrase(at({ hiddenControls: 12, hiddenTexts: 1 }))).toBe(
      '(scrolls: at the top, more below; 12 controls, 1 text line out of view)',
    );
    expect(scrollPhrase(at({ percent: 40, moreBefore: true }))).toBe('(scrolls: 40% down, more above and below)');
    expect(scrollPhrase(at({ percent: 100, moreBefore: true, moreAfter: false }))).toBe(
      '(scrolls: at the bottom, more above)',
    );
    expect(scrollPhrase(at({ axis: 'horizontal' }))).toBe('(scrolls sideways: at the left edge, more to the right)');
  });
});
