// A covering element on its way out. A dropdown or menu that was just closed still covers what lay under it for the
// length of its leave animation (antd's slide-up-leave keyframes, MUI's Grow and its backdrop's Fade, Mantine's
// Transition: CSS animations and transitions, all in document.getAnimations()), and a person who clicks a moment
// later lands on the control under it. So an aim that something covers asks whether that coverer, or the overlay it
// belongs to, is animating to hidden (opacity 0, visibility hidden, scaled to nothing); if so it waits for the
// animations and the page's removal of the overlay (bounded, event-driven) and aims again. A coverer that stays (a
// modal, a banner, a menu still open or opening) is refused as before (docs/contracts.md PT-C1).

import type { ActionResult } from '../../../shared/page-types';
import { composedContains, composedParent } from '../../snapshot/dom/dom';
import { notPerformed } from '../context';
import { finite } from '../effects/animations';
import { OBSERVE_ALL, rootsOf } from '../effects/settle';
import { isHidden, wakeAfter } from '../effects/wake';

/** How long an aim waits for a leaving coverer to go: longer than the leave animations of the libraries above. */
export const LEAVING_CAP_MS = 600;

const NOTHING_SCALE = /scale(?:3d|X|Y)?\(\s*0(?:\.0*)?\s*[,)]/;

/** The value each property has at the end of the effect: the last keyframe that sets it, in playing order. */
function endValues(animation: Animation): Record<string, string> {
  const effect = animation.effect as KeyframeEffect | null;
  if (!effect || typeof effect.getKeyframes !== 'function') return {};
  const frames = effect.getKeyframes();
  const timing = effect.getComputedTiming();
  const iterations = timing.iterations ?? 1;
  const direction = timing.direction ?? 'normal';
  // Which way the last iteration plays: reverse, or alternate ending on an even iteration, or a negative rate.
  const lastOdd = Math.ceil(iterations) % 2 === 0;
  let backwards = direction === 'reverse' || (direction === 'alternate' && lastOdd);
  if (direction === 'alternate-reverse') backwards = !lastOdd;
  if (animation.playbackRate < 0) backwards = !backwards;
  const ordered = backwards ? [...frames].reverse() : frames;
  const end: Record<string, string> = {};
  for (const frame of ordered) {
    for (const [name, value] of Object.entries(frame)) {
      if (typeof value === 'string' && name !== 'easing' && name !== 'composite') end[name] = value;
    }
  }
  return end;
}

/** The animation ends with its target hidden: opacity 0, visibility hidden, or a transform that scales it to 0. */
export function endsHidden(animation: Animation): boolean {
  const end = endValues(animation);
  const opacity = end.opacity === undefined ? Number.NaN : Number.parseFloat(end.opacity);
  if (opacity <= 0.01) return true;
  if (end.visibility === 'hidden' || end.visibility === 'collapse') return true;
  return end.transform !== undefined && NOTHING_SCALE.test(end.transform);
}

/**
 * The overlay the coverer belongs to: its outermost fixed or absolutely positioned ancestor (a dropdown, a modal's
 * root, a popover). A closing menu fades its paper while an invisible backdrop beside it (MUI) is what the pointer
 * hits, so the whole overlay is asked, not only the hit's own ancestors.
 */
function overlayOf(hit: Element): Element {
  let overlay = hit;
  const body = hit.ownerDocument.body;
  for (let node: Element | null = hit; node && node !== body; node = composedParent(node)) {
    const position = node.ownerDocument.defaultView?.getComputedStyle(node).position;
    if (position === 'fixed' || position === 'absolute') overlay = node;
  }
  return overlay;
}

/** The running animations that take the coverer (or its overlay) to hidden; empty when it is staying. */
export function leavingAnimations(hit: Element): Animation[] {
  const doc = hit.ownerDocument;
  const overlay = overlayOf(hit);
  return (doc.getAnimations?.() ?? []).filter((animation) => {
    if (animation.playState !== 'running' || !finite(animation)) return false;
    const target = (animation.effect as KeyframeEffect | null)?.target;
    if (!target) return false;
    const around = composedContains(target, hit) || composedContains(overlay, target);
    return around && endsHidden(animation);
  });
}

/**
 * Resolves at the next thing that may uncover the point: a mutation of the page (the overlay removed or hidden), the
 * leaving animations all ended, or `ms`. Keeps its time in a hidden tab (wake.ts).
 */
function nextChange(anchor: Element, animations: Animation[], ms: number): Promise<void> {
  const doc = anchor.ownerDocument;
  return new Promise((resolve) => {
    let done = false;
    const observer = new MutationObserver(() => finish());
    for (const root of rootsOf(anchor)) observer.observe(root, OBSERVE_ALL);
    const cancel = wakeAfter(doc, ms, finish);
    if (animations.length > 0) void Promise.allSettled(animations.map((a) => a.finished)).then(finish);
    function finish(): void {
      if (done) return;
      done = true;
      observer.disconnect();
      cancel();
      resolve();
    }
  });
}

/**
 * Aims with `attempt` until nothing leaving covers the target: while the coverer `attempt` reports is on its way out,
 * waits for it (up to LEAVING_CAP_MS) and aims again. Returns the last attempt: still blocked when the coverer
 * stayed. In a hidden tab the leave animation cannot run (https://developer.chrome.com/blog/background_tabs), so it
 * does not wait: the attempt comes back blocked with `held`, for the action to say so (heldReason).
 */
export async function aimPastLeaving<T extends { blocked?: string; coverer?: Element; held?: boolean }>(
  anchor: Element,
  attempt: () => T,
): Promise<T> {
  let aimed = attempt();
  if (!aimed.blocked || !aimed.coverer) return aimed;
  let animations = leavingAnimations(aimed.coverer);
  if (animations.length === 0) return aimed;
  if (isHidden(anchor.ownerDocument)) return { ...aimed, held: true };
  const deadline = performance.now() + LEAVING_CAP_MS;
  for (;;) {
    const left = deadline - performance.now();
    if (left <= 0) return aimed;
    await nextChange(anchor, animations, left);
    aimed = attempt();
    if (!aimed.blocked || !aimed.coverer) return aimed;
    // Still covered: by the same overlay after its animations (the page removes it next), or by another on its way.
    animations = leavingAnimations(aimed.coverer);
  }
}

/** The refusal of an aim whose coverer is leaving but held by a hidden tab: the panel tells the person to look. */
export function heldRefusal(blocked: string): ActionResult {
  return {
    ...notPerformed(
      `${blocked.replace(/ Close or dismiss it first, or pick another element\.$/, '')} It is closing, but its animation cannot finish while the tab is in the background.`,
    ),
    hidden: 'animation',
  };
}
