// The element that holds a text match of find: the smallest element whose text has every word of the query, so the
// model can act on text it sees when the page gave the element no role, cursor or handler the isolated world can see
// (React listens at its root: a cell's onClick or a block's onContextMenu leaves no trace on the element itself).

import { composedContains, composedParent } from './dom/dom';

/**
 * The parent of a text node that has every word; else the nearest common ancestor of the nodes that have one of
 * them (a match spread over inline elements). Null when no node has any word (the words met across node borders).
 */
export function textHolder(nodes: readonly Text[], words: readonly string[]): Element | null {
  const lower = nodes.map((node) => (node.data ?? '').toLowerCase());
  const whole = lower.findIndex((text) => words.every((word) => text.includes(word)));
  if (whole >= 0) return composedParent(nodes[whole] as Text);
  let holder: Element | null = null;
  lower.forEach((text, i) => {
    if (!words.some((word) => text.includes(word))) return;
    const parent = composedParent(nodes[i] as Text);
    if (!parent) return;
    if (!holder) holder = parent;
    while (holder && !composedContains(holder, parent)) holder = composedParent(holder);
  });
  return holder;
}
