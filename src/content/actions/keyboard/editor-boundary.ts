// Where Control+Home/End put the caret in a rich editor (contenteditable): in the editor's first or last text, as a
// person's key lands. Selection.modify(..., 'documentboundary') can leave it on the editing host between blocks
// (after a list: the editor's element at its last child offset), which ProseMirror reads as a position outside
// every block (a gap cursor, so Enter starts a paragraph after the list instead of a new item).

/** The editable text nodes of an editor in document order; text in a contenteditable=false island is left out. */
function editableTexts(root: Element): Text[] {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const island = node.parentElement?.closest('[contenteditable="false"]');
    if (island && root.contains(island)) continue;
    texts.push(node as Text);
  }
  // Whitespace between blocks in the markup is no place for a caret, unless the editor holds nothing else.
  const worded = texts.filter((text) => (text.nodeValue ?? '').trim() !== '');
  return worded.length > 0 ? worded : texts;
}

/**
 * Moves (or with `extend` extends) the selection to the start or end of the editor's text. Returns false when the
 * editor holds no text, for the caller to fall back on the browser's own move.
 */
export function moveToEditorBoundary(root: Element, direction: 'backward' | 'forward', extend: boolean): boolean {
  const selection = root.ownerDocument.getSelection();
  const texts = editableTexts(root);
  const text = direction === 'forward' ? texts.at(-1) : texts[0];
  if (!selection || !text) return false;
  const offset = direction === 'forward' ? text.length : 0;
  if (extend && selection.rangeCount > 0) selection.extend(text, offset);
  else selection.collapse(text, offset);
  return true;
}
