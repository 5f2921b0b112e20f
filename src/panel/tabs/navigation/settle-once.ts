// The frame every wait on forwarded tab events shares (the commit wait, the document-ready wait, the navigation
// wait): it ends exactly once, on its own verdict, on its timeout or on the caller's abort, and however it ends, its
// bus subscription, its timer, its abort handler and whatever else is tied to its scope go with it.

import type { Timers } from '../../agent';

export interface SettleOnceOptions<T> {
  timers: Timers;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The outcome when time is up: a value resolves the wait, an Error rejects it. */
  timedOut(): T | Error;
  /** The outcome when the caller aborts (also at once, when the signal is already aborted). */
  aborted(): T | Error;
}

/** A wait's end: a value resolves it, an Error rejects it; only the first call counts. */
export type EndWait<T> = (outcome: T | Error) => void;

/**
 * Starts a wait: `start` gets `end` and a `scope` signal that aborts as the wait ends (subscribe to the bus with it,
 * tie any other timer to it). The timer and the abort handler are in place before `start` runs.
 */
export function settleOnce<T>(
  options: SettleOnceOptions<T>,
  start: (end: EndWait<T>, scope: AbortSignal) => void,
): Promise<T> {
  const { signal } = options;
  if (signal?.aborted) return settled(options.aborted());
  return new Promise<T>((resolve, reject) => {
    const scope = new AbortController();
    let cancelTimer = () => {};
    const end: EndWait<T> = (outcome) => {
      if (scope.signal.aborted) return;
      scope.abort();
      cancelTimer();
      signal?.removeEventListener('abort', onAbort);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const onAbort = () => end(options.aborted());
    signal?.addEventListener('abort', onAbort, { once: true });
    cancelTimer = options.timers.after(options.timeoutMs, () => end(options.timedOut()));
    start(end, scope.signal);
  });
}

function settled<T>(outcome: T | Error): Promise<T> {
  return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
}
