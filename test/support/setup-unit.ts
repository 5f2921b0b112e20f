// jest-chrome is written for jest: it reads the global `jest` when it is imported, so alias it to vitest first.
// It has no `scripting`, `sidePanel` or `tabGroups`, and its storage areas lack `setAccessLevel`; those get hand
// stubs, reset before each test.

import { beforeEach, vi } from 'vitest';

Object.assign(globalThis, { jest: vi });
const { chrome } = await import('jest-chrome');

function stubs() {
  return {
    scripting: { executeScript: vi.fn(async () => []) },
    sidePanel: { setPanelBehavior: vi.fn(async () => {}), open: vi.fn(async () => {}) },
    tabGroups: {
      update: vi.fn(async () => ({})),
      get: vi.fn(async () => ({})),
      query: vi.fn(async () => []),
      TAB_GROUP_ID_NONE: -1,
    },
  };
}

function stubStorage() {
  Object.assign(chrome.storage.local, { setAccessLevel: vi.fn(async () => {}) });
}

Object.assign(chrome, stubs());
stubStorage();
Object.assign(globalThis, { chrome });
// As the panel's composition root does: the stores persist through chrome.storage.local (jest-chrome's here).
// And the components reach chrome.i18n through their port (jest-chrome's, which the component tests script).
const [{ connectStorage }, { chromeLocalStorage }, { connectUiBrowser }, { chromeUiBrowser }] = await Promise.all([
  import('../../src/panel/store/storage-port'),
  import('../../src/panel/chrome/local-storage'),
  import('../../src/panel/ui/browser-port'),
  import('../../src/panel/chrome/ui-browser'),
]);
connectStorage(chromeLocalStorage);
connectUiBrowser(chromeUiBrowser);

beforeEach(() => {
  Object.assign(chrome, stubs());
  stubStorage();
});
