// The running (or last) task's tabs, as the panel lists them: the `Task(<id>)` group, which tab the agent is on and
// which one the person is on. Fed by main.tsx from the TabsManager and forwarded tab events.

import { create } from 'zustand';

export interface TaskTabView {
  tabId: number;
  title: string;
  url: string;
  isAgent: boolean;
  isPerson: boolean;
}

export interface TaskTabsView {
  taskId: string | null;
  groupTitle: string | null;
  tabs: TaskTabView[];
  show(view: { taskId: string | null; groupTitle: string | null; tabs: TaskTabView[] }): void;
}

export const useTaskTabs = create<TaskTabsView>()((set) => ({
  taskId: null,
  groupTitle: null,
  tabs: [],
  show: (view) => set(view),
}));
