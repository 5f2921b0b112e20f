// The history of two windows' panels sharing chrome.storage.local (decision 0027, docs/contracts.md O-OWN-3): each
// panel is a fresh copy of the store modules, as two pages are; both write the one stored value, and each hears the
// other's writes as chrome.storage.onChanged reports them (delivered by hand here, so writes can cross on their way).

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../src/panel/agent/task/events';
import { assembleHistory, RecordCodec, taskKey } from '../../../src/panel/store/history-layout';
import { mergeHistory } from '../../../src/panel/store/history-merge';
import { HISTORY_KEY } from '../../../src/panel/store/storage-keys';
import type { TaskRecord } from '../../../src/panel/store/task-record';
import { METRICS } from '../ui/scenario';

type HistoryModule = typeof import('../../../src/panel/store/history');
type Changes = Record<string, string | null>;
type Watcher = { belongs: (key: string) => boolean; onChange: (changes: Changes) => void };

/** chrome.storage.local as several pages see it: one value per key, each change reported to every page that watches. */
class SharedStorage {
  readonly values = new Map<string, string>();
  readonly watchers = new Set<Watcher>();
  /** How many values were sent in all (each key of each change). */
  sent = 0;
  private queued: (() => void)[] = [];

  /** One change: Chrome reports only real changes, once for all the keys of one call, to every watching page. */
  private change(set: Record<string, string>, removed: string[]) {
    const changes: Changes = {};
    for (const [key, value] of Object.entries(set)) {
      if (this.values.get(key) === value) continue;
      this.values.set(key, value);
      changes[key] = value;
    }
    for (const key of removed) {
      if (!this.values.delete(key)) continue;
      changes[key] = null;
    }
    this.sent += Object.keys(changes).length;
    for (const watcher of [...this.watchers]) {
      const theirs = Object.fromEntries(Object.entries(changes).filter(([key]) => watcher.belongs(key)));
      if (Object.keys(theirs).length > 0) this.queued.push(() => watcher.onChange(theirs));
    }
  }

  page() {
    return {
      storage: {
        getItem: async (name: string) => this.values.get(name) ?? null,
        setItem: async (name: string, value: string) => this.change({ [name]: value }, []),
        removeItem: async (name: string) => this.change({}, [name]),
        getMany: async (prefix: string) =>
          Object.fromEntries([...this.values].filter(([key]) => key.startsWith(prefix))),
        setMany: async (items: Record<string, string>, removed: string[]) => {
          this.change(items, []);
          this.change({}, removed);
        },
      },
      watch: (belongs: (key: string) => boolean, onChange: (changes: Changes) => void) => {
        const watcher = { belongs, onChange };
        this.watchers.add(watcher);
        return () => this.watchers.delete(watcher);
      },
    };
  }

  /** Delivers the onChanged events on their way, in order, until none is left. */
  async deliver(): Promise<void> {
    while (this.queued.length > 0) {
      const next = this.queued.shift();
      next?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
}

let shared: SharedStorage;

/** A panel page: its own store modules over the shared storage. */
async function openPanel(live: () => ReadonlySet<string> = () => new Set()): Promise<HistoryModule> {
  vi.resetModules();
  const port = await import('../../../src/panel/store/storage-port');
  const history = await import('../../../src/panel/store/history');
  const page = shared.page();
  port.connectStorage(page.storage);
  history.followStoredHistory(page.watch);
  history.connectLiveTasks(async () => live());
  await history.useHistory.persist.rehydrate();
  return history;
}

const started = (taskId: string, at: number): AgentEvent => ({
  type: 'task_started',
  taskId,
  instruction: `Task ${taskId}`,
  followUp: false,
  model: 'claude-test',
  at,
});

const finished = (taskId: string): AgentEvent => ({
  type: 'task_finished',
  taskId,
  status: 'succeeded',
  summary: `Done ${taskId}.`,
  verified: true,
  metrics: METRICS,
});

function statuses(history: HistoryModule): Record<string, string> {
  const { tasks } = history.useHistory.getState();
  return Object.fromEntries(Object.entries(tasks).map(([id, task]) => [id, task.status]));
}

function storedStatuses(): Record<string, string> {
  const stored = assembleHistory((key) => shared.values.get(key), new RecordCodec());
  const tasks = stored?.state.tasks ?? {};
  return Object.fromEntries(Object.entries(tasks).map(([id, task]) => [id, task.status]));
}

/** Lets every change on its way reach every panel, and the writes those cause reach them in turn. */
async function settle() {
  await shared.deliver();
}

beforeEach(() => {
  shared = new SharedStorage();
});

describe('history of two panels', () => {
  it('keeps both panels’ tasks, in storage and in each panel, when their writes interleave', async () => {
    const a = await openPanel();
    const b = await openPanel();
    a.useHistory.getState().apply(started('a1', 1_000));
    b.useHistory.getState().apply(started('b1', 2_000));
    await settle();
    a.useHistory.getState().apply(finished('a1'));
    b.useHistory.getState().apply(finished('b1'));
    await settle();

    expect(storedStatuses()).toEqual({ a1: 'succeeded', b1: 'succeeded' });
    expect(statuses(a)).toEqual({ a1: 'succeeded', b1: 'succeeded' });
    expect(statuses(b)).toEqual({ a1: 'succeeded', b1: 'succeeded' });
    expect(a.useHistory.getState().order).toEqual(['b1', 'a1']);
  });

  it('keeps the later copy of a task when two writes cross before either panel heard the other', async () => {
    const a = await openPanel();
    const b = await openPanel();
    a.useHistory.getState().apply(started('a1', 1_000));
    await settle();
    // b writes again from what it knows (a1 running) while a's "finished" is still on its way to it.
    a.useHistory.getState().apply(finished('a1'));
    b.useHistory.getState().apply(started('b1', 2_000));
    await settle();

    expect(storedStatuses()).toEqual({ a1: 'succeeded', b1: 'running' });
    expect(statuses(a).a1).toBe('succeeded');
    expect(statuses(b).a1).toBe('succeeded');
  });

  it('shows another live panel’s running task as running, and one whose panel died as interrupted', async () => {
    const a = await openPanel();
    a.useHistory.getState().apply(started('a1', 1_000));
    const whileALives = await openPanel(() => new Set(['a1']));
    expect(statuses(whileALives)).toEqual({ a1: 'running' });
    const afterADied = await openPanel(() => new Set());
    expect(statuses(afterADied)).toEqual({ a1: 'interrupted' });
    // Reading it so does not write it so: a's own record stays as a wrote it.
    await settle();
    expect(storedStatuses()).toEqual({ a1: 'running' });
  });

  it('reads nothing back for the echoes of its own writes, even when they arrive after its next writes', async () => {
    const a = await openPanel();
    const reads = vi.spyOn(a.useHistory.persist, 'rehydrate');
    for (const id of ['a1', 'a2', 'a3']) {
      a.useHistory.getState().apply(started(id, 1_000));
      a.useHistory.getState().apply(finished(id));
    }
    await settle();
    expect(reads).not.toHaveBeenCalled();
    expect(storedStatuses()).toEqual({ a1: 'succeeded', a2: 'succeeded', a3: 'succeeded' });

    const b = await openPanel();
    b.useHistory.getState().apply(started('b1', 2_000));
    b.useHistory.getState().apply(finished('b1'));
    await settle();
    // Another panel's writes are still read.
    expect(reads).toHaveBeenCalled();
    expect(statuses(a).b1).toBe('succeeded');
  });

  it('removes a task everywhere when one panel removes it, and does not bring it back', async () => {
    const a = await openPanel();
    const b = await openPanel();
    a.useHistory.getState().apply(started('a1', 1_000));
    a.useHistory.getState().apply(finished('a1'));
    b.useHistory.getState().apply(started('b1', 2_000));
    b.useHistory.getState().apply(finished('b1'));
    await settle();
    b.useHistory.getState().remove('a1');
    await settle();
    a.useHistory.getState().apply(started('a2', 3_000));
    await settle();

    expect(Object.keys(storedStatuses()).sort()).toEqual(['a2', 'b1']);
    expect(Object.keys(statuses(a)).sort()).toEqual(['a2', 'b1']);
    expect(Object.keys(statuses(b)).sort()).toEqual(['a2', 'b1']);
  });
});

describe('history in storage, one key per task', () => {
  it('sends only the index and the task an event changed, however many tasks the history holds', async () => {
    const a = await openPanel();
    for (let i = 1; i <= 30; i++) {
      a.useHistory.getState().apply(started(`t${i}`, i * 1_000));
      a.useHistory.getState().apply(finished(`t${i}`));
    }
    const heard: Changes[] = [];
    shared.watchers.add({ belongs: () => true, onChange: (changes) => heard.push(changes) });
    a.useHistory.getState().apply(started('new', 99_000));
    await settle();

    expect(heard.map((changes) => Object.keys(changes).sort())).toEqual([[HISTORY_KEY, taskKey('new')]]);
    expect(JSON.parse(shared.values.get(HISTORY_KEY) ?? '').state.tasks).toBeUndefined();
    expect(Object.keys(storedStatuses())).toHaveLength(31);
  });

  it('removes a removed task’s key from storage, with the index naming it no more', async () => {
    const a = await openPanel();
    a.useHistory.getState().apply(started('a1', 1_000));
    a.useHistory.getState().apply(started('a2', 2_000));
    await settle();
    a.useHistory.getState().remove('a1');
    // A removal waits for the coalesced write.
    await vi.waitFor(() => expect(shared.values.has(taskKey('a1'))).toBe(false));
    expect(shared.values.has(taskKey('a2'))).toBe(true);
    expect(JSON.parse(shared.values.get(HISTORY_KEY) ?? '').state.order).toEqual(['a2']);
  });

  it('reads a history an earlier version kept in one value, and splits it into keys at the next write', async () => {
    const old = { taskId: 'v1', status: 'failed', startedAt: 5, instructions: ['Old task'], steps: [], model: 'm' };
    shared.values.set(
      HISTORY_KEY,
      JSON.stringify({ state: { tasks: { v1: old }, order: ['v1'], revs: { v1: 3 }, removed: [] }, version: 1 }),
    );
    const a = await openPanel();
    expect(statuses(a)).toEqual({ v1: 'failed' });
    a.useHistory.getState().apply(started('a1', 9_000));
    await settle();
    expect(JSON.parse(shared.values.get(taskKey('v1')) ?? '')).toMatchObject({ taskId: 'v1', status: 'failed' });
    expect(JSON.parse(shared.values.get(HISTORY_KEY) ?? '').state).toEqual({
      order: ['a1', 'v1'],
      revs: { a1: 1, v1: 3 },
      removed: [],
    });
    expect(storedStatuses()).toEqual({ a1: 'running', v1: 'failed' });
  });
});

describe('mergeHistory', () => {
  const record = (taskId: string, status: TaskRecord['status'], startedAt: number) =>
    ({ taskId, status, startedAt, instructions: [], steps: [] }) as unknown as TaskRecord;

  it('keeps the copy with more changes, every task either copy lacks, and no task either removed', () => {
    const mine = {
      tasks: { k: record('k', 'running', 1), m: record('m', 'succeeded', 2), x: record('x', 'failed', 5) },
      order: [],
      revs: { k: 1, m: 2, x: 1 },
      removed: ['gone'],
    };
    const theirs = {
      tasks: { k: record('k', 'failed', 1), m: record('m', 'running', 2), gone: record('gone', 'failed', 3) },
      order: [],
      revs: { k: 2, m: 1, gone: 1 },
      removed: ['x'],
    };
    const { history, mineIsNewer } = mergeHistory(mine, theirs, new Set());
    expect(Object.fromEntries(Object.entries(history.tasks).map(([id, task]) => [id, task.status]))).toEqual({
      k: 'failed',
      m: 'succeeded',
    });
    expect(history.order).toEqual(['m', 'k']);
    expect(history.removed).toEqual(['x', 'gone']);
    expect(mineIsNewer).toBe(true);
  });

  it('keeps the copy of a task this panel runs, whatever the other copy says', () => {
    const mine = { tasks: { r: record('r', 'running', 1) }, order: ['r'], revs: { r: 1 } };
    const theirs = { tasks: { r: record('r', 'interrupted', 1) }, order: ['r'], revs: { r: 3 } };
    expect(mergeHistory(mine, theirs, new Set(['r'])).history.tasks.r?.status).toBe('running');
  });
});
