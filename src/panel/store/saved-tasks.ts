// The person's saved tasks (issue 30): persisted in chrome.storage.local, shared by every panel (each re-reads the key
// when another writes it), exported and imported as a file (saved-task-file.ts).

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  type ImportRefusal,
  readSavedTask,
  readSavedTasksFile,
  SAVED_TASK_VERSION,
  type SavedSchedule,
  type SavedTask,
  savedTasksFile,
} from '../agent';
import { editedTask, type SavedEdit, type SaveRefusal } from './saved-from-record';
import type { WatchStoredKey } from './settings';
import { SAVED_TASKS_KEY } from './storage-keys';
import { persistedStorage } from './storage-port';

export interface SavedTasksState {
  tasks: SavedTask[];
  add(task: SavedTask): void;
  /** Title and variables' names and examples as the person edited them (saved-from-record.ts §editedTask). */
  edit(id: string, change: SavedEdit, now: number): { ok: true } | { refused: SaveRefusal };
  remove(id: string): void;
  /** Sets the saved task's schedule, or takes it off (null). */
  setSchedule(id: string, schedule: SavedSchedule | null, now: number): void;
  /** Notes that a run of its schedule started (the alarm's time): a second panel, or a missed-runs count, skips it. */
  markRun(id: string, at: number): void;
  /** The file of one saved task, or of all of them. */
  exportFile(id?: string): string;
  /** Adds every task of a file (a task with an id already kept replaces it), or none: the reason is returned. */
  importFile(content: string): { imported: number } | { refused: ImportRefusal };
}

type Persisted = Pick<SavedTasksState, 'tasks'>;

function storedTasks(stored: unknown): SavedTask[] {
  const tasks = (stored as { tasks?: unknown } | null)?.tasks;
  return Array.isArray(tasks) ? tasks.flatMap((task) => readSavedTask(task) ?? []) : [];
}

export const useSavedTasks = create<SavedTasksState>()(
  persist(
    (set, get) => ({
      tasks: [],
      add: (task) => set((state) => ({ tasks: [...state.tasks.filter((t) => t.id !== task.id), task] })),
      edit: (id, change, now) => {
        const task = get().tasks.find((t) => t.id === id);
        if (!task) return { refused: { code: 'gone' } };
        const made = editedTask(task, change, now);
        if ('refused' in made) return made;
        set((state) => ({ tasks: state.tasks.map((t) => (t.id === id ? made.saved : t)) }));
        return { ok: true };
      },
      remove: (id) => set((state) => ({ tasks: state.tasks.filter((task) => task.id !== id) })),
      setSchedule: (id, schedule, now) =>
        set((state) => ({
          tasks: state.tasks.map((task) => {
            if (task.id !== id) return task;
            const { schedule: _old, ...rest } = task;
            return schedule ? { ...rest, schedule, updatedAt: now } : { ...rest, updatedAt: now };
          }),
        })),
      markRun: (id, at) =>
        set((state) => ({
          tasks: state.tasks.map((task) =>
            task.id === id && task.schedule ? { ...task, schedule: { ...task.schedule, lastRunAt: at } } : task,
          ),
        })),
      exportFile: (id) => savedTasksFile(id ? get().tasks.filter((task) => task.id === id) : get().tasks),
      importFile: (content) => {
        const read = readSavedTasksFile(content);
        if ('refused' in read) return read;
        const ids = new Set(read.tasks.map((task) => task.id));
        set((state) => ({ tasks: [...state.tasks.filter((task) => !ids.has(task.id)), ...read.tasks] }));
        return { imported: read.tasks.length };
      },
    }),
    {
      name: SAVED_TASKS_KEY,
      version: SAVED_TASK_VERSION,
      storage: createJSONStorage(() => persistedStorage),
      partialize: (state): Persisted => ({ tasks: state.tasks }),
      migrate: (stored): Persisted => ({ tasks: storedTasks(stored) }),
      merge: (stored, current) => (stored === undefined ? current : { ...current, tasks: storedTasks(stored) }),
    },
  ),
);

/** Reloads the saved tasks whenever another panel writes them. */
export function followSavedTasks(watch: WatchStoredKey): () => void {
  return watch(SAVED_TASKS_KEY, () => void useSavedTasks.persist.rehydrate());
}
