// Per-task metrics (seed 002, section 7): steps, done-and-verified, rejected dones, repairs, retries, tokens, a cost
// estimate, wall time and harness time. Harness time is what the extension itself spent: wall time minus the time
// spent waiting for the model and for the person's answers to ask_user.

import type { TokenUsage } from './model';

export interface TaskMetrics {
  steps: number;
  doneAndVerified: boolean;
  rejectedDones: number;
  repairs: number;
  /** Model calls retried (rate limits, overload, server and network errors, cut streams). */
  retries: number;
  tokens: TokenUsage;
  /** USD, from the price table below; null for a model family it does not know. */
  costUsd: number | null;
  wallMs: number;
  harnessMs: number;
  modelMs: number;
  personMs: number;
}

/** USD per million tokens. Cache writes (5-minute TTL) cost 1.25× input, cache reads 0.1× input. */
interface Price {
  input: number;
  output: number;
}

/** Matched on the model id; first match wins. Edit here when prices change. */
const PRICES: [pattern: RegExp, price: Price][] = [
  [/opus-4-[01]\b|opus-4-2025|3-opus/, { input: 15, output: 75 }],
  [/opus/, { input: 5, output: 25 }],
  [/sonnet/, { input: 3, output: 15 }],
  [/3-5-haiku/, { input: 0.8, output: 4 }],
  [/3-haiku/, { input: 0.25, output: 1.25 }],
  [/haiku/, { input: 1, output: 5 }],
];

export function priceFor(model: string): Price | null {
  return PRICES.find(([pattern]) => pattern.test(model))?.[1] ?? null;
}

export function estimateCost(model: string, tokens: TokenUsage): number | null {
  const price = priceFor(model);
  if (!price) return null;
  const input = tokens.input + tokens.cacheWrite * 1.25 + tokens.cacheRead * 0.1;
  return (input * price.input + tokens.output * price.output) / 1_000_000;
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
  #model = '';

  addTurn(model: string, usage: TokenUsage): void {
    this.#model = model;
    const tokens = this.metrics.tokens;
    tokens.input += usage.input;
    tokens.output += usage.output;
    tokens.cacheRead += usage.cacheRead;
    tokens.cacheWrite += usage.cacheWrite;
    this.metrics.costUsd = estimateCost(model, tokens);
  }

  /** Closes a span of wall time; model and person waits inside it were added as they happened. */
  addWall(ms: number): void {
    const m = this.metrics;
    m.wallMs += ms;
    m.harnessMs = Math.max(0, m.wallMs - m.modelMs - m.personMs);
  }

  snapshot(): TaskMetrics {
    const m = this.metrics;
    return { ...m, tokens: { ...m.tokens }, costUsd: this.#model ? m.costUsd : 0 };
  }
}
