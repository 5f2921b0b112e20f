// The panel's adapters as fakes (a fake browser, a scripted model, fake locks), for tests that build the whole panel
// through its composition root (create-panel.ts) without chrome.*.

import { afterEach, beforeEach } from 'vitest';
import { webLocks } from '../../../src/panel/chrome/web-locks';
import { useHistory } from '../../../src/panel/store/history';
import { useTaskQueue } from '../../../src/panel/store/task-queue';
import { useUi } from '../../../src/panel/store/ui';
import type { TabEventBus } from '../../../src/panel/tabs/tab-event-bus';
import type { PanelAdapters } from '../../../src/panel/wiring/create-panel';
import type { Reply } from '../../../src/shared/protocol';
import { FakeLockManager } from '../../support/fake-locks';
import { ScriptedModel } from '../agent/fakes/scripted-model';
import { FakeBrowser, OWN_ORIGIN } from '../tabs/fakes';

export function fakeAdapters() {
  let panelBus: TabEventBus | null = null;
  const browser = new FakeBrowser({ emit: (event) => panelBus?.emit(event) });
  const windowId = browser.addWindow();
  const model = new ScriptedModel();
  /** What the toolbar badge was set to, in order. */
  const badge: { text: string; title: string }[] = [];
  const adapters: PanelAdapters = {
    windowId,
    transport: {
      open() {},
      // No content script answers in the fake tabs: the task runs without reading a page.
      async call(): Promise<Reply<unknown>> {
        return { ok: false, error: { name: 'RelayError', code: 'no_receiver', message: 'no content script' } };
      },
      reconnects: 0,
      resent: {},
    },
    tabAccess: () => ({
      getTab: async (tabId) => browser.get(tabId),
      injectContentScript: async () => {},
      ownOrigin: OWN_ORIGIN,
    }),
    // The worker's tab events reach the panel's bus here, as chrome/panel-router.ts delivers them.
    listenToWorker(bus) {
      panelBus = bus;
    },
    listWindowTabs: (id) => browser.listWindow(id),
    tabsAdapter: browser,
    personTabs: { showIfInThisWindow: async () => {}, focus: async () => {}, version: () => '0.0.0-test' },
    model: () => model,
    netRules: () => ({ replace: async () => {}, onBlocked: () => {} }),
    clearStaleNetRules: async () => {},
    taskFiles: () => ({
      attached: () => [],
      downloads: () => [],
      cursor: () => 0,
      downloadsAfter: async () => [],
      read: async () => {
        throw new Error('no files in this test');
      },
    }),
    capture: async () => {
      throw new Error('no screenshots in this test');
    },
    locks: webLocks(new FakeLockManager()),
    watchRequestTabs: () => () => [],
    badge: { show: (text, title) => badge.push({ text, title }) },
    // The link to other agents stays off (its switch is off by default): nothing is dialled.
    bridge: {
      dial: (_url, events) => {
        queueMicrotask(() => events.onClose(1006, 'no server in unit tests'));
        return { send() {}, close() {} };
      },
      holdLock: async (_name, _signal, work) => work(),
    },
  };
  return { adapters, browser, windowId, model, badge };
}

/**
 * For a test file that builds whole panels: fresh history, queue and open thread before each test, and the panels of
 * a test gone after it. Returns the signal the current test's panels live by.
 */
export function panelPerTest(): () => AbortSignal {
  let lifetime = new AbortController();
  beforeEach(() => {
    useHistory.setState({ tasks: {}, order: [], revs: {}, removed: [] });
    useTaskQueue.setState({ queued: [] });
    useUi.getState().open(null);
  });
  afterEach(() => {
    lifetime.abort();
    lifetime = new AbortController();
  });
  return () => lifetime.signal;
}
