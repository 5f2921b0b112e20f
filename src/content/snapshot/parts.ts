// Small controls inside a larger one: a tree item's expander and checkbox, a tag's "×", a clear button. Real widget
// libraries draw them as icons with their own click handler and `cursor: pointer`, inside an element that already
// has a ref; clicking the larger element's centre does something else. Each gets its own ref and a name that says
// what it is part of (docs/snapshot-format.md, docs/contracts.md PT-R1).

import { clip, collapse } from './dom';

/** Icon size: a part larger than this is content, not an icon. */
const MAX_PART_PX = 48;
const KINDS: [RegExp, string][] = [
  [/switch|expand|toggle|caret|arrow|collapse|chevron/i, 'expander'],
  [/clear/i, 'clear'],
  [/close|remove|delete|dismiss/i, 'remove'],
  [/check/i, 'checkbox'],
];

/** Is this element inside a control a clickable part of its own? */
export function isPart(element: Element, pointer: boolean, parentPointer: boolean, hasAttributes: boolean): boolean {
  if (!(pointer && !parentPointer) && !(hasAttributes && element.hasAttribute('onclick'))) return false;
  const r = element.getBoundingClientRect();
  return r.width > 1 && r.height > 1 && r.width <= MAX_PART_PX && r.height <= MAX_PART_PX;
}

/** What kind of part it is, from its class and label (`expander`, `remove`, …). */
function partKind(element: Element): string {
  const hints = `${element.getAttribute('class') ?? ''} ${element.getAttribute('aria-label') ?? ''}`;
  for (const [pattern, kind] of KINDS) if (pattern.test(hints)) return kind;
  const text = collapse(element.textContent ?? '');
  if (/^[×✕✖xX]$/.test(text)) return 'remove';
  if (/^[▸▾▶▼►+−-]$/.test(text)) return 'expander';
  return 'button';
}

/**
 * The name of a part: its own label when it has one worth reading (aria-label, title, two or more letters), else
 * what it is and what it belongs to: `expander of “Node 1”`.
 */
export function partName(element: Element, ownName: string, ownerName: string): string {
  const label = element.getAttribute('aria-label') ?? element.getAttribute('title');
  if (label?.trim()) return collapse(label);
  if (/\p{L}.*\p{L}/u.test(ownName)) return ownName;
  const owner = clip(collapse(ownerName), 40);
  // Typographic quotes: the name is itself quoted in the snapshot line, where straight ones would be escaped.
  return owner ? `${partKind(element)} of “${owner}”` : partKind(element);
}
