// How a task gets its first tab: the web tab the person is looking at in the panel's window (never the panel itself),
// or the one they looked at when they asked for a task that waited in the queue (decision 0029), if no other live
// task owns it (decision 0027). A task from an earlier panel is not resumed (decision 0016): its tab
// record stays in the history.

import { TabTakenError } from '../../../shared/errors';
import { pickPersonTab } from '../person-tab';
import type { TabsAdapter } from '../tabs-adapter';
import type { TaskTabsState } from './task-tabs-state';

/**
 * `take` claims the tab for the task (TabLeases.take); when another task holds it, this throws TabTakenError before
 * the task has recorded, scripted or grouped anything.
 */
export async function takePersonTab(
  state: TaskTabsState,
  adapter: TabsAdapter,
  where: { windowId: number; tabId: number | null },
  take: (tabId: number) => Promise<boolean>,
): Promise<void> {
  const { windowId } = where;
  const asked = where.tabId === null ? null : await adapter.get(where.tabId).catch(() => null);
  const tab =
    pickPersonTab(asked ? [asked] : [], adapter.ownOrigin) ??
    pickPersonTab(await adapter.listWindow(windowId), adapter.ownOrigin);
  if (tab && !(await take(tab.id))) throw new TabTakenError(tab.id);
  state.update({ windowId: tab?.windowId ?? windowId });
  if (!tab) return;
  state.own(tab.id, 'initial');
  state.setCurrent(tab.id, 'initial');
  state.update({ initialTabId: tab.id, url: tab.url || tab.pendingUrl || null });
}

/**
 * A task another agent handed over (issue 29) never works on the person's tab: it starts in a new tab of its own,
 * opened in the background (TabsAdapter.create never activates), on `url`; with no url it starts with no tab, and its
 * first open_url opens one the same way.
 */
export async function openTaskTab(
  state: TaskTabsState,
  adapter: TabsAdapter,
  where: { windowId: number; url: string | null },
  take: (tabId: number) => Promise<boolean>,
): Promise<void> {
  state.update({ windowId: where.windowId });
  if (where.url === null) return;
  const tab = await adapter.create({ url: where.url, windowId: where.windowId });
  // A tab just made is no other task's; the lock is taken all the same, as for every tab a task owns.
  if (!(await take(tab.id))) throw new TabTakenError(tab.id);
  state.own(tab.id, 'opened');
  state.setCurrent(tab.id, 'opened');
  state.update({ url: tab.pendingUrl || tab.url || where.url });
}
