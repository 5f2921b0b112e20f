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
