// How often the panel draws. Preact queues a component's re-render on a microtask by default
// (https://preactjs.com/guide/v10/api-reference/#options: `debounceRendering`), so every message the panel receives
// that changes a store draws the panel again: with several tasks running, one per relay reply and per model event,
// far more often than a screen shows (`npm run bench`, parallel: the panel's thread busy half the time at six tasks).
// Those draws are coalesced to one per frame, and, when the panel is hidden (no frames come), to one per
// `HIDDEN_DRAW_MS`; and draws for changes that keep coming are kept `MIN_DRAW_GAP_MS` apart (decision 0032, addendum):
// the panel's one thread also carries every task's relay replies and model events, and ten draws a second still show
// a stream as it comes. What the person does is drawn at once: after each event a handler of the panel's
// took, the draw waiting runs before the next event, so a key pressed right after a character was typed acts on the
// text with it.

import { options } from 'preact';

/** At the latest this long after a change, the panel draws even without a frame (a hidden page has none). */
export const HIDDEN_DRAW_MS = 50;
/** Draws for changes that keep coming are at least this far apart. */
export const MIN_DRAW_GAP_MS = 100;

export interface FrameClock {
  requestAnimationFrame(callback: () => void): number;
  cancelAnimationFrame(handle: number): void;
  setTimeout(callback: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimeout(handle: ReturnType<typeof setTimeout>): void;
  performance: { now(): number };
}

/**
 * Runs `draw` once, at the next frame or after HIDDEN_DRAW_MS, whichever comes first; the function returned runs it
 * now instead (and never twice).
 */
export function nextDraw(clock: FrameClock, draw: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clock.cancelAnimationFrame(frame);
    clock.clearTimeout(timer);
    draw();
  };
  const frame = clock.requestAnimationFrame(run);
  const timer = clock.setTimeout(run, HIDDEN_DRAW_MS);
  return run;
}

/** Runs `draw` once, after `ms`; the function returned runs it now instead (and never twice). */
function drawAfter(clock: FrameClock, ms: number, draw: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clock.clearTimeout(timer);
    draw();
  };
  const timer = clock.setTimeout(run, ms);
  return run;
}

/**
 * Makes Preact draw at the pace of `clock` (the page's window in the panel): at the next frame, or MIN_DRAW_GAP_MS
 * after the last draw when that is later; and at once after the person's input.
 */
export function paceRenders(clock: FrameClock): void {
  let waiting: (() => void) | null = null;
  let lastDraw = Number.NEGATIVE_INFINITY;
  options.debounceRendering = (flush) => {
    const draw = () => {
      if (waiting === run) waiting = null;
      lastDraw = clock.performance.now();
      flush();
    };
    const gap = lastDraw + MIN_DRAW_GAP_MS - clock.performance.now();
    const run = gap > 0 ? drawAfter(clock, gap, draw) : nextDraw(clock, draw);
    waiting = run;
  };
  // Preact hands each event to `options.event` before the component's handler; the microtask runs once the handler
  // returned, with whatever it changed.
  const before = options.event;
  options.event = (event) => {
    queueMicrotask(() => waiting?.());
    return before ? before(event) : event;
  };
}
