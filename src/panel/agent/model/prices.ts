// What a model call costs, from one dated table. Prices change: edit the table and its date together. A model the
// table does not know costs "unknown", never $0 (the panel says so).
//
// Sources, as of PRICES_AS_OF: https://platform.claude.com/docs/en/about-claude/pricing and each model's overview page
// (https://platform.claude.com/docs/en/models/<model>/overview), which carry the newer rates (Opus 5.5's and Fable
// 5.1's reduced cache reads; Sonnet 5.5's cache read halved to $0.10 on 2026-10-07; Haiku 5.5's two bands).

import type { TokenUsage } from './agent-model';

export const PRICES_AS_OF = '2026-11-24';

/** USD per million tokens. Cache writes are the 5-minute ones (the only kind Steadyhand asks for). */
export interface Price {
  input: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
}

/** A price for the request as a whole, chosen by its prompt size (input + cache reads + cache writes). */
interface Banded {
  upToTokens: number;
  below: Price;
  above: Price;
}

const p = (input: number, cacheWrite: number, cacheRead: number, output: number): Price => ({
  input,
  cacheWrite,
  cacheRead,
  output,
});

/** Matched on the model id, first match wins; dated snapshot ids match their model. */
const TABLE: [pattern: RegExp, price: Price | Banded][] = [
  [/^claude-(fable|mythos)-5-2/, p(8, 10, 0.2, 40)],
  [/^claude-(fable|mythos)-5-1/, p(10, 12.5, 0.25, 50)],
  [/^claude-(fable|mythos)-5(?!-)/, p(10, 12.5, 1, 50)],
  [/^claude-opus-5-5/, p(4, 5, 0.2, 20)],
  [/^claude-opus-(5(?!-)|4-[5-8])/, p(5, 6.25, 0.5, 25)],
  [/^claude-(opus-4-1|opus-4-2025|3-opus)/, p(15, 18.75, 1.5, 75)],
  [/^claude-sonnet-5-5/, p(2, 2.5, 0.1, 10)],
  [/^claude-sonnet-5(?!-)/, p(2, 2.5, 0.2, 10)],
  [/^claude-(sonnet-4|3-7-sonnet)/, p(3, 3.75, 0.3, 15)],
  // Above 100,000 prompt tokens the higher band applies to every token of the request, output included.
  [/^claude-haiku-5-5/, { upToTokens: 100_000, below: p(0.1, 0.125, 0.01, 0.5), above: p(0.5, 0.625, 0.05, 2.5) }],
  [/^claude-haiku-4-5/, p(1, 1.25, 0.1, 5)],
  [/^claude-3-5-haiku/, p(0.8, 1, 0.08, 4)],
  [/^claude-3-haiku/, p(0.25, 0.3, 0.03, 1.25)],
  // The offline demo model runs in the panel and costs nothing.
  [/^steadyhand-offline-demo$/, p(0, 0, 0, 0)],
];

function priceOf(model: string, promptTokens: number): Price | null {
  const entry = TABLE.find(([pattern]) => pattern.test(model))?.[1];
  if (!entry) return null;
  if ('upToTokens' in entry) return promptTokens > entry.upToTokens ? entry.above : entry.below;
  return entry;
}

/** USD for one request's usage; null when the model's price is not known. */
export function requestCost(model: string, usage: TokenUsage): number | null {
  const price = priceOf(model, usage.input + usage.cacheRead + usage.cacheWrite);
  if (!price) return null;
  const cost =
    usage.input * price.input +
    usage.cacheWrite * price.cacheWrite +
    usage.cacheRead * price.cacheRead +
    usage.output * price.output;
  return cost / 1_000_000;
}
