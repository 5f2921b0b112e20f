// Is this element a control, and with which role? Native controls and ARIA widget roles first; then editing
// hosts, inline click handlers, native draggables and focusable separators (splitters), elements that look clickable
// (cursor: pointer that is not inherited from a parent or set inside another control) and positive tabindex.

import { explicitRole, isEditingHost, nativeControlRole, WIDGET_ROLES } from './roles';

const NEVER_CLICKABLE = new Set(['html', 'body', 'label', 'option', 'slot']);

/**
 * The role of an element that is a control by its semantics (tag, ARIA role, contenteditable), or null.
 * `hasAttributes: false` (the caller knows the element has none) skips the attribute lookups: the hot path.
 */
export function semanticRole(element: Element, hasAttributes = true): string | null {
  const explicit = hasAttributes ? explicitRole(element) : null;
  if (explicit && WIDGET_ROLES.has(explicit)) return explicit;
  const native = nativeControlRole(element);
  if (native) return native;
  return hasAttributes && isEditingHost(element) ? 'textbox' : null;
}

/** The role of an element that is only a control by how it behaves or looks, or null. */
export function behaviouralRole(
  element: Element,
  pointer: boolean,
  parentPointer: boolean,
  hasAttributes = true,
): string | null {
  if (NEVER_CLICKABLE.has(element.localName)) return null;
  if (hasAttributes && element.hasAttribute('onclick')) return 'clickable';
  // Something to drag (a native draggable item, a splitter) is a control for drag even when it looks like text.
  if (hasAttributes && element.getAttribute('draggable') === 'true') return 'draggable';
  if (hasAttributes && explicitRole(element) === 'separator' && element.hasAttribute('tabindex')) return 'separator';
  if (pointer && !parentPointer) return 'clickable';
  if (!hasAttributes) return null;
  const tabindex = element.getAttribute('tabindex');
  if (tabindex !== null && Number(tabindex) > 0) return 'focusable';
  return null;
}
