// Would a real pointer at the element's centre reach it? Hit-tests the centre of the element's visible part,
// through shadow roots and up through same-origin frames, ignoring Steadyhand's own mask.

import { isMaskHost } from '../../mask/marker';
import { composedContains, composedParent, describeElement, type ShadowRootOf } from '../dom/dom';
import { accessibleName } from '../naming/names';
import { explicitRole } from '../naming/roles';
import { shownRect } from './shown-rect';

export interface HitTest {
  /** The element itself (or something inside it, or its label) would receive the pointer. */
  receives: boolean;
  /** What the pointer would land on instead; null when the point is outside the window. */
  hit: Element | null;
  /** The point, in the element's own frame's viewport coordinates. */
  x: number;
  y: number;
}

/** The deepest element at a point, looking into shadow roots and past the mask. */
export function deepElementFromPoint(doc: Document, x: number, y: number, shadowRootOf: ShadowRootOf): Element | null {
  let hit = doc.elementFromPoint(x, y);
  if (hit && isMaskHost(hit)) hit = doc.elementsFromPoint(x, y).find((e) => !isMaskHost(e)) ?? null;
  for (let depth = 0; hit && depth < 32; depth++) {
    const root = shadowRootOf(hit);
    if (!root) break;
    const inner = root.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/**
 * The centre of the part of the element that shows: inside its window's viewport and inside every ancestor that clips
 * it (shown-rect.ts), or null when none does.
 */
export function visibleCentre(element: Element): { x: number; y: number } | null {
  const shown = shownRect(element);
  return shown ? { x: (shown.left + shown.right) / 2, y: (shown.top + shown.bottom) / 2 } : null;
}

/**
 * True when the pointer lands outside the element although it "receives" it: on an ancestor (the element has
 * `pointer-events: none`, or its parent paints over it), or on a label of it drawn elsewhere. A real mouse's events
 * then go to that ancestor or label, never to the element itself.
 */
export function landsAround(target: Element, hit: Element): boolean {
  return hit !== target && !composedContains(target, hit);
}

export function receivesPointer(target: Element, hit: Element): boolean {
  if (hit === target || composedContains(target, hit) || composedContains(hit, target)) return true;
  return hit.localName === 'label' && (hit as HTMLLabelElement).control === target;
}

export function hitTest(element: Element, shadowRootOf: ShadowRootOf): HitTest {
  const point = visibleCentre(element);
  if (!point) return { receives: false, hit: null, x: 0, y: 0 };
  return hitTestAt(element, point, shadowRootOf);
}

/** hitTest at a given point (viewport coordinates of the element's own frame). */
export function hitTestAt(element: Element, point: { x: number; y: number }, shadowRootOf: ShadowRootOf): HitTest {
  const doc = element.ownerDocument;
  const hit = deepElementFromPoint(doc, point.x, point.y, shadowRootOf);
  if (!hit || !receivesPointer(element, hit)) return { receives: false, hit, ...point };
  const frameHit = frameChainHit(doc, point.x, point.y, shadowRootOf);
  if (frameHit) return { receives: false, hit: frameHit, ...point };
  return { receives: true, hit, ...point };
}

/** For an element in a same-origin frame: what covers the frame at that point in the parent documents, if anything. */
export function frameChainHit(doc: Document, x: number, y: number, shadowRootOf: ShadowRootOf): Element | null {
  let frame = safeFrameElement(doc.defaultView);
  let px = x;
  let py = y;
  while (frame) {
    const r = frame.getBoundingClientRect();
    const style = frame.ownerDocument.defaultView?.getComputedStyle(frame);
    px += r.left + frame.clientLeft + Number.parseFloat(style?.paddingLeft ?? '0');
    py += r.top + frame.clientTop + Number.parseFloat(style?.paddingTop ?? '0');
    const hit = deepElementFromPoint(frame.ownerDocument, px, py, shadowRootOf);
    if (hit !== frame) return hit;
    frame = safeFrameElement(frame.ownerDocument.defaultView);
  }
  return null;
}

function safeFrameElement(win: Window | null): Element | null {
  try {
    return win?.frameElement ?? null;
  } catch {
    return null;
  }
}

/** Names what covers an element: the dialog it belongs to when there is one, else a short tag description. */
export function describeCoverer(hit: Element, shadowRootOf: ShadowRootOf): string {
  let node: Element | null = hit;
  for (let depth = 0; node && depth < 8; depth++, node = composedParent(node)) {
    const role = explicitRole(node) ?? (node.localName === 'dialog' ? 'dialog' : null);
    if (role === 'dialog' || role === 'alertdialog') {
      const name = accessibleName(node, role, shadowRootOf);
      return name ? `${role} "${name}"` : role;
    }
  }
  return describeElement(hit);
}
