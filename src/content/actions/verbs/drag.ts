// drag: from a ref to another ref's centre, or by an offset in CSS pixels. Plays the pointer and mouse events
// libraries listen to, or the browser's drag-and-drop for a draggable source (drag-gesture.ts), then checks that the
// page ended different from how it started (net-change.ts): a list in a new order, a pane of another size, a value.

import { PageError } from '../../../shared/errors';
import type { ActionResult, DragArgs } from '../../../shared/page-types';
import { describeCoverer, hitTest, visibleCentre } from '../../snapshot/geometry/hit-test';
import { type ActionContext, isDisabled, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { EffectWatch } from '../effects/effects';
import { NetChange } from '../effects/net-change';
import { SETTLE_CAP_MS } from '../effects/settle';
import { aimAt } from '../pointer/aim-point';
import { playDrag } from '../pointer/drag-gesture';
import type { Point } from '../pointer/drag-path';
import { eventTarget } from '../pointer/pointer';

const MAX_OFFSET_PX = 10_000;

function parseOffset(args: DragArgs): { dx: number; dy: number } | null {
  const hasOffset = args.dx !== undefined || args.dy !== undefined;
  if (hasOffset === (args.toRef !== undefined)) {
    throw new PageError('invalid_argument', 'Give either toRef (drop on that element) or dx/dy (move by pixels).');
  }
  if (!hasOffset) return null;
  const dx = args.dx ?? 0;
  const dy = args.dy ?? 0;
  const valid = (n: number) => Number.isFinite(n) && Math.abs(n) <= MAX_OFFSET_PX;
  if (!valid(dx) || !valid(dy) || (dx === 0 && dy === 0)) {
    throw new PageError('invalid_argument', 'dx and dy are CSS pixels (not both 0), at most 10000 each way.');
  }
  return { dx, dy };
}

/** The element's place on the page (not the viewport), to tell a moved source from a scrolled one. */
function pagePlace(element: Element): string {
  const r = element.getBoundingClientRect();
  const win = element.ownerDocument.defaultView;
  return [r.left + (win?.scrollX ?? 0), r.top + (win?.scrollY ?? 0), r.width, r.height].map(Math.round).join(',');
}

function currentValue(element: Element | null): string | null {
  const value = (element as HTMLInputElement | null)?.value;
  return typeof value === 'string' ? value : (element?.getAttribute('aria-valuenow') ?? null);
}

export async function drag(ctx: ActionContext, args: DragArgs): Promise<ActionResult> {
  const offset = parseOffset(args);
  const source = ctx.registry.resolve(args);
  const target =
    args.toRef === undefined ? null : ctx.registry.resolve({ ref: args.toRef, snapshotId: args.snapshotId });
  const name = describeTarget(source, args.ref);
  if (isDisabled(source)) return notPerformed(`${name} is disabled.`);
  if (target && target.ownerDocument !== source.ownerDocument) {
    return notPerformed('The target is in another frame than the source: a drag stays within one frame.');
  }
  if (target && (target === source || source.contains(target))) {
    return notPerformed('The target is the source itself or inside it: drop on another element, or use dx/dy.');
  }
  const start = await aimAt(ctx, source);
  if (start.blocked) return notPerformed(`Cannot start the drag on ${name}: ${start.blocked}`);
  let from: Point = { x: start.x, y: start.y };
  let grip = start.target;
  let to: Point;
  if (target) {
    let centre = visibleCentre(target);
    if (!centre) {
      // Bring the target in with the least scrolling, then make sure the source is still under the pointer.
      target.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      centre = visibleCentre(target);
      const again = hitTest(source, ctx.shadowRootOf);
      if (!centre || !again.receives) {
        return notPerformed(
          `${name} and ${describeTarget(target, args.toRef)} do not fit on screen together. Drag in shorter moves (dx/dy), or scroll so both are visible.`,
        );
      }
      from = { x: again.x, y: again.y };
      grip = eventTarget(source, again);
    }
    const landing = hitTest(target, ctx.shadowRootOf);
    if (!landing.receives && landing.hit && !source.contains(landing.hit)) {
      return notPerformed(
        `Another element covers the middle of ${describeTarget(target, args.toRef)}: ${describeCoverer(landing.hit, ctx.shadowRootOf)}. Close it first, or drop on another element.`,
      );
    }
    to = centre;
  } else {
    to = { x: from.x + (offset?.dx ?? 0), y: from.y + (offset?.dy ?? 0) };
    const view = source.ownerDocument.documentElement;
    if (to.x < 0 || to.y < 0 || to.x >= view.clientWidth || to.y >= view.clientHeight) {
      return notPerformed(
        `The end point (${Math.round(to.x)}, ${Math.round(to.y)}) lies outside the window (${view.clientWidth}×${view.clientHeight}): drag a shorter way.`,
      );
    }
  }
  const placeBefore = pagePlace(source);
  const valuesBefore = [currentValue(source), currentValue(target)];
  const began = performance.now();
  const watch = EffectWatch.of(ctx, source);
  const net = new NetChange(source, ctx.churn);
  try {
    const outcome = await playDrag(grip, from, to, ctx.shadowRootOf);
    await watch.settleAnimations();
    // The settle cap counts from the watch's start; the gesture and the drop animation come on top of it.
    await watch.settle({ untilFirst: true, maxMs: performance.now() - began + SETTLE_CAP_MS });
    const effects = watch.effects();
    const moved = source.isConnected && pagePlace(source) !== placeBefore;
    const valued = currentValue(source) !== valuesBefore[0] || currentValue(target) !== valuesBefore[1];
    const left = effects.includes('navigation') || effects.includes('new_window');
    if (net.changed() || moved || valued || left) return performed(true, effects);
    const where = target
      ? `onto ${describeTarget(target, args.toRef)}`
      : `by (${offset?.dx ?? 0}, ${offset?.dy ?? 0}) px`;
    if (outcome.native === 'refused') {
      return performed(
        false,
        effects,
        `Dragged ${name} ${where} with the browser's drag-and-drop, but nothing under the end point accepted the drop.`,
      );
    }
    const during = effects.includes('dom_change') ? ' The page reacted during the drag, then put everything back.' : '';
    return performed(
      false,
      effects,
      `Dragged ${name} ${where}, but the page ended as it started.${during} It may need a drag handle inside the element, or keyboard moves (focus, Space, arrow keys, Space).`,
    );
  } finally {
    net.dispose();
    watch.dispose();
  }
}
