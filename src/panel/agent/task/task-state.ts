// What one task keeps between its runs (the first instruction and each follow-up): the conversation and its tool
// list, the metrics, the pinned origin and the agent's last tab, the step counter, the repair budget and the site
// permissions.

import type { PlannedChange } from '../../../shared/consent-types';
import type { AutonomyMode } from '../core/settings';
import type { ToolDefinition } from '../model/agent-model';
import { Conversation } from '../model/conversation';
import { MetricsRecorder } from '../model/metrics';
import type { TaskConsent } from '../sites/consent';
import type { SiteAccess } from '../sites/site-access';

/** Another agent that handed the task over MCP (issue 29), as the person paired it. */
export interface TaskClient {
  readonly id: string;
  readonly name: string;
}

export interface TaskState {
  readonly taskId: string;
  /**
   * Set for a task another agent handed over (issue 29): its words are not the person's, so the sites they name are
   * not allowed by them, and the page it starts on is no start site (site-access.ts).
   */
  readonly client?: TaskClient;
  readonly conversation: Conversation;
  /** The tool list, fixed by the first run's settings for the life of the task (decision 0012). */
  tools: ToolDefinition[] | null;
  /** Output room per model call; raised for the rest of the task after a reply was cut off by it. */
  maxTokens: number | null;
  readonly metrics: MetricsRecorder;
  /** The origin the agent is working on; follows the agent's own navigations (decision 0006). */
  pinnedOrigin: string | null;
  /** The agent's tab at the last step, so a change of tab is noticed. */
  lastTabId: number | null;
  /** Steps are numbered across the whole task, follow-ups included. */
  step: number;
  /** Per task: at most two repairs, and one no_progress repair, over all its runs. */
  readonly budget: RepairBudget;
  /** Which sites the agent may work on; a grant or a denial holds for the whole task, follow-ups included. */
  readonly sites: SiteAccess;
  /** Which consequential steps pass without asking (decision 0026); absent, none is asked about. */
  readonly consent?: TaskConsent;
  /**
   * "Ask before acting" or "Act without asking", chosen when the task starts and kept for its follow-ups: the tool
   * list and the system prompt depend on it, and both stay fixed for the task (decision 0012).
   */
  readonly autonomy: AutonomyMode;
  /** In `ask_first`: whether this instruction's plan is approved, and every change the task's approvals named. */
  readonly plan: TaskPlanState;
}

/** The repair boundary's count (repair.ts): at most two repairs per task, and one for no progress. */
export interface RepairBudget {
  repairsUsed: number;
  noProgressRepaired: boolean;
}

export interface TaskPlanState {
  /** Reset by each instruction: nothing acts before its plan is approved (plan-rule.ts). */
  approved: boolean;
  /** The changes the person approved ahead, for the consent gate: exactly these pass without a question. */
  readonly changes: PlannedChange[];
}

export function newTaskState(
  taskId: string,
  sites: SiteAccess,
  autonomy: AutonomyMode = 'act',
  consent?: TaskConsent,
  client?: TaskClient,
): TaskState {
  return {
    taskId,
    ...(client ? { client } : {}),
    sites,
    autonomy,
    plan: { approved: false, changes: [] },
    ...(consent ? { consent } : {}),
    conversation: new Conversation(),
    tools: null,
    maxTokens: null,
    metrics: new MetricsRecorder(),
    pinnedOrigin: null,
    lastTabId: null,
    step: 0,
    budget: { repairsUsed: 0, noProgressRepaired: false },
  };
}
