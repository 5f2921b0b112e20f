// What "waiting for the person" means (src/panel/store/waiting.ts), read from records folded from the agent's own
// events, so the predicate and the fold cannot drift apart.

import { describe, expect, it } from 'vitest';
import { emptyMetrics } from '../../../src/panel/agent/model/metrics';
import type { AgentEvent } from '../../../src/panel/agent/task/events';
import { applyEvent, markInterrupted, type TaskRecord } from '../../../src/panel/store/task-record';
import { waitingFor, waitingTasks } from '../../../src/panel/store/waiting';
import type { Consequence } from '../../../src/shared/consent-types';

function fold(events: AgentEvent[], taskId = 't1'): TaskRecord {
  const record = events.reduce<TaskRecord | undefined>(
    (acc, event) => applyEvent(acc, { ...event, taskId } as AgentEvent, 1_000),
    undefined,
  );
  if (!record) throw new Error('no record');
  return record;
}

const started: AgentEvent = {
  type: 'task_started',
  taskId: 't1',
  instruction: 'Buy a plant',
  followUp: false,
  model: 'm',
  at: 5,
};
const step: AgentEvent = {
  type: 'step_started',
  taskId: 't1',
  step: 1,
  tabId: 4,
  url: 'https://shop.test/',
  operable: true,
};
const ORDER: Consequence = { kind: 'order', control: 'Place order', signals: ['the button’s name'], fields: [] };

const asked: AgentEvent = { type: 'ask_user', taskId: 't1', step: 1, questionId: 'q1', question: 'Which size?' };
const siteAsked: AgentEvent = {
  type: 'permission_request',
  taskId: 't1',
  step: 1,
  requestId: 'r1',
  origin: 'https://pay.test',
  why: { kind: 'open_url', url: 'https://pay.test/', newTab: false },
};
const planProposed: AgentEvent = {
  type: 'plan_proposed',
  taskId: 't1',
  step: 1,
  planId: 'p1',
  plan: { summary: 'Order one fern', sites: ['https://shop.test'], changes: [], steps: 'Add it, check out.' },
};
const consentAsked: AgentEvent = {
  type: 'consent_request',
  taskId: 't1',
  step: 1,
  requestId: 'c1',
  origin: 'https://shop.test',
  consequence: ORDER,
};

function finished(status: 'succeeded' | 'cost_limit' | 'stopped'): AgentEvent {
  return { type: 'task_finished', taskId: 't1', status, summary: 'Ended.', verified: false, metrics: emptyMetrics() };
}

describe('waiting for the person', () => {
  it('a running task that works on its own does not wait', () => {
    expect(waitingFor(fold([started, step]))).toBeNull();
  });

  it('an ask_user question waits until its answer comes back as the tool’s result', () => {
    const waiting = fold([started, step, asked]);
    expect(waitingFor(waiting)).toBe('question');
    const answered = fold([
      started,
      step,
      { type: 'tool_call', taskId: 't1', step: 1, callId: 'a1', name: 'ask_user', input: {} },
      asked,
      {
        type: 'tool_result',
        taskId: 't1',
        step: 1,
        callId: 'a1',
        name: 'ask_user',
        outcome: 'ok',
        isError: false,
        summary: 'The person answered',
      },
    ]);
    expect(waitingFor(answered)).toBeNull();
  });

  it('a site question waits until the site is decided', () => {
    expect(waitingFor(fold([started, step, siteAsked]))).toBe('site');
    const decided: AgentEvent = {
      type: 'permission_decided',
      taskId: 't1',
      step: 1,
      origin: 'https://pay.test',
      decision: 'once',
      by: 'person',
      requestId: 'r1',
    };
    expect(waitingFor(fold([started, step, siteAsked, decided]))).toBeNull();
  });

  it('a proposed plan waits until it is approved or cancelled', () => {
    expect(waitingFor(fold([started, step, planProposed]))).toBe('plan');
    const approved: AgentEvent = { type: 'plan_decided', taskId: 't1', step: 1, planId: 'p1', approved: true };
    expect(waitingFor(fold([started, step, planProposed, approved]))).toBeNull();
  });

  it('a consequential step waits for the person’s yes until it is decided', () => {
    expect(waitingFor(fold([started, step, consentAsked]))).toBe('consent');
    const decided: AgentEvent = {
      type: 'consent_decided',
      taskId: 't1',
      step: 1,
      origin: 'https://shop.test',
      kind: 'order',
      control: 'Place order',
      decision: 'once',
      by: 'person',
      requestId: 'c1',
    };
    expect(waitingFor(fold([started, step, consentAsked, decided]))).toBeNull();
  });

  it('says the site question first when a site and a question are open at once, as the live region does', () => {
    expect(waitingFor(fold([started, step, asked, siteAsked]))).toBe('site');
  });

  it('a finished task never waits, even with a question left in its record', () => {
    const open = fold([started, step, asked]);
    expect(waitingFor({ ...open, status: 'succeeded' })).toBeNull();
    expect(waitingFor(markInterrupted(open))).toBeNull();
    expect(waitingFor(fold([started, step, asked, finished('stopped')]))).toBeNull();
  });

  it('a task that reached its cost cap has ended (decision 0017): it does not wait', () => {
    const capped = fold([started, step, finished('cost_limit')]);
    expect(capped.status).toBe('cost_limit');
    expect(waitingFor(capped)).toBeNull();
  });

  it('lists the waiting tasks of a merged history, newest first, and none of the others', () => {
    const tasks = {
      a: fold([started, step, asked], 'a'),
      b: fold([started, step], 'b'),
      c: fold([started, step, siteAsked], 'c'),
      d: { ...fold([started, step, asked], 'd'), status: 'interrupted' as const },
    };
    const waiting = waitingTasks({ tasks, order: ['c', 'b', 'a', 'd', 'gone'] });
    expect(waiting.map((record) => record.taskId)).toEqual(['c', 'a']);
    expect(waitingTasks({ tasks: {}, order: [] })).toEqual([]);
  });
});
