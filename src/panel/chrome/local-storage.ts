// zustand's persist storage over chrome.storage.local: survives closing the panel and restarting the browser, and is
// readable only by the extension's own pages (the panel never sends the API key anywhere else). The composition root
// connects it to the stores (src/panel/store/storage-port.ts).

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
