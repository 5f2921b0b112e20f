// Waiting for what a gesture set in motion. Drag libraries animate the drop before they report it
// (@hello-pangea/dnd moves the item to its slot with a CSS transition and reorders on transitionend), and menus
// fade in; a verdict taken mid-animation would read the animation's styles as the result. So an action waits for
// the finite animations it set off (Web Animations: CSS transitions and animations are in document.getAnimations()),
// then for a quiet window from then on, so the page's answer to transitionend is seen. Animations already running
// when the action began (a spinner, a marquee) are not its doing and are not waited for; infinite ones never end.

import { QUIET_MS, quietWindow, rootsOf } from './settle';
import { isHidden, wakeAfter } from './wake';

const ANIMATION_CAP_MS = 1_000;

export function finite(animation: Animation): boolean {
  const end = animation.effect?.getComputedTiming().endTime;
  return typeof end === 'number' && Number.isFinite(end);
}

/** The animations of `doc` now: taken before an action, so the wait after it leaves them out. */
export function animationsNow(doc: Document): ReadonlySet<Animation> {
  return new Set(doc.getAnimations?.() ?? []);
}

/**
 * Resolves when the running finite animations not in `before` finished (or the cap passed) and the DOM was quiet
 * after them; at once when there are none. In a hidden tab animations do not run at all (no frames: they neither
 * finish nor fire transitionend, https://developer.chrome.com/blog/background_tabs), so there it does not wait for
 * them and answers `stalled`: what the page does at their end has not happened.
 */
export async function afterAnimations(target: Element, before?: ReadonlySet<Animation>): Promise<{ stalled: boolean }> {
  const doc = target.ownerDocument;
  const running = (doc.getAnimations?.() ?? []).filter(
    (a) => a.playState === 'running' && finite(a) && !before?.has(a),
  );
  if (running.length === 0) return { stalled: false };
  if (isHidden(doc)) return { stalled: true };
  let cancel = () => {};
  const cap = new Promise<void>((resolve) => {
    cancel = wakeAfter(doc, ANIMATION_CAP_MS, resolve);
  });
  await Promise.race([Promise.allSettled(running.map((a) => a.finished)), cap]);
  cancel();
  await quietWindow(rootsOf(target), { quietMs: QUIET_MS, maxMs: ANIMATION_CAP_MS });
  return { stalled: false };
}
