// How a task gets its first tab: the web tab the person is looking at in the panel's window (never the panel itself).
// A task from an earlier panel is not resumed (decision 0016): its tab record stays in the history.

import { pickPersonTab } from '../person-tab';
import type { TabsAdapter } from '../tabs-adapter';
import type { TaskTabsState } from './task-tabs-state';

export async function takePersonTab(state: TaskTabsState, adapter: TabsAdapter, windowId: number): Promise<void> {
  const tab = pickPersonTab(await adapter.listWindow(windowId), adapter.ownOrigin);
  state.update({ windowId: tab?.windowId ?? windowId });
  if (!tab) return;
  state.own(tab.id, 'initial');
  state.setCurrent(tab.id, 'initial');
  state.update({ initialTabId: tab.id, url: tab.url || tab.pendingUrl || null });
}
