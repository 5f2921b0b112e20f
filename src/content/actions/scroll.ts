// scroll: the page (or an element's scroll container) by a direction and amount, or until an element is in view.
// The postcondition: the position changed, or it was already at the boundary in that direction.

import { PageError } from '../../shared/errors';
import type { ActionResult, ScrollArgs, ScrollDirection } from '../../shared/page-types';
import { composedParent, deepActiveElement } from '../snapshot/dom';
import { visibleCentre } from '../snapshot/hit-test';
import { type ActionContext, performed } from './context';
import { describeTarget } from './describe';
import { EffectWatch } from './effects';

const DIRECTIONS: ReadonlySet<string> = new Set(['up', 'down', 'left', 'right']);
/** A "page" is a little less than the viewport, so a line of context stays on screen. */
const PAGE_FRACTION = 0.85;

interface Scroller {
  element: Element;
  isPage: boolean;
}

export async function scroll(ctx: ActionContext, args: ScrollArgs): Promise<ActionResult> {
  ctx.registry.assertSnapshot(args.snapshotId);
  if (args.toRef !== undefined) return scrollToRef(ctx, args.toRef, args.snapshotId);
  const direction: ScrollDirection = args.direction ?? 'down';
  if (!DIRECTIONS.has(direction)) throw new PageError('invalid_argument', 'direction must be up, down, left or right.');
  // No amount: one page. An amount is in pixels unless unit says pages.
  const unit = args.amount === undefined ? 'page' : (args.unit ?? 'px');
  const amount = args.amount ?? 1;
  if (typeof amount !== 'number' || !(amount > 0) || (unit !== 'px' && unit !== 'page')) {
    throw new PageError('invalid_argument', 'amount must be a positive number of px or pages.');
  }
  const vertical = direction === 'up' || direction === 'down';
  const sign = direction === 'down' || direction === 'right' ? 1 : -1;
  const start = args.ref !== undefined ? ctx.registry.resolve({ ref: args.ref, snapshotId: args.snapshotId }) : null;
  const scroller = start ? scrollerFrom(start, vertical) : pageScroller(ctx.doc, vertical);
  const size = viewSize(scroller, vertical);
  const delta = sign * (unit === 'page' ? amount * size * PAGE_FRACTION : amount);
  const before = position(scroller, vertical);
  const watch = new EffectWatch(
    ctx.doc,
    scroller.isPage ? (deepActiveElement(ctx.doc) ?? ctx.doc.documentElement) : scroller.element,
    ctx.churn,
  );
  try {
    const target = scroller.isPage ? scroller.element.ownerDocument.defaultView : scroller.element;
    target?.scrollBy({ [vertical ? 'top' : 'left']: delta, behavior: 'instant' });
    await watch.settle();
  } finally {
    watch.dispose();
  }
  const after = position(scroller, vertical);
  const effects = watch.effects().filter((e) => e !== 'scroll');
  const what = scroller.isPage ? 'the page' : 'the scroll area';
  if (after !== before)
    return performed(
      true,
      ['scroll', ...effects],
      `Scrolled ${what} ${direction} by ${Math.round(Math.abs(after - before))}px.`,
    );
  const limit = sign > 0 ? maxPosition(scroller, vertical) : 0;
  if (Math.abs(before - limit) <= 1) {
    const edge = { down: 'bottom', up: 'top', left: 'left edge', right: 'right edge' }[direction];
    return performed(true, effects, `Already at the ${edge} of ${what}.`);
  }
  return performed(false, effects, `${what} did not move (the page may block scrolling, e.g. behind a dialog).`);
}

async function scrollToRef(ctx: ActionContext, ref: number, snapshotId: string): Promise<ActionResult> {
  const element = ctx.registry.resolve({ ref, snapshotId });
  const name = describeTarget(element, ref);
  const r = element.getBoundingClientRect();
  const height = element.ownerDocument.documentElement.clientHeight;
  if (r.top >= 0 && r.bottom <= height && visibleCentre(element))
    return performed(true, [], `${name} is already in view.`);
  const watch = new EffectWatch(ctx.doc, element, ctx.churn);
  try {
    element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    await watch.settle();
  } finally {
    watch.dispose();
  }
  const effects = watch.effects();
  if (visibleCentre(element)) return performed(true, effects.includes('scroll') ? effects : ['scroll', ...effects]);
  return performed(false, effects, `Scrolled, but ${name} is still not visible (it may be hidden or zero-sized).`);
}

function canScroll(element: Element, vertical: boolean): boolean {
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  const overflow = vertical ? style?.overflowY : style?.overflowX;
  if (overflow !== 'auto' && overflow !== 'scroll' && overflow !== 'overlay') return false;
  return vertical ? element.scrollHeight > element.clientHeight + 1 : element.scrollWidth > element.clientWidth + 1;
}

/** The document is taller (wider) than the window; scripts can scroll it even under overflow: hidden. */
function pageCanScroll(doc: Document, vertical: boolean): boolean {
  const root = doc.scrollingElement ?? doc.documentElement;
  const win = doc.defaultView;
  if (!win) return false;
  return vertical ? root.scrollHeight > win.innerHeight + 1 : root.scrollWidth > win.innerWidth + 1;
}

/** The element's own scroll container (itself or an ancestor), or the page. */
function scrollerFrom(start: Element, vertical: boolean): Scroller {
  for (let node: Element | null = start; node; node = composedParent(node)) {
    if (node === node.ownerDocument.documentElement || node === node.ownerDocument.body) break;
    if (canScroll(node, vertical)) return { element: node, isPage: false };
  }
  return { element: start.ownerDocument.scrollingElement ?? start.ownerDocument.documentElement, isPage: true };
}

/** The page, or when the page itself does not scroll (an app shell), the scroll area under the viewport centre. */
function pageScroller(doc: Document, vertical: boolean): Scroller {
  const root = doc.scrollingElement ?? doc.documentElement;
  if (pageCanScroll(doc, vertical)) return { element: root, isPage: true };
  const win = doc.defaultView;
  const centre = win ? doc.elementFromPoint(win.innerWidth / 2, win.innerHeight / 2) : null;
  return centre ? scrollerFrom(centre, vertical) : { element: root, isPage: true };
}

function position(s: Scroller, vertical: boolean): number {
  if (s.isPage) {
    const win = s.element.ownerDocument.defaultView;
    return (vertical ? win?.scrollY : win?.scrollX) ?? 0;
  }
  return vertical ? s.element.scrollTop : s.element.scrollLeft;
}

function maxPosition(s: Scroller, vertical: boolean): number {
  const win = s.element.ownerDocument.defaultView;
  if (s.isPage) {
    return vertical ? s.element.scrollHeight - (win?.innerHeight ?? 0) : s.element.scrollWidth - (win?.innerWidth ?? 0);
  }
  return vertical ? s.element.scrollHeight - s.element.clientHeight : s.element.scrollWidth - s.element.clientWidth;
}

function viewSize(s: Scroller, vertical: boolean): number {
  const win = s.element.ownerDocument.defaultView;
  if (s.isPage) return (vertical ? win?.innerHeight : win?.innerWidth) ?? 800;
  return vertical ? s.element.clientHeight : s.element.clientWidth;
}
