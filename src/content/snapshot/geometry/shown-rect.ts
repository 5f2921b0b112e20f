// The part of an element a person can see: its box cut by the viewport and by every ancestor that clips it (a list
// that scrolls, a panel with overflow hidden). A cell half under the bottom edge of its scroll area shows only its top
// half; the centre of its whole box lies outside the area, where a mouse would press whatever is below the list
// (issue 26: Mantine's time cells, pressed at their box's centre, landed on the page and closed the picker).

import { composedParent, windowOf } from '../dom/dom';

export interface ShownRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** An ancestor that can scroll cuts the element: scrolling it would show more (pointer.ts §bringIntoView). */
  scrolledOut: boolean;
}

/**
 * The element's box cut to what shows, or null when nothing does. Follows the containing-block chain as CSS clips:
 * an absolutely positioned element is cut only by ancestors from its positioned one up, a fixed one only by the
 * viewport. The root and body are the viewport's own scrollers, cut by the viewport itself.
 */
export function shownRect(element: Element): ShownRect | null {
  const win = windowOf(element);
  if (!win) return null;
  const doc = element.ownerDocument;
  const box = element.getBoundingClientRect();
  const shown = {
    left: Math.max(box.left, 0),
    top: Math.max(box.top, 0),
    right: Math.min(box.right, doc.documentElement.clientWidth || win.innerWidth),
    bottom: Math.min(box.bottom, doc.documentElement.clientHeight || win.innerHeight),
    scrolledOut: false,
  };
  let position = win.getComputedStyle(element).position;
  for (let node = composedParent(element); node && position !== 'fixed'; node = composedParent(node)) {
    if (node === doc.documentElement || node === doc.body) break;
    const style = win.getComputedStyle(node);
    // An absolutely positioned box escapes the clips of static ancestors between it and its containing block.
    if (position === 'absolute' && style.position === 'static') continue;
    position = style.position;
    const clipsX = style.overflowX !== 'visible';
    const clipsY = style.overflowY !== 'visible';
    if (!clipsX && !clipsY) continue;
    const clip = node.getBoundingClientRect();
    if (clipsX && (box.left < clip.left || box.right > clip.right)) {
      shown.left = Math.max(shown.left, clip.left);
      shown.right = Math.min(shown.right, clip.right);
      if (node.scrollWidth > node.clientWidth) shown.scrolledOut = true;
    }
    if (clipsY && (box.top < clip.top || box.bottom > clip.bottom)) {
      shown.top = Math.max(shown.top, clip.top);
      shown.bottom = Math.min(shown.bottom, clip.bottom);
      if (node.scrollHeight > node.clientHeight) shown.scrolledOut = true;
    }
  }
  return shown.right - shown.left < 1 || shown.bottom - shown.top < 1 ? null : shown;
}
