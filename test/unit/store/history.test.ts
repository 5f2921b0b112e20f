// The history's writes: streamed text waits for the coalesced write, every other event reaches storage at once, so a
// panel torn down without a pagehide (an extension reload) loses nothing but streamed text.

import { chrome } from 'jest-chrome';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../src/panel/agent/task/events';

const written: Record<string, unknown>[] = [];
let useHistory: typeof import('../../../src/panel/store/history').useHistory;
let taskKey: (taskId: string) => string;

beforeAll(async () => {
  chrome.storage.local.get.mockImplementation((async () => ({})) as never);
  chrome.storage.local.set.mockImplementation((async (items: Record<string, unknown>) => {
    written.push(items);
  }) as never);
  ({ useHistory } = await import('../../../src/panel/store/history'));
  ({ taskKey } = await import('../../../src/panel/store/history-layout'));
  await useHistory.persist.rehydrate();
});

beforeEach(() => {
  written.length = 0;
});

const started: AgentEvent = {
  type: 'task_started',
  taskId: 't1',
  instruction: 'Find the opening hours',
  followUp: false,
  model: 'claude-test',
  at: 1,
};

/** Task t1 as the last write that carried it stored it (each task has its key: history-layout.ts). */
const storedTask = () => {
  const last = written.findLast((items) => taskKey('t1') in items)?.[taskKey('t1')];
  return typeof last === 'string' ? JSON.parse(last) : null;
};

describe('history writes', () => {
  it('writes a task to storage as soon as it starts, without waiting for the coalescing delay', () => {
    vi.useFakeTimers();
    try {
      useHistory.getState().apply(started);
      expect(storedTask()).toMatchObject({ instructions: ['Find the opening hours'], status: 'running' });
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['text', { type: 'model_text', taskId: 't1', step: 1, attempt: 1, delta: 'Reading' }],
    ['reasoning', { type: 'model_thinking', taskId: 't1', step: 1, attempt: 1, delta: 'The list is sorted' }],
  ] satisfies [string, AgentEvent][])('keeps streamed %s for the coalesced write', (_, event) => {
    vi.useFakeTimers();
    try {
      useHistory.getState().apply(event);
      expect(written).toEqual([]);
      vi.advanceTimersByTime(300);
      expect(written).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes the streamed reasoning with the next event that is not coalesced', () => {
    vi.useFakeTimers();
    try {
      useHistory.getState().apply({ type: 'step_started', taskId: 't1', step: 2, tabId: 1, url: null, operable: true });
      written.length = 0;
      useHistory.getState().apply({ type: 'model_thinking', taskId: 't1', step: 2, attempt: 1, delta: 'Ref 7 is it.' });
      expect(written).toEqual([]);
      useHistory.getState().apply({ type: 'tool_call', taskId: 't1', step: 2, callId: 'c1', name: 'click', input: {} });
      expect(written).toHaveLength(1);
      expect(storedTask()?.steps.at(-1)).toMatchObject({ step: 2, thinking: 'Ref 7 is it.' });
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the task's tab record with it, and writes it with the step's next event", () => {
    vi.useFakeTimers();
    try {
      const tabs = { tabId: 7, groupId: 3, windowId: 1, url: 'https://a.example/', initialTabId: 7 };
      useHistory.getState().recordTabs('t1', { ...tabs, ownedTabIds: [7] });
      useHistory.getState().recordTabs('unknown', { ...tabs, ownedTabIds: [] });
      expect(useHistory.getState().tasks.t1?.tabs).toEqual({ ...tabs, ownedTabIds: [7] });
      expect(useHistory.getState().tasks.unknown).toBeUndefined();
      useHistory
        .getState()
        .apply({ type: 'tool_call', taskId: 't1', step: 2, callId: 'c2', name: 'read_page', input: {} });
      expect(storedTask()?.tabs).toEqual({ ...tabs, ownedTabIds: [7] });
    } finally {
      vi.useRealTimers();
    }
  });
});
