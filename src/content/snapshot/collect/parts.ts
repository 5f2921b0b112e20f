// Small controls inside a larger one: a tree item's expander and checkbox, a tag's "×", a clear button. Real widget
// libraries draw them as icons with their own click handler and `cursor: pointer`, inside an element that already
// has a ref; clicking the larger element's centre does something else. Each gets its own ref and a name that says
// what it is part of (docs/snapshot-format.md, docs/contracts.md PT-R1).

import { clip, collapse } from '../dom/dom';

/** Icon size: a part larger than this is content, not an icon. */
const MAX_PART_PX = 48;
const KINDS: [RegExp, string][] = [
  [/\bnext\b|forward/i, 'next'],
  [/\bprev(?:ious)?\b|\bback\b/i, 'previous'],
  [/switch|expand|toggle|caret|arrow|collapse|chevron/i, 'expander'],
  [/clear/i, 'clear'],
  [/close|remove|delete|dismiss/i, 'remove'],
  [/check/i, 'checkbox'],
];

/** An icon library's label: `caret-down`, `close-circle`, `close` (antd and Material icons label their svgs so). */
const ICON_NAME = /^(?:[a-z]+(?:-[a-z0-9]+)+|close|clear|check|delete|remove|edit|plus|minus|down|up|left|right|more)$/;

export function isIconSized(box: { width: number; height: number }): boolean {
  return box.width > 1 && box.height > 1 && box.width <= MAX_PART_PX && box.height <= MAX_PART_PX;
}

/** A name that is only an icon's label, which says what the icon looks like and not what it belongs to. */
export function isIconName(name: string): boolean {
  return ICON_NAME.test(name);
}

/**
 * A name a person reads as such: two letters or more, or a number (a time panel's "14", a calendar's "05"), and not
 * a glyph ("×", "▸") that only says what an icon looks like.
 */
export function isReadableName(name: string): boolean {
  return /\p{L}.*\p{L}|\p{N}/u.test(name);
}

/** Is this element inside a control a clickable part of its own? */
export function isPart(element: Element, pointer: boolean, parentPointer: boolean, hasAttributes: boolean): boolean {
  if (!(pointer && !parentPointer) && !(hasAttributes && element.hasAttribute('onclick'))) return false;
  return isIconSized(element.getBoundingClientRect());
}

/** The values of an element's data-* attributes: where libraries say what a control does (`data-direction="next"`). */
function dataHints(element: Element): string {
  let hints = '';
  for (const attribute of Array.from(element.attributes)) {
    if (attribute.name.startsWith('data-')) hints += ` ${attribute.value}`;
  }
  return hints;
}

/** What kind of part it is, from its class, label and data attributes (`expander`, `remove`, `next`, …). */
function partKind(element: Element, iconName: string): string {
  const hints =
    `${element.getAttribute('class') ?? ''} ${element.getAttribute('aria-label') ?? ''} ${iconName}` +
    dataHints(element);
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
  const icon = isIconName(ownName);
  if (isReadableName(ownName) && !icon) return ownName;
  const owner = clip(collapse(ownerName), 40);
  let kind = partKind(element, icon ? ownName : '');
  if (kind === 'button' && icon) kind = ownName;
  // Typographic quotes: the name is itself quoted in the snapshot line, where straight ones would be escaped.
  return owner ? `${kind} of “${owner}”` : kind;
}
