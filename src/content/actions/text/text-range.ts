// Text as its text nodes hold it, and Ranges over character offsets in it: what select_text counts in and what a
// pointer aimed at a word of found text measures (src/content/actions/text/word-aim.ts).

/** A Range over characters [start, end) of the text nodes under `root`, or null when they run out first. */
export function rangeOver(root: Element, start: number, end: number): Range | null {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = doc.createRange();
  let seen = 0;
  let started = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.nodeValue?.length ?? 0;
    if (!started && start < seen + length) {
      range.setStart(node, start - seen);
      started = true;
    }
    if (started && end <= seen + length) {
      range.setEnd(node, end - seen);
      return range;
    }
    seen += length;
  }
  return null;
}

/** The text under `root` as its text nodes hold it (the offsets rangeOver counts in). */
export function nodeText(root: Element): string {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) text += node.nodeValue ?? '';
  return text;
}
