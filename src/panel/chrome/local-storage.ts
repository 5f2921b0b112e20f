// zustand's persist storage over chrome.storage.local: survives closing the panel and restarting the browser, and is
// readable only by the extension's own pages (the panel never sends the API key anywhere else).

import type { StateStorage } from 'zustand/middleware';

export const chromeLocalStorage: StateStorage = {
  async getItem(name) {
    const stored = await chrome.storage.local.get(name);
    const value = stored[name];
    return typeof value === 'string' ? value : null;
  },
  async setItem(name, value) {
    await chrome.storage.local.set({ [name]: value });
  },
  async removeItem(name) {
    await chrome.storage.local.remove(name);
  },
};

export interface CoalescingStorage extends StateStorage {
  /** Writes what is waiting now. */
  flush(): void;
}

/**
 * Coalesces writes: the history store changes on every streamed token, and one storage write per token would cost
 * more than the model call. The latest value per key is written after `delayMs`, at once when the panel hides, and
 * whenever the owner calls `flush()` (an extension reload tears the panel down without a `pagehide`).
 */
export function coalescingStorage(storage: StateStorage, delayMs: number): CoalescingStorage {
  const waiting = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const [name, value] of waiting) void storage.setItem(name, value);
    waiting.clear();
  };
  if (typeof addEventListener === 'function') addEventListener('pagehide', flush);
  return {
    getItem: (name) => waiting.get(name) ?? storage.getItem(name),
    setItem(name, value) {
      waiting.set(name, value);
      timer ??= setTimeout(flush, delayMs);
    },
    removeItem(name) {
      waiting.delete(name);
      return storage.removeItem(name);
    },
    flush,
  };
}
