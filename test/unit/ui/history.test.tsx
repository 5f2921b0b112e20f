// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { costLimitEnding } from '../../../src/panel/agent/task/cost-cap';
import type { AgentEvent } from '../../../src/panel/agent/task/events';
import { HISTORY_KEY, HISTORY_VERSION, useHistory } from '../../../src/panel/store/history';
import { taskKey } from '../../../src/panel/store/history-layout';
import { useUi } from '../../../src/panel/store/ui';
import { App } from '../../../src/panel/ui/app';
import {
  allByTestId,
  byTestId,
  click,
  emit,
  fakeStorage,
  freshUi,
  mount,
  type SpyCommands,
  settle,
  unmountAll,
} from './harness';
import { firstSteps, lastSteps, METRICS, started, TASK } from './scenario';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

/** A second, older task that failed. */
const older: AgentEvent[] = [
  { ...started, taskId: 'old1', instruction: 'Find the opening hours', at: Date.UTC(2025, 4, 1) },
  { type: 'step_started', taskId: 'old1', step: 1, tabId: 3, url: 'https://example.test/', operable: true },
  {
    type: 'task_finished',
    taskId: 'old1',
    status: 'failed',
    summary: 'The page does not list opening hours.',
    verified: false,
    metrics: {
      steps: 1,
      doneAndVerified: false,
      rejectedDones: 0,
      repairs: 0,
      retries: 0,
      tokens: { input: 800, output: 90, cacheRead: 0, cacheWrite: 0 },
      costUsd: null,
      wallMs: 1_000,
      harnessMs: 100,
      modelMs: 900,
      personMs: 0,
    },
  },
];

function openHistory(): HTMLElement {
  const root = mount(<App commands={commands} />);
  click(byTestId(root, 'nav-history'));
  return root;
}

describe('history', () => {
  it('names the agent that handed a task over (issue 29); the person’s own tasks carry no name', () => {
    emit(...older, { ...started, taskId: 'c1', instruction: 'Order tea', at: Date.UTC(2025, 4, 2), client: 'Codex' });
    const root = openHistory();
    const item = (id: string) => root.querySelector(`[data-testid="history-item"][data-task-id="${id}"]`);
    expect(item('c1')?.querySelector('[data-testid="history-from"]')?.textContent).toBe('from Codex');
    expect(item('old1')?.querySelector('[data-testid="history-from"]')).toBeNull();
  });

  it('lists past tasks newest first with status, steps, tokens and cost', () => {
    emit(...older, started, ...firstSteps, ...lastSteps);
    const root = openHistory();
    const items = allByTestId(root, 'history-item');
    expect(items.map((item) => item.dataset.taskId)).toEqual([TASK, 'old1']);
    expect(items[0]?.textContent).toContain('Add the cheapest fern to the cart');
    expect(items[0]?.textContent).toContain('Succeeded');
    expect(items[0]?.textContent).toContain('3 steps · 12,500 tokens in · 640 out · ≈ 0.05 USD');
    expect(items[1]?.textContent).toContain('Failed');
    expect(items[1]?.textContent).toContain('1 step · 800 tokens in · 90 out · cost unknown for this model');
  });

  it("shows each task's cost on its own, and a task ended at its cost limit as such", () => {
    const ending = costLimitEnding({ limitUsd: 0.5, spentUsd: 0.4812, nextUsd: 0.06 });
    const capped: AgentEvent[] = [
      { ...started, taskId: 'cap1', instruction: 'Read every review', at: Date.UTC(2025, 5, 2) },
      { type: 'task_finished', taskId: 'cap1', ...ending, metrics: { ...METRICS, steps: 9, costUsd: 0.4812 } },
    ];
    emit(...older, started, ...firstSteps, ...lastSteps, ...capped);
    const root = openHistory();
    const items = allByTestId(root, 'history-item');
    expect(items.map((item) => item.dataset.taskId)).toEqual(['cap1', TASK, 'old1']);
    expect(items.map((item) => byTestId(item, 'history-cost').textContent)).toEqual([
      '≈ 0.48 USD',
      '≈ 0.05 USD',
      'cost unknown for this model',
    ]);
    expect(items[0]?.dataset.status).toBe('cost_limit');
    expect(items[0]?.textContent).toContain('Stopped: cost limit reached');
    expect(items[0]?.textContent).toContain('9 steps · 12,500 tokens in · 640 out · ≈ 0.48 USD');
    click(byTestId(items[0] as HTMLElement, 'history-open'));
    expect(byTestId(root, 'final-summary').textContent).toBe(ending.summary);
  });

  it('opens a past task to show its steps, and goes back to the list', () => {
    emit(...older, started, ...firstSteps, ...lastSteps);
    const root = openHistory();
    click(byTestId(allByTestId(root, 'history-item')[1] as HTMLElement, 'history-open'));
    const detail = byTestId(root, 'history-detail');
    expect(byTestId(detail, 'task-card').dataset.taskId).toBe('old1');
    expect(allByTestId(detail, 'step-card')).toHaveLength(1);
    expect(byTestId(detail, 'final-summary').textContent).toBe('The page does not list opening hours.');
    click(byTestId(detail, 'export-trace'));
    expect(commands.exportTrace).toHaveBeenCalledExactlyOnceWith('old1');
    click(byTestId(root, 'history-back'));
    expect(allByTestId(root, 'history-item')).toHaveLength(2);
  });

  it('deletes one task', () => {
    emit(...older, started, ...firstSteps, ...lastSteps);
    const root = openHistory();
    const del = byTestId(allByTestId(root, 'history-item')[0] as HTMLElement, 'history-delete');
    expect(del.getAttribute('aria-label')).toBe('Delete task: Add the cheapest fern to the cart');
    click(del);
    expect(allByTestId(root, 'history-item').map((item) => item.dataset.taskId)).toEqual(['old1']);
    expect(useHistory.getState().order).toEqual(['old1']);
  });

  it('does not delete a running task', () => {
    emit(...older, started, ...firstSteps);
    const root = openHistory();
    const del = byTestId(allByTestId(root, 'history-item')[0] as HTMLElement, 'history-delete') as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    expect((byTestId(root, 'history-clear') as HTMLButtonElement).disabled).toBe(true);
  });

  it('clears all only after the person confirms', () => {
    emit(...older, started, ...firstSteps, ...lastSteps);
    const root = openHistory();
    click(byTestId(root, 'history-clear'));
    expect(root.textContent).toContain('Delete all 2 tasks from history? This cannot be undone.');
    click(byTestId(root, 'history-clear-cancel'));
    expect(allByTestId(root, 'history-item')).toHaveLength(2);
    click(byTestId(root, 'history-clear'));
    click(byTestId(root, 'history-clear-confirm'));
    expect(allByTestId(root, 'history-item')).toHaveLength(0);
    expect(root.textContent).toContain('No tasks yet.');
  });

  it('reads a record an earlier version kept: no reasoning, an output budget in its settings', async () => {
    const kept = {
      taskId: 'v1',
      instructions: ['Find the opening hours'],
      model: 'claude-sonnet-4-5',
      status: 'failed',
      startedAt: Date.UTC(2025, 4, 1),
      finishedAt: Date.UTC(2025, 4, 1, 0, 1),
      summary: 'The page does not list opening hours.',
      settings: { version: 2, model: 'claude-sonnet-4-5', maxSteps: 40, maxOutputTokens: 2048 },
      steps: [{ step: 1, turn: 0, tabId: 3, url: 'https://example.test/', text: 'Reading.', calls: [], notes: [] }],
    };
    // The write the store reset left waiting goes out first, so what is read back is what storage holds.
    window.dispatchEvent(new Event('pagehide'));
    fakeStorage({
      [HISTORY_KEY]: JSON.stringify({ state: { tasks: { v1: kept }, order: ['v1'] }, version: HISTORY_VERSION }),
    });
    await useHistory.persist.rehydrate();
    const root = openHistory();
    expect(byTestId(root, 'history-item').textContent).toContain('1 step');
    click(byTestId(root, 'history-open'));
    const card = byTestId(root, 'step-card');
    expect(byTestId(card, 'step-text').textContent).toBe('Reading.');
    expect(card.querySelector('[data-testid="step-reasoning"]')).toBeNull();
    expect(byTestId(root, 'final-summary').textContent).toBe('The page does not list opening hours.');
  });

  it('shows a task that was running when the panel closed as interrupted, with its steps', async () => {
    const data = fakeStorage();
    emit(started, ...firstSteps);
    // The panel closes: its pending history write is flushed on pagehide.
    window.dispatchEvent(new Event('pagehide'));
    const saved = JSON.parse(String(data.get(HISTORY_KEY)));
    expect(saved.version).toBe(HISTORY_VERSION);
    expect(saved.state.order).toContain(TASK);
    expect(JSON.parse(String(data.get(taskKey(TASK)))).status).toBe('running');
    // It reopens and loads the history from storage.
    await useHistory.persist.rehydrate();
    const root = mount(<App commands={commands} />);
    await settle();
    // The task view shows it as the last task, with no Stop button: nothing is running.
    expect(byTestId(root, 'task-status').textContent).toBe('Interrupted');
    expect(root.querySelector('[data-testid="stop"]')).toBeNull();
    expect(byTestId(root, 'final-summary').textContent).toBe(
      'The panel was closed while this task was running, so it stopped. Its steps up to then are kept.',
    );
    expect(allByTestId(root, 'step-card')).toHaveLength(2);
    click(byTestId(root, 'nav-history'));
    expect(byTestId(root, 'history-item').dataset.status).toBe('interrupted');
    expect(useUi.getState().view).toBe('history');
  });
});
