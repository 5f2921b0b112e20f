import { describe, expect, it } from 'vitest';
import { emptyMetrics } from '../../../src/panel/agent/model/metrics';
import type { AgentEvent } from '../../../src/panel/agent/task/events';
import { interruptRunning } from '../../../src/panel/store/history';
import { applyEvent, type TaskRecord } from '../../../src/panel/store/task-record';

const T = 't1';

function fold(events: AgentEvent[], start?: TaskRecord): TaskRecord | undefined {
  return events.reduce<TaskRecord | undefined>((record, event) => applyEvent(record, event, 1_000), start);
}

const started: AgentEvent = {
  type: 'task_started',
  taskId: T,
  instruction: 'Buy a plant',
  followUp: false,
  model: 'm',
  at: 5,
};

describe('task record', () => {
  it('builds step cards from streamed text, tool calls and their verified results', () => {
    const record = fold([
      started,
      { type: 'step_started', taskId: T, step: 1, tabId: 4, url: 'https://shop.test/', operable: true },
      { type: 'model_text', taskId: T, step: 1, attempt: 0, delta: 'I will ' },
      { type: 'model_text', taskId: T, step: 1, attempt: 0, delta: 'add it.' },
      { type: 'tool_call', taskId: T, step: 1, callId: 'c1', name: 'click', input: { ref: 3 } },
      {
        type: 'tool_result',
        taskId: T,
        step: 1,
        callId: 'c1',
        name: 'click',
        outcome: 'ok',
        isError: false,
        summary: 'Clicked "Add to cart"',
        verification: { verified: true, effects: ['dom_change'] },
      },
      { type: 'step_finished', taskId: T, step: 1, modelMs: 800, harnessMs: 40 },
    ]);
    expect(record?.status).toBe('running');
    expect(record?.steps).toEqual([
      {
        step: 1,
        turn: 0,
        tabId: 4,
        url: 'https://shop.test/',
        text: 'I will add it.',
        calls: [
          {
            callId: 'c1',
            name: 'click',
            input: { ref: 3 },
            outcome: 'ok',
            isError: false,
            summary: 'Clicked "Add to cart"',
            verification: { verified: true, effects: ['dom_change'] },
          },
        ],
        notes: [],
        modelMs: 800,
        harnessMs: 40,
      },
    ]);
  });

  it('drops the text of a model attempt that is retried', () => {
    const record = fold([
      started,
      { type: 'step_started', taskId: T, step: 1, tabId: 4, url: null, operable: true },
      { type: 'model_text', taskId: T, step: 1, attempt: 0, delta: 'half a tho' },
      { type: 'model_retry', taskId: T, step: 1, attempt: 1, reason: 'The stream was cut', delayMs: 500 },
      { type: 'model_text', taskId: T, step: 1, attempt: 1, delta: 'whole thought' },
    ]);
    expect(record?.steps[0]?.text).toBe('whole thought');
    expect(record?.steps[0]?.notes).toEqual(['The stream was cut']);
  });

  it("folds the model's streamed reasoning into its step, apart from its text", () => {
    const record = fold([
      started,
      { type: 'step_started', taskId: T, step: 1, tabId: 4, url: null, operable: true },
      { type: 'model_thinking', taskId: T, step: 1, attempt: 0, delta: 'The cart button ' },
      { type: 'model_thinking', taskId: T, step: 1, attempt: 0, delta: 'is ref 3.' },
      { type: 'model_text', taskId: T, step: 1, attempt: 0, delta: 'Adding it.' },
      { type: 'step_started', taskId: T, step: 2, tabId: 4, url: null, operable: true },
    ]);
    expect(record?.steps[0]).toMatchObject({ thinking: 'The cart button is ref 3.', text: 'Adding it.' });
    // A step whose model showed no reasoning has none, as in records kept before reasoning was.
    expect(record?.steps[1]).not.toHaveProperty('thinking');
  });

  it('drops the reasoning of a model attempt that is retried, with its text', () => {
    const record = fold([
      started,
      { type: 'step_started', taskId: T, step: 1, tabId: 4, url: null, operable: true },
      { type: 'model_thinking', taskId: T, step: 1, attempt: 0, delta: 'First I' },
      { type: 'model_retry', taskId: T, step: 1, attempt: 1, reason: 'The API is overloaded', delayMs: 500 },
    ]);
    expect(record?.steps[0]).not.toHaveProperty('thinking');
    expect(record?.steps[0]?.notes).toEqual(['The API is overloaded']);
    const retried = fold(
      [{ type: 'model_thinking', taskId: T, step: 1, attempt: 1, delta: 'Then I will click.' }],
      record,
    );
    expect(retried?.steps[0]?.thinking).toBe('Then I will click.');
  });

  it('keeps what the API said about a task the model declined to continue', () => {
    const refusal = { category: 'cyber', explanation: 'This request may facilitate harm.' };
    const record = fold([
      started,
      {
        type: 'task_finished',
        taskId: T,
        status: 'failed',
        summary: 'The model declined to continue this task (cyber): This request may facilitate harm.',
        verified: false,
        refusal,
        metrics: emptyMetrics(),
      },
    ]);
    expect(record).toMatchObject({ status: 'failed', refusal });
  });

  it('keeps the money behind a cost limit ending, and lets a follow-up end without it', () => {
    const costLimit = { limitUsd: 0.5, spentUsd: 0.48, nextUsd: 0.05 };
    const ended = fold([
      started,
      {
        type: 'task_finished',
        taskId: T,
        status: 'cost_limit',
        summary: "Stopped at this task's cost limit: it spent $0.48 of $0.50, and the next step would go over.",
        verified: false,
        costLimit,
        metrics: { ...emptyMetrics(), costUsd: 0.48 },
      },
    ]);
    expect(ended).toMatchObject({ status: 'cost_limit', costLimit, metrics: { costUsd: 0.48 } });
    const again = fold(
      [
        { ...started, followUp: true, instruction: 'Go on' },
        {
          type: 'task_finished',
          taskId: T,
          status: 'succeeded',
          summary: 'Done.',
          verified: true,
          metrics: emptyMetrics(),
        },
      ],
      ended,
    );
    expect(again?.status).toBe('succeeded');
    expect(again?.costLimit).toBeUndefined();
  });

  it('continues the same record for a follow-up, numbering its steps under the new instruction', () => {
    const first = fold([started, { type: 'step_started', taskId: T, step: 1, tabId: 4, url: null, operable: true }]);
    const record = fold(
      [
        { ...started, instruction: 'Now ship it express', followUp: true },
        { type: 'step_started', taskId: T, step: 2, tabId: 4, url: null, operable: true },
      ],
      first,
    );
    expect(record?.instructions).toEqual(['Buy a plant', 'Now ship it express']);
    expect(record?.steps.map((s) => s.turn)).toEqual([0, 1]);
  });

  it('keeps the question of ask_user until it is answered or the task ends', () => {
    const asked = fold([
      started,
      { type: 'step_started', taskId: T, step: 1, tabId: 4, url: null, operable: true },
      { type: 'ask_user', taskId: T, step: 1, questionId: 'q1', question: 'Which size?' },
    ]);
    expect(asked?.question).toEqual({ questionId: 'q1', question: 'Which size?' });
    const answered = fold(
      [
        { type: 'tool_call', taskId: T, step: 1, callId: 'c2', name: 'ask_user', input: { question: 'Which size?' } },
        {
          type: 'tool_result',
          taskId: T,
          step: 1,
          callId: 'c2',
          name: 'ask_user',
          outcome: 'ok',
          isError: false,
          summary: 'The person replied',
        },
      ],
      asked,
    );
    expect(answered?.question).toBeUndefined();
    expect(answered?.status).toBe('running');
  });

  it('shows a task that was running when the panel closed as interrupted, steps kept', () => {
    const running = fold([started, { type: 'step_started', taskId: T, step: 1, tabId: 4, url: null, operable: true }]);
    if (!running) throw new Error('no record');
    const restored = interruptRunning({ tasks: { [T]: running }, order: [T] });
    expect(restored.tasks[T]?.status).toBe('interrupted');
    expect(restored.tasks[T]?.steps).toHaveLength(1);
    expect(restored.tasks[T]?.summary).toMatch(/panel was closed/);
  });

  it('keeps site permission questions and decisions; a follow-up or the end closes an open question', () => {
    const asked: AgentEvent = {
      type: 'permission_request',
      taskId: T,
      step: 2,
      requestId: 'p1',
      origin: 'https://b.test',
      why: { kind: 'tab', url: 'https://b.test/' },
    };
    const open = fold([started, asked]);
    expect(open?.permission).toEqual({ requestId: 'p1', step: 2, origin: 'https://b.test', why: asked.why });
    // A rule's decision about another site leaves the open question alone.
    const ruled = fold(
      [
        {
          type: 'permission_decided',
          taskId: T,
          step: 2,
          origin: 'https://c.test',
          decision: 'once',
          by: 'allow_list',
        },
      ],
      open,
    );
    expect(ruled?.permission?.requestId).toBe('p1');
    const answered = fold(
      [
        {
          type: 'permission_decided',
          taskId: T,
          step: 2,
          origin: 'https://b.test',
          decision: 'always',
          by: 'person',
          requestId: 'p1',
        },
      ],
      ruled,
    );
    expect(answered?.permission).toBeUndefined();
    expect(answered?.permissions?.map((p) => [p.origin, p.decision, p.by, p.why?.kind])).toEqual([
      ['https://c.test', 'once', 'allow_list', undefined],
      ['https://b.test', 'always', 'person', 'tab'],
    ]);
    const followUp: AgentEvent = { ...started, instruction: 'More', followUp: true };
    expect(fold([followUp], open)?.permission).toBeUndefined();
    expect(fold([followUp], answered)?.permissions).toHaveLength(2);
  });
});
