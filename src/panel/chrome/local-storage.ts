// zustand's persist storage over chrome.storage.local: survives closing the panel and restarting the browser, and is
// readable only by the extension's own pages (the panel never sends the API key anywhere else). The composition root
// connects it to the stores (src/panel/store/storage-port.ts).

import type { PanelStorage } from '../store/storage-port';

export const chromeLocalStorage: PanelStorage = {
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
  async getMany(prefix) {
    // chrome.storage.local has no prefix query: every key is read, and those outside the prefix are dropped.
    const stored = await chrome.storage.local.get(null);
    const found: Record<string, string> = {};
    for (const [key, value] of Object.entries(stored ?? {})) {
      if (key.startsWith(prefix) && typeof value === 'string') found[key] = value;
    }
    return found;
  },
  async setMany(items, removed) {
    // One set is one change for the pages watching. The removals follow it: the keys removed are those the new index
    // no longer names, so a reader between the two misses nothing.
    if (Object.keys(items).length > 0) await chrome.storage.local.set(items);
    if (removed.length > 0) await chrome.storage.local.remove(removed);
  },
};

/** Keeps chrome.storage.local (the key, the history) from content scripts; the worker does the same at its start. */
export function keepStorageFromContentScripts(): Promise<void> {
  return chrome.storage.local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
}

/**
 * Calls `onChange` with the new stored string whenever another extension page (a second window's panel, the panel
 * opened as a tab) changes `name` in chrome.storage.local. Chrome reports only real changes, so a store that writes
 * back what it has just read does not start a loop. Returns the function that stops watching.
 */
export function watchStoredKey(name: string, onChange: (value: string | null) => void): () => void {
  const listener = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
    if (area !== 'local' || !(name in changes)) return;
    const value = changes[name]?.newValue;
    onChange(typeof value === 'string' ? value : null);
  };
  chrome.storage.onChanged.addListener(listener);
  return () => chrome.storage.onChanged.removeListener(listener);
}

/**
 * Calls `onChange` with every key the change of another extension page set or removed among the keys `belongs` takes
 * (their new strings; null for a removed key), once per change: the history's index and task keys come together.
 */
export function watchStoredKeys(
  belongs: (key: string) => boolean,
  onChange: (changes: Record<string, string | null>) => void,
): () => void {
  const listener = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
    if (area !== 'local') return;
    const mine: Record<string, string | null> = {};
    let any = false;
    for (const [key, change] of Object.entries(changes)) {
      if (!belongs(key)) continue;
      mine[key] = typeof change.newValue === 'string' ? change.newValue : null;
      any = true;
    }
    if (any) onChange(mine);
  };
  chrome.storage.onChanged.addListener(listener);
  return () => chrome.storage.onChanged.removeListener(listener);
}
