// scroll: the page (or an element's scroll container) by a direction and amount, or until an element is in view.
// The postcondition: the position changed, or it was already at the boundary in that direction.

import { PageError } from '../../../shared/errors';
import type { ActionResult, ScrollArgs, ScrollDirection } from '../../../shared/page-types';
import { composedParent, deepActiveElement, describeElement } from '../../snapshot/dom/dom';
import { visibleCentre } from '../../snapshot/geometry/hit-test';
import { type ActionContext, performed } from '../context';
import { describeTarget } from '../describe';
import { EffectWatch } from '../effects/effects';
import { isHidden } from '../effects/wake';

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
  const watch = EffectWatch.of(
    ctx,
    scroller.isPage ? (deepActiveElement(ctx.doc) ?? ctx.doc.documentElement) : scroller.element,
  );
  const content = scroller.isPage ? null : new ContentWatch(scroller.element);
  let wheelTaken = false;
  try {
    // A wheel over the area first, as a mouse would: a list that scrolls itself (a virtual list drawing only the
    // rows in view, with its own scroll bar) takes it and cancels it; otherwise the area is scrolled (PT-S1).
    wheelTaken = !scroller.isPage && !wheel(scroller.element, vertical ? 0 : delta, vertical ? delta : 0);
    if (!wheelTaken) {
      const target = scroller.isPage ? scroller.element.ownerDocument.defaultView : scroller.element;
      target?.scrollBy({ [vertical ? 'top' : 'left']: delta, behavior: 'instant' });
    }
    await watch.settle();
  } finally {
    watch.dispose();
    content?.dispose();
  }
  const after = position(scroller, vertical);
  const effects = watch.effects().filter((e) => e !== 'scroll');
  const what = scrollerName(ctx, scroller, start, args.ref);
  if (after !== before)
    return performed(
      true,
      ['scroll', ...effects],
      `Scrolled ${what} ${direction} by ${Math.round(Math.abs(after - before))}px.`,
    );
  if (content?.changed) {
    return performed(
      true,
      ['scroll', ...effects],
      `Scrolled ${what} ${direction}: it drew other content in place (a list that renders only the rows in view).`,
    );
  }
  const limit = sign > 0 ? Math.max(0, maxPosition(scroller, vertical)) : 0;
  const edge = { down: 'bottom', up: 'top', left: 'left edge', right: 'right edge' }[direction];
  if (!wheelTaken && Math.abs(before - limit) <= 1) {
    const result = performed(true, effects, `Already at the ${edge} of ${what}.`);
    // A list that loads more when its end scrolls into view cannot load in a hidden tab: the panel says so.
    return sign > 0 && isHidden(ctx.doc) ? { ...result, hidden: 'intersection' } : result;
  }
  if (wheelTaken) {
    return performed(
      false,
      effects,
      `${what} took the wheel but showed nothing new: it may be at its ${edge}, or it scrolls only for a real mouse.`,
    );
  }
  return performed(false, effects, `${what} did not move (the page may block scrolling, e.g. behind a dialog).`);
}

/** Names what was scrolled, and says so when it was not the element the model named. */
function scrollerName(ctx: ActionContext, scroller: Scroller, start: Element | null, ref?: number): string {
  if (!start || ref === undefined) return scroller.isPage ? 'the page' : 'the scroll area';
  if (scroller.element === start) return describeTarget(start, ref);
  if (scroller.isPage) return `the page ([${ref}] is not inside a scroll area)`;
  const own = ctx.registry.peek(scroller.element);
  const area = own !== undefined ? `[${own}]` : describeElement(scroller.element);
  return `the scroll area ${area} around [${ref}]`;
}

/** Dispatches a wheel event at the element's visible centre; false when the page cancelled it. */
function wheel(element: Element, deltaX: number, deltaY: number): boolean {
  const centre = visibleCentre(element);
  const init: WheelEventInit = {
    deltaX,
    deltaY,
    deltaMode: 0,
    bubbles: true,
    cancelable: true,
    composed: true,
    clientX: centre?.x ?? 0,
    clientY: centre?.y ?? 0,
    view: element.ownerDocument.defaultView,
  };
  return element.dispatchEvent(new WheelEvent('wheel', init));
}

/** Did the content of a scroll area change (rows replaced, moved by a transform)? */
class ContentWatch {
  changed = false;
  private readonly observer: MutationObserver;

  constructor(element: Element) {
    this.observer = new MutationObserver(() => {
      this.changed = true;
    });
    this.observer.observe(element, { childList: true, subtree: true, characterData: true, attributes: true });
  }

  dispose(): void {
    // Records still queued belong to the scroll too.
    if (this.observer.takeRecords().length > 0) this.changed = true;
    this.observer.disconnect();
  }
}

async function scrollToRef(ctx: ActionContext, ref: number, snapshotId: string): Promise<ActionResult> {
  const element = ctx.registry.resolve({ ref, snapshotId });
  const name = describeTarget(element, ref);
  const r = element.getBoundingClientRect();
  const height = element.ownerDocument.documentElement.clientHeight;
  if (r.top >= 0 && r.bottom <= height && visibleCentre(element))
    return performed(true, [], `${name} is already in view.`);
  const watch = EffectWatch.of(ctx, element);
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

/** An area whose content overflows but that hides its scroll bar: a virtual list that scrolls on wheel events. */
function hidesOverflow(element: Element, vertical: boolean): boolean {
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  const overflow = vertical ? style?.overflowY : style?.overflowX;
  if (overflow !== 'hidden') return false;
  const room = vertical ? element.clientHeight : element.clientWidth;
  return room > 20 && (vertical ? element.scrollHeight : element.scrollWidth) > room + 1;
}

/**
 * The element's own scroll container (itself or its nearest scrollable ancestor); failing that, the nearest one
 * that hides its overflow (a list with its own scroll bar); failing that, the page.
 */
function scrollerFrom(start: Element, vertical: boolean): Scroller {
  let hidden: Element | null = null;
  for (let node: Element | null = start; node; node = composedParent(node)) {
    if (node === node.ownerDocument.documentElement || node === node.ownerDocument.body) break;
    if (canScroll(node, vertical)) return { element: node, isPage: false };
    if (!hidden && hidesOverflow(node, vertical)) hidden = node;
  }
  if (hidden) return { element: hidden, isPage: false };
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
