// The history's storage when several panels write it (decision 0027): every write merges this panel's copy into what
// storage holds (history-merge.ts) and sends only the keys that changed (history-layout.ts), and every change another
// panel makes is read back (chrome.storage.onChanged, as main.tsx follows it); a change of this panel's that another's
// write overwrote is written again. A task another panel still runs is told apart from one whose panel died by the
// lock that panel holds while the task runs (`taskLockName`), so only the dead panel's task reads as interrupted, and
// reading it so writes nothing.

import {
  assembleHistory,
  HISTORY_TASK_PREFIX,
  isHistoryKey,
  RecordCodec,
  type StoredHistory,
  splitHistory,
} from './history-layout';
import { EMPTY_HISTORY, mergeHistory, type PersistedHistory } from './history-merge';
import { HISTORY_KEY } from './storage-keys';
import { type CoalescingStorage, coalescingStorage, type NamedValues, type PanelStorage } from './storage-port';
import { markInterrupted } from './task-record';

export const taskLockName = (taskId: string): string => `steadyhand.task.${taskId}`;

/** Which tasks a live panel runs now (the names of the task locks held); none in unit tests unless connected. */
export type LiveTasks = () => Promise<ReadonlySet<string>>;

type Stored = StoredHistory;
/** What one change of storage set (a string) or removed (null), by key. */
export type StoredChanges = Record<string, string | null>;

/** Own writes remembered per key for their echo: Chrome sends none for a write that changed nothing, so capped. */
const OWN_WRITES_KEPT = 16;

export interface HistorySync {
  /** What the store persists through. */
  storage: CoalescingStorage<Stored>;
  /** Tasks this panel runs now: its copy of them wins over any other. */
  readonly running: Set<string>;
  /** The panel's copy after a read: theirs merged in, with tasks no live panel runs shown as interrupted. */
  loaded(stored: PersistedHistory | undefined, current: PersistedHistory): PersistedHistory;
  /**
   * Another panel changed history keys (`changes`, as chrome.storage.onChanged tells them): write what waits here,
   * merged with them, read the result back, and write again (`writeBack`) if it lacks a change of this panel's.
   */
  storedChanged(changes: StoredChanges, rehydrate: () => Promise<void>, writeBack: () => void): Promise<void>;
  connectLiveTasks(query: LiveTasks): void;
}

export function historySync(inner: PanelStorage, coalesceMs: number): HistorySync {
  /** The stored strings as this panel last saw them (read, written, or told by onChanged), by key. */
  const known = new Map<string, string>();
  const codec = new RecordCodec();
  /** The stored history as this panel last saw it: `known` assembled. */
  let latest: Stored | null = null;
  /** Set when `known` was just brought up to date from a change: the next read assembles it instead of reading. */
  let knownIsFresh = false;
  let live: ReadonlySet<string> = new Set();
  let liveTasks: LiveTasks = async () => new Set();
  let mineIsNewer = false;
  const running = new Set<string>();
  /** This panel's writes whose onChanged echo has not come back yet, per key, oldest first. */
  const ownWrites = new Map<string, string[]>();

  const remember = (key: string, raw: string | null) => {
    if (raw === null) {
      known.delete(key);
      codec.forget(key);
    } else known.set(key, raw);
  };
  const assemble = () => {
    latest = assembleHistory((key) => known.get(key), codec);
    return latest;
  };
  const ownEcho = (key: string, raw: string | null): boolean => {
    const list = ownWrites.get(key);
    const at = raw === null || !list ? -1 : list.indexOf(raw);
    if (at < 0) return false;
    list?.splice(0, at + 1);
    return true;
  };
  const merging: NamedValues<Stored> = {
    async getItem(name) {
      if (!knownIsFresh) {
        const [index, tasks] = await Promise.all([inner.getItem(name), inner.getMany(HISTORY_TASK_PREFIX)]);
        known.clear();
        remember(HISTORY_KEY, index);
        for (const [key, raw] of Object.entries(tasks)) remember(key, raw);
      }
      knownIsFresh = false;
      live = await liveTasks().catch(() => new Set<string>());
      return assemble();
    },
    // Synchronous up to the inner write: an event's write must leave in the same tick (history.ts, COALESCED).
    setItem(_name, mine) {
      const stored = latest;
      const theirs = stored && stored.version === mine.version ? stored.state : EMPTY_HISTORY;
      const merged: Stored = { state: mergeHistory(mine.state, theirs, running).history, version: mine.version };
      const wanted = splitHistory(merged, codec);
      const items: Record<string, string> = {};
      for (const [key, raw] of wanted) if (known.get(key) !== raw) items[key] = raw;
      const removed = [...known.keys()].filter((key) => key !== HISTORY_KEY && !wanted.has(key));
      latest = merged;
      if (Object.keys(items).length === 0 && removed.length === 0) return;
      for (const [key, raw] of Object.entries(items)) {
        remember(key, raw);
        const list = ownWrites.get(key) ?? [];
        list.push(raw);
        if (list.length > OWN_WRITES_KEPT) list.shift();
        ownWrites.set(key, list);
      }
      for (const key of removed) {
        remember(key, null);
        ownWrites.delete(key);
      }
      return inner.setMany(items, removed);
    },
    removeItem: (name) => inner.removeItem(name),
  };
  const storage = coalescingStorage(merging, coalesceMs);

  return {
    storage,
    running,
    loaded(stored, current) {
      const merged = mergeHistory(current, stored ?? EMPTY_HISTORY, running);
      mineIsNewer = merged.mineIsNewer;
      const { history } = merged;
      for (const [id, record] of Object.entries(history.tasks)) {
        if (!running.has(id) && !live.has(id)) history.tasks[id] = markInterrupted(record);
      }
      return history;
    },
    async storedChanged(changes, rehydrate, writeBack) {
      // chrome.storage.onChanged tells the writer too. The echo of one of this panel's own writes (it may come after
      // the next write, when tasks write often) or of what it already holds is nothing new: reading and merging the
      // history again for it, and writing it back, on every event of every task, kept the panel's one thread busy
      // when several tasks ran (test/bench/parallel.ts).
      let news = false;
      for (const [key, raw] of Object.entries(changes)) {
        if (!isHistoryKey(key) || ownEcho(key, raw) || known.get(key) === (raw ?? undefined)) continue;
        remember(key, raw);
        news = true;
      }
      if (!news) return;
      assemble();
      storage.flush();
      knownIsFresh = true;
      await rehydrate();
      if (mineIsNewer) writeBack();
    },
    connectLiveTasks(query) {
      liveTasks = query;
    },
  };
}
