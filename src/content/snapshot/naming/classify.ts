// Is this element a control, and with which role? Native controls and ARIA widget roles first; then editing
// hosts, inline click handlers, native draggables, splitters (a focusable or valued role=separator, or a resize cursor
// of its own), elements that look clickable (cursor: pointer that is not inherited from a parent or set inside another
// control) and positive tabindex.

import { explicitRole, isEditingHost, nativeControlRole, WIDGET_ROLES } from './roles';

const NEVER_CLICKABLE = new Set(['html', 'body', 'label', 'option', 'slot']);

/**
 * Cursors that say "drag me to resize" (CSS UI 4 §cursor): a splitter's bar, a column's resize handle. antd 6's
 * Splitter bar is a `role=separator` div with no tabindex, known only by its `col-resize` cursor
 * (antd/es/splitter/SplitBar.js, style/index.js). `move` and `grab` are left out on purpose: pages put them on whole
 * pannable areas (maps, carousels), and a control's content is not listed as text of its own.
 */
const RESIZE_CURSORS = new Set([
  'col-resize',
  'row-resize',
  'ew-resize',
  'ns-resize',
  'e-resize',
  'w-resize',
  'n-resize',
  's-resize',
  // A corner handle resizes both ways (react-resizable's default handle is `se-resize`).
  'nwse-resize',
  'nesw-resize',
  'ne-resize',
  'nw-resize',
  'se-resize',
  'sw-resize',
]);

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
  cursor: string,
  parentCursor: string,
  hasAttributes = true,
): string | null {
  if (NEVER_CLICKABLE.has(element.localName)) return null;
  if (hasAttributes && element.hasAttribute('onclick')) return 'clickable';
  // Something to drag (a native draggable item, a splitter) is a control for drag even when it looks like text.
  if (hasAttributes && element.getAttribute('draggable') === 'true') return 'draggable';
  if (hasAttributes && isSplitter(element)) return 'separator';
  if (cursor !== parentCursor && RESIZE_CURSORS.has(cursor)) return 'separator';
  if (cursor === 'pointer' && parentCursor !== 'pointer') return 'clickable';
  if (!hasAttributes) return null;
  const tabindex = element.getAttribute('tabindex');
  if (tabindex !== null && Number(tabindex) > 0) return 'focusable';
  return null;
}

/**
 * A role=separator that is a widget, not a divider: focusable, or carrying a position (aria-valuenow), as WAI-ARIA
 * 1.2 §separator has it; a disabled one (aria-disabled="true") is not, since nothing moves it.
 */
function isSplitter(element: Element): boolean {
  if (explicitRole(element) !== 'separator' || element.getAttribute('aria-disabled') === 'true') return false;
  return element.hasAttribute('tabindex') || element.hasAttribute('aria-valuenow');
}
