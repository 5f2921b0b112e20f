// Builds the panel's tab machinery over the real chrome.* APIs: the navigation waits, the mask coordinator, and a
// factory of TabsManagers (one per task). Created once at panel start, so the document tracker behind the waits
// hears every announcement from then on.

import type { Navigation } from '../agent';
import { chromeTabsAdapter } from '../chrome/chrome-tabs-adapter';
import { MaskCoordinator } from '../mask/mask-coordinator';
import type { TabAccess } from '../page/remote-page';
import type { RemotePageFactory } from '../page/remote-page-factory';
import { createNavigation } from '../tabs/navigation/navigation';
import { TabsManager, type TabsManagerDeps, type TabsManagerOptions } from '../tabs/ownership/tabs-manager';
import type { InjectScript } from '../tabs/ownership/task-scripts';
import type { TabEventBus } from '../tabs/tab-event-bus';
import type { TabsAdapter } from '../tabs/tabs-adapter';

export interface TabsKit {
  navigation: Navigation;
  mask: MaskCoordinator;
  tabsAdapter: TabsAdapter;
  /** Puts the content script into a tab of a task (TabsManager keeps a running task's tabs scripted with it). */
  inject: InjectScript;
  /** A manager for one task, in the panel's window: the one way a TabsManager is made (product, tests, bench). */
  createTabsManager(options: TabsManagerOptions & { onRecord?: TabsManagerDeps['onRecord'] }): TabsManager;
}

export function createTabsKit(deps: {
  bus: TabEventBus;
  pages: RemotePageFactory;
  tabs: TabAccess;
  /** The panel's window: where the person's tab is looked for, and where a task with no tab opens one. */
  windowId: number;
  signal: AbortSignal;
}): TabsKit {
  const { bus, pages, tabs, windowId, signal } = deps;
  const tabsAdapter = chromeTabsAdapter();
  const navigation = createNavigation({ bus, pages, getTab: tabs.getTab, ownOrigin: tabs.ownOrigin, signal });
  const mask = new MaskCoordinator({ bus, pages, adapter: tabsAdapter });
  // The panel's lifetime ends on pagehide: no tab may stay masked for a whole lease after the panel closed.
  signal.addEventListener('abort', () => mask.release(), { once: true });
  const inject: InjectScript = (tabId) => tabs.injectContentScript(tabId);
  return {
    navigation,
    mask,
    tabsAdapter,
    inject,
    createTabsManager({ onRecord, ...options }) {
      const historyBack = tabs.historyBack?.bind(tabs);
      const deps = { adapter: tabsAdapter, bus, pages, windowId, inject, onRecord };
      return new TabsManager(historyBack ? { ...deps, historyBack } : deps, options);
    },
  };
}
