// Panel entry: makes every adapter over chrome.* (src/panel/chrome/) and the model client, hands them to the
// composition root (wiring/create-panel.ts), publishes the handle, and renders. It touches no chrome.* itself
// (biome.json: noRestrictedGlobals).

import { render } from 'preact';
import { createAnthropicModel } from './agent';
import { chromeBadge } from './chrome/badge';
import { dialWebSocket } from './chrome/bridge-socket';
import { captureAgentTab } from './chrome/capture';
import { chromeTabsAdapter } from './chrome/chrome-tabs-adapter';
import {
  chromeLocalStorage,
  keepStorageFromContentScripts,
  watchStoredKey,
  watchStoredKeys,
} from './chrome/local-storage';
import { chromeNetRules, clearStaleRules } from './chrome/net-rules';
import { listenToWorker } from './chrome/panel-router';
import { listWindowTabs, panelWindowId } from './chrome/panel-window';
import { chromePersonTabs } from './chrome/person-tabs';
import { PortTransport } from './chrome/port-transport';
import { watchRequestTabs } from './chrome/request-tabs';
import { chromeInjectApi, chromeTabAccess } from './chrome/tab-access';
import { createTaskFiles } from './chrome/task-files';
import { chromeUiBrowser } from './chrome/ui-browser';
import { heldLockNames, holdWebLock, webLocks } from './chrome/web-locks';
import { createDelegation } from './delegation';
import { createSessions } from './delegation/sessions';
import { takePrefilledTask } from './prefill';
import { followSavedBridge } from './store/bridge';
import { connectLiveTasks, followStoredHistory, taskLockName } from './store/history';
import { followSavedTasks } from './store/saved-tasks';
import { followSavedSettings, useSettings } from './store/settings';
import { connectStorage } from './store/storage-port';
import { useUi } from './store/ui';
import { App } from './ui/app';
import { connectUiBrowser, keepMessages } from './ui/browser-port';
import { t } from './ui/i18n';
import { paceRenders } from './ui/render-pace';
import { createPanel } from './wiring/create-panel';
import { followDemoShop } from './wiring/demo-example';
import './ui/styles.css';
import './ui/thread/thread.css';
import './ui/threads/threads.css';

connectStorage(chromeLocalStorage);
connectUiBrowser(keepMessages(chromeUiBrowser));
followSavedSettings(watchStoredKey);
followSavedTasks(watchStoredKey);
followSavedBridge(watchStoredKey);
followDemoShop(chromeLocalStorage, watchStoredKey);
// Several windows' panels share the history: each follows the others' tasks, and tells a task another live panel runs
// (it holds the task's lock) from one whose panel died.
followStoredHistory(watchStoredKeys);
connectLiveTasks(async () => {
  const prefix = taskLockName('');
  const names = await heldLockNames();
  return new Set(names.filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length)));
});

// Keep chrome.storage.local (the key, the history) from content scripts at every panel start, as the worker does.
await keepStorageFromContentScripts().catch((error: unknown) => {
  console.warn('[steadyhand] could not keep storage from content scripts:', error);
});

const windowId = await panelWindowId();
const lifetime = new AbortController();
const panel = createPanel(
  {
    windowId,
    transport: new PortTransport(),
    tabAccess: (bus, mayScript) => chromeTabAccess(bus, chromeInjectApi(), { mayScript }),
    listenToWorker,
    listWindowTabs,
    tabsAdapter: chromeTabsAdapter(),
    personTabs: chromePersonTabs,
    model: createAnthropicModel,
    netRules: chromeNetRules,
    clearStaleNetRules: clearStaleRules,
    taskFiles: createTaskFiles,
    capture: captureAgentTab,
    locks: webLocks(),
    watchRequestTabs,
    badge: chromeBadge(),
    bridge: { dial: dialWebSocket, holdLock: holdWebLock() },
  },
  lifetime.signal,
  // Other agents' calls over MCP (issue 29): the task tools over the panel's tasks.
  (host) =>
    createDelegation({
      host,
      settings: () => useSettings.getState().settings,
      sessions: createSessions({ host, label: (name) => t('sessionThreadTitle', name) }),
    }),
);

// The agent lives in this page: when it goes away, so do its tasks (recorded as interrupted: TaskHost stops them all
// when its signal aborts).
addEventListener('pagehide', () => lifetime.abort());

// The handle for the end-to-end tests, the bench and `npm start`, which drive the panel's own objects.
Object.assign(globalThis, { steadyhand: panel });

// The page's language follows the UI's, so a screen reader reads Chinese with a Chinese voice (WCAG 3.1.1).
document.documentElement.lang = t('htmlLang');
paceRenders(globalThis);
render(<App commands={panel.commands} />, document.getElementById('app') as HTMLElement);
void takePrefilledTask(chromeLocalStorage, (text) => useUi.getState().setDraft(text));
