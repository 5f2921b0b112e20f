// Timers as an injectable dependency, so the waits and the mask lease are unit-tested without real time passing.

export interface Timers {
  /** Runs `fn` once after `ms`; the returned function cancels it (calling it twice is harmless). */
  after(ms: number, fn: () => void): () => void;
  /** Runs `fn` every `ms` until the returned function is called. */
  every(ms: number, fn: () => void): () => void;
  /** Milliseconds on a monotonic clock. */
  now(): number;
}

export const systemTimers: Timers = {
  after(ms, fn) {
    const handle = setTimeout(fn, ms);
    return () => clearTimeout(handle);
  },
  every(ms, fn) {
    const handle = setInterval(fn, ms);
    return () => clearInterval(handle);
  },
  now: () => performance.now(),
};
