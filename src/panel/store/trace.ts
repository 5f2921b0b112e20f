// A task as a JSON trace a person can download and attach to a bug report: the task, the settings it ran with (never
// the API key), every step with its actions, results, verification and timings, and the task's metrics. Pure, so the
// same record always gives the same trace. The format is documented in docs/trace-format.md.

import type {
  AgentSettings,
  CallOutcome,
  DoneEvidence,
  ReplayReport,
  TargetIdentity,
  TaskMetrics,
  TokenUsage,
  Verification,
} from '../agent';
import type { ConsentView, PermissionView, PlanView, RecordStatus, TaskRecord } from './task-record';

/**
 * The settings a trace shows: not the key, and not the site lists, which say which sites the person uses beyond this
 * task (decision 0010). The task's own permission decisions are in its steps' notes.
 */
export type TraceSettings = Omit<AgentSettings, 'apiKey' | 'allowedSites' | 'blockedSites' | 'actWithoutAskingSites'>;

export const TRACE_FORMAT = 'steadyhand-trace';
/**
 * Bump with any change of the format (a field added, removed or changed in meaning), and update the docs. The fields
 * of `settings` follow the settings' own `version` (settings.ts), so a new setting does not change the trace format.
 * 2 added each step's `thinking`; 3 the action outcome `stopped_in_flight`; 4 a saved task's replay (`task.replay`,
 * each step's `by`) and each action's `target`.
 */
export const TRACE_VERSION = 4;

export interface TraceAction {
  callId: string;
  tool: string;
  input: unknown;
  /**
   * null: the call had not finished when the task ended and had sent nothing that could still land (stopped before
   * it did, or the panel closed); a call Stop caught after it sent an action reads `stopped_in_flight`.
   */
  outcome: CallOutcome | null;
  isError: boolean | null;
  summary: string | null;
  verification: Verification | null;
  /** The element the call named by ref: its role, name and position among its likes in the observation. */
  target: TargetIdentity | null;
}

export interface TraceStep {
  step: number;
  /** 0 = the first instruction, 1.. = follow-ups (task.instructions[turn]). */
  turn: number;
  tabId: number | null;
  url: string | null;
  /** Digest of the snapshot the model was shown; null when the page could not be observed. */
  observationDigest: string | null;
  /** Who decided the step: the model, or the replay of a saved task (issue 30) playing a saved step. */
  by: 'model' | 'replay';
  /** The model's reasoning in the step, as streamed; empty when it showed none (or the record is older than it). */
  thinking: string;
  text: string;
  actions: TraceAction[];
  notes: string[];
  timings: { modelMs: number | null; harnessMs: number | null };
  /** Tokens of the step's model call(s); null when the step did not finish. */
  usage: TokenUsage | null;
}

export interface Trace {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  exportedAt: string;
  extension: { version: string };
  task: {
    id: string;
    instructions: string[];
    status: RecordStatus;
    summary: string | null;
    answer: string | null;
    verified: boolean | null;
    evidence: DoneEvidence | null;
    startedAt: string;
    finishedAt: string | null;
    model: string;
    /** For a replay of a saved task (issue 30): what it played, where the model took over, what it saved. */
    replay: ReplayReport | null;
  };
  /** The settings the task ran with (its latest run), or those at export time for an older record. Never the key. */
  settings: TraceSettings;
  metrics: TaskMetrics | null;
  steps: TraceStep[];
}

const REDACTED = '[redacted]';
/** Shorter "keys" (a placeholder, a typo) are too likely to match ordinary text to be worth redacting. */
const MIN_SECRET_LENGTH = 8;

/**
 * The key is left out of `settings`, but it could still reach a trace through text: an error message that quoted a
 * request, or a page the model read. Every string is scrubbed of it, so a shared trace never carries it.
 */
function redact<T>(value: T, secret: string): T {
  if (secret.length < MIN_SECRET_LENGTH) return value;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return node.includes(secret) ? node.split(secret).join(REDACTED) : node;
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object' && node !== null) {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item)]));
    }
    return node;
  };
  return walk(value) as T;
}

const iso = (ms: number) => new Date(ms).toISOString();

const DECIDED: Record<PermissionView['by'], string> = {
  person: 'by the person',
  block_list: 'by the block list',
  allow_list: 'by the allow-list',
  instruction: 'named in an instruction',
  plan: 'in the plan the person approved',
  consent: 'with a step the person allowed',
};

function whyNote(why: NonNullable<PermissionView['why']>): string {
  if (why.kind === 'open_url') return `open_url ${why.url}`;
  if (why.kind === 'tab') return `tab at ${why.url}`;
  if (why.kind === 'act') return `to ${why.action} on ${why.url}`;
  if (why.kind === 'download') return `download from ${why.url}`;
  if (why.kind === 'navigation') {
    const who = { agent: 'a link going', page: 'the page going', browser: 'the browser going' }[why.by];
    const how = why.method === 'post' ? 'a form posting' : who;
    return `${how} to ${why.url}, held before it was sent`;
  }
  return `to ${why.action} in a frame from ${why.url} inside ${why.top}`;
}

/** A plan of "Ask before acting" as a step note: what was approved, or that it was cancelled or left open. */
export function planNote(view: PlanView): string {
  const plan = view.approved ?? view.proposed;
  const sites = plan.sites.join(', ');
  const changes = plan.changes.map((change) => `${change.kind} on ${change.origin} (${change.what})`).join('; ');
  const state = view.status === 'approved' ? 'approved' : view.status === 'cancelled' ? 'cancelled' : 'not answered';
  const removed = view.edits?.removedSites.length ? `; the person removed ${view.edits.removedSites.join(', ')}` : '';
  return `Plan ${state}: ${plan.summary} (sites: ${sites || 'none'}; changes: ${changes || 'none'}${removed})`;
}

const CONSENT_BY: Record<ConsentView['by'], string> = {
  person: 'by the person',
  act_without_asking: 'by the act-without-asking list',
  task: 'without asking again (the person said so for this task)',
  plan: 'by the plan the person approved',
};

/** A consequential step's decision as a step note: "Consent: order "Place order" on https://shop.test allowed …". */
export function consentNote(view: ConsentView): string {
  const what = view.decision === 'deny' ? 'declined' : 'allowed';
  return `Consent: ${view.kind} "${view.control}" on ${view.origin} ${what} ${CONSENT_BY[view.by]} (${view.decision})`;
}

/** A permission decision as a step note: "Site permission: https://b.test denied by the person (open_url …)". */
export function permissionNote(view: PermissionView): string {
  const what =
    view.decision === 'deny'
      ? 'denied'
      : view.decision === 'always'
        ? 'always allowed'
        : view.decision === 'read'
          ? 'allowed to read only'
          : 'allowed';
  const why = view.why ? ` (${whyNote(view.why)})` : '';
  return `Site permission: ${view.origin} ${what} ${DECIDED[view.by]}${why}`;
}

function withoutSiteLists(settings: Omit<AgentSettings, 'apiKey'>): TraceSettings {
  const { allowedSites: _allowed, blockedSites: _blocked, actWithoutAskingSites: _unasked, ...rest } = settings;
  return rest;
}

export function buildTrace(
  record: TaskRecord,
  settings: AgentSettings,
  extension: { version: string },
  now: number = Date.now(),
): Trace {
  const { apiKey, ...safeSettings } = settings;
  const trace: Trace = {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    exportedAt: iso(now),
    extension: { version: extension.version },
    task: {
      id: record.taskId,
      instructions: record.instructions,
      status: record.status,
      summary: record.summary ?? null,
      answer: record.answer ?? null,
      verified: record.verified ?? null,
      evidence: record.evidence ?? null,
      startedAt: iso(record.startedAt),
      finishedAt: record.finishedAt === undefined ? null : iso(record.finishedAt),
      model: record.model,
      replay: record.replay ?? null,
    },
    settings: withoutSiteLists(record.settings ?? safeSettings),
    metrics: record.metrics ?? null,
    steps: record.steps.map((view) => ({
      step: view.step,
      turn: view.turn,
      tabId: view.tabId,
      url: view.url,
      observationDigest: view.digest ?? null,
      by: record.replay?.replayedSteps.includes(view.step) ? 'replay' : 'model',
      thinking: view.thinking ?? '',
      text: view.text,
      actions: view.calls.map((call) => ({
        callId: call.callId,
        tool: call.name,
        input: call.input,
        outcome: call.outcome ?? null,
        isError: call.isError ?? null,
        summary: call.summary ?? null,
        verification: call.verification ?? null,
        target: call.identity ?? null,
      })),
      notes: [
        ...(record.permissions ?? []).filter((p) => p.step === view.step).map(permissionNote),
        ...(record.plans ?? []).filter((p) => p.step === view.step).map(planNote),
        ...(record.consents ?? []).filter((c) => c.step === view.step).map(consentNote),
        ...view.notes,
      ],
      timings: { modelMs: view.modelMs ?? null, harnessMs: view.harnessMs ?? null },
      usage: view.usage ?? null,
    })),
  };
  return redact(trace, apiKey);
}

/** The file name a downloaded trace gets: steadyhand-trace-<task id>.json. */
export function traceFileName(record: Pick<TaskRecord, 'taskId'>): string {
  return `steadyhand-trace-${record.taskId.replace(/[^\w.-]+/g, '_')}.json`;
}
