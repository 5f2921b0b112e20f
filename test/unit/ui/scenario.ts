// A task as the agent core reports it, step by step: the events the panel's components are rendered from.

import type { TaskMetrics } from '../../../src/panel/agent/model/metrics';
import type { AgentEvent } from '../../../src/panel/agent/task/events';

export const TASK = 'k3f9';
const taskId = TASK;

export const METRICS: TaskMetrics = {
  steps: 3,
  doneAndVerified: true,
  rejectedDones: 1,
  repairs: 1,
  retries: 0,
  tokens: { input: 9_000, output: 640, cacheRead: 3_000, cacheWrite: 500 },
  costUsd: 0.0521,
  wallMs: 9_400,
  harnessMs: 1_100,
  modelMs: 8_300,
  personMs: 0,
};

export const started: Extract<AgentEvent, { type: 'task_started' }> = {
  type: 'task_started',
  taskId,
  instruction: 'Add the cheapest fern to the cart',
  followUp: false,
  model: 'claude-sonnet-5-5',
  at: Date.UTC(2025, 5, 1, 9, 30),
};

/** Step 1: searched (verified); step 2: a click with no effect, then a repair. */
export const firstSteps: AgentEvent[] = [
  {
    type: 'step_started',
    taskId,
    step: 1,
    tabId: 12,
    url: 'http://127.0.0.1:4173/',
    operable: true,
    digest: '5d1c0e9a7b3f21',
  },
  { type: 'model_text', taskId, step: 1, attempt: 0, delta: 'I will search ' },
  { type: 'model_text', taskId, step: 1, attempt: 0, delta: 'for ferns.' },
  {
    type: 'tool_call',
    taskId,
    step: 1,
    callId: 'c1',
    name: 'type',
    input: { ref: 4, text: 'fern', submit: true },
    identity: { role: 'searchbox', name: 'Search plants', nth: 0, count: 1 },
  },
  {
    type: 'tool_result',
    taskId,
    step: 1,
    callId: 'c1',
    name: 'type',
    outcome: 'ok',
    isError: false,
    summary: 'ok (value_change, navigation)',
    verification: { verified: true, effects: ['value_change', 'navigation'] },
  },
  {
    type: 'step_finished',
    taskId,
    step: 1,
    modelMs: 2_100,
    harnessMs: 310,
    usage: { input: 2950, output: 118, cacheRead: 0, cacheWrite: 2950 },
  },
  {
    type: 'step_started',
    taskId,
    step: 2,
    tabId: 12,
    url: 'http://127.0.0.1:4173/?q=fern',
    operable: true,
    digest: 'a84f2c6d09e3b7',
  },
  { type: 'tool_call', taskId, step: 2, callId: 'c2', name: 'click', input: { ref: 9 } },
  {
    type: 'tool_result',
    taskId,
    step: 2,
    callId: 'c2',
    name: 'click',
    outcome: 'failed_verify',
    isError: true,
    summary: 'failed_verify: no observable effect',
    verification: { verified: false, effects: ['none'], reason: 'no observable effect' },
  },
  {
    type: 'repair',
    taskId,
    step: 2,
    trigger: 'failed_verify',
    message: 'The click had no effect; try another element.',
    repairsUsed: 1,
  },
  {
    type: 'step_finished',
    taskId,
    step: 2,
    modelMs: 1_900,
    harnessMs: 420,
    usage: { input: 640, output: 64, cacheRead: 2950, cacheWrite: 0 },
  },
  { type: 'metrics', taskId, metrics: { ...METRICS, steps: 2 } },
];

/** Step 3: a done rejected for want of evidence, then accepted; the task succeeds, verified. */
export const lastSteps: AgentEvent[] = [
  {
    type: 'step_started',
    taskId,
    step: 3,
    tabId: 12,
    url: 'http://127.0.0.1:4173/cart.html',
    operable: true,
    digest: 'c27e91b0d4f586',
  },
  {
    type: 'tool_call',
    taskId,
    step: 3,
    callId: 'c3',
    name: 'done',
    input: { success: true, answer: 'Added.', evidence: { quotes: ['Maidenhair fern'] } },
  },
  {
    type: 'tool_result',
    taskId,
    step: 3,
    callId: 'c3',
    name: 'done',
    outcome: 'done_rejected',
    isError: true,
    summary: 'rejected: "Maidenhair fern" is not on the page',
  },
  { type: 'done_rejected', taskId, step: 3, reason: '"Maidenhair fern" is not on the page', rejections: 1 },
  {
    type: 'tool_call',
    taskId,
    step: 3,
    callId: 'c4',
    name: 'done',
    input: {
      success: true,
      answer: 'Added the Button fern (4.50) to the cart.',
      evidence: { quotes: ['Button fern'] },
    },
  },
  {
    type: 'tool_result',
    taskId,
    step: 3,
    callId: 'c4',
    name: 'done',
    outcome: 'done_accepted',
    isError: false,
    summary: 'accepted (succeeded, verified)',
  },
  {
    type: 'step_finished',
    taskId,
    step: 3,
    modelMs: 2_500,
    harnessMs: 240,
    usage: { input: 700, output: 95, cacheRead: 2950, cacheWrite: 0 },
  },
  {
    type: 'task_finished',
    taskId,
    status: 'succeeded',
    summary: 'Added the Button fern (4.50) to the cart.',
    answer: 'Added the Button fern (4.50) to the cart.',
    verified: true,
    evidence: { quotes: ['Button fern'], urlContains: '/cart' },
    metrics: METRICS,
  },
];

export const question: AgentEvent = {
  type: 'ask_user',
  taskId,
  step: 2,
  questionId: 'q1',
  question: 'Which size: small or large?',
};
