// What a person's answer to a plan does to the task (decision 0026): an approval allows the plan's sites for the task
// (by the plan, so no site question comes for them) and keeps its changes on the task for the consent gate; a site the
// person removed is not allowed by it. Pure over the task state: the controller asks, this applies.

import { keptPlan, type PlanAnswer, type PlanOutcome, planEdits, type TaskPlan } from '../sites/plan';
import type { TaskState } from './task-state';

export function applyPlanAnswer(task: TaskState, proposed: TaskPlan, answer: PlanAnswer): PlanOutcome {
  if (!answer.approved) return { approved: false };
  const plan = keptPlan(proposed, answer.plan);
  const edits = planEdits(proposed, plan, answer.note);
  task.sites.approvePlan(plan.sites, edits.removedSites);
  task.plan.approved = true;
  task.plan.changes.push(...plan.changes);
  // The consent gate lets exactly these steps through without a question (consent.ts §approvePlan).
  task.consent?.approvePlan(plan.changes);
  return { approved: true, plan, edits };
}
