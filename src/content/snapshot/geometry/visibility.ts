// Small visibility checks shared by the walk and the actions.

import type { Box } from '../../../shared/page-types';
import type { Rect } from '../dom/dom';

export function boxOf(rect: Rect): Box {
  return {
    x: Math.round(rect.left),
    y: Math.round(rect.top),
    width: Math.round(rect.right - rect.left),
    height: Math.round(rect.bottom - rect.top),
  };
}

/**
 * visibility: visible, and (when asked) not opacity 0 itself. Visibility is inherited and a descendant can set it
 * back to visible, so the element's own computed value is exact: a visible child of a hidden parent shows.
 */
export function isShown(style: CSSStyleDeclaration, readOpacity: boolean): boolean {
  return style.visibility === 'visible' && !(readOpacity && style.opacity === '0');
}

/** The screen-reader-only pattern: `clip: rect(0 0 0 0)` or `clip-path: inset(50%)` on a tiny box. */
export function isVisuallyHidden(style: CSSStyleDeclaration): boolean {
  const c = style.clip;
  if (c && c !== 'auto' && /rect\(\s*0(px)?[\s,]+0(px)?[\s,]+0(px)?[\s,]+0(px)?\s*\)/.test(c)) return true;
  const path = style.clipPath;
  return path === 'inset(50%)' || path === 'inset(100%)';
}

/**
 * Whether the element has a box the browser paints. checkVisibility() (no options) is false for an element with no box
 * (display: none up the tree, as under an `<html>` that is display: none) and for one in content the browser skips
 * (content-visibility: hidden, a closed `<details>`), which the element's own style cannot tell. True where the
 * browser has no checkVisibility.
 */
export function hasPaintedBox(element: Element): boolean {
  return typeof element.checkVisibility !== 'function' || element.checkVisibility();
}

/** Rendered with a usable box (checkVisibility covers display, visibility and opacity up the tree). */
export function isRendered(element: Element): boolean {
  if (typeof element.checkVisibility === 'function') {
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
  }
  const r = element.getBoundingClientRect();
  return r.width > 1 && r.height > 1;
}

export function isTiny(rect: Rect): boolean {
  return rect.right - rect.left <= 1 || rect.bottom - rect.top <= 1;
}
