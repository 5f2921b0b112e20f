// How a run ends (`Ending`, the task's result without its id and metrics), and how one that did not end by itself
// ended: Stop, the panel going away, a model API failure, or something unexpected, each with a summary a person can
// act on.

import { isSteadyhandError, SteadyhandError } from '../../../shared/errors';
import { isAbort } from '../core/abort';
import { ModelError } from '../model/llm-errors';
import type { TaskResult, TaskStatus } from './events';

export type Ending = Omit<TaskResult, 'taskId' | 'metrics'>;

export const end = (status: TaskStatus, summary: string, extra: Partial<Ending> = {}): Ending => ({
  status,
  summary,
  verified: false,
  ...extra,
});

/** Why the run was aborted: the person pressed Stop, or the panel is going away. */
export type StopReason = 'person' | 'interrupted';

/**
 * Stop cut a step short while it acted (step-io.ts): the calls of the step that had sent an action to a page or the
 * browser by then (those may have taken effect, so the step counts), and the one still on its way, if any.
 */
export class StepCutShort extends SteadyhandError {
  constructor(
    readonly sent: readonly string[],
    readonly inFlight: string | null,
  ) {
    super('aborted', 'The step was stopped.');
  }
}

/**
 * `steps`: the steps this run began, the one cut short included. That one counts when it had sent an action (the
 * page does not know about Stop, so the action may land); else it did nothing anyone can see, and does not.
 */
export function endingFor(error: unknown, reason: StopReason | null, signal: AbortSignal, steps: number): Ending {
  if (isAbort(error, signal)) {
    if (reason === 'interrupted') {
      return {
        status: 'interrupted',
        summary: 'Interrupted: the panel closed while the task was running.',
        verified: false,
      };
    }
    const cut = error instanceof StepCutShort ? error : null;
    const counted = cut && cut.sent.length > 0 ? steps : steps - 1;
    const done = counted > 0 ? `after ${counted} step${counted === 1 ? '' : 's'}` : 'before its first step finished';
    const flight = cut?.inFlight
      ? ` Its last action (${cut.inFlight}) had already been sent when you pressed Stop, so it may have taken ` +
        'effect: check the page before doing it again.'
      : '';
    return { status: 'stopped', summary: `Stopped by you ${done}.${flight}`, verified: false, stopCause: 'person' };
  }
  if (isSteadyhandError(error) && error.code === 'tab_taken') {
    // Refused before it acted: another live task owns the tab (decision 0027). The person is told why.
    return { status: 'stopped', summary: error.message, verified: false, stopCause: 'tab_taken' };
  }
  if (error instanceof ModelError) {
    return { status: 'error', summary: error.message, verified: false, errorKind: error.kind };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: 'error', summary: `Steadyhand hit an unexpected error and stopped: ${message}`, verified: false };
}
