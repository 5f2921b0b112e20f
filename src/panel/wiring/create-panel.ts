// The panel's one composition root. Given every adapter over chrome.* (and the model client) and the panel's window,
// it builds the page proxies, the tab machinery (tabs-kit.ts), the host of its tasks (task-host.ts), the commands (commands.ts) and
// the watch on the person's tab, and returns the handle that the UI, the e2e tests, the bench and `npm start` all
// drive. It makes no adapter itself: main.tsx makes them, calls this, and renders; a unit test
// (test/unit/panel/create-panel.test.ts) gives it fakes.

import type { DelegationHandler } from '../../shared/delegation/tools';
import type { PanelQueries } from '../../shared/protocol';
import { startBridge } from '../bridge/connector';
import { pairingBook } from '../bridge/pairing-book';
import type { BridgeAdapters } from '../bridge/ports';
import type { ToolbarBadge } from '../chrome/badge';
import type { TabAccess } from '../page/remote-page';
import { remotePageFactory } from '../page/remote-page-factory';
import { useBridge } from '../store/bridge';
import { taskLockName, useHistory } from '../store/history';
import { usePageView } from '../store/page-view';
import { useSavedTasks } from '../store/saved-tasks';
import { useSettings } from '../store/settings';
import { useUi } from '../store/ui';
import { tidyKeptGroups } from '../tabs/ownership/kept-groups';
import type { Locks } from '../tabs/ownership/tab-locks';
import type { TabLike } from '../tabs/person-tab';
import { TabEventBus } from '../tabs/tab-event-bus';
import type { TabsAdapter } from '../tabs/tabs-adapter';
import { watchPersonTab } from '../tabs/watch-person-tab';
import type { AgentAdapters } from './agent';
import { type CommandsBrowser, panelCommands } from './commands';
import type { PanelHandle, PanelTransport } from './handle';
import { runSchedules } from './saved-runs';
import { createTabsKit } from './tabs-kit';
import { TaskHost } from './task-host';
import { watchDeadPanels, watchWaitingBadge } from './waiting-badge';

/** The panel's adapters over chrome.* (src/panel/chrome/), as the composition root receives them. */
export interface PanelAdapters extends AgentAdapters {
  /** The panel's window: where the person's tab is looked for, and where a task with no tab opens one. */
  windowId: number;
  /** The relay to the pages (chrome/port-transport.ts), opened here once everything listens. */
  transport: PanelTransport;
  /** `mayScript`: whether the task that owns the tab lets the extension script a document at that URL (tab-access.ts). */
  tabAccess(bus: TabEventBus, mayScript: (tabId: number, url: string) => boolean): TabAccess;
  /** Delivers the worker's tab events to `bus` and the content scripts' queries to `queries`, until `signal`. */
  listenToWorker(bus: TabEventBus, queries: (tabId: number) => PanelQueries | null, signal: AbortSignal): void;
  listWindowTabs(windowId: number): Promise<TabLike[]>;
  /** The tabs, groups and windows the task's managers and the mask use (chrome/chrome-tabs-adapter.ts). */
  tabsAdapter: TabsAdapter;
  /** Showing the person a tab, and the extension's version (chrome/person-tabs.ts). */
  personTabs: CommandsBrowser;
  /** The locks every page of the extension shares (chrome/web-locks.ts): one owner per tab across panels. */
  locks: Locks;
  /** Starts watching which tab requests what (chrome/request-tabs.ts): a download goes to the task whose tab asked. */
  watchRequestTabs(signal: AbortSignal): (url: string) => readonly number[];
  /** The toolbar icon's badge (chrome/badge.ts): how many tasks wait for the person, in every window. */
  badge: ToolbarBadge;
  /** The link to the local MCP server (chrome/bridge-socket.ts, chrome/web-locks.ts §holdWebLock): decision 0030. */
  bridge: BridgeAdapters;
}

/**
 * What other agents' calls over MCP are answered by, given the panel's task host (decision 0030): the handler, and
 * what to do when a client's connection ends (its tasks still running, a question included, stop).
 */
export type DelegationFactory = (host: TaskHost) => {
  handle: DelegationHandler;
  clientGone(clientId: string): void;
};

/** Until the delegation service is wired in, every call is answered that Steadyhand cannot take it yet. */
export const NO_DELEGATION: DelegationFactory = () => ({
  handle: async (call) => ({
    text: `Steadyhand cannot answer ${call.tool} yet: this build has no delegation service.`,
    isError: true,
  }),
  clientGone: () => {},
});

/**
 * Leaves only the newest groups of ended tasks (tabs/ownership/kept-groups.ts), ordered by the history: at the panel's
 * start (what a closed panel left) and after each task.
 */
function keptGroupsTidier(adapters: PanelAdapters, endedHere: () => ReadonlySet<string>): () => void {
  const deps = {
    adapter: adapters.tabsAdapter,
    locks: adapters.locks,
    lockOf: taskLockName,
    startedAt: (taskId: string) => useHistory.getState().tasks[taskId]?.startedAt,
    endedHere,
  };
  return () => {
    tidyKeptGroups(deps).catch((error: unknown) => console.warn('[steadyhand] could not tidy task groups:', error));
  };
}

/** Runs `then` once the history was read from storage (at once if it was). */
function whenHistoryRead(then: () => void): void {
  if (useHistory.persist.hasHydrated()) then();
  else {
    const off = useHistory.persist.onFinishHydration(() => {
      off();
      then();
    });
  }
}

/** Builds the panel; it lives until `signal` aborts (the panel page goes away). */
export function createPanel(
  adapters: PanelAdapters,
  signal: AbortSignal,
  delegation: DelegationFactory = NO_DELEGATION,
): PanelHandle {
  const { transport, windowId } = adapters;
  const bus = new TabEventBus();
  // The content script goes only where the site gate of the task owning the tab allows (decision 0025): the host is
  // made below, after the tab machinery that injects, so the check reads it when an injection happens.
  let host: TaskHost | null = null;
  const tabs = adapters.tabAccess(bus, (tabId, url) => host?.mayRunOn(tabId, url) ?? true);
  const pages = remotePageFactory(transport, tabs);
  // Created before anything waits on navigation, so the document tracker hears every page announcement.
  const kit = createTabsKit({
    bus,
    pages,
    tabs,
    tabsAdapter: adapters.tabsAdapter,
    windowId,
    locks: adapters.locks,
    signal,
  });

  transport.open();
  adapters.listenToWorker(bus, (tabId) => kit.queriesFor(tabId), signal);

  const personTabId = () => Promise.resolve(usePageView.getState().tabId);
  const requestTabs = adapters.watchRequestTabs(signal);
  // A panel that closed mid-task left its session rules behind: those of tabs no live task holds go.
  adapters
    .clearStaleNetRules()
    .catch((error: unknown) => console.warn('[steadyhand] could not clear stale network rules:', error));
  // Before the host: as the panel goes, the badge is set from the other panels' tasks before the host interrupts this
  // panel's (abort listeners run in the order they were added).
  watchWaitingBadge(adapters.badge, signal);
  watchDeadPanels(bus, signal);
  const tidyGroups = keptGroupsTidier(adapters, () => host?.endedHere() ?? new Set());
  whenHistoryRead(tidyGroups);
  host = new TaskHost({ adapters, bus, kit, ownOrigin: tabs.ownOrigin, personTabId, requestTabs, tidyGroups, signal });
  const commands = panelCommands(host, adapters.personTabs);
  runSchedules({ bus, host, locks: adapters.locks, signal });
  const service = delegation(host);
  // Off by default: nothing dials until the person turns "Let other agents use Steadyhand" on.
  startBridge({
    adapters: adapters.bridge,
    store: useBridge,
    book: pairingBook(useBridge),
    handler: service.handle,
    clientGone: (clientId) => service.clientGone(clientId),
    signal,
  });

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
    host,
    delegation: service,
    commands,
    settings: useSettings,
    savedTasks: useSavedTasks,
    history: useHistory,
    ui: useUi,
  };
}
