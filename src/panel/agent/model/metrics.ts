// Per-task metrics: steps, done-and-verified, rejected dones, repairs, retries, tokens, a cost estimate, wall time
// and harness time. Harness time is what the extension itself spent: wall time minus the time
// spent waiting for the model and for the person's answers to ask_user.

import type { TokenUsage } from './agent-model';
import { requestCost } from './prices';

export interface TaskMetrics {
  steps: number;
  doneAndVerified: boolean;
  rejectedDones: number;
  repairs: number;
  /** Model calls retried (rate limits, overload, server and network errors, cut streams). */
  retries: number;
  tokens: TokenUsage;
  /** USD, from the price table (prices.ts); null once any request went to a model the table does not know. */
  costUsd: number | null;
  wallMs: number;
  harnessMs: number;
  modelMs: number;
  personMs: number;
}

export function emptyMetrics(): TaskMetrics {
  return {
    steps: 0,
    doneAndVerified: false,
    rejectedDones: 0,
    repairs: 0,
    retries: 0,
    tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    costUsd: 0,
    wallMs: 0,
    harnessMs: 0,
    modelMs: 0,
    personMs: 0,
  };
}

/** Accumulates one task's metrics across its runs (the first instruction and its follow-ups). */
export class MetricsRecorder {
  readonly metrics: TaskMetrics = emptyMetrics();
  /**
   * What the task's latest request cost (USD): the cost cap's prediction of the next one (cost-cap.ts). Null before
   * the first request and for a model the price table does not know. Kept out of TaskMetrics, which the trace exports.
   */
  lastRequestCostUsd: number | null = null;

  /** One request's usage; its cost is priced per request (a price band depends on the request's size). */
  addTurn(model: string, usage: TokenUsage): void {
    const tokens = this.metrics.tokens;
    tokens.input += usage.input;
    tokens.output += usage.output;
    tokens.cacheRead += usage.cacheRead;
    tokens.cacheWrite += usage.cacheWrite;
    const cost = requestCost(model, usage);
    this.lastRequestCostUsd = cost;
    this.metrics.costUsd = cost === null || this.metrics.costUsd === null ? null : this.metrics.costUsd + cost;
  }

  /** Closes a span of wall time; model and person waits inside it were added as they happened. */
  addWall(ms: number): void {
    const m = this.metrics;
    m.wallMs += ms;
    m.harnessMs = Math.max(0, m.wallMs - m.modelMs - m.personMs);
  }

  snapshot(): TaskMetrics {
    const m = this.metrics;
    return { ...m, tokens: { ...m.tokens } };
  }
}
