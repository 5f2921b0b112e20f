// Panel entry: connects the adapters over chrome.* to the composition root (wiring/create-panel.ts), publishes the
// handle, and renders.

import { render } from 'preact';
import { chromeLocalStorage, watchStoredKey } from './chrome/local-storage';
import { listenToWorker } from './chrome/panel-router';
import { PortTransport } from './chrome/port-transport';
import { watchRequestTabs } from './chrome/request-tabs';
import { chromeInjectApi, chromeTabAccess } from './chrome/tab-access';
import { heldLockNames, webLocks } from './chrome/web-locks';
import { takePrefilledTask } from './prefill';
import { connectLiveTasks, followStoredHistory, taskLockName } from './store/history';
import { followSavedSettings } from './store/settings';
import { connectStorage } from './store/storage-port';
import { useUi } from './store/ui';
import { App } from './ui/App';
import { t } from './ui/i18n';
import { createPanel } from './wiring/create-panel';
import { followDemoShop } from './wiring/demo-example';
import './ui/styles.css';
import './ui/thread.css';

connectStorage(chromeLocalStorage);
followSavedSettings(watchStoredKey);
followDemoShop(chromeLocalStorage, watchStoredKey);
// Several windows' panels share the history: each follows the others' tasks, and tells a task another live panel runs
// (it holds the task's lock) from one whose panel died.
followStoredHistory(watchStoredKey);
connectLiveTasks(async () => {
  const prefix = taskLockName('');
  const names = await heldLockNames();
  return new Set(names.filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length)));
});

// Keep chrome.storage.local (the key, the history) from content scripts at every panel start, as the worker does.
await chrome.storage.local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' }).catch((error: unknown) => {
  console.warn('[steadyhand] could not keep storage from content scripts:', error);
});

const win = await chrome.windows.getCurrent();
const lifetime = new AbortController();
const panel = createPanel(
  {
    windowId: win.id ?? chrome.windows.WINDOW_ID_CURRENT,
    transport: new PortTransport(),
    tabAccess: (bus, mayScript) => chromeTabAccess(bus, chromeInjectApi(), { mayScript }),
    listenToWorker,
    listWindowTabs: (windowId) => chrome.tabs.query({ windowId }),
    locks: webLocks(),
    watchRequestTabs,
  },
  lifetime.signal,
);

// The agent lives in this page: when it goes away, so does the task (recorded as interrupted).
addEventListener('pagehide', () => {
  panel.controller.interrupt();
  lifetime.abort();
});

// The handle for the end-to-end tests, the bench and `npm start`, which drive the panel's own objects.
Object.assign(globalThis, { steadyhand: panel });

// The page's language follows the UI's, so a screen reader reads Chinese with a Chinese voice (WCAG 3.1.1).
document.documentElement.lang = t('htmlLang');
render(<App commands={panel.commands} />, document.getElementById('app') as HTMLElement);
void takePrefilledTask((text) => useUi.getState().setDraft(text));
