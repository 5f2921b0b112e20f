// Time as the panel's code takes it, injected everywhere so tests control it and never wait (docs/architecture.md,
// The agent core). Two readings on purpose: the wall clock says when something happened (event times, the history,
// the trace), and the timers schedule waits and measure them on a monotonic clock, which a change of the system time
// cannot move.

import { abortedError } from '../../../shared/rpc';

/** The wall clock: milliseconds since the epoch (Date.now). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Waits `ms`, or rejects with an `aborted` error as soon as `signal` aborts. Injected so tests never wait. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortedError('The wait'));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError('The wait'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export interface Timers {
  /** Runs `fn` once after `ms`; the returned function cancels it (calling it twice is harmless). */
  after(ms: number, fn: () => void): () => void;
  /** Runs `fn` every `ms` until the returned function is called. */
  every(ms: number, fn: () => void): () => void;
  /** Milliseconds on a monotonic clock (performance.now): deadlines and durations of waits. */
  monotonic(): number;
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
  monotonic: () => performance.now(),
};
