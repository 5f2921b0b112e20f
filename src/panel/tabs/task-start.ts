// How a task gets its first tabs: the web tab the person is looking at in the panel's window (never the panel
// itself), or, for a task saved by an earlier panel, those of its tabs that are still alive.

import { pickPersonTab } from './person-tab';
import type { TabsAdapter } from './tabs-adapter';
import type { TaskTabsState } from './task-tabs-state';

export async function takePersonTab(state: TaskTabsState, adapter: TabsAdapter, windowId: number): Promise<void> {
  const tab = pickPersonTab(await adapter.listWindow(windowId), adapter.ownOrigin);
  state.update({ windowId: tab?.windowId ?? windowId });
  if (!tab) return;
  state.own(tab.id, 'initial');
  state.setCurrent(tab.id, 'initial');
  state.update({ initialTabId: tab.id, url: tab.url || tab.pendingUrl || null });
}

export async function resumeTabs(state: TaskTabsState, adapter: TabsAdapter): Promise<void> {
  const { ownedTabIds, tabId, initialTabId } = state.record;
  const ids = [...new Set([...ownedTabIds, ...(tabId === null ? [] : [tabId])])];
  for (const tab of await Promise.all(ids.map((id) => adapter.get(id)))) {
    if (tab) state.own(tab.id, tab.id === initialTabId ? 'initial' : 'opened');
  }
  // Tabs that closed while no panel was watching are dropped from the record here.
  state.update({ ownedTabIds: state.owned.ids() });
  state.setCurrent(tabId !== null && state.owned.has(tabId) ? tabId : null, 'resumed');
}
