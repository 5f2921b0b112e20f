// Task history: every task's record, newest first, persisted in chrome.storage.local with a version and migrations,
// so it survives closing and reopening the panel. A task still `running` when the panel reopens is shown as
// `interrupted` (the agent lives in the panel and ended with it), unless a live panel of another window still runs it.
// Several panels share the one stored value: writes merge, and each panel follows the others' (history-sync.ts).

import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { AgentEvent, ReplayReport } from '../agent';
import { isHistoryKey } from './history-layout';
import { MAX_TASKS, type PersistedHistory } from './history-merge';
import { historySync, type LiveTasks, type StoredChanges, taskLockName } from './history-sync';
import { HISTORY_KEY } from './storage-keys';
import { persistedStorage } from './storage-port';
import { applyEvent, markInterrupted, type TaskRecord, type TaskTabsKept } from './task-record';

export { HISTORY_KEY, taskLockName };
export const HISTORY_VERSION = 1;
/**
 * Events that come many times a step (streamed text and reasoning, running totals) wait for the coalesced write; any
 * other event is written at once, so a panel torn down without warning (an extension reload) loses at most streamed
 * text.
 */
const COALESCED: ReadonlySet<AgentEvent['type']> = new Set(['model_text', 'model_thinking', 'metrics']);

const sync = historySync(persistedStorage, 300);
const historyStorage = sync.storage;
// The panel is going away: its tasks end with it, and a later read shows them interrupted.
if (typeof addEventListener === 'function') addEventListener('pagehide', () => sync.running.clear());

export interface HistoryState {
  tasks: Record<string, TaskRecord>;
  /** Task ids, newest first. */
  order: string[];
  /** How many changes each record has had here and in other panels (history-merge.ts). */
  revs: Record<string, number>;
  /** Tasks the person removed, here or in another panel (history-merge.ts). */
  removed: string[];
  apply(event: AgentEvent): void;
  /** Keeps the task's tab record with it (from TabsManagerDeps.onRecord); a task it does not hold is ignored. */
  recordTabs(taskId: string, tabs: TaskTabsKept): void;
  /** Keeps what a replay of a saved task did (issue 30) with its task; a task it does not hold is ignored. */
  recordReplay(taskId: string, replay: ReplayReport): void;
  remove(taskId: string): void;
  clear(): void;
}

type Persisted = PersistedHistory;

export const useHistory = create<HistoryState>()(
  persist(
    (set) => ({
      tasks: {},
      order: [],
      revs: {},
      removed: [],
      apply: (event) => {
        if (event.type === 'task_started') sync.running.add(event.taskId);
        if (event.type === 'task_finished') sync.running.delete(event.taskId);
        set((state) => {
          const next = applyEvent(state.tasks[event.taskId], event, Date.now());
          if (!next) return state;
          const known = event.taskId in state.tasks;
          const order = known ? state.order : [event.taskId, ...state.order];
          const tasks = { ...state.tasks, [event.taskId]: next };
          const revs = bumped(state.revs, event.taskId);
          for (const dropped of order.slice(MAX_TASKS)) {
            delete tasks[dropped];
            delete revs[dropped];
          }
          return { tasks, order: order.slice(0, MAX_TASKS), revs };
        });
        // persist's write ran synchronously inside set(); it waits in historyStorage until flushed.
        if (!COALESCED.has(event.type)) historyStorage.flush();
      },
      recordTabs: (taskId, tabs) => {
        set((state) => {
          const task = state.tasks[taskId];
          return task
            ? { tasks: { ...state.tasks, [taskId]: { ...task, tabs } }, revs: bumped(state.revs, taskId) }
            : state;
        });
        // Tab changes come with the step's events; the write waits for theirs.
      },
      recordReplay: (taskId, replay) => {
        set((state) => {
          const task = state.tasks[taskId];
          return task
            ? { tasks: { ...state.tasks, [taskId]: { ...task, replay } }, revs: bumped(state.revs, taskId) }
            : state;
        });
        historyStorage.flush();
      },
      remove: (taskId) =>
        set((state) => {
          const { [taskId]: _gone, ...tasks } = state.tasks;
          return { tasks, order: state.order.filter((id) => id !== taskId), removed: [...state.removed, taskId] };
        }),
      clear: () =>
        set((state) => ({ tasks: {}, order: [], revs: {}, removed: [...state.removed, ...Object.keys(state.tasks)] })),
    }),
    {
      name: HISTORY_KEY,
      version: HISTORY_VERSION,
      storage: historyStorage,
      partialize: (state): Persisted => ({
        tasks: state.tasks,
        order: state.order,
        revs: state.revs,
        removed: state.removed,
      }),
      migrate: (stored) => migrateHistory(stored),
      merge: (stored, current) => ({
        ...current,
        ...sync.loaded(stored === undefined ? undefined : migrateHistory(stored), current),
      }),
    },
  ),
);

function bumped(revs: Record<string, number>, taskId: string): Record<string, number> {
  return { ...revs, [taskId]: (revs[taskId] ?? 0) + 1 };
}

/**
 * Follows the other panels' writes (a second window's panel, the panel opened as a tab): their tasks appear here as
 * they run and end. `watch` is the storage adapter's onChanged (src/panel/chrome/local-storage.ts).
 */
export function followStoredHistory(
  watch: (belongs: (key: string) => boolean, onChange: (changes: StoredChanges) => void) => () => void,
) {
  const { persist } = useHistory;
  const writeBack = () => {
    // What setState would write: the store's copy now, merged again with what storage holds.
    historyStorage.setItem(HISTORY_KEY, {
      state: persist.getOptions().partialize?.(useHistory.getState()) as Persisted,
      version: HISTORY_VERSION,
    });
    historyStorage.flush();
  };
  return watch(isHistoryKey, (changes) => void sync.storedChanged(changes, () => persist.rehydrate(), writeBack));
}

/** The tasks this panel runs now (started here and not finished): they end with it. */
export function runningHere(): ReadonlySet<string> {
  return new Set(sync.running);
}

/**
 * Reads the stored history again (merged with this panel's copy): a task no live panel holds the lock of shows as
 * interrupted. For when another panel may have died (wiring/waiting-badge.ts §watchDeadPanels). Writes nothing.
 */
export function recheckStoredHistory(): Promise<void> {
  return useHistory.persist.rehydrate();
}

/** Given by the composition root: which tasks live panels run now (the task locks held, src/panel/chrome/web-locks.ts). */
export function connectLiveTasks(query: LiveTasks): void {
  sync.connectLiveTasks(query);
}

/**
 * Version 1 is the first; later versions convert older shapes here before use. Fields added since (a step's
 * `thinking`, a task's `refusal`, `costLimit`, `permissions`) are optional, so older records read as they are.
 */
export function migrateHistory(stored: unknown): Persisted {
  const value = stored as Partial<Persisted> | undefined;
  return {
    tasks: value?.tasks ?? {},
    order: value?.order ?? [],
    revs: value?.revs ?? {},
    removed: value?.removed ?? [],
  };
}

export function interruptRunning(stored: Persisted | undefined): Persisted {
  const tasks: Record<string, TaskRecord> = {};
  for (const [id, record] of Object.entries(stored?.tasks ?? {})) tasks[id] = markInterrupted(record);
  return { tasks, order: (stored?.order ?? []).filter((id) => id in tasks) };
}
