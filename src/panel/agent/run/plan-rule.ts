// The order of "Ask before acting" (decision 0026), kept by the loop: until the person approves the instruction's plan,
// a call that would change something (act on a page, open or leave a page, switch tabs, upload, run a script) is not
// run, and the model is told, as data, to propose a plan first. The order cannot be kept by forcing propose_plan with
// `tool_choice`: forced tool use is refused with thinking on, as on this repository's default model
// (https://platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows).
//
// Reading is allowed before the plan (read_page, find, wait_for, screenshot): it changes nothing, it stays on the
// page the observation already shows, and it lets the model write a plan that names the real buttons and sites.
// evaluate is not a read: the script may change the page.

import type { ModelToolCall } from '../model/agent-model';
import { AFTER_PLAN_TEXT, PLAN_FIRST_TEXT } from '../sites/plan';
import type { TaskState } from '../task/task-state';
import { PROPOSE_PLAN } from '../tools/plan-tool';
import { toolNamed } from '../tools/registry';

/** The calls that may run before the plan is approved: reading the page, and the control tools. */
export const BEFORE_PLAN_TOOLS: ReadonlySet<string> = new Set([
  'read_page',
  'find',
  'wait_for',
  'screenshot',
  'note',
  'ask_user',
  'done',
  PROPOSE_PLAN,
]);

/**
 * Why `call` may not run now, or null when it may. `planAsked`: an earlier call of this turn was propose_plan, so
 * this one was written before the model read the person's answer.
 */
export function planRuleRefusal(task: TaskState, call: ModelToolCall, planAsked: boolean): string | null {
  // An unknown tool is answered as such by the executor: "propose a plan first" would not help the model.
  if (task.autonomy !== 'ask_first' || !toolNamed(call.name)) return null;
  if (planAsked) return AFTER_PLAN_TEXT(call.name);
  if (task.plan.approved || BEFORE_PLAN_TOOLS.has(call.name)) return null;
  return PLAN_FIRST_TEXT(call.name);
}
