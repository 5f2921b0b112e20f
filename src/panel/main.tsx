// Panel entry: wires the relay, the tab-event subscription, the tab machinery, the agent and the view, then renders.

import { render } from 'preact';
import { chromeLocalStorage } from './chrome/local-storage';
import { listenToWorker } from './chrome/panel-router';
import { PortTransport } from './chrome/port-transport';
import { chromeTabAccess } from './chrome/tab-access';
import type { PanelHandle } from './handle';
import { remotePageFactory } from './page/remote-page-factory';
import { takePrefilledTask } from './prefill';
import { usePageView } from './store/page-view';
import { useSettings } from './store/settings';
import { connectStorage } from './store/storage-port';
import { useUi } from './store/ui';
import { TabEventBus } from './tabs/tab-event-bus';
import { watchPersonTab } from './tabs/watch-person-tab';
import { App } from './ui/App';
import { createAgent } from './wiring/agent';
import { panelCommands } from './wiring/commands';
import { createTabsKit } from './wiring/tabs-kit';
import './ui/styles.css';

connectStorage(chromeLocalStorage);

// Keep chrome.storage.local (the key, the history) from content scripts at every panel start, as the worker does.
await chrome.storage.local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' }).catch((error: unknown) => {
  console.warn('[steadyhand] could not keep storage from content scripts:', error);
});

const win = await chrome.windows.getCurrent();
const windowId = win.id ?? chrome.windows.WINDOW_ID_CURRENT;
const lifetime = new AbortController();
const transport = new PortTransport();
const bus = new TabEventBus();
const tabs = chromeTabAccess(bus);
const pages = remotePageFactory(transport, tabs);
// Created before anything waits on navigation, so the document tracker hears every page announcement.
const kit = createTabsKit({ bus, pages, tabs, windowId, signal: lifetime.signal });

transport.open();
listenToWorker(bus, (tabId) => kit.mask.queriesFor(tabId), lifetime.signal);

const personTabId = () => Promise.resolve(usePageView.getState().tabId);

const { controller, manager } = createAgent({
  bus,
  kit,
  ownOrigin: tabs.ownOrigin,
  personTabId,
  signal: lifetime.signal,
});
const commands = panelCommands(controller, manager);

// The agent lives in this page: when it goes away, so does the task (recorded as interrupted).
addEventListener('pagehide', () => {
  controller.interrupt();
  lifetime.abort();
});

// A handle for the end-to-end tests, the bench and `npm start`, which drive the panel's own objects.
const handle: PanelHandle = {
  transport,
  bus,
  pages,
  tabs,
  ...kit,
  controller,
  commands,
  manager,
  settings: useSettings,
  ui: useUi,
};
Object.assign(globalThis, { steadyhand: handle });

render(<App commands={commands} />, document.getElementById('app') as HTMLElement);
void takePrefilledTask((text) => useUi.getState().setDraft(text));

void watchPersonTab({
  bus,
  tabs,
  windowId,
  listWindowTabs: (id) => chrome.tabs.query({ windowId: id }),
  view: usePageView.getState(),
  signal: lifetime.signal,
});
