// What "waiting for the person" means, in one place: the thread list marks such a task and the toolbar badge counts
// them (issue 28), so a task in a background tab never waits unseen. Read from the task's record alone, so every
// panel computes the same answer from the same merged history.
//
// A cost cap is not a wait: the cap ends the task before the request that would go over it (decision 0017, status
// `cost_limit`), and the person raises the limit and follows up at leisure. A finished task never waits.

import type { TaskRecord } from './task-record';

/**
 * What the task waits for: an ask_user question, a site permission question, a plan to approve ("Ask before acting",
 * decision 0026), or a yes before a consequential step.
 */
export type WaitingKind = 'question' | 'site' | 'plan' | 'consent';

/**
 * What the task waits for the person to answer, or null when it does not wait. Only a running task waits: a record
 * that ended (or was interrupted with its panel) may still hold a question no one can answer any more. When several
 * are open the order is the live region's (ui/live-region.tsx): the site first, then the plan, the step, the question.
 */
export function waitingFor(record: TaskRecord): WaitingKind | null {
  if (record.status !== 'running') return null;
  if (record.permission) return 'site';
  if (record.plans?.some((plan) => plan.status === 'open')) return 'plan';
  if (record.consent) return 'consent';
  if (record.question) return 'question';
  return null;
}

/** The tasks of the history (every panel's, merged) that wait for the person, newest first. */
export function waitingTasks(history: {
  tasks: Readonly<Record<string, TaskRecord>>;
  order: readonly string[];
}): TaskRecord[] {
  return history.order.flatMap((id) => {
    const record = history.tasks[id];
    return record && waitingFor(record) ? [record] : [];
  });
}
