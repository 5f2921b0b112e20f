// A task as the panel shows and keeps it, and the pure fold of the agent's events into it. Kept in history, exported
// as the JSON trace (docs/trace-format.md), so a field added here is a format change: bump TRACE_VERSION. The one
// exception is `tabs`: tab, group and window ids mean nothing outside the browser they came from.

import type { Consequence } from '../../shared/consent-types';
import type {
  AgentEvent,
  AgentSettings,
  CallOutcome,
  DecidedBy,
  PlanEdits,
  ReplayReport,
  SiteDecision,
  SiteReason,
  TargetIdentity,
  TaskEnding,
  TaskMetrics,
  TaskPlan,
  TaskStatus,
  TokenUsage,
  Verification,
} from '../agent';

export type RecordStatus = 'running' | TaskStatus;

export interface CallView {
  callId: string;
  name: string;
  input: unknown;
  /** The element named by ref, in words. */
  target?: string;
  /** The element named by ref, by role, name and position among its likes (a saved task's target, issue 30). */
  identity?: TargetIdentity;
  outcome?: CallOutcome;
  isError?: boolean;
  summary?: string;
  verification?: Verification;
}

export interface StepRecord {
  step: number;
  /** The instruction (0 = the task, 1.. = follow-ups) this step belongs to. */
  turn: number;
  tabId: number | null;
  url: string | null;
  /** The model's text, streamed. */
  text: string;
  /**
   * The model's reasoning, streamed: its thinking summary, or its notes between tool calls where the model writes
   * them in thinking blocks. Absent when it showed none, and in records from before it was kept.
   */
  thinking?: string;
  calls: CallView[];
  notes: string[];
  /** Digest of the snapshot the model was shown (what progress detection compares). */
  digest?: string | null;
  modelMs?: number;
  harnessMs?: number;
  usage?: TokenUsage;
}

/** A site settled for the task: by the person's answer, or by a rule the first time it applied. */
export interface PermissionView {
  step: number;
  origin: string;
  decision: SiteDecision;
  by: DecidedBy;
  /** What the agent wanted the site for, when the person was asked. */
  why?: SiteReason;
}

/** A site permission question waiting for the person. */
export interface PermissionRequest {
  requestId: string;
  step: number;
  origin: string;
  why: SiteReason;
}

/** A plan the model proposed in "Ask before acting" (decision 0026): open until the person approves or cancels it. */
export interface PlanView {
  planId: string;
  step: number;
  proposed: TaskPlan;
  status: 'open' | 'approved' | 'cancelled';
  /** The plan as the person approved it, and what they changed. */
  approved?: TaskPlan;
  edits?: PlanEdits;
}

/** A consequential step that waits for the person's yes (decision 0026). */
export interface ConsentRequest {
  requestId: string;
  step: number;
  origin: string;
  consequence: Consequence;
}

/** A consequential step decided: by the person, or let through by what covered it (its event, without the envelope). */
export type ConsentView = Omit<Extract<AgentEvent, { type: 'consent_decided' }>, 'type' | 'taskId' | 'requestId'>;

/** Its ending as the task's result gave it (`costLimit` is not in the trace: its summary says the same in words). */
export interface TaskRecord extends Partial<TaskEnding> {
  taskId: string;
  /** The agent that handed the task over MCP (issue 29), by the name the person paired; absent for the person's own. */
  from?: string;
  instructions: string[];
  model: string;
  status: RecordStatus;
  startedAt: number;
  finishedAt?: number;
  metrics?: TaskMetrics;
  steps: StepRecord[];
  /** The settings of the task's latest run, without the API key. */
  settings?: Omit<AgentSettings, 'apiKey'>;
  /** An open ask_user question, waiting for the person. */
  question?: { questionId: string; question: string };
  /** An open site permission question. */
  permission?: PermissionRequest;
  /** Sites settled for the task, in order (absent in records from before site permissions). */
  permissions?: PermissionView[];
  /** The plans proposed in "Ask before acting", in order (absent in the other mode and in older records). */
  plans?: PlanView[];
  /** An open question before a consequential step. */
  consent?: ConsentRequest;
  /** Consequential steps decided, in order (absent in records from before the consent gate). */
  consents?: ConsentView[];
  /** The task's tabs as its TabsManager last recorded them (absent in records from before they were kept). */
  tabs?: TaskTabsKept;
  /** A replay of a saved task (issue 30): what it played, where the model took over, what it saved. */
  replay?: ReplayReport;
}

/** Where a task worked: the tab it started on, the tab it works on, its group, window, last URL and owned tabs. */
export interface TaskTabsKept {
  initialTabId: number | null;
  tabId: number | null;
  groupId: number | null;
  windowId: number | null;
  url: string | null;
  ownedTabIds: number[];
}

function updateStep(record: TaskRecord, step: number, change: (view: StepRecord) => StepRecord): TaskRecord {
  return { ...record, steps: record.steps.map((view) => (view.step === step ? change(view) : view)) };
}

function updateCall(view: StepRecord, callId: string, change: (call: CallView) => CallView): StepRecord {
  return { ...view, calls: view.calls.map((call) => (call.callId === callId ? change(call) : call)) };
}

/** The record after one event. Pure: the same events (and times) always give the same record. */
export function applyEvent(record: TaskRecord | undefined, event: AgentEvent, now: number): TaskRecord | undefined {
  if (event.type === 'task_started') {
    if (record && event.followUp) {
      return {
        ...record,
        status: 'running',
        instructions: [...record.instructions, event.instruction],
        question: undefined,
        permission: undefined,
        consent: undefined,
      };
    }
    return {
      taskId: event.taskId,
      instructions: [event.instruction],
      model: event.model,
      status: 'running',
      startedAt: event.at,
      settings: event.settings,
      ...(event.client ? { from: event.client } : {}),
      steps: [],
    };
  }
  if (!record) return record;
  switch (event.type) {
    case 'step_started':
      return {
        ...record,
        steps: [
          ...record.steps,
          {
            step: event.step,
            turn: record.instructions.length - 1,
            tabId: event.tabId,
            url: event.url,
            text: '',
            calls: [],
            notes: [],
            digest: event.digest,
          },
        ],
      };
    case 'model_text':
      return updateStep(record, event.step, (view) => ({ ...view, text: view.text + event.delta }));
    case 'model_thinking':
      return updateStep(record, event.step, (view) => ({ ...view, thinking: (view.thinking ?? '') + event.delta }));
    case 'model_retry':
      // The failed attempt's text and reasoning are discarded; the retry streams the turn again.
      return updateStep(record, event.step, ({ thinking: _discarded, ...view }) => ({
        ...view,
        text: '',
        notes: [...view.notes, event.reason],
      }));
    case 'tool_call':
      return updateStep(record, event.step, (view) => ({
        ...view,
        calls: [
          ...view.calls,
          {
            callId: event.callId,
            name: event.name,
            input: event.input,
            target: event.target,
            ...(event.identity ? { identity: event.identity } : {}),
          },
        ],
      }));
    case 'tool_result':
      // Tools run one after another, so a result that comes after the question is ask_user's own: the person has
      // answered (or the wait ended), and the progress line must stop saying "Asking you".
      return updateStep(record.question ? { ...record, question: undefined } : record, event.step, (view) =>
        updateCall(view, event.callId, (call) => ({
          ...call,
          outcome: event.outcome,
          isError: event.isError,
          summary: event.summary,
          verification: event.verification,
        })),
      );
    case 'done_rejected':
    case 'repair':
      return updateStep(record, event.step, (view) => ({
        ...view,
        notes: [...view.notes, event.type === 'repair' ? event.message : event.reason],
      }));
    case 'ask_user':
      return { ...record, question: { questionId: event.questionId, question: event.question } };
    case 'permission_request': {
      const { requestId, step, origin, why } = event;
      return { ...record, permission: { requestId, step, origin, why } };
    }
    case 'permission_decided': {
      const { step, origin, decision, by } = event;
      const asked = record.permission && record.permission.requestId === event.requestId ? record.permission : null;
      const view: PermissionView = { step, origin, decision, by, ...(asked ? { why: asked.why } : {}) };
      return {
        ...record,
        permissions: [...(record.permissions ?? []), view],
        permission: asked ? undefined : record.permission,
      };
    }
    case 'plan_proposed': {
      const view: PlanView = { planId: event.planId, step: event.step, proposed: event.plan, status: 'open' };
      return { ...record, plans: [...(record.plans ?? []), view] };
    }
    case 'plan_decided':
      return {
        ...record,
        plans: (record.plans ?? []).map((view) =>
          view.planId !== event.planId
            ? view
            : event.approved
              ? { ...view, status: 'approved', approved: event.plan, edits: event.edits }
              : { ...view, status: 'cancelled' },
        ),
      };
    case 'consent_request': {
      const { requestId, step, origin, consequence } = event;
      return { ...record, consent: { requestId, step, origin, consequence } };
    }
    case 'consent_decided': {
      const { step, origin, kind, control, decision, by } = event;
      const answered = record.consent && record.consent.requestId === event.requestId;
      return {
        ...record,
        consents: [...(record.consents ?? []), { step, origin, kind, control, decision, by }],
        consent: answered ? undefined : record.consent,
      };
    }
    case 'step_finished':
      return updateStep(record, event.step, (view) => ({
        ...view,
        modelMs: event.modelMs,
        harnessMs: event.harnessMs,
        usage: event.usage,
      }));
    case 'metrics':
      return { ...record, metrics: event.metrics };
    case 'task_finished':
      return {
        ...record,
        status: event.status,
        summary: event.summary,
        answer: event.answer,
        verified: event.verified,
        evidence: event.evidence,
        verifiedAs: event.verifiedAs,
        alreadyThere: event.alreadyThere,
        stopCause: event.stopCause,
        errorKind: event.errorKind,
        refusal: event.refusal,
        costLimit: event.costLimit,
        metrics: event.metrics,
        finishedAt: now,
        question: undefined,
        permission: undefined,
        consent: undefined,
      };
    default:
      return record;
  }
}

/** A task that was running when the panel closed cannot be resumed: it is shown as interrupted, with its steps. */
export function markInterrupted(record: TaskRecord): TaskRecord {
  if (record.status !== 'running') return record;
  return {
    ...record,
    status: 'interrupted',
    question: undefined,
    permission: undefined,
    consent: undefined,
    summary: record.summary ?? 'The panel was closed while this task was running, so it stopped.',
  };
}
