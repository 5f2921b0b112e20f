// The per-task cost cap (decision 0017). Before each model request the loop asks whether the task's spend so far plus
// a prediction of that request's cost would go past the limit in settings; if so, the request is not sent and the
// task ends `cost_limit`, saying what it spent. The prediction is the task's last request's cost: the next request
// carries the same conversation plus one step, and most of it is read from the prompt cache at the same price.

import type { MetricsRecorder } from '../model/metrics';
import type { CostLimitDetails, TaskResult } from './events';

/**
 * The money behind the ending when the next request would take the task past `limitUsd`, or null when it may be
 * sent. Null too when the cost is unknown (a model the price table does not know, e.g. one on a local server): no
 * cap can be applied to it. The first request of a task has no prediction: it is always sent.
 */
export function costLimitReached(metrics: MetricsRecorder, limitUsd: number): CostLimitDetails | null {
  const spentUsd = metrics.metrics.costUsd;
  if (spentUsd === null) return null;
  const nextUsd = metrics.lastRequestCostUsd ?? 0;
  if (spentUsd < limitUsd && spentUsd + nextUsd <= limitUsd) return null;
  return { limitUsd, spentUsd, nextUsd };
}

/** "$0.48"; an amount under a cent keeps four decimals ("$0.0042"), so a small spend does not read as nothing. */
export function usd(amount: number): string {
  return `$${amount.toFixed(moneyDigits(amount))}`;
}

/**
 * Decimals to write `amount` with: two, or four under a cent; and where `beside` is given, more (up to four) when
 * fewer would make the amount read as `beside`: a task that spent 0.0273 of 0.03 did not spend "$0.03 of $0.03".
 */
export function moneyDigits(amount: number, beside?: number): number {
  let digits = amount > 0 && amount < 0.01 ? 4 : 2;
  while (beside !== undefined && digits < 4 && Number(amount.toFixed(digits)) === beside) digits++;
  return digits;
}

const RAISE = 'Raise the limit in Settings to let tasks run longer.';

/** The task's ending at its cost limit, in words a person can act on (ui/status-text.ts says it in other languages). */
export function costLimitEnding(details: CostLimitDetails): Omit<TaskResult, 'taskId' | 'metrics'> {
  const { limitUsd, spentUsd } = details;
  const spent = `$${spentUsd.toFixed(moneyDigits(spentUsd, limitUsd))}`;
  const summary =
    spentUsd < limitUsd
      ? `Stopped at this task's cost limit: it spent ${spent} of ${usd(limitUsd)}, and the next step would ` +
        `go over. ${RAISE}`
      : `Stopped at this task's cost limit: it spent ${spent}, and the limit is ${usd(limitUsd)}. ${RAISE}`;
  return { status: 'cost_limit', summary, verified: false, costLimit: details };
}
