// Each live task's tabs, as the panel lists them: its `Task(<id>)` group, which tab the agent is on and which one the
// person is on. Keyed by task (several run at once: decision 0029); fed by wiring/task-tabs-view.ts from the task's
// TabsManager and the forwarded tab events.

import { create } from 'zustand';

export interface TaskTabView {
  tabId: number;
  title: string;
  url: string;
  isAgent: boolean;
  isPerson: boolean;
}

export interface TaskTabsEntry {
  groupTitle: string;
  tabs: TaskTabView[];
}

export interface TaskTabsView {
  byTask: Record<string, TaskTabsEntry>;
  show(view: { taskId: string; groupTitle: string; tabs: TaskTabView[] }): void;
  /** The task's runner went away: its tabs are no longer listed. */
  drop(taskId: string): void;
}

const NO_TABS: TaskTabView[] = [];

export const useTaskTabs = create<TaskTabsView>()((set) => ({
  byTask: {},
  show: ({ taskId, ...entry }) => set((state) => ({ byTask: { ...state.byTask, [taskId]: entry } })),
  drop: (taskId) =>
    set((state) => {
      const { [taskId]: _dropped, ...byTask } = state.byTask;
      return { byTask };
    }),
}));

/** The tabs of `taskId` (none for a task this panel does not run). */
export function tabsOf(state: Pick<TaskTabsView, 'byTask'>, taskId: string | undefined): TaskTabView[] {
  return taskId === undefined ? NO_TABS : (state.byTask[taskId]?.tabs ?? NO_TABS);
}
