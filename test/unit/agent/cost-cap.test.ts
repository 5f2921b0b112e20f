// The per-task cost cap (decision 0017): before each model request, the task's spend plus the last request's cost
// must stay within settings.maxTaskCostUsd, or the request is not sent and the task ends `cost_limit`, saying so.
// The scripted model runs on claude-sonnet-5-5 (2 USD per million input tokens), so 100,000 input tokens cost 0.20.

import { describe, expect, it } from 'vitest';
import { MetricsRecorder } from '../../../src/panel/agent/model/metrics';
import { costLimitEnding, costLimitReached, moneyDigits, usd } from '../../../src/panel/agent/task/cost-cap';
import { setupAgent } from './fakes/harness';
import { call, type ScriptTurn } from './fakes/scripted-model';
import { SITE } from './fakes/sites';

/** Usage that costs `costUsd` on claude-sonnet-5-5. */
const costing = (costUsd: number) => ({ input: Math.round(costUsd * 500_000), output: 0, cacheRead: 0, cacheWrite: 0 });

/** A step that reads the page and costs `costUsd`. */
const reading = (i: number, costUsd: number): ScriptTurn => ({
  calls: [{ name: 'read_page', input: { from: i * 10 } }],
  usage: costing(costUsd),
});

const RAISE = 'Raise the limit in Settings to let tasks run longer.';

describe('the per-task cost cap', () => {
  it('ends the task as cost_limit instead of sending the request that would go over, saying what it spent', async () => {
    const h = setupAgent({
      site: SITE,
      settings: { maxTaskCostUsd: 0.5, noProgressDetection: false },
      responder: (_request, i) => reading(i, 0.2),
    });

    const result = await h.controller.execute('Read forever');

    expect(result).toMatchObject({
      status: 'cost_limit',
      verified: false,
      summary: `Stopped at this task's cost limit: it spent $0.40 of $0.50, and the next step would go over. ${RAISE}`,
      costLimit: { limitUsd: 0.5, spentUsd: 0.4, nextUsd: 0.2 },
    });
    // Two requests (0.20 each); a third would have made 0.60. No step was begun for it.
    expect(h.model.requests).toHaveLength(2);
    expect(result.metrics.steps).toBe(2);
    expect(result.metrics.costUsd).toBeCloseTo(0.4, 10);
    expect(h.of('step_started')).toHaveLength(2);
    expect(h.of('task_finished')).toEqual([expect.objectContaining({ status: 'cost_limit' })]);
  });

  it('predicts the next request from the last one: a cheap step after an expensive one goes on', async () => {
    // 0.30, then 0.05 each. Predicting from the most expensive request would stop at 0.35 + 0.30 > 0.62.
    const h = setupAgent({
      site: SITE,
      settings: { maxTaskCostUsd: 0.62, noProgressDetection: false },
      responder: (_request, i) => reading(i, i === 0 ? 0.3 : 0.05),
    });
    const result = await h.controller.execute('Read forever');
    expect(result.status).toBe('cost_limit');
    // 0.30 + 6 × 0.05 = 0.60; 0.60 + 0.05 would be 0.65.
    expect(h.model.requests).toHaveLength(7);
    expect(result.costLimit?.spentUsd).toBeCloseTo(0.6, 10);
    expect(result.costLimit?.nextUsd).toBeCloseTo(0.05, 10);
    expect(result.summary).toBe(
      `Stopped at this task's cost limit: it spent $0.60 of $0.62, and the next step would go over. ${RAISE}`,
    );
  });

  it('always sends the first request, and says so plainly when that one already spent the whole limit', async () => {
    const h = setupAgent({
      site: SITE,
      settings: { maxTaskCostUsd: 0.01, noProgressDetection: false },
      responder: (_request, i) => reading(i, 0.2),
    });
    const result = await h.controller.execute('Read forever');
    expect(h.model.requests).toHaveLength(1);
    expect(result).toMatchObject({
      status: 'cost_limit',
      summary: `Stopped at this task's cost limit: it spent $0.20, and the limit is $0.01. ${RAISE}`,
    });
  });

  it('counts a follow-up toward its task: the limit is on the task, not on each instruction', async () => {
    const h = setupAgent({
      site: SITE,
      settings: { maxTaskCostUsd: 0.5, noProgressDetection: false },
      turns: [{ ...call('done', { success: false, answer: 'Read it.' }), usage: costing(0.2) }],
      responder: (_request, i) => reading(i, 0.2),
    });
    expect((await h.controller.execute('Read the page')).status).toBe('failed');
    const followUp = await h.controller.followUp('Now read the rest');
    // 0.20 spent by the task; the follow-up's first request makes 0.40, its second would make 0.60.
    expect(h.model.requests).toHaveLength(2);
    expect(followUp).toMatchObject({ status: 'cost_limit', costLimit: { spentUsd: 0.4, limitUsd: 0.5 } });
  });

  it('does not continue a paused turn past the limit: the step takes what it has, then the task ends', async () => {
    const h = setupAgent({
      site: SITE,
      settings: { maxTaskCostUsd: 0.5 },
      turns: [{ text: 'Still reading.', stopReason: 'pause_turn', usage: costing(0.3) }],
      responder: (_request, i) => reading(i, 0.3),
    });
    const result = await h.controller.execute('Read the page');
    expect(h.model.requests).toHaveLength(1);
    expect(result).toMatchObject({ status: 'cost_limit', costLimit: { spentUsd: 0.3, nextUsd: 0.3 } });
  });

  it('applies no limit to a model whose price is unknown: the cost cannot be known, so it cannot be capped', async () => {
    const h = setupAgent({
      site: SITE,
      model: 'qwen3-coder:30b',
      settings: { maxTaskCostUsd: 0.01, maxSteps: 4, noProgressDetection: false },
      responder: (_request, i) => reading(i, 0.2),
    });
    const result = await h.controller.execute('Read forever');
    expect(result.metrics.costUsd).toBeNull();
    expect(result.status).toBe('max_steps');
    expect(h.model.requests).toHaveLength(4);
  });
});

describe('costLimitReached', () => {
  it('lets the first request through, then adds the last request to what was spent', () => {
    const metrics = new MetricsRecorder();
    expect(costLimitReached(metrics, 0.01)).toBeNull();
    metrics.addTurn('claude-sonnet-5-5', { input: 1_000, output: 0, cacheRead: 0, cacheWrite: 0 }); // 0.002
    expect(costLimitReached(metrics, 0.004)).toBeNull();
    expect(costLimitReached(metrics, 0.0039)).toEqual({ limitUsd: 0.0039, spentUsd: 0.002, nextUsd: 0.002 });
  });

  it('gives no ending once a request went to a model the price table does not know', () => {
    const metrics = new MetricsRecorder();
    metrics.addTurn('claude-sonnet-5-5', { input: 1_000_000, output: 0, cacheRead: 0, cacheWrite: 0 });
    metrics.addTurn('my-local-model', { input: 1_000, output: 10, cacheRead: 0, cacheWrite: 0 });
    expect(costLimitReached(metrics, 0.01)).toBeNull();
  });

  it('writes amounts in dollars, with four decimals under a cent', () => {
    expect([usd(0.5), usd(12), usd(0.0042), usd(0)]).toEqual(['$0.50', '$12.00', '$0.0042', '$0.00']);
  });

  it('never writes what was spent as the limit itself: more decimals where two would round to it', () => {
    const summary = (spentUsd: number, limitUsd: number) =>
      costLimitEnding({ limitUsd, spentUsd, nextUsd: 0.01 }).summary;
    expect(summary(0.0273, 0.03)).toContain('it spent $0.027 of $0.03, and the next step would go over.');
    expect(summary(0.4951, 0.5)).toContain('it spent $0.495 of $0.50, and');
    expect(summary(0.48, 0.5)).toContain('it spent $0.48 of $0.50, and');
    expect(summary(0.50004, 0.5)).toContain('it spent $0.5000, and the limit is $0.50.');
    expect(moneyDigits(0.0273, 0.03)).toBe(3);
  });
});
