// Builds the panel's tab machinery over the adapters it is given (src/panel/chrome/): the navigation waits, and the
// factories of the per-task parts (a TabsManager and a mask coordinator for each task). Created once at panel start,
// so the document tracker behind the waits hears every announcement from then on.

import type { PanelQueries } from '../../shared/protocol';
import type { Navigation } from '../agent';
import { MaskCoordinator } from '../mask/mask-coordinator';
import type { TabAccess } from '../page/remote-page';
import type { RemotePageFactory } from '../page/remote-page-factory';
import { createNavigation } from '../tabs/navigation/navigation';
import type { Locks } from '../tabs/ownership/tab-locks';
import { TabsManager, type TabsManagerDeps, type TabsManagerOptions } from '../tabs/ownership/tabs-manager';
import type { InjectScript } from '../tabs/ownership/task-scripts';
import type { TabEventBus } from '../tabs/tab-event-bus';
import type { TabsAdapter } from '../tabs/tabs-adapter';

export interface TabsKit {
  navigation: Navigation;
  /** A mask coordinator for one task: each task masks only its own tabs (decision 0029). Dropped with `signal`. */
  createMask(signal?: AbortSignal): MaskCoordinator;
  /** The answers for the content script in `tabId` (its mask's Stop): those of the coordinator whose task owns it. */
  queriesFor(tabId: number): PanelQueries | null;
  /** Resolves once every coordinator's mask calls are done (tests wait on it before reading the page). */
  masksIdle(): Promise<void>;
  /** The locks every panel shares (tab-locks.ts): tabs, and the tasks a live panel runs. */
  locks: Locks;
  tabsAdapter: TabsAdapter;
  /** Puts the content script into a tab of a task (TabsManager keeps a running task's tabs scripted with it). */
  inject: InjectScript;
  /** A manager for one task, in the panel's window: the one way a TabsManager is made (product, tests, bench). */
  createTabsManager(options: TabsManagerOptions & Pick<TabsManagerDeps, 'onRecord' | 'beforeLettingGo'>): TabsManager;
}

export function createTabsKit(deps: {
  bus: TabEventBus;
  pages: RemotePageFactory;
  tabs: TabAccess;
  /** The tabs, groups and windows the managers and the mask use (chrome/chrome-tabs-adapter.ts). */
  tabsAdapter: TabsAdapter;
  /** The panel's window: where the person's tab is looked for, and where a task with no tab opens one. */
  windowId: number;
  /** The locks every panel shares: one owner per tab (decision 0027). */
  locks: Locks;
  signal: AbortSignal;
}): TabsKit {
  const { bus, pages, tabs, tabsAdapter, windowId, locks, signal } = deps;
  const navigation = createNavigation({ bus, pages, getTab: tabs.getTab, ownOrigin: tabs.ownOrigin, signal });
  const inject: InjectScript = (tabId) => tabs.injectContentScript(tabId);
  const masks = new Set<MaskCoordinator>();
  return {
    navigation,
    createMask(dropped) {
      const mask = new MaskCoordinator({ bus, pages, adapter: tabsAdapter });
      masks.add(mask);
      dropped?.addEventListener('abort', () => masks.delete(mask), { once: true });
      // The panel's lifetime ends on pagehide: no tab may stay masked for a whole lease after the panel closed.
      signal.addEventListener('abort', () => mask.release(), { once: true });
      return mask;
    },
    queriesFor(tabId) {
      // A tab has one owner across every panel (tab-locks.ts), so at most one coordinator answers: one press of Stop
      // reaches exactly one task.
      for (const mask of masks) {
        const queries = mask.queriesFor(tabId);
        if (queries) return queries;
      }
      return null;
    },
    async masksIdle() {
      await Promise.all([...masks].map((mask) => mask.whenIdle()));
    },
    locks,
    tabsAdapter,
    inject,
    createTabsManager({ onRecord, beforeLettingGo, ...options }) {
      const historyBack = tabs.historyBack?.bind(tabs);
      const deps = { adapter: tabsAdapter, bus, pages, windowId, inject, onRecord, locks, beforeLettingGo };
      return new TabsManager(historyBack ? { ...deps, historyBack } : deps, options);
    },
  };
}
