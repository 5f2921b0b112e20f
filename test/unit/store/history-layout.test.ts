// The history's layout in storage: an index and one key per task, read back as the history it was, and each record
// serialized once however often the history is written.

import { describe, expect, it, vi } from 'vitest';
import {
  assembleHistory,
  isHistoryKey,
  RecordCodec,
  splitHistory,
  taskKey,
} from '../../../src/panel/store/history-layout';
import { HISTORY_KEY } from '../../../src/panel/store/storage-keys';
import type { TaskRecord } from '../../../src/panel/store/task-record';

const record = (taskId: string, startedAt: number) =>
  ({ taskId, status: 'succeeded', startedAt, instructions: [taskId], steps: [] }) as unknown as TaskRecord;

const history = () => ({
  state: { tasks: { b: record('b', 2), a: record('a', 1) }, order: ['b', 'a'], revs: { a: 1, b: 4 }, removed: ['x'] },
  version: 1,
});

describe('the history in storage', () => {
  it('splits into an index without records and a key per task, and assembles into the same history', () => {
    const value = history();
    const stored = splitHistory(value, new RecordCodec());
    expect([...stored.keys()]).toEqual([HISTORY_KEY, taskKey('b'), taskKey('a')]);
    expect(JSON.parse(stored.get(HISTORY_KEY) ?? '')).toEqual({
      state: { order: ['b', 'a'], revs: { a: 1, b: 4 }, removed: ['x'] },
      version: 1,
    });
    expect(assembleHistory((key) => stored.get(key), new RecordCodec())).toEqual(value);
  });

  it('leaves out a task the index names whose key is missing, and does not read keys it does not name', () => {
    const stored = splitHistory(history(), new RecordCodec());
    stored.delete(taskKey('a'));
    stored.set(taskKey('stray'), JSON.stringify(record('stray', 3)));
    const read = vi.fn((key: string) => stored.get(key));
    const back = assembleHistory(read, new RecordCodec());
    expect(back?.state.order).toEqual(['b']);
    expect(Object.keys(back?.state.tasks ?? {})).toEqual(['b']);
    expect(read).not.toHaveBeenCalledWith(taskKey('stray'));
  });

  it('serializes a record once and parses a stored string once, however often the history is written or read', () => {
    const codec = new RecordCodec();
    const value = history();
    const stringify = vi.spyOn(JSON, 'stringify');
    splitHistory(value, codec);
    splitHistory({ ...value, state: { ...value.state, revs: { a: 1, b: 5 } } }, codec);
    // Two indexes, and each record once.
    expect(stringify).toHaveBeenCalledTimes(4);
    const stored = splitHistory(value, codec);
    const first = assembleHistory((key) => stored.get(key), codec);
    const second = assembleHistory((key) => stored.get(key), codec);
    expect(second?.state.tasks.a).toBe(first?.state.tasks.a);
  });

  it('names the history’s keys: the index and the tasks', () => {
    expect([HISTORY_KEY, taskKey('a1'), 'steadyhand.settings', 'steadyhand.historyX'].map(isHistoryKey)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
