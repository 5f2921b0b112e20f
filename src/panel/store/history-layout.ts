// How the history lies in chrome.storage.local: an index under HISTORY_KEY (the order, the revisions, the removals)
// and one key per task. A write then carries the tasks that changed, not all of them: with the whole history in one
// value, every event of every task serialized, sent and stored up to 100 tasks' records, and every other panel was
// handed the whole value twice (old and new) to read it (test/bench/history.ts measures both layouts). An index that
// still holds `tasks` is the one-value layout of earlier versions: it is read as it is, and the next write splits it.

import type { StorageValue } from 'zustand/middleware';
import type { PersistedHistory } from './history-merge';
import { HISTORY_KEY } from './storage-keys';
import type { TaskRecord } from './task-record';

export type StoredHistory = StorageValue<PersistedHistory>;

/** Every task's key starts with this; `taskKey` gives one. */
export const HISTORY_TASK_PREFIX = `${HISTORY_KEY}.task.`;
export const taskKey = (taskId: string): string => `${HISTORY_TASK_PREFIX}${taskId}`;
export const isHistoryKey = (key: string): boolean => key === HISTORY_KEY || key.startsWith(HISTORY_TASK_PREFIX);

/** The index: everything but the records. `tasks` only in the one-value layout of earlier versions. */
interface StoredIndex {
  state: Omit<PersistedHistory, 'tasks'> & { tasks?: Record<string, TaskRecord> };
  version: number;
}

function parse<T>(raw: string | null | undefined): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/**
 * Serializes and parses records once per record: records are immutable (a change makes a new object), so a record
 * met again is the same object, and a stored string met again is the same string.
 */
export class RecordCodec {
  readonly #written = new WeakMap<TaskRecord, string>();
  readonly #read = new Map<string, { raw: string; record: TaskRecord }>();

  encode(record: TaskRecord): string {
    let raw = this.#written.get(record);
    if (raw === undefined) {
      raw = JSON.stringify(record);
      this.#written.set(record, raw);
    }
    return raw;
  }

  decode(key: string, raw: string): TaskRecord | null {
    const known = this.#read.get(key);
    if (known?.raw === raw) return known.record;
    const record = parse<TaskRecord>(raw);
    if (record) {
      this.#read.set(key, { raw, record });
      this.#written.set(record, raw);
    } else this.#read.delete(key);
    return record;
  }

  forget(key: string): void {
    this.#read.delete(key);
  }
}

/** The stored strings of a history: its index and one string per task it holds, by key. */
export function splitHistory(value: StoredHistory, codec: RecordCodec): Map<string, string> {
  const { tasks, ...index } = value.state;
  const out = new Map<string, string>([[HISTORY_KEY, JSON.stringify({ state: index, version: value.version })]]);
  for (const id of value.state.order) {
    const record = tasks[id];
    if (record) out.set(taskKey(id), codec.encode(record));
  }
  return out;
}

/**
 * The history the stored strings hold (`read` gives the string of a key), or null without an index. A task the index
 * names but whose key is missing is left out; a task key the index does not name is not read.
 */
export function assembleHistory(read: (key: string) => string | undefined, codec: RecordCodec): StoredHistory | null {
  const index = parse<StoredIndex>(read(HISTORY_KEY));
  if (!index?.state) return null;
  const { tasks: inline, ...rest } = index.state;
  const tasks: Record<string, TaskRecord> = {};
  for (const id of rest.order ?? []) {
    const raw = read(taskKey(id));
    const record = raw === undefined ? inline?.[id] : codec.decode(taskKey(id), raw);
    if (record) tasks[id] = record;
  }
  const order = (rest.order ?? []).filter((id) => id in tasks);
  return { state: { ...rest, order, tasks }, version: index.version };
}
