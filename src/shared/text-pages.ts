// One page of a long text, as read_page hands it out: `maxChars` from `from`, ended at a line or word break in the
// page's last fifth when there is one, so words are not cut. Used for one document's text (the content script) and
// for a tab's text joined across its frames (the panel).

import type { ReadPageResult } from './page-types';

export function pageOfText(text: string, from: number, maxChars: number): ReadPageResult {
  const total = text.length;
  let end = Math.min(from + maxChars, total);
  if (end < total) {
    const window = text.slice(from + Math.floor(maxChars * 0.8), end);
    const breakAt = Math.max(window.lastIndexOf('\n'), window.lastIndexOf(' '));
    if (breakAt >= 0) end = from + Math.floor(maxChars * 0.8) + breakAt + 1;
  }
  const result: ReadPageResult = { text: text.slice(from, end), from, total };
  if (end < total) result.next = end;
  return result;
}
