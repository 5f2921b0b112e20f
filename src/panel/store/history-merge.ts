// The history of several panels in one stored value (decision 0027): each window's side panel keeps its own copy in
// memory and writes the whole value, so every write and every read merges two copies, this panel's (`mine`) and the
// stored one (`theirs`). A write may come from a panel that had not yet heard the other's last write, so a task missing
// from one copy is never read as deleted: a deletion is written down (`removed`), and of two copies of one task the one
// with more changes (`revs`, bumped by the panel that runs it) wins. Nothing is lost to the last writer.

import type { TaskRecord } from './task-record';

export interface PersistedHistory {
  tasks: Record<string, TaskRecord>;
  /** Task ids, newest first. */
  order: string[];
  /** How many changes each record has had: the later of two copies is the one with more. Absent in older values. */
  revs?: Record<string, number>;
  /** Tasks the person removed (in any panel), so a copy that still holds them does not bring them back. */
  removed?: string[];
}

/** Oldest tasks beyond this are dropped, so storage stays small. */
export const MAX_TASKS = 100;
/** Removals remembered; an older one can only matter to a panel that missed the last 500 removals. */
const MAX_REMOVED = 500;

export const EMPTY_HISTORY: PersistedHistory = { tasks: {}, order: [], revs: {}, removed: [] };

const revOf = (history: PersistedHistory, id: string): number => history.revs?.[id] ?? 0;

export interface Merged {
  history: PersistedHistory;
  /** Storage lacks a change this panel has (it was overwritten by a panel that had not heard it): write it again. */
  mineIsNewer: boolean;
}

/** `mineWins`: tasks this panel runs now; its copy of them is the truth whatever storage holds. */
export function mergeHistory(mine: PersistedHistory, theirs: PersistedHistory, mineWins: ReadonlySet<string>): Merged {
  const removed = [...new Set([...(theirs.removed ?? []), ...(mine.removed ?? [])])].slice(-MAX_REMOVED);
  const gone = new Set(removed);
  const tasks: Record<string, TaskRecord> = {};
  const revs: Record<string, number> = {};
  let mineIsNewer = false;
  for (const id of new Set([...Object.keys(mine.tasks), ...Object.keys(theirs.tasks)])) {
    if (gone.has(id)) continue;
    const own = mine.tasks[id];
    const other = theirs.tasks[id];
    const takeMine = own !== undefined && (!other || mineWins.has(id) || revOf(mine, id) > revOf(theirs, id));
    const record = takeMine ? own : other;
    if (!record) continue;
    if (takeMine && (!other || revOf(mine, id) !== revOf(theirs, id))) mineIsNewer = true;
    tasks[id] = record;
    revs[id] = takeMine ? revOf(mine, id) : revOf(theirs, id);
  }
  const order = newestFirst(tasks).slice(0, MAX_TASKS);
  const kept: Record<string, TaskRecord> = {};
  for (const id of order) kept[id] = tasks[id] as TaskRecord;
  return {
    history: { tasks: kept, order, revs: Object.fromEntries(order.map((id) => [id, revs[id] ?? 0])), removed },
    mineIsNewer,
  };
}

/** Newest first by start time, then by id: every panel orders the same records the same way. */
export function newestFirst(tasks: Record<string, TaskRecord>): string[] {
  return Object.keys(tasks).sort((a, b) => {
    const byStart = (tasks[b]?.startedAt ?? 0) - (tasks[a]?.startedAt ?? 0);
    if (byStart !== 0) return byStart;
    return a < b ? -1 : a > b ? 1 : 0;
  });
}
