// The panel's locks over the Web Locks API (https://developer.mozilla.org/en-US/docs/Web/API/Web_Locks_API): every
// page of the extension's origin (each window's side panel, a panel opened as a tab) sees the same locks, and the
// browser releases the ones a page holds when that page goes away, so a closed or crashed panel never keeps a tab.

import type { Lease, Locks } from '../tabs/ownership/tab-locks';

/** The part of `navigator.locks` the panel uses (a fake in unit tests). */
export type LockRequester = Pick<LockManager, 'request' | 'query'>;

/** The names of the locks held now by any page of the extension (https://developer.mozilla.org/en-US/docs/Web/API/LockManager/query). */
export async function heldLockNames(manager: Pick<LockManager, 'query'> = navigator.locks): Promise<string[]> {
  const { held = [] } = await manager.query();
  return held.flatMap((lock) => (lock.name ? [lock.name] : []));
}

export function webLocks(manager: LockRequester = navigator.locks): Locks {
  return {
    tryTake(name) {
      return new Promise<Lease | null>((resolve, reject) => {
        let release: () => void = () => {};
        const held = new Promise<void>((done) => {
          release = done;
        });
        // ifAvailable: the callback gets null at once when another page holds the lock
        // (https://developer.mozilla.org/en-US/docs/Web/API/LockManager/request#ifavailable).
        manager
          .request(name, { ifAvailable: true }, (lock) => {
            if (!lock) {
              resolve(null);
              return undefined;
            }
            resolve({ release: () => release() });
            return held; // the lock is held until this promise settles
          })
          .catch(reject);
      });
    },
    exclusive(name, work) {
      return manager.request(name, () => work());
    },
    held: () => heldLockNames(manager),
  };
}

/**
 * Holds the lock `name` while `work` runs, waiting for it as long as another page holds it; gives up waiting when
 * `signal` aborts (https://developer.mozilla.org/en-US/docs/Web/API/LockManager/request#signal). The bridge's one
 * connection across every panel (decision 0030).
 */
export function holdWebLock(manager: LockRequester = navigator.locks) {
  return async (name: string, signal: AbortSignal, work: () => Promise<void>): Promise<void> => {
    if (signal.aborted) return;
    try {
      await manager.request(name, { signal }, () => work());
    } catch (error) {
      if (signal.aborted) return; // given up while waiting: an AbortError
      throw error;
    }
  };
}
