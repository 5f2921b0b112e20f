// One AbortSignal runs from Stop through the model call, the tools and every wait. These helpers make calls that
// take no signal (tabs.getTab, a person's answer) give way to it, and tell an abort apart from a real failure.

import { isSteadyhandError } from '../../../shared/errors';
import { abortedError } from '../../../shared/rpc';

/** Settles with `promise`, or rejects with `aborted` first if `signal` aborts. The listener is always removed. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal, what = 'The call'): Promise<T> {
  if (signal.aborted) return Promise.reject(abortedError(what));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(what));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Whether a failure means "the run was stopped". Given the run's signal, only that signal decides: an `aborted` error
 * from anything else (another component's own timeout or signal) is an ordinary failure, reported as such.
 */
export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  if (signal) return signal.aborted;
  if (isSteadyhandError(error, 'aborted')) return true;
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'APIUserAbortError');
}
