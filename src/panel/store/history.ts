// Task history: every task's record, newest first, persisted in chrome.storage.local with a version and migrations,
// so it survives closing and reopening the panel. A task still `running` when the panel reopens is shown as
// `interrupted` (the agent lives in the panel and ended with it).

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AgentEvent } from '../agent';
import { HISTORY_KEY } from './storage-keys';
import { coalescingStorage, persistedStorage } from './storage-port';
import { applyEvent, markInterrupted, type TaskRecord, type TaskTabsKept } from './task-record';

export { HISTORY_KEY };
export const HISTORY_VERSION = 1;
/** Oldest tasks beyond this are dropped, so storage stays small. */
const MAX_TASKS = 100;
/**
 * Events that come many times a step (streamed text and reasoning, running totals) wait for the coalesced write; any
 * other event is written at once, so a panel torn down without warning (an extension reload) loses at most streamed
 * text.
 */
const COALESCED: ReadonlySet<AgentEvent['type']> = new Set(['model_text', 'model_thinking', 'metrics']);

const historyStorage = coalescingStorage(persistedStorage, 300);

export interface HistoryState {
  tasks: Record<string, TaskRecord>;
  /** Task ids, newest first. */
  order: string[];
  apply(event: AgentEvent): void;
  /** Keeps the task's tab record with it (from TabsManagerDeps.onRecord); a task it does not hold is ignored. */
  recordTabs(taskId: string, tabs: TaskTabsKept): void;
  remove(taskId: string): void;
  clear(): void;
}

type Persisted = Pick<HistoryState, 'tasks' | 'order'>;

export const useHistory = create<HistoryState>()(
  persist(
    (set) => ({
      tasks: {},
      order: [],
      apply: (event) => {
        set((state) => {
          const next = applyEvent(state.tasks[event.taskId], event, Date.now());
          if (!next) return state;
          const known = event.taskId in state.tasks;
          const order = known ? state.order : [event.taskId, ...state.order];
          const tasks = { ...state.tasks, [event.taskId]: next };
          for (const dropped of order.slice(MAX_TASKS)) delete tasks[dropped];
          return { tasks, order: order.slice(0, MAX_TASKS) };
        });
        // persist's write ran synchronously inside set(); it waits in historyStorage until flushed.
        if (!COALESCED.has(event.type)) historyStorage.flush();
      },
      recordTabs: (taskId, tabs) => {
        set((state) => {
          const task = state.tasks[taskId];
          return task ? { tasks: { ...state.tasks, [taskId]: { ...task, tabs } } } : state;
        });
        // Tab changes come with the step's events; the write waits for theirs.
      },
      remove: (taskId) =>
        set((state) => {
          const { [taskId]: _gone, ...tasks } = state.tasks;
          return { tasks, order: state.order.filter((id) => id !== taskId) };
        }),
      clear: () => set({ tasks: {}, order: [] }),
    }),
    {
      name: HISTORY_KEY,
      version: HISTORY_VERSION,
      storage: createJSONStorage(() => historyStorage),
      partialize: (state): Persisted => ({ tasks: state.tasks, order: state.order }),
      migrate: (stored) => migrateHistory(stored),
      merge: (stored, current) => ({ ...current, ...interruptRunning(stored as Persisted | undefined) }),
    },
  ),
);

/**
 * Version 1 is the first; later versions convert older shapes here before use. Fields added since (a step's
 * `thinking`, a task's `refusal`, `costLimit`, `permissions`) are optional, so older records read as they are.
 */
export function migrateHistory(stored: unknown): Persisted {
  const value = stored as Partial<Persisted> | undefined;
  return { tasks: value?.tasks ?? {}, order: value?.order ?? [] };
}

export function interruptRunning(stored: Persisted | undefined): Persisted {
  const tasks: Record<string, TaskRecord> = {};
  for (const [id, record] of Object.entries(stored?.tasks ?? {})) tasks[id] = markInterrupted(record);
  return { tasks, order: (stored?.order ?? []).filter((id) => id in tasks) };
}
