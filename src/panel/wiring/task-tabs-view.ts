// Keeps the panel's list of one task's tabs (useTaskTabs, keyed by task) in step with the TabsManager and the person's
// activity: which tabs belong to the task, which one the agent is on, and which one the person is looking at. Only
// what can change the list reads the tabs again: with several tasks at once, every tab event of the browser read every
// task's tabs and re-rendered every thread (test/bench/parallel.ts).

import type { TabEvent } from '../../shared/protocol';
import type { TaskTabsView, TaskTabView } from '../store/task-tabs';
import type { TabsManager } from '../tabs/ownership/tabs-manager';
import { taskGroupTitle } from '../tabs/ownership/task-group';
import type { TabEventBus } from '../tabs/tab-event-bus';

export interface TaskTabsViewDeps {
  bus: Pick<TabEventBus, 'subscribe'>;
  view: Pick<TaskTabsView, 'show'>;
  /** The tab the person is looking at in the panel's window, if any. */
  personTabId(): Promise<number | null>;
}

type ListedManager = Pick<TabsManager, 'taskId' | 'owned' | 'subscribe' | 'isOwned'>;

/** The tabs an event is about (none for an event about no tab, or one that cannot change a task's list). */
function tabsOf(event: TabEvent): number[] {
  switch (event.type) {
    case 'committed':
    case 'removed':
    case 'updated':
    case 'attached':
    case 'groupChanged':
    case 'contentReady':
    case 'sameDocument':
    case 'activated':
      return [event.tabId];
    case 'replaced':
      return [event.addedTabId, event.removedTabId];
    default:
      // focusChanged, created (a tab the task takes is announced by the manager), panelClosed, navigationTarget,
      // downloads: nothing a task's list shows.
      return [];
  }
}

const sameTabs = (a: readonly TaskTabView[], b: readonly TaskTabView[]) =>
  a.length === b.length &&
  a.every((tab, i) => {
    const other = b[i];
    return (
      other !== undefined &&
      tab.tabId === other.tabId &&
      tab.title === other.title &&
      tab.url === other.url &&
      tab.isAgent === other.isAgent &&
      tab.isPerson === other.isPerson
    );
  });

export function showTaskTabs(manager: ListedManager, deps: TaskTabsViewDeps, signal: AbortSignal): void {
  let queued = false;
  let shown: TaskTabView[] | null = null;
  const refresh = () => {
    if (queued || signal.aborted) return;
    queued = true;
    queueMicrotask(async () => {
      queued = false;
      const [owned, person] = await Promise.all([manager.owned(), deps.personTabId()]);
      if (signal.aborted) return;
      const tabs = owned.map((tab) => ({
        tabId: tab.tabId,
        title: tab.title,
        url: tab.url || tab.pendingUrl || '',
        isAgent: tab.isCurrent,
        isPerson: tab.tabId === person,
      }));
      if (shown && sameTabs(shown, tabs)) return;
      shown = tabs;
      deps.view.show({ taskId: manager.taskId, groupTitle: taskGroupTitle(manager.taskId), tabs });
    });
  };
  /** A tab the list shows or the task owns; for a tab brought to the front, also the one the person had in front. */
  const concerns = (event: TabEvent) => {
    const tabs = tabsOf(event);
    if (event.type === 'activated' && shown?.some((tab) => tab.isPerson)) return true;
    return tabs.some((tabId) => manager.isOwned(tabId) || shown?.some((tab) => tab.tabId === tabId));
  };
  manager.subscribe(refresh, signal);
  deps.bus.subscribe((event) => {
    if (concerns(event)) refresh();
  }, signal);
  refresh();
}
