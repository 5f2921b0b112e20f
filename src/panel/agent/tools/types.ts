// The shape every tool shares: one zod schema (the single source for validation and for the Anthropic input_schema),
// a handler, and what the loop needs to know about it. Handlers throw typed errors for page and tab failures; the
// executor turns those into `is_error` tool results, so nothing the model sends can throw out of the loop.

import type { z } from 'zod';
import type { ActionEffect, Snapshot } from '../../../shared/page-types';
import type { AgentPage, AgentTabs, Navigation } from '../core/ports';
import type { AgentSettings } from '../core/settings';
import type { Clock, Sleep } from '../core/time';
import type { ProofLedger } from '../proof/proof-ledger';
import type { DoneDecision } from '../proof/verify';
import type { TaskConsent } from '../sites/consent';
import type { HoldControl } from '../sites/net-hold';
import type { PlanOutcome, TaskPlan } from '../sites/plan';
import type { SiteAccess } from '../sites/site-access';
import type { CallOutcome, Verification } from '../task/events';
import type { TaskFiles } from '../task/files';

export interface CapturedImage {
  mediaType: 'image/png' | 'image/jpeg';
  /** Base64, without a data: prefix. */
  data: string;
}

/**
 * Takes a screenshot of the agent's tab. Throws with a message the model can act on when it cannot, e.g. when the
 * tab is not the visible tab of its window (captureVisibleTab only sees that one).
 */
export type CaptureFn = (tabId: number, options: { signal: AbortSignal }) => Promise<CapturedImage>;

/**
 * The part of a run's context (run-context.ts) that tools use: the same object for every call of the run, seen through
 * a narrower type, so a tool cannot reach the model, the conversation or the loop's state.
 */
export interface ToolRun {
  readonly tabs: AgentTabs;
  readonly navigation: Navigation;
  readonly settings: AgentSettings;
  readonly signal: AbortSignal;
  readonly clock: Clock;
  readonly sleep: Sleep;
  /** chrome-extension://<id>, so the panel's own pages are not treated as restricted. */
  readonly ownOrigin: string | undefined;
  readonly capture: CaptureFn | undefined;
  /** The task's attached files and downloads; absent where the panel offers none (upload_file then says so). */
  readonly files: TaskFiles | undefined;
  /** The task's site permissions: open_url asks them before it loads another origin. */
  readonly sites: Pick<SiteAccess, 'ask' | 'askToAct' | 'verdict' | 'describeDenial' | 'allowWithStep'>;
  /** The task's consent gate (decision 0026): consequential steps wait for the person; absent, none is asked about. */
  readonly consent?: Pick<TaskConsent, 'settle'>;
  /**
   * The task's network hold (net-hold.ts), where the panel has one: `refresh` after a site was allowed, before the
   * request goes; `strict` while a script the agent evaluates runs.
   */
  readonly hold?: HoldControl;
  /** What this instruction's tabs showed before it acted, and what it supplied itself (decision 0024). */
  readonly proof: ProofLedger;
  /** Shows the question to the person and resolves with their reply; the wait is counted as person time. */
  ask(step: number, question: string): Promise<string>;
  /**
   * Shows the plan to the person ("Ask before acting") and resolves with what they made of it, once the approval has
   * been applied to the task (its sites allowed, its changes kept). Absent where no one can approve a plan.
   */
  proposePlan?(step: number, plan: TaskPlan): Promise<PlanOutcome>;
}

/** What one step adds for its tool calls: the observation the model acted on. */
export interface ToolStep {
  step: number;
  /** The agent's tab when this step's observation was taken (null: it has none). */
  tabId: number | null;
  /** The observation the model acted on; page tools act against its snapshotId. */
  snapshot: Snapshot | null;
  /** The origin of the agent's page when the task may not work there (denied, blocked): nothing on it is read. */
  deniedOrigin: string | null;
  /** How long this turn may still wait (turn-limits.ts): wait_for waits no longer. Absent: no turn cap applies. */
  waitLeftMs?: number;
  /**
   * Told of everything this call sends that may change a page or the browser (a page action handed to the page, a tab
   * loaded or closed), as it goes: after a Stop, what was sent may still take effect (execute.ts). Absent: untold.
   */
  sent?: CallSends;
  /** The kinds of effect the call's driver expects of it (ModelToolCall.expect); the page action carries them. */
  expect?: ActionEffect[];
}

/** What one call has sent that a Stop cannot take back, by page method or tool name ("click", "open_url"). */
export interface CallSends {
  mark(what: string): void;
}

export type ToolContext = ToolRun & ToolStep;

/**
 * What the model reads of a call (prompt.ts §toolResultBlock): the harness's words, the page's words (fenced when
 * sent) and a screenshot. No loop code reads these.
 */
export interface ModelReply {
  /** What the harness tells the model (trusted text). */
  text: string;
  /** Page-derived text; wrapped in nonce markers as untrusted data when sent. */
  pageText?: string;
  image?: CapturedImage;
}

/**
 * What the loop acts on after a call, kept apart from what the model reads (as chrome-devtools-mcp's McpResponse keeps
 * its flags apart from its response lines): no prompt code reads these, so rewording a result never changes what the
 * loop does.
 */
export interface ToolEffects {
  /** The page the model saw is no longer the agent's page: later page calls in this turn are not run. */
  pageChanged?: boolean;
  /** A navigation committed (or may have) in this tab: wait for the new document before the next snapshot. */
  navigatedTabId?: number;
  /**
   * The origin the call was refused for by the task's site permissions. The person decided, so it is no failure to
   * repair: a repair nudge would send the model looking for another route to the site.
   */
  siteDenied?: string;
  /**
   * The page was left or replaced under the call (page_changing, relay_lost): not the model's doing, so it is no
   * failure to repair and no repeat (docs/contracts.md P-TURN).
   */
  interrupted?: boolean;
  done?: DoneDecision;
  /** The person cancelled the plan: the task ends, with nothing done (decision 0026). */
  planCancelled?: boolean;
}

export interface ToolOutput extends ModelReply {
  outcome: Extract<CallOutcome, 'ok' | 'failed_verify' | 'execute_error'>;
  /** For the person: the step card's check of the action. */
  verification?: Verification;
  /** For the person: a short clause for the step card and the trace, e.g. "ok (navigation)". */
  brief: string;
  /** For the loop; absent: the call changed nothing the loop acts on. */
  effects?: ToolEffects;
}

export type ToolGroup = 'page' | 'nav' | 'control';

export interface ToolSpec<S extends z.ZodType> {
  name: string;
  description: string;
  schema: S;
  /** page: needs an operable page and is offered only then; nav and control: always offered. */
  group: ToolGroup;
  /** May take the agent's tab to another document or tab, so the pinned origin may follow (decision 0006). */
  mayNavigate: boolean;
  /** Acts on the page the model saw, so it is not run once an earlier call in the turn changed the page. */
  usesPage: boolean;
  /** Offered only when this holds (screenshot: vision; evaluate: allowScript). */
  enabled?(settings: AgentSettings): boolean;
  run(input: z.infer<S>, ctx: ToolContext): Promise<ToolOutput>;
}

export type Prepared =
  | { ok: true; input: unknown; run(ctx: ToolContext): Promise<ToolOutput> }
  | { ok: false; message: string };

/** A tool with its input type erased: `prepare` validates and binds the typed handler. */
export interface AnyTool extends Omit<ToolSpec<z.ZodType>, 'run'> {
  prepare(input: unknown): Prepared;
}

export type PageHandle = { page: AgentPage; tabId: number; snapshotId: string };
