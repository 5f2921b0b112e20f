// Where an element is relative to what a person can see: overflow clips (hiding or scrollable), the viewport, and
// the offsets of same-origin frames. All rects here are in the top document's viewport coordinates.

import { intersect, intersects, type Rect } from '../dom/dom';

export type Where = 'above' | 'in' | 'below';

/** An ancestor that clips its descendants: `hides` for overflow hidden/clip, else scrollable (auto/scroll). */
export interface Clip {
  /** The clip area, already intersected with the enclosing clips. */
  rect: Rect;
  owner: Element;
  hides: boolean;
  parent: Clip | null;
}

export function pushClip(parent: Clip | null, owner: Element, rect: Rect, hides: boolean): Clip {
  return { rect: parent ? intersect(rect, parent.rect) : rect, owner, hides, parent };
}

/** True when a hiding clip cuts the rect away entirely (a carousel slide, a collapsed panel). */
export function isClippedAway(rect: Rect, clip: Clip | null, stopAt: Clip | null): boolean {
  for (let c = clip; c && c !== stopAt; c = c.parent) if (c.hides && !intersects(rect, c.rect)) return true;
  return false;
}

/** On screen when inside the viewport and every clip; otherwise above or below what is visible. */
export function whereOf(rect: Rect, clip: Clip | null, viewport: Rect): Where {
  const onScreen = intersects(rect, viewport) && (!clip || intersects(rect, clip.rect));
  if (onScreen) return 'in';
  if (rect.bottom <= viewport.top) return 'above';
  if (clip && rect.bottom <= clip.rect.top) return 'above';
  return 'below';
}

/** The clip that still applies to an absolutely positioned element: it escapes clips below its containing block. */
export function clipForAbsolute(clip: Clip | null, containingBlock: Element | null, base: Clip | null): Clip | null {
  if (!containingBlock) return base;
  let c = clip;
  while (c && c !== base && c.owner !== containingBlock && !c.owner.contains(containingBlock)) c = c.parent;
  return c;
}

export function toRect(r: DOMRect, dx: number, dy: number): Rect {
  return { left: r.left + dx, top: r.top + dy, right: r.right + dx, bottom: r.bottom + dy };
}

export function isOverflowClipping(value: string): boolean {
  return value !== 'visible';
}

export function isOverflowHiding(x: string, y: string): boolean {
  return (x === 'hidden' || x === 'clip') && (y === 'hidden' || y === 'clip');
}
