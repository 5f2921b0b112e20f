// A stand-in for `navigator.locks` (exclusive locks only) with the semantics the panel relies on: one holder per
// name, `ifAvailable` answered at once with null when held, waiters served in order, a lock held until the
// callback's promise settles (https://w3c.github.io/web-locks/). Two "panels" in a unit test share one instance, as
// two pages of the extension share the browser's lock manager.

import type { LockRequester } from '../../src/panel/chrome/web-locks';

type Callback = (lock: Lock | null) => unknown;

export class FakeLockManager implements LockRequester {
  private readonly held = new Set<string>();
  private readonly waiting = new Map<string, (() => void)[]>();

  /** The names held now (what `navigator.locks.query()` would list). */
  get heldNames(): string[] {
    return [...this.held].sort();
  }

  async query(): Promise<LockManagerSnapshot> {
    return { held: this.heldNames.map((name) => ({ name, mode: 'exclusive' as const })), pending: [] };
  }

  request(name: string, callback: Callback): Promise<unknown>;
  request(name: string, options: LockOptions, callback: Callback): Promise<unknown>;
  async request(name: string, second: LockOptions | Callback, third?: Callback): Promise<unknown> {
    const options = typeof second === 'function' ? {} : second;
    const callback = (typeof second === 'function' ? second : third) as Callback;
    if (this.held.has(name)) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((resolve, reject) => {
        const queue = this.waiting.get(name) ?? [];
        queue.push(resolve);
        this.waiting.set(name, queue);
        // `signal` gives up the wait with an AbortError, as the browser does.
        options.signal?.addEventListener(
          'abort',
          () => {
            const left = this.waiting.get(name) ?? [];
            if (!left.includes(resolve)) return;
            left.splice(left.indexOf(resolve), 1);
            reject(new DOMException('The request was aborted.', 'AbortError'));
          },
          { once: true },
        );
      });
    }
    this.held.add(name);
    try {
      return await callback({ name, mode: 'exclusive' } as Lock);
    } finally {
      this.held.delete(name);
      this.waiting.get(name)?.shift()?.();
    }
  }
}
