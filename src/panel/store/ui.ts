// UI-only state of the panel: which view is open, which past task is selected, what Enter does in the task box once a
// task has ended, and whether the person set the last task aside for a new one. Not persisted: a reopened panel
// starts on the task view.

import { create } from 'zustand';
import type { AutonomyMode } from '../agent';

export type PanelView = 'task' | 'history' | 'saved' | 'settings';

/** After a task ended, Enter either continues it on the same tabs or starts a new one. */
export type ComposeMode = 'followUp' | 'new';

export interface UiState {
  view: PanelView;
  /** The past task opened in the history view. */
  selectedTaskId: string | null;
  /** The thread open in the task view (several tasks run at once: decision 0029); null: the newest task. */
  openTaskId: string | null;
  composeMode: ComposeMode;
  /** What the person is typing in the task box, kept while they look at history or settings. */
  draft: string;
  /** The task "New task" set aside: the thread shows it no more, until another task starts. */
  hiddenTaskId: string | null;
  /** The mode chosen for the next new task by the task box; null: the setting's (decision 0026). */
  taskAutonomy: AutonomyMode | null;
  show(view: PanelView): void;
  select(taskId: string | null): void;
  /** Opens a task's thread in the task view (null: follow the newest task). */
  open(taskId: string | null): void;
  setComposeMode(mode: ComposeMode): void;
  setDraft(draft: string): void;
  setTaskAutonomy(mode: AutonomyMode | null): void;
  /** Sets the ended task `taskId` aside: an empty thread, and Enter starts a new task. */
  newTask(taskId: string): void;
}

export const INITIAL_UI = {
  view: 'task',
  selectedTaskId: null,
  openTaskId: null,
  composeMode: 'new',
  draft: '',
  hiddenTaskId: null,
  taskAutonomy: null,
} as const;

export const useUi = create<UiState>()((set) => ({
  ...INITIAL_UI,
  show: (view) => set({ view }),
  select: (selectedTaskId) => set({ selectedTaskId }),
  open: (openTaskId) => set({ openTaskId, view: 'task', hiddenTaskId: null }),
  setComposeMode: (composeMode) => set({ composeMode }),
  setDraft: (draft) => set({ draft }),
  setTaskAutonomy: (taskAutonomy) => set({ taskAutonomy }),
  newTask: (taskId) => set({ hiddenTaskId: taskId, openTaskId: null, composeMode: 'new', view: 'task' }),
}));
