// The repair boundary (docs/contracts.md 002-6): a nudge to the model runs only after an execute_error, a
// failed_verify or a no_progress, at most twice per task; a second no_progress after a repair ends the task.

import type { NoProgress, RepairTrigger } from '../task/progress';
import type { RepairBudget } from '../task/task-state';
import type { CallResult } from '../tools/execute';

export const MAX_REPAIRS = 2;

export type RepairVerdict =
  | { kind: 'none' }
  | { kind: 'repair'; trigger: RepairTrigger; detail: string }
  | { kind: 'end_no_progress'; detail: string };

/** Decides what follows a step, given its results, the progress verdict and the switches. */
export function decideRepair(
  results: readonly CallResult[],
  noProgress: NoProgress | null,
  budget: RepairBudget,
  autoRepair: boolean,
): RepairVerdict {
  const canRepair = autoRepair && budget.repairsUsed < MAX_REPAIRS;
  if (noProgress) {
    if (canRepair && !budget.noProgressRepaired) {
      return { kind: 'repair', trigger: 'no_progress', detail: noProgress.description };
    }
    return { kind: 'end_no_progress', detail: noProgress.description };
  }
  const failure = results.find((r) => r.outcome === 'execute_error' || r.outcome === 'failed_verify');
  if (!failure || !canRepair) return { kind: 'none' };
  const trigger: RepairTrigger = failure.outcome === 'failed_verify' ? 'failed_verify' : 'execute_error';
  return { kind: 'repair', trigger, detail: failure.text };
}

export function repairMessage(trigger: RepairTrigger, detail: string, attempt: number): string {
  const head = `Repair ${attempt} of ${MAX_REPAIRS}`;
  switch (trigger) {
    case 'execute_error':
      return (
        `${head}: the last action failed: ${detail} Do not send the same call again. Look at the current page ` +
        'and take a different approach: another element, scroll it into view, close what covers it, or another route.'
      );
    case 'failed_verify':
      return (
        `${head}: an action ran but its effect could not be confirmed: ${detail} Check the page below. If it did ` +
        'not work, use a different element or approach rather than repeating it.'
      );
    case 'no_progress':
      return (
        `${head}: no progress: you are ${detail}. Stop repeating this. Try a clearly different approach, or call ` +
        'done with success: false and say what blocks you. Another round without progress ends the task.'
      );
  }
}
