// What the agent core tells the panel, as one discriminated union. A zustand store folds these into UI state and the
// task record; nothing else about a run is visible outside the core.

import type { ConsentKind, Consequence } from '../../../shared/consent-types';
import type { ActionEffect, HiddenLimit } from '../../../shared/page-types';
import type { AgentSettings } from '../core/settings';
import type { RefusalDetails, TokenUsage } from '../model/agent-model';
import type { ModelFailureKind } from '../model/llm-errors';
import type { TaskMetrics } from '../model/metrics';
import type { ConsentBy, ConsentDecision } from '../sites/consent';
import type { PlanEdits, TaskPlan } from '../sites/plan';
import type { DecidedBy, SiteDecision, SiteReason } from '../sites/site-access';
import type { RepairTrigger } from './progress';

export type TaskStatus =
  | 'succeeded'
  | 'failed'
  | 'no_progress'
  | 'stopped'
  | 'max_steps'
  | 'cost_limit'
  | 'error'
  | 'interrupted';

/** Why a `stopped` task stopped: the person, or one of the tab checks (docs/agent-loop.md). */
export type StopCause = 'person' | 'tab_closed' | 'origin_changed' | 'restricted' | 'tab_taken';

/** How a tool call came out, as the model was told. */
export type CallOutcome =
  | 'ok'
  | 'failed_verify'
  | 'execute_error'
  | 'invalid_input'
  | 'unknown_tool'
  | 'skipped'
  | 'done_rejected'
  | 'done_accepted'
  /** Stop came while the call was out, after it had sent an action to a page or the browser: it may have happened. */
  | 'stopped_in_flight';

export interface Verification {
  verified: boolean;
  effects: ActionEffect[];
  reason?: string;
  /** The tab was hidden and kept the page from answering the action (shared/page-types.ts §HiddenLimit). */
  hidden?: HiddenLimit;
}

/**
 * An element by what the observation's text says of it (run/target-identity.ts): refs never repeat across documents,
 * so a saved task finds its targets again by role, name and position.
 */
export interface TargetIdentity {
  role: string;
  /** The accessible name as the snapshot gave it; in a saved task it may hold `{variable}`s. */
  name: string;
  /** 0-based position among the snapshot's controls of the same role and name, in the text's order. */
  nth: number;
  /** How many controls of that role and name the snapshot listed: one more or one less is another page. */
  count: number;
}

export interface DoneEvidence {
  quotes?: string[];
  urlContains?: string;
}

/**
 * How a task ended, as its result says it and its record keeps it (src/panel/store/task-record.ts): a field added here
 * is a change of the trace format too (TRACE_VERSION).
 */
export interface TaskEnding {
  /** A sentence or two a person can read. */
  summary: string;
  /** The model's answer, when it gave one through done. */
  answer?: string;
  /** True only for a done whose evidence a fresh observation confirmed. */
  verified: boolean;
  evidence?: DoneEvidence;
  /** For a verified done: whether it proved an outcome of the task or an answer read from a page (decision 0024). */
  verifiedAs?: 'outcome' | 'reading';
  /** A verified reading whose proof was on the page before the task started. */
  alreadyThere?: boolean;
  stopCause?: StopCause;
  /** For `error` from the model API: what kind of failure, so the panel can say it in the person's language. */
  errorKind?: ModelFailureKind;
  /** For a task the model declined to continue (stop_reason `refusal`): what the API said about it. */
  refusal?: RefusalDetails;
  /**
   * For `cost_limit`: its limit, what it spent and the predicted cost of the request not sent, so the panel can say
   * it in the person's language (absent in records from before the cost cap).
   */
  costLimit?: CostLimitDetails;
}

export interface TaskResult extends TaskEnding {
  taskId: string;
  status: TaskStatus;
  metrics: TaskMetrics;
}

/** Why a task ended at its cost limit (decision 0017), in USD. */
export interface CostLimitDetails {
  /** The limit the run worked with (settings `maxTaskCostUsd`). */
  limitUsd: number;
  /** What the task had spent, follow-ups included. */
  spentUsd: number;
  /** What the request not sent was predicted to cost: the last request's cost. */
  nextUsd: number;
}

export type AgentEvent =
  | {
      type: 'task_started';
      taskId: string;
      instruction: string;
      followUp: boolean;
      model: string;
      at: number;
      /** The settings this run works with, without the API key (absent for an instruction added to a running run). */
      settings?: Omit<AgentSettings, 'apiKey'>;
      /** The name of the agent that handed the task over MCP (issue 29); absent for the person's own tasks. */
      client?: string;
    }
  | {
      type: 'step_started';
      taskId: string;
      step: number;
      tabId: number | null;
      url: string | null;
      operable: boolean;
      /** Digest of the snapshot the model is shown this step; null when the page could not be observed. */
      digest?: string | null;
    }
  | { type: 'model_text'; taskId: string; step: number; attempt: number; delta: string }
  /** The model's reasoning as it streams: a summary of its thinking, or its notes between tool calls. */
  | { type: 'model_thinking'; taskId: string; step: number; attempt: number; delta: string }
  /** A model call is retried; text streamed by the failed attempt should be discarded. */
  | { type: 'model_retry'; taskId: string; step: number; attempt: number; reason: string; delayMs: number }
  | {
      type: 'tool_call';
      taskId: string;
      step: number;
      callId: string;
      name: string;
      input: unknown;
      /** The element the call names by ref, in words ("Add to cart"), from the observation the model saw. */
      target?: string;
      /** That element by role, name and position in the observation's text: how a saved task finds it again. */
      identity?: TargetIdentity;
    }
  | {
      type: 'tool_result';
      taskId: string;
      step: number;
      callId: string;
      name: string;
      outcome: CallOutcome;
      isError: boolean;
      /** The result in one line, for the step card and the trace. */
      summary: string;
      verification?: Verification;
    }
  | { type: 'done_rejected'; taskId: string; step: number; reason: string; rejections: number }
  | { type: 'repair'; taskId: string; step: number; trigger: RepairTrigger; message: string; repairsUsed: number }
  | { type: 'ask_user'; taskId: string; step: number; questionId: string; question: string }
  /** The agent needs a site the task has not been allowed: answered through controller.answerPermission. */
  | { type: 'permission_request'; taskId: string; step: number; requestId: string; origin: string; why: SiteReason }
  /**
   * A site settled for this task: by the person (answering `requestId`), or by a rule the first time it applied
   * (the block-list, the allow-list, a site written in an instruction).
   */
  | {
      type: 'permission_decided';
      taskId: string;
      step: number;
      origin: string;
      decision: SiteDecision;
      by: DecidedBy;
      requestId?: string;
    }
  /** "Ask before acting": the model proposed a plan; answered through controller.answerPlan (decision 0026). */
  | { type: 'plan_proposed'; taskId: string; step: number; planId: string; plan: TaskPlan }
  /**
   * The person answered the plan `planId`: approved (the plan as approved, and what they changed in it), or
   * cancelled (the task ends with nothing done).
   */
  | {
      type: 'plan_decided';
      taskId: string;
      step: number;
      planId: string;
      approved: boolean;
      plan?: TaskPlan;
      edits?: PlanEdits;
    }
  /** A consequential step waits for the person (decision 0026): answered through controller.answerConsent. */
  | {
      type: 'consent_request';
      taskId: string;
      step: number;
      requestId: string;
      origin: string;
      consequence: Consequence;
    }
  /** A consequential step decided: by the person (answering `requestId`), or let through by what covers it. */
  | {
      type: 'consent_decided';
      taskId: string;
      step: number;
      origin: string;
      kind: ConsentKind;
      control: string;
      decision: ConsentDecision;
      by: ConsentBy;
      requestId?: string;
    }
  | {
      type: 'step_finished';
      taskId: string;
      step: number;
      modelMs: number;
      harnessMs: number;
      /** Tokens of this step's model call(s), retries included. */
      usage?: TokenUsage;
    }
  | { type: 'metrics'; taskId: string; metrics: TaskMetrics }
  | ({ type: 'task_finished' } & TaskResult);

export type AgentEventListener = (event: AgentEvent) => void;

/** User-visible stop texts; the tab-check ones keep the wording of docs/contracts.md 000-D4 and 000-E*. */
export const STOP_TEXT = {
  restricted: 'Page navigated to a restricted URL, agent stopped',
  tabClosed: 'Tab was closed',
  originChanged: (from: string | null, to: string | null) =>
    `Page origin changed (${from ?? 'unknown'} → ${to ?? 'unknown'}), agent stopped`,
} as const;
