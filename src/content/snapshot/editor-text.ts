// Text inside an editor that find matched: the snapshot lists an editor as one textbox (its text is its value), so
// the words in it have no element of their own. find gives the element holding the words a text ref too, so the
// model can point at a word in the middle of a paragraph (double_click selects it, click puts the caret there:
// src/content/actions/text/word-aim.ts), as it can at text outside an editor (text-holder.ts).

import { textHolder } from './text-holder';

function textNodes(root: Element): Text[] {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

/** True for an element a person types into as rich text (contenteditable), where words are DOM text. */
export function isEditingHost(element: Element): boolean {
  return (element as HTMLElement).isContentEditable === true;
}

/**
 * The elements inside the editor `host` that hold every word (lower case), in document order: the parent of each
 * text node that has them all, else the smallest element of each block (a paragraph, a line) that has them. Never
 * the host itself: its ref is the editor's, which a click aims at the centre of.
 */
export function holdersInEditor(host: Element, words: readonly string[], limit: number): Element[] {
  const has = (text: string) => {
    const lower = text.toLowerCase();
    return words.every((word) => lower.includes(word));
  };
  const holders: Element[] = [];
  const add = (element: Element | null) => {
    if (element && element !== host && !holders.includes(element) && holders.length < limit) holders.push(element);
  };
  for (const node of textNodes(host)) if (has(node.data)) add(node.parentElement);
  if (holders.length > 0) return holders;
  for (const block of Array.from(host.children)) {
    if (has(block.textContent ?? '')) add(textHolder(textNodes(block), words));
  }
  return holders;
}
