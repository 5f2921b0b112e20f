// The agent's pointer: bring an element into view, check that a pointer at its centre would reach it, and play
// the event sequence a mouse click or hover produces. The events are untrusted (isTrusted false), which is how the
// mask tells them from the person's.

import { composedContains, composedParent, windowOf } from '../../snapshot/dom/dom';
import { describeCoverer, type HitTest, hitTest, hitTestAt, landsAround } from '../../snapshot/geometry/hit-test';
import { coveredBySameWidget } from '../../snapshot/geometry/same-widget';
import { shownRect } from '../../snapshot/geometry/shown-rect';
import { isRendered } from '../../snapshot/geometry/visibility';
import type { ActionContext } from '../context';

const FOCUSABLE =
  'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]:not([contenteditable="false"])';

/** What a pointer should aim at: the element, or the visible label of an input that is drawn by its label. */
export function pointerAnchor(element: Element): Element {
  if (isRendered(element)) return element;
  const labels = (element as HTMLInputElement).labels;
  if (labels) for (const label of Array.from(labels)) if (isRendered(label)) return label;
  return element;
}

/**
 * Scrolls the element to the centre of the viewport, and of each list it scrolls in, unless it already shows whole
 * there: a cell half under its list's edge is scrolled in, as a person would before pressing it.
 */
export function bringIntoView(element: Element): void {
  const win = windowOf(element);
  const r = element.getBoundingClientRect();
  const width = win?.document.documentElement.clientWidth ?? 0;
  const height = win?.document.documentElement.clientHeight ?? 0;
  const inside = r.top >= 0 && r.left >= 0 && r.bottom <= height && r.right <= width;
  const shown = shownRect(element);
  if (!inside || !shown || shown.scrolledOut) {
    element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  }
}

export interface Aim {
  hit: HitTest;
  blocked?: string;
  sameWidget?: boolean;
  /** What covers the anchor when blocked, so the caller can ask whether it is on its way out (leaving.ts). */
  coverer?: Element;
}

/** Brings `anchor` into view and hit-tests it; on failure returns a reason that names what is in the way. */
export function aim(ctx: ActionContext, anchor: Element): Aim {
  bringIntoView(anchor);
  let hit = hitTest(anchor, ctx.shadowRootOf);
  if (!hit.receives) {
    // A sticky header or footer may sit over an element near the edge: centre it and look again.
    anchor.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    hit = hitTest(anchor, ctx.shadowRootOf);
  }
  if (hit.receives && hit.hit && landsAround(anchor, hit.hit)) hit = pointOnItself(ctx, anchor) ?? hit;
  if (hit.receives) return { hit };
  if (!hit.hit) return { hit, blocked: 'The element has no visible area on screen (it may be collapsed or clipped).' };
  if (coveredBySameWidget(anchor, hit.hit, (e) => ctx.registry.peek(e) !== undefined)) return { hit, sameWidget: true };
  const coverer = describeCoverer(hit.hit, ctx.shadowRootOf);
  const ref = refNear(ctx, hit.hit);
  return {
    hit,
    coverer: hit.hit,
    blocked: `Another element would receive the pointer: ${coverer}${ref ? ` (inside [${ref}])` : ''}. Close or dismiss it first, or pick another element.`,
  };
}

/**
 * Where a mouse would land on the element itself when its centre lands on an ancestor: a link wrapped over two lines
 * has its box's centre between them, so each line box's centre is tried. None when the element takes no pointer
 * anywhere (pointer-events: none, a parent painting over it): the press then lands on the ancestor, and says so.
 */
function pointOnItself(ctx: ActionContext, anchor: Element): HitTest | null {
  for (const rect of Array.from(anchor.getClientRects())) {
    if (rect.width < 1 || rect.height < 1) continue;
    const point = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    const hit = hitTestAt(anchor, point, ctx.shadowRootOf);
    if (hit.receives && hit.hit && !landsAround(anchor, hit.hit)) return hit;
  }
  return null;
}

/** The ref of the hit element or its nearest ancestor that has one, so the model can act on the obstacle. */
export function refNear(ctx: ActionContext, element: Element): number | undefined {
  let node: Element | null = element;
  for (let depth = 0; node && depth < 6; depth++, node = composedParent(node)) {
    const ref = ctx.registry.peek(node);
    if (ref !== undefined) return ref;
  }
  return undefined;
}

/**
 * Where to dispatch: what a mouse at the point would hit. That is the deepest element under the pointer when it lies
 * inside the anchor, is a part of the same widget that covers it (see same-widget.ts), or is an ancestor or label of
 * it that takes the pointer for it (landsAround: the press lands there, never on the anchor itself); else the anchor.
 */
export function eventTarget(anchor: Element, hit: HitTest, sameWidget = false): Element {
  return hit.hit && (sameWidget || hit.receives || composedContains(anchor, hit.hit)) ? hit.hit : anchor;
}

function mouseInit(target: Element, x: number, y: number, buttons: number): MouseEventInit {
  return {
    bubbles: true,
    cancelable: true,
    composed: true,
    clientX: x,
    clientY: y,
    button: 0,
    buttons,
    view: windowOf(target),
  };
}

/** One pointer event of the mouse (pointerId 1); `extra` sets the button, bubbling and so on. */
export function pointer(
  type: string,
  target: Element,
  x: number,
  y: number,
  buttons: number,
  bubbles = true,
  extra: PointerEventInit = {},
): boolean {
  const init: PointerEventInit = {
    ...mouseInit(target, x, y, buttons),
    bubbles,
    pointerId: 1,
    pointerType: 'mouse',
    isPrimary: true,
    ...extra,
  };
  return target.dispatchEvent(new PointerEvent(type, init));
}

export function mouse(
  type: string,
  target: Element,
  x: number,
  y: number,
  buttons: number,
  extra: MouseEventInit = {},
): boolean {
  return target.dispatchEvent(new MouseEvent(type, { ...mouseInit(target, x, y, buttons), ...extra }));
}

/** pointerover/enter, mouseover/enter, pointermove, mousemove: what moving the mouse onto an element fires. */
export function dispatchHover(target: Element, x: number, y: number): void {
  pointer('pointerover', target, x, y, 0);
  pointer('pointerenter', target, x, y, 0, false);
  mouse('mouseover', target, x, y, 0);
  mouse('mouseenter', target, x, y, 0, { bubbles: false });
  pointer('pointermove', target, x, y, 0);
  mouse('mousemove', target, x, y, 0);
}

/** The full click sequence; returns false when the page cancelled the click (its default action did not run). */
export function dispatchClick(target: Element, x: number, y: number, onDefault?: (detail: number) => void): boolean {
  dispatchHover(target, x, y);
  return pressAndRelease(target, x, y, 1, onDefault);
}

/**
 * One press and release with its click; false when the page cancelled the click. `onDefault` is the press's
 * default action past focus (caret, word selection), run only when the page did not cancel the mousedown.
 */
export function pressAndRelease(
  target: Element,
  x: number,
  y: number,
  detail: number,
  onDefault?: (detail: number) => void,
): boolean {
  const pointerDown = pointer('pointerdown', target, x, y, 1);
  // A cancelled pointerdown suppresses the compatibility mouse events, but not the click (Pointer Events §11).
  const mouseDown = pointerDown ? mouse('mousedown', target, x, y, 1, { detail }) : true;
  if (mouseDown) {
    moveFocus(target);
    onDefault?.(detail);
  }
  pointer('pointerup', target, x, y, 0);
  if (pointerDown) mouse('mouseup', target, x, y, 0, { detail });
  return mouse('click', target, x, y, 0, { detail });
}

/** What a mousedown does to focus: the nearest focusable ancestor gets it; clicking elsewhere blurs. */
export function moveFocus(target: Element): void {
  for (let node: Element | null = target; node; node = composedParent(node)) {
    if (node.matches(FOCUSABLE) && !node.matches(':disabled')) {
      (node as HTMLElement).focus({ preventScroll: true });
      return;
    }
  }
  const active = target.ownerDocument.activeElement as HTMLElement | null;
  if (active && active !== target.ownerDocument.body) active.blur();
}
