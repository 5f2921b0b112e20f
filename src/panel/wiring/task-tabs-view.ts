// Keeps the panel's list of one task's tabs (useTaskTabs, keyed by task) in step with the TabsManager and the person's activity:
// which tabs belong to the task, which one the agent is on, and which one the person is looking at.

import type { TaskTabsView } from '../store/task-tabs';
import type { TabsManager } from '../tabs/ownership/tabs-manager';
import { taskGroupTitle } from '../tabs/ownership/task-group';
import type { TabEventBus } from '../tabs/tab-event-bus';

export interface TaskTabsViewDeps {
  bus: Pick<TabEventBus, 'subscribe'>;
  view: Pick<TaskTabsView, 'show'>;
  /** The tab the person is looking at in the panel's window, if any. */
  personTabId(): Promise<number | null>;
}

export function showTaskTabs(manager: TabsManager, deps: TaskTabsViewDeps, signal: AbortSignal): void {
  let queued = false;
  const refresh = () => {
    if (queued || signal.aborted) return;
    queued = true;
    queueMicrotask(async () => {
      queued = false;
      const [owned, person] = await Promise.all([manager.owned(), deps.personTabId()]);
      if (signal.aborted) return;
      deps.view.show({
        taskId: manager.taskId,
        groupTitle: taskGroupTitle(manager.taskId),
        tabs: owned.map((tab) => ({
          tabId: tab.tabId,
          title: tab.title,
          url: tab.url || tab.pendingUrl || '',
          isAgent: tab.isCurrent,
          isPerson: tab.tabId === person,
        })),
      });
    });
  };
  manager.subscribe(refresh, signal);
  deps.bus.subscribe((event) => {
    if (event.type === 'focusChanged' || event.type === 'created') return;
    refresh();
  }, signal);
  refresh();
}
