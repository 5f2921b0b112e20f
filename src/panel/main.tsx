// Panel entry: wires the relay, the tab-event subscription and the view, then renders.

import { render } from 'preact';
import { listenToWorker } from './chrome/panel-router';
import { PortTransport } from './chrome/port-transport';
import { chromeTabAccess } from './chrome/tab-access';
import { remotePageFactory } from './page/remote-page-factory';
import { usePageView } from './store/page-view';
import { TabEventBus } from './tabs/tab-event-bus';
import { watchPersonTab } from './tabs/watch-person-tab';
import { App } from './ui/App';
import './ui/styles.css';

const lifetime = new AbortController();
const transport = new PortTransport();
const bus = new TabEventBus();
const tabs = chromeTabAccess(bus);
const pages = remotePageFactory(transport, tabs);

transport.open();
listenToWorker(bus, () => null, lifetime.signal);

// A handle for the end-to-end tests and the bench, which drive the panel page the way its own code does.
Object.assign(globalThis, { steadyhand: { transport, bus, pages, tabs } });

render(<App />, document.getElementById('app') as HTMLElement);

void chrome.windows.getCurrent().then((win) =>
  watchPersonTab({
    bus,
    pages,
    tabs,
    windowId: win.id ?? chrome.windows.WINDOW_ID_CURRENT,
    listWindowTabs: (windowId) => chrome.tabs.query({ windowId }),
    view: usePageView.getState(),
    signal: lifetime.signal,
  }),
);
