// The panel's one composition root. Given the adapters over chrome.* and the panel's window, it builds the page
// proxies, the tab machinery (tabs-kit.ts), the agent (agent.ts), the commands (commands.ts) and the watch on the
// person's tab, and returns the handle that the UI, the e2e tests, the bench and `npm start` all drive. main.tsx
// makes the adapters, calls this, and renders.

import type { PanelQueries } from '../../shared/protocol';
import type { PortTransport } from '../chrome/port-transport';
import type { TabAccess } from '../page/remote-page';
import { remotePageFactory } from '../page/remote-page-factory';
import { usePageView } from '../store/page-view';
import { useSettings } from '../store/settings';
import { useUi } from '../store/ui';
import type { Locks } from '../tabs/ownership/tab-locks';
import type { TabLike } from '../tabs/person-tab';
import { TabEventBus } from '../tabs/tab-event-bus';
import { watchPersonTab } from '../tabs/watch-person-tab';
import { createAgent } from './agent';
import { panelCommands } from './commands';
import type { PanelHandle } from './handle';
import { createTabsKit } from './tabs-kit';

/** The panel's adapters over chrome.* (src/panel/chrome/), as the composition root receives them. */
export interface PanelAdapters {
  /** The panel's window: where the person's tab is looked for, and where a task with no tab opens one. */
  windowId: number;
  /** The relay to the pages, opened here once everything listens. */
  transport: PortTransport;
  /** `mayScript`: whether the running task lets the extension script a document at that URL (tab-access.ts). */
  tabAccess(bus: TabEventBus, mayScript: (url: string) => boolean): TabAccess;
  /** Delivers the worker's tab events to `bus` and the content scripts' queries to `queries`, until `signal`. */
  listenToWorker(bus: TabEventBus, queries: (tabId: number) => PanelQueries | null, signal: AbortSignal): void;
  listWindowTabs(windowId: number): Promise<TabLike[]>;
  /** The locks every page of the extension shares (chrome/web-locks.ts): one owner per tab across panels. */
  locks: Locks;
  /** Starts watching which tab requests what (chrome/request-tabs.ts): a download goes to the task whose tab asked. */
  watchRequestTabs(signal: AbortSignal): (url: string) => readonly number[];
}

/** Builds the panel; it lives until `signal` aborts (the panel page goes away). */
export function createPanel(adapters: PanelAdapters, signal: AbortSignal): PanelHandle {
  const { transport, windowId } = adapters;
  const bus = new TabEventBus();
  // The content script goes only where the running task's site gate allows (issue 24): the controller is made below,
  // after the tab machinery that injects, so the check reads it when an injection happens.
  let agent: { mayRunOn(url: string): boolean } | null = null;
  const tabs = adapters.tabAccess(bus, (url) => agent?.mayRunOn(url) ?? true);
  const pages = remotePageFactory(transport, tabs);
  // Created before anything waits on navigation, so the document tracker hears every page announcement.
  const kit = createTabsKit({ bus, pages, tabs, windowId, locks: adapters.locks, signal });

  transport.open();
  adapters.listenToWorker(bus, (tabId) => kit.mask.queriesFor(tabId), signal);

  const personTabId = () => Promise.resolve(usePageView.getState().tabId);
  const requestTabs = adapters.watchRequestTabs(signal);
  const { controller, manager } = createAgent({
    bus,
    kit,
    ownOrigin: tabs.ownOrigin,
    personTabId,
    requestTabs,
    signal,
  });
  agent = controller;
  const commands = panelCommands(controller, manager);

  void watchPersonTab({
    bus,
    tabs,
    windowId,
    listWindowTabs: adapters.listWindowTabs,
    view: usePageView.getState(),
    signal,
  });

  return {
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
}
