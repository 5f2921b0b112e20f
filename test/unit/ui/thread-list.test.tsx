// @vitest-environment jsdom
// The panel as a list of threads (issue 28): running tasks on top with their status line, those waiting for a free
// slot with Cancel, the few most recent finished ones below; one click opens a thread, the open one is marked; a
// task waiting for the person says so; another window's task is listed but cannot be stopped from here.

import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/panel/agent/task/events';
import { useSettings } from '../../../src/panel/store/settings';
import type { QueuedTask } from '../../../src/panel/store/task-queue';
import { useTaskQueue } from '../../../src/panel/store/task-queue';
import { useUi } from '../../../src/panel/store/ui';
import { App } from '../../../src/panel/ui/app';
import { allByTestId, byTestId, click, emit, freshUi, mount, type SpyCommands, unmountAll } from './harness';
import { METRICS, started } from './scenario';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

/** A task started at `at`, with its first step under way. */
function begin(taskId: string, instruction: string, at: number): AgentEvent[] {
  return [
    { ...started, taskId, instruction, at },
    { type: 'step_started', taskId, step: 1, tabId: 10, url: 'https://a.test/', operable: true, digest: 'd1' },
  ];
}

function finish(taskId: string): AgentEvent {
  return { type: 'task_finished', taskId, status: 'succeeded', summary: 'Done.', verified: true, metrics: METRICS };
}

/** The rows of a list, as `taskId status` (queued rows as `queued <instruction>`). */
function rows(root: HTMLElement, list: 'threads-live' | 'threads-earlier'): string[] {
  return [...byTestId(root, list).querySelectorAll('li')].map((li) =>
    li.dataset.queueId
      ? `queued ${li.querySelector('.thread-instruction')?.textContent}`
      : `${li.dataset.taskId} ${li.dataset.status}`,
  );
}

/** Tasks wait for a free slot, as the host publishes them. */
function queue(queued: QueuedTask[]): void {
  void act(() => useTaskQueue.getState().show(queued));
}

const row = (root: HTMLElement, taskId: string) =>
  root.querySelector(`[data-testid="thread-row"][data-task-id="${taskId}"]`) as HTMLElement;

describe('the thread list', () => {
  it('names the agent that handed a task over, on its row', () => {
    const root = mount(<App commands={commands} />);
    emit(...begin('t1', 'Buy a fern', 1));
    emit({ ...started, taskId: 'c1', instruction: 'Order tea', at: 2, client: 'Claude Code' });
    expect(row(root, 'c1').querySelector('[data-testid="thread-from"]')?.textContent).toBe('from Claude Code');
    expect(row(root, 't1').querySelector('[data-testid="thread-from"]')).toBeNull();
  });

  it('is not shown while the panel has a single task and nothing waits: the panel looks as with one task', () => {
    const root = mount(<App commands={commands} />);
    emit(...begin('t1', 'Buy a fern', 1));
    expect(allByTestId(root, 'thread-list')).toHaveLength(0);
    emit(finish('t1'));
    expect(allByTestId(root, 'thread-list')).toHaveLength(0);
  });

  it('lists running tasks newest first, then those waiting for a slot, then the recent finished ones', () => {
    const root = mount(<App commands={commands} />);
    for (const [id, at] of [
      ['f1', 1],
      ['f2', 2],
      ['f3', 3],
      ['f4', 4],
    ] as const)
      emit(...begin(id, `Old ${id}`, at), finish(id));
    emit(...begin('r1', 'Buy a fern', 10), ...begin('r2', 'Book a table', 11));
    queue([{ queueId: 'q1', instruction: 'Find a plumber\n\nFiles: a.txt', followUpOf: null, at: 12 }]);
    expect(rows(root, 'threads-live')).toEqual(['r2 running', 'r1 running', 'queued Find a plumber']);
    // The three most recent finished; the rest are in History, one click away.
    expect(rows(root, 'threads-earlier')).toEqual(['f4 succeeded', 'f3 succeeded', 'f2 succeeded']);
    const list = byTestId(root, 'thread-list');
    expect(list.getAttribute('aria-labelledby')).toBe('threads-heading');
    expect(list.querySelector('#threads-heading')?.textContent).toBe('Tasks');
    click(byTestId(root, 'threads-history'));
    expect(useUi.getState().view).toBe('history');
  });

  it('gives each running task its status line: what it does now, the step, the cost so far', () => {
    useSettings.getState().update({ maxSteps: 12 });
    const root = mount(<App commands={commands} />);
    emit(...begin('r1', 'Buy a fern', 1), ...begin('r2', 'Book a table', 2));
    emit(
      {
        type: 'tool_call',
        taskId: 'r1',
        step: 1,
        callId: 'c1',
        name: 'open_url',
        input: { url: 'https://shop.test/' },
      },
      { type: 'metrics', taskId: 'r1', metrics: { ...METRICS, costUsd: 0.0123 } },
    );
    const status = byTestId(row(root, 'r1'), 'thread-status').textContent ?? '';
    expect(status).toMatch(/^Opening https:\/\/shop\.test\/ · Step 1 of 12 · ≈ 0\.01 USD$/);
    expect(byTestId(row(root, 'r2'), 'thread-status').textContent).toBe('Waiting for the model… · Step 1 of 12');
  });

  it('opens a thread with one click and marks the open one', () => {
    const root = mount(<App commands={commands} />);
    emit(...begin('r1', 'Buy a fern', 1), ...begin('r2', 'Book a table', 2));
    // Nothing picked: the newest task is the open thread.
    expect(byTestId(row(root, 'r2'), 'thread-open').getAttribute('aria-current')).toBe('true');
    expect(byTestId(row(root, 'r1'), 'thread-open').hasAttribute('aria-current')).toBe(false);
    click(byTestId(row(root, 'r1'), 'thread-open'));
    expect(commands.open).toHaveBeenCalledExactlyOnceWith('r1');
    expect(byTestId(root, 'task-card').dataset.taskId).toBe('r1');
    expect(byTestId(row(root, 'r1'), 'thread-open').getAttribute('aria-current')).toBe('true');
    expect(byTestId(row(root, 'r2'), 'thread-open').hasAttribute('aria-current')).toBe(false);
  });

  it('stops the task of its row only; the open thread’s Stop is the composer’s', () => {
    const root = mount(<App commands={commands} />);
    emit(...begin('r1', 'Buy a fern', 1), ...begin('r2', 'Book a table', 2));
    // r2 is open: its Stop is under the thread, once; r1's is on its row, named for it.
    expect(allByTestId(row(root, 'r2'), 'thread-stop')).toHaveLength(0);
    const stop = byTestId(row(root, 'r1'), 'thread-stop');
    expect(stop.getAttribute('aria-label')).toBe('Stop: Buy a fern');
    click(stop);
    expect(commands.stop).toHaveBeenCalledExactlyOnceWith('r1');
    click(byTestId(root, 'stop'));
    expect(commands.stop).toHaveBeenLastCalledWith();
  });

  it('takes a waiting task out of the queue with its Cancel', () => {
    const root = mount(<App commands={commands} />);
    emit(...begin('r1', 'Buy a fern', 1));
    queue([
      { queueId: 'q1', instruction: 'Find a plumber', followUpOf: null, at: 2 },
      { queueId: 'q2', instruction: 'Make it two', followUpOf: 'f0', at: 3 },
    ]);
    const [first, second] = allByTestId(root, 'thread-queued');
    expect(first?.textContent).toContain('Waiting for a free slot');
    expect(second?.textContent).toContain('Follow-up waiting for a free slot');
    // A queued task has no thread yet: nothing to open.
    expect(first?.querySelector('[data-testid="thread-open"]')).toBeNull();
    const cancel = byTestId(first as HTMLElement, 'thread-cancel');
    expect(cancel.getAttribute('aria-label')).toBe('Cancel the waiting task: Find a plumber');
    click(cancel);
    expect(commands.cancelQueued).toHaveBeenCalledExactlyOnceWith('q1');
  });

  it('marks a task that waits for the person, and unmarks it once answered', () => {
    const root = mount(<App commands={commands} />);
    emit(...begin('r1', 'Buy a fern', 1), ...begin('r2', 'Book a table', 2));
    emit(
      { type: 'tool_call', taskId: 'r1', step: 1, callId: 'a1', name: 'ask_user', input: { question: 'Which fern?' } },
      { type: 'ask_user', taskId: 'r1', step: 1, questionId: 'q1', question: 'Which fern?' },
    );
    expect(row(root, 'r1').dataset.waiting).toBe('question');
    // In the row's button: its name says so to a screen reader too.
    expect(byTestId(row(root, 'r1'), 'thread-open').textContent).toContain('Waiting for you: a question');
    expect(allByTestId(row(root, 'r2'), 'thread-waiting')).toHaveLength(0);
    // The answer reaches the agent as ask_user's result.
    emit({
      type: 'tool_result',
      taskId: 'r1',
      step: 1,
      callId: 'a1',
      name: 'ask_user',
      outcome: 'ok',
      isError: false,
      summary: 'The cheapest',
    });
    expect(allByTestId(row(root, 'r1'), 'thread-waiting')).toHaveLength(0);
  });

  it('lists another window’s running task without a Stop this panel could not honour', () => {
    commands.runsHere.mockImplementation((taskId) => taskId !== 'w1');
    const root = mount(<App commands={commands} />);
    emit(...begin('w1', 'Their task', 1), ...begin('r1', 'Buy a fern', 2));
    click(byTestId(root, 'new-task'));
    expect(byTestId(row(root, 'w1'), 'thread-elsewhere').textContent).toBe('Runs in another window');
    expect(allByTestId(row(root, 'w1'), 'thread-stop')).toHaveLength(0);
    expect(allByTestId(row(root, 'r1'), 'thread-stop')).toHaveLength(1);
  });
});
