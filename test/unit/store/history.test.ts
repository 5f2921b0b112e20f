// The history's writes: streamed text waits for the coalesced write, every other event reaches storage at once, so a
// panel torn down without a pagehide (an extension reload) loses nothing but streamed text.

import { chrome } from 'jest-chrome';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../src/panel/agent/events';

const written: Record<string, unknown>[] = [];
let useHistory: typeof import('../../../src/panel/store/history').useHistory;
let HISTORY_KEY: string;

beforeAll(async () => {
  chrome.storage.local.get.mockImplementation((async () => ({})) as never);
  chrome.storage.local.set.mockImplementation((async (items: Record<string, unknown>) => {
    written.push(items);
  }) as never);
  ({ useHistory, HISTORY_KEY } = await import('../../../src/panel/store/history'));
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

const storedTask = () => {
  const last = written.at(-1)?.[HISTORY_KEY];
  return typeof last === 'string' ? (JSON.parse(last).state.tasks.t1 ?? null) : null;
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

  it('keeps streamed text for the coalesced write', () => {
    vi.useFakeTimers();
    try {
      useHistory.getState().apply({ type: 'model_text', taskId: 't1', step: 1, attempt: 1, delta: 'Reading' });
      expect(written).toEqual([]);
      vi.advanceTimersByTime(300);
      expect(written).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
