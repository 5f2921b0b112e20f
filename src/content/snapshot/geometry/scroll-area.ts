// An inner scroll area (overflow auto or scroll with more content than room: a dialog's long body, a table body
// with a fixed height, a custom-scrollbar area): the snapshot lists it with a ref and says where it is scrolled, so
// the model can tell there is more inside it and pass its ref to `scroll` (src/content/actions/verbs/scroll.ts, which
// scrolls the area a ref names). The page's own scrolling is the position line's (serialize.ts, positionLine).

import type { ScrollState } from '../../../shared/page-types';

/** The role of a scroll area's own line (no ARIA role says "this scrolls"). */
export const SCROLL_AREA_ROLE = 'scrollarea';

/** More than this many pixels hidden: a sub-pixel overflow (a border, a rounding) is not a scroll area. */
const MIN_OVERFLOW_PX = 4;

function scrolls(overflow: string): boolean {
  return overflow === 'auto' || overflow === 'scroll' || overflow === 'overlay';
}

/** Where the element's own content is scrolled to, or null when it does not scroll (vertical first). */
export function scrollStateOf(element: Element, style: CSSStyleDeclaration): ScrollState | null {
  if (scrolls(style.overflowY)) {
    const max = element.scrollHeight - element.clientHeight;
    if (max > MIN_OVERFLOW_PX && element.clientHeight > 0) return state('vertical', element.scrollTop, max);
  }
  if (scrolls(style.overflowX)) {
    const max = element.scrollWidth - element.clientWidth;
    if (max > MIN_OVERFLOW_PX && element.clientWidth > 0) return state('horizontal', element.scrollLeft, max);
  }
  return null;
}

function state(axis: ScrollState['axis'], at: number, max: number): ScrollState {
  // scrollLeft is negative in a right-to-left area: its start is at 0 and it scrolls toward -max.
  const offset = Math.min(max, Math.abs(at));
  return {
    axis,
    percent: Math.round((offset / max) * 100),
    moreBefore: offset > 1,
    moreAfter: offset < max - 1,
    hiddenControls: 0,
    hiddenTexts: 0,
  };
}

/** `(scrolls: 40% down, more above and below; 6 controls out of view)`, as the snapshot line ends. */
export function scrollPhrase(s: ScrollState): string {
  const vertical = s.axis === 'vertical';
  const [start, end] = vertical ? ['above', 'below'] : ['to the left', 'to the right'];
  let at: string;
  if (!s.moreBefore) at = vertical ? 'at the top' : 'at the left edge';
  else if (!s.moreAfter) at = vertical ? 'at the bottom' : 'at the right edge';
  else at = `${s.percent}% ${vertical ? 'down' : 'across'}`;
  const more = [s.moreBefore ? start : '', s.moreAfter ? end : ''].filter(Boolean).join(' and ');
  const hidden = [plural(s.hiddenControls, 'control'), plural(s.hiddenTexts, 'text line')].filter(Boolean).join(', ');
  const verb = vertical ? 'scrolls' : 'scrolls sideways';
  return `(${verb}: ${at}, more ${more}${hidden ? `; ${hidden} out of view` : ''})`;
}

function plural(n: number, word: string): string {
  if (n === 0) return '';
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
