import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/panel/agent/core/settings';
import type { AgentEvent } from '../../../src/panel/agent/task/events';
import type { TaskRecord } from '../../../src/panel/store/task-record';
import { buildTrace, TRACE_FORMAT, TRACE_VERSION, traceFileName } from '../../../src/panel/store/trace';
import { recordOf } from './harness';
import { firstSteps, lastSteps, METRICS, started, TASK } from './scenario';

const KEY = 'sk-ant-api03-secret-key-value';
const settings = { ...DEFAULT_SETTINGS, apiKey: KEY, vision: true };
const EXPORTED = Date.UTC(2025, 5, 1, 9, 31);
const finished = recordOf([started, ...firstSteps, ...lastSteps], Date.UTC(2025, 5, 1, 9, 30, 11));

/** The structure of a JSON value without its values: keys, element shapes, and primitive types (null apart). */
function shape(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, shape(item)]),
    );
  }
  return typeof value;
}

function documentedExample(): unknown {
  const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/trace-format.md'), 'utf8');
  const block = /```json\n([\s\S]*?)\n```/.exec(doc);
  if (!block?.[1]) throw new Error('docs/trace-format.md has no ```json example');
  return JSON.parse(block[1]);
}

describe('trace', () => {
  it('never contains the API key', () => {
    const trace = buildTrace(finished, settings, { version: '0.1.0' }, EXPORTED);
    expect(trace.settings).not.toHaveProperty('apiKey');
    expect(JSON.stringify(trace)).not.toContain(KEY);
    const {
      apiKey: _key,
      allowedSites: _allowed,
      blockedSites: _blocked,
      actWithoutAskingSites: _unasked,
      ...rest
    } = settings;
    expect(trace.settings).toEqual(rest);
  });

  it('scrubs the key from any text that carries it', () => {
    const leaked: AgentEvent = {
      type: 'task_finished',
      taskId: TASK,
      status: 'error',
      summary: `Request failed: 401 for x-api-key ${KEY}`,
      verified: false,
      metrics: METRICS,
    };
    const record = recordOf([started, ...firstSteps, leaked]);
    const trace = buildTrace(record, settings, { version: '0.1.0' }, EXPORTED);
    expect(JSON.stringify(trace)).not.toContain(KEY);
    expect(trace.task.summary).toBe('Request failed: 401 for x-api-key [redacted]');
  });

  it('holds the task, its steps with actions, verification and timings, and the metrics', () => {
    const trace = buildTrace(finished, settings, { version: '0.1.0' }, EXPORTED);
    expect(trace.format).toBe(TRACE_FORMAT);
    expect(trace.version).toBe(TRACE_VERSION);
    expect(trace.exportedAt).toBe('2025-06-01T09:31:00.000Z');
    expect(trace.task).toEqual({
      id: TASK,
      instructions: ['Add the cheapest fern to the cart'],
      status: 'succeeded',
      summary: 'Added the Button fern (4.50) to the cart.',
      answer: 'Added the Button fern (4.50) to the cart.',
      verified: true,
      evidence: { quotes: ['Button fern'], urlContains: '/cart' },
      startedAt: '2025-06-01T09:30:00.000Z',
      finishedAt: '2025-06-01T09:30:11.000Z',
      model: 'claude-sonnet-5-5',
      replay: null,
    });
    expect(trace.metrics?.tokens.output).toBe(640);
    expect(trace.steps.map((s) => s.actions.map((a) => `${a.tool}:${a.outcome}`))).toEqual([
      ['type:ok'],
      ['click:failed_verify'],
      ['done:done_rejected', 'done:done_accepted'],
    ]);
    expect(trace.steps[1]).toMatchObject({
      step: 2,
      turn: 0,
      tabId: 12,
      notes: ['The click had no effect; try another element.'],
      timings: { modelMs: 1_900, harnessMs: 420 },
      actions: [{ verification: { verified: false, effects: ['none'], reason: 'no observable effect' } }],
    });
  });

  it('exports a running task with nulls where nothing is known yet', () => {
    const running = recordOf([started, ...firstSteps.slice(0, 4)]);
    const trace = buildTrace(running, settings, { version: '0.1.0' }, EXPORTED);
    expect(trace.task).toMatchObject({ status: 'running', finishedAt: null, summary: null, verified: null });
    expect(trace.metrics).toBeNull();
    expect(trace.steps[0]?.actions[0]).toMatchObject({ outcome: null, isError: null, verification: null });
    expect(trace.steps[0]?.timings).toEqual({ modelMs: null, harnessMs: null });
  });

  it('keeps the settings the task ran with, and the observation digest and token usage of each step', () => {
    const ranWith = { ...DEFAULT_SETTINGS, verifyMode: 'lenient' as const };
    const { apiKey: _key, ...safe } = ranWith;
    const record = recordOf([{ ...started, settings: safe }, ...firstSteps, ...lastSteps]);
    const trace = buildTrace(record, settings, { version: '0.1.0' }, EXPORTED);
    const { allowedSites: _allowed, blockedSites: _blocked, actWithoutAskingSites: _unasked, ...shown } = safe;
    expect(trace.settings).toEqual(shown); // not the settings at export time
    expect(trace.steps[0]).toMatchObject({
      observationDigest: '5d1c0e9a7b3f21',
      usage: { input: 2950, output: 118, cacheRead: 0, cacheWrite: 2950 },
    });
  });

  it("carries each step's reasoning (version 2 on), empty where it showed none", () => {
    const thought: AgentEvent = {
      type: 'model_thinking',
      taskId: TASK,
      step: 1,
      attempt: 0,
      delta: 'The search box is ref 4.',
    };
    const [stepOne, ...rest] = firstSteps;
    const record = recordOf([started, stepOne as AgentEvent, thought, ...rest, ...lastSteps]);
    const trace = buildTrace(record, settings, { version: '0.1.0' }, EXPORTED);
    expect(TRACE_VERSION).toBe(4);
    expect(trace.version).toBe(4);
    expect(trace.steps.map((step) => step.thinking)).toEqual(['The search box is ref 4.', '', '']);
    expect(trace.steps[0]?.text).toBe('I will search for ferns.');
  });

  it('exports a record kept before reasoning and effort: no reasoning, and the settings it ran with', () => {
    // A history record from before: no `thinking` on its steps, settings version 2 with the output budget.
    const { apiKey: _key, effort: _effort, ...current } = DEFAULT_SETTINGS;
    const ranWith = { ...current, version: 2, maxOutputTokens: 2048 } as unknown as TaskRecord['settings'];
    const old = { ...recordOf([started, ...firstSteps, ...lastSteps]), settings: ranWith };
    for (const step of old.steps) expect(step).not.toHaveProperty('thinking');
    const trace = buildTrace(old, settings, { version: '0.1.0' }, EXPORTED);
    expect(trace.steps.every((step) => step.thinking === '')).toBe(true);
    expect(trace.settings).toMatchObject({ version: 2, maxOutputTokens: 2048 });
    expect(trace.settings).not.toHaveProperty('effort');
  });

  it('shows the effort level in the settings of a task run now, not an output budget', () => {
    const { apiKey: _key, ...safe } = { ...DEFAULT_SETTINGS, effort: 'high' as const };
    const trace = buildTrace(recordOf([{ ...started, settings: safe }]), settings, { version: '0.1.0' }, EXPORTED);
    expect(trace.settings).toMatchObject({ version: 3, effort: 'high' });
    expect(trace.settings).not.toHaveProperty('maxOutputTokens');
  });

  it('matches the example in docs/trace-format.md, field for field', () => {
    const trace = JSON.parse(JSON.stringify(buildTrace(finished, settings, { version: '0.1.0' }, EXPORTED)));
    expect(shape(documentedExample())).toEqual(shape(trace));
  });

  it('says which steps a replay of a saved task played, where the model took over, and each target (version 4)', () => {
    const replay = {
      savedId: 's1',
      stepsReplayed: 1,
      healedAt: 1,
      healReason: 'button "Add to cart" is not on the page',
      modelCalls: 2,
      tokensSaved: 900,
      replayedSteps: [1, 2],
    };
    const trace = buildTrace({ ...finished, replay }, settings, { version: '0.1.0' }, EXPORTED);
    expect(trace.task.replay).toEqual(replay);
    expect(trace.steps.map((step) => step.by)).toEqual(['replay', 'replay', 'model']);
    expect(trace.steps[0]?.actions[0]?.target).toEqual({ role: 'searchbox', name: 'Search plants', nth: 0, count: 1 });
    expect(buildTrace(finished, settings, { version: '0.1.0' }, EXPORTED).steps.every((s) => s.by === 'model')).toBe(
      true,
    );
  });

  it('names the file after the task', () => {
    expect(traceFileName({ taskId: 'k3f9' })).toBe('steadyhand-trace-k3f9.json');
    expect(traceFileName({ taskId: 'a/b c' })).toBe('steadyhand-trace-a_b_c.json');
  });
});
