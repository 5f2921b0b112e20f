// The history's storage when several panels write it (decision 0027): every write merges this panel's copy into what
// storage holds (history-merge.ts), and every change another panel makes is read back (chrome.storage.onChanged, as
// main.tsx follows it); a change of this panel's that another's write overwrote is written again. A task another panel
// still runs is told apart from one whose panel died by the lock that panel holds while the task runs
// (`taskLockName`), so only the dead panel's task reads as interrupted, and reading it so writes nothing.

import type { StateStorage, StorageValue } from 'zustand/middleware';
import { EMPTY_HISTORY, mergeHistory, type PersistedHistory } from './history-merge';
import { type CoalescingStorage, coalescingStorage, type NamedValues } from './storage-port';
import { markInterrupted } from './task-record';

export const taskLockName = (taskId: string): string => `steadyhand.task.${taskId}`;

/** Which tasks a live panel runs now (the names of the task locks held); none in unit tests unless connected. */
export type LiveTasks = () => Promise<ReadonlySet<string>>;

type Stored = StorageValue<PersistedHistory>;

/** Own writes remembered for their echo: Chrome sends none for a write that changed nothing, so the list is capped. */
const OWN_WRITES_KEPT = 16;

function parse(raw: string | null | undefined): Stored | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Stored;
  } catch {
    return null;
  }
}

export interface HistorySync {
  /** What the store persists through. */
  storage: CoalescingStorage<Stored>;
  /** Tasks this panel runs now: its copy of them wins over any other. */
  readonly running: Set<string>;
  /** The panel's copy after a read: theirs merged in, with tasks no live panel runs shown as interrupted. */
  loaded(stored: PersistedHistory | undefined, current: PersistedHistory): PersistedHistory;
  /**
   * Another panel changed the stored value (`raw`): write what waits here, merged with it, read it back, and write
   * again (`writeBack`) if it lacks a change of this panel's.
   */
  storedChanged(raw: string | null, rehydrate: () => Promise<void>, writeBack: () => void): Promise<void>;
  connectLiveTasks(query: LiveTasks): void;
}

export function historySync(inner: StateStorage, coalesceMs: number): HistorySync {
  /** The stored value as this panel last saw it (read, written, or told by onChanged). */
  let latest: Stored | null = null;
  let latestRaw: string | null = null;
  let live: ReadonlySet<string> = new Set();
  let liveTasks: LiveTasks = async () => new Set();
  let mineIsNewer = false;
  const running = new Set<string>();
  /** This panel's writes whose onChanged echo has not come back yet, oldest first. */
  const ownWrites: string[] = [];

  const seen = (raw: string | null) => {
    latestRaw = raw;
    latest = parse(raw);
  };
  const merging: NamedValues<Stored> = {
    async getItem(name) {
      const raw = await inner.getItem(name);
      seen(raw);
      live = await liveTasks().catch(() => new Set<string>());
      return parse(raw);
    },
    // Synchronous up to the inner write: an event's write must leave in the same tick (history.ts, COALESCED).
    setItem(name, mine) {
      const stored = latest;
      const theirs = stored && stored.version === mine.version ? stored.state : EMPTY_HISTORY;
      const merged: Stored = { state: mergeHistory(mine.state, theirs, running).history, version: mine.version };
      const raw = JSON.stringify(merged);
      if (raw === latestRaw) return;
      latest = merged;
      latestRaw = raw;
      ownWrites.push(raw);
      if (ownWrites.length > OWN_WRITES_KEPT) ownWrites.shift();
      return inner.setItem(name, raw);
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
    async storedChanged(raw, rehydrate, writeBack) {
      // chrome.storage.onChanged tells the writer too. The echo of one of this panel's own writes (it may come after
      // the next write, when tasks write often) or of the value it last read holds nothing new: reading and merging
      // the whole history again for it, and writing it back, on every event of every task, kept the panel's one
      // thread busy when several tasks ran (test/bench/parallel.ts).
      const own = raw === null ? -1 : ownWrites.indexOf(raw);
      if (own >= 0) ownWrites.splice(0, own + 1);
      if (own >= 0 || raw === latestRaw) return;
      seen(raw);
      storage.flush();
      await rehydrate();
      if (mineIsNewer) writeBack();
    },
    connectLiveTasks(query) {
      liveTasks = query;
    },
  };
}
