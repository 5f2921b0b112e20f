// Questions the agent puts to the person (ask_user, site permissions): each waits for its reply by id, Stop ends the
// wait, and the time it took is person time, not harness time.

import { abortedError } from '../../../shared/rpc';
import type { Clock } from '../core/time';

export class PersonReplies<T> {
  readonly #waiting = new Map<string, (reply: T) => void>();

  constructor(private readonly clock: Clock) {}

  /** Announces the question and waits for `reply(id, …)`; `waited` gets the time it took, answered or not. */
  async wait(id: string, announce: () => void, signal: AbortSignal, waited: (ms: number) => void): Promise<T> {
    const t0 = this.clock.now();
    try {
      return await new Promise<T>((resolve, reject) => {
        const onAbort = () => {
          this.#waiting.delete(id);
          reject(abortedError('The question to the person'));
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        this.#waiting.set(id, (reply) => {
          signal.removeEventListener('abort', onAbort);
          this.#waiting.delete(id);
          resolve(reply);
        });
        announce();
      });
    } finally {
      waited(this.clock.now() - t0);
    }
  }

  /** Hands `value` to the question `id`; false when no such question is waiting. */
  reply(id: string, value: T): boolean {
    const resolve = this.#waiting.get(id);
    resolve?.(value);
    return resolve !== undefined;
  }
}
