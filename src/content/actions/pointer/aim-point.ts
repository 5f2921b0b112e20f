// Aiming at a point inside an element's box (`at`, as fractions of its width and height) rather than its centre:
// canvas widgets, colour areas, meters and rating stars act on where they are pressed. The point is hit-tested like
// the centre is (src/content/actions/pointer/pointer.ts §aim): what receives the pointer there must lie inside the element.

import { PageError } from '../../../shared/errors';
import type { BoxPoint } from '../../../shared/page-types';
import { windowOf } from '../../snapshot/dom/dom';
import {
  deepElementFromPoint,
  describeCoverer,
  frameChainHit,
  landsAround,
  receivesPointer,
} from '../../snapshot/geometry/hit-test';
import type { ActionContext } from '../context';
import { aimPastLeaving } from './leaving';
import { aim, bringIntoView, eventTarget, pointerAnchor } from './pointer';

export interface Aimed {
  /** Where the events go: the deepest element under the point. */
  target: Element;
  x: number;
  y: number;
  blocked?: string;
  /** What covers the element when blocked (leaving.ts asks whether it is on its way out). */
  coverer?: Element;
  /** Blocked by a coverer on its way out whose animation a hidden tab holds (leaving.ts §heldRefusal). */
  held?: boolean;
  /** The pointer lands on a part of the element's own widget drawn over it (src/content/actions/pointer/pointer.ts §aim). */
  sameWidget?: boolean;
  /**
   * The pointer lands outside the element: on an ancestor that takes the pointer for it, or a label of it drawn
   * elsewhere (hit-test.ts §landsAround). The events go there, and the action is verified only by what changed in
   * the element itself (src/content/actions/pointer/landing.ts).
   */
  around?: Element;
}

export function parseBoxPoint(at: unknown): BoxPoint {
  const point = at as Partial<BoxPoint> | null;
  const valid = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 1;
  if (typeof point !== 'object' || point === null || !valid(point.x) || !valid(point.y)) {
    throw new PageError(
      'invalid_argument',
      'at must be {x, y} with fractions from 0 to 1 of the element’s width and height, e.g. {x: 0.5, y: 0.5} for the centre.',
    );
  }
  return { x: point.x as number, y: point.y as number };
}

/** The viewport point at fractions `at` of the element's box. */
export function pointInBox(box: DOMRect, at: BoxPoint): { x: number; y: number } {
  // Keep half a pixel inside the box, so {x: 1} still lands on the element and not on its neighbour.
  const x = box.left + Math.min(Math.max(at.x * box.width, 0.5), Math.max(box.width - 0.5, 0.5));
  const y = box.top + Math.min(Math.max(at.y * box.height, 0.5), Math.max(box.height - 0.5, 0.5));
  return { x, y };
}

/**
 * Aims at the element's centre (through its label when it is drawn by one), or at `at` inside its box; when something
 * on its way out covers it (a menu closing), waits for it to go and aims again (leaving.ts).
 */
export function aimAt(ctx: ActionContext, element: Element, at?: BoxPoint): Promise<Aimed> {
  return aimPastLeaving(element, () => aimOnce(ctx, element, at));
}

function aimOnce(ctx: ActionContext, element: Element, at?: BoxPoint): Aimed {
  if (!at) {
    const anchor = pointerAnchor(element);
    const { hit, blocked, sameWidget, coverer } = aim(ctx, anchor);
    const target = eventTarget(anchor, hit, sameWidget);
    return {
      target,
      x: hit.x,
      y: hit.y,
      ...(blocked ? { blocked } : {}),
      ...(coverer ? { coverer } : {}),
      ...(sameWidget ? { sameWidget } : {}),
      ...(!blocked && !sameWidget && landsAround(anchor, target) ? { around: target } : {}),
    };
  }
  bringIntoView(element);
  let point = visiblePoint(element, at);
  if (!point) {
    element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    point = visiblePoint(element, at);
  }
  if (!point) return { target: element, x: 0, y: 0, blocked: 'That point of the element is not on screen.' };
  const hit = deepElementFromPoint(element.ownerDocument, point.x, point.y, ctx.shadowRootOf);
  const covered =
    hit && receivesPointer(element, hit)
      ? frameChainHit(element.ownerDocument, point.x, point.y, ctx.shadowRootOf)
      : hit;
  if (hit && covered === null) return { target: hit, ...point, ...(landsAround(element, hit) ? { around: hit } : {}) };
  const what = covered ?? hit;
  return {
    target: element,
    ...point,
    ...(what ? { coverer: what } : {}),
    blocked: what
      ? `Another element would receive the pointer at that point: ${describeCoverer(what, ctx.shadowRootOf)}.`
      : 'That point of the element is not on screen.',
  };
}

function visiblePoint(element: Element, at: BoxPoint): { x: number; y: number } | null {
  const win = windowOf(element);
  if (!win) return null;
  const point = pointInBox(element.getBoundingClientRect(), at);
  const width = win.document.documentElement.clientWidth || win.innerWidth;
  const height = win.document.documentElement.clientHeight || win.innerHeight;
  return point.x >= 0 && point.y >= 0 && point.x < width && point.y < height ? point : null;
}
