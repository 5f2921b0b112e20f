// The loop: one instruction, step by step, as docs/agent-loop.md (One step) lays it out: tab check → observe → decide →
// act → verify → progress → repair, until done is accepted or something ends the run. It takes every dependency as an
// argument and never throws on model output; only Stop and failures of the model API end a run early. Around observe,
// the site gate (site-gate.ts, decision 0010): a page on an origin the task may not use is never shown. Before each
// step, the cost cap (cost-cap.ts, decision 0017): a step whose request would take the task past its limit is not
// begun.

import { safeParseOrigin } from '../../shared/urls';
import { costLimitEnding, costLimitReached } from './cost-cap';
import { STOP_TEXT, type TaskResult, type TaskStatus } from './events';
import { settleHeld } from './held-navigation';
import type { ModelTurn } from './model';
import { observe, type StepView } from './observe';
import type { NavigationMark } from './ports';
import { ProgressTracker, progressRecord } from './progress';
import { newNonce } from './prompt';
import { recordBaseline } from './proof/baseline';
import { ProofLedger } from './proof/proof-ledger';
import { decideRepair, repairMessage } from './repair';
import { frameGate, gateCheck, gateView } from './site-gate';
import { act, decideWatchingTab, type LoopDeps } from './step-io';
import { checkAgentTab, SETTLE_TIMEOUT_MS } from './tab-check';
import type { TaskState } from './task-state';
import type { CallResult } from './tools/execute';

export type { LoopDeps } from './step-io';

/** A done rejected this many times in one run ends it as failed: the model cannot prove what it claims. */
export const MAX_DONE_REJECTIONS = 3;
/** Turns in a row without any tool call before the run ends as failed. */
export const MAX_TEXT_ONLY_TURNS = 3;

export type Ending = Omit<TaskResult, 'taskId' | 'metrics'>;

export const PLAN_CANCELLED_SUMMARY = 'You cancelled the plan: the task ended before anything was done.';

const end = (status: TaskStatus, summary: string, extra: Partial<Ending> = {}): Ending => ({
  status,
  summary,
  verified: false,
  ...extra,
});

/** As long as the commit wait at the top of a step: a navigation that has not happened by then is not coming. */
export const NAVIGATION_WAIT_MS = SETTLE_TIMEOUT_MS;

export const NAVIGATION_DID_NOT_HAPPEN =
  `The navigation your last action started did not happen within ${NAVIGATION_WAIT_MS / 1000} s (it may have been ` +
  'cancelled, or turned into a download): the tab still shows the page this observation shows.';

const USE_TOOLS_NOTE =
  'Your last reply had no tool call. Continue with tool calls; when the task is finished (or cannot be), call done.';

/**
 * The model declined to go on. The task ends: sending the same conversation again would only be refused again, and
 * the person reads what the API said (https://platform.claude.com/docs/en/build-with-claude/refusals-and-fallback).
 */
function refused(refusal: NonNullable<ModelTurn['refusal']>): Ending {
  const category = refusal.category ? ` (${refusal.category.replace(/_/g, ' ')})` : '';
  const said = refusal.explanation?.trim() || 'it gave no explanation';
  const why = /[.!?]$/.test(said) ? said : `${said}.`;
  return end(
    'failed',
    `The model declined to continue this task${category}: ${why} Rephrase the task or start a new one.`,
    {
      refusal,
    },
  );
}

export class Run {
  readonly #progress = new ProgressTracker();
  #agentMoved = true;
  /**
   * A missing tab is expected on the first step of an instruction, after a step that already had none, and after the
   * agent's own close_tab; otherwise the tab vanished under the agent: "Tab was closed" (docs/contracts.md 000-E5a).
   */
  #tabLossExpected = true;
  #navigated = new Set<number>();
  /**
   * A navigation the last step's actions started (or found under way) in the agent's tab: the next look waits for it.
   */
  #navigating: { tabId: number; since: NavigationMark } | null = null;
  /** The last page the agent saw on a site it may use: where a held navigation takes the tab back to. */
  #lastAllowedUrl: string | null = null;
  #textOnly = 0;
  #rejections = 0;
  /** How many times a call found the agent's page being replaced under it; part of the progress fingerprint. */
  #replaced = 0;
  #wallMark: number;

  constructor(
    private readonly deps: LoopDeps,
    private readonly task: TaskState,
    private readonly signal: AbortSignal,
  ) {
    this.#wallMark = deps.clock.now();
    // Each instruction proves its own outcome: what an earlier one brought about is its baseline (decision 0024).
    task.proof = new ProofLedger();
    // In "Ask before acting", each instruction gets its plan approved before anything acts (plan-rule.ts); the sites
    // and changes earlier approvals allowed stay allowed.
    task.plan.approved = false;
  }

  /** The person added an instruction while the run goes on: the model reads it with the next observation. */
  addInstruction(instruction: string): void {
    this.task.conversation.note(`The person adds an instruction while you work (it takes precedence): ${instruction}`);
  }

  /** Adds the wall time since the last call to the task's metrics (the caller closes the run with it). */
  tickWall(): void {
    const now = this.deps.clock.now();
    this.task.metrics.addWall(now - this.#wallMark);
    this.#wallMark = now;
  }

  /** Runs steps until the instruction ends; the caller maps aborts and model errors to their endings. */
  async execute(): Promise<Ending> {
    for (let i = 0; i < this.deps.settings.maxSteps; i++) {
      // Before the step, not inside it: a step that may not ask the model would only look at the page for nothing.
      const overBudget = costLimitReached(this.task.metrics, this.deps.settings.maxTaskCostUsd);
      if (overBudget) return costLimitEnding(overBudget);
      const ending = await this.#step(this.deps.settings.maxSteps - i - 1);
      if (ending) return ending;
    }
    const max = this.deps.settings.maxSteps;
    return end(
      'max_steps',
      `Reached the step limit (${max} steps) before finishing. Give a follow-up instruction to continue, or raise ` +
        'the limit in settings.',
    );
  }

  async #step(stepsLeft: number): Promise<Ending | null> {
    const { deps, task, signal } = this;
    const started = deps.clock.now();
    const before = {
      model: task.metrics.metrics.modelMs,
      person: task.metrics.metrics.personMs,
      tokens: { ...task.metrics.metrics.tokens },
    };
    const step = ++task.step;
    const tabId = deps.tabs.currentTabId;
    await this.#awaitNavigation(tabId);
    await this.#settleHeld(tabId);
    // Another live tab than last step's: the agent switched, or (stickiness off) followed the person. A tab that
    // disappeared without the agent closing it is not a move: it is "Tab was closed".
    const moved = this.#agentMoved || (tabId !== null && tabId !== task.lastTabId);
    const check = await checkAgentTab({
      tabs: deps.tabs,
      navigation: deps.navigation,
      tabId,
      pinnedOrigin: task.pinnedOrigin,
      agentMoved: moved,
      tabLossExpected: this.#tabLossExpected,
      ownOrigin: deps.ownOrigin,
      signal,
    });
    if (check.kind === 'stop') return end('stopped', check.summary, { stopCause: check.cause });
    const navigated = tabId !== null && this.#navigated.has(tabId);
    const gate = await gateCheck(task.sites, check, navigated, signal);
    const observed = {
      tabs: deps.tabs,
      navigation: deps.navigation,
      tabId,
      check: gate.check,
      navigated,
      signal,
      frameAllowed: frameGate(task.sites),
    };
    let view = await observe(observed);
    // The tab may vanish while it is observed (closed just as the step began): the same loss as above.
    if (!view.operable && tabId !== null && !this.#tabLossExpected && !(await deps.tabs.getTab(tabId))) {
      return end('stopped', STOP_TEXT.tabClosed, { stopCause: 'tab_closed' });
    }
    if (check.kind === 'ready') {
      // The snapshot may come from a document that committed after the check (the ready wait let it land).
      const origin = view.operable ? safeParseOrigin(view.url ?? undefined) : check.origin;
      if (!moved && task.pinnedOrigin && origin && origin !== task.pinnedOrigin) {
        return end('stopped', STOP_TEXT.originChanged(task.pinnedOrigin, origin), { stopCause: 'origin_changed' });
      }
      // Denied or not, the pinned origin is where the tab is: the next step asks nothing again, and is not mistaken
      // for a page that moved by itself.
      task.pinnedOrigin = origin ?? check.origin;
    }
    let denied = gate.check.kind === 'inoperable' ? gate.gated : null;
    if (!denied) {
      const gated = await gateView(task.sites, view, gate.gated, signal, () => observe(observed));
      view = gated.view;
      denied = gated.denied;
    }
    task.lastTabId = tabId;
    if (view.operable && !denied && view.url) this.#lastAllowedUrl = view.url;
    this.#navigated.clear();
    if (!denied) await recordBaseline(task.proof, deps.tabs, view, signal);
    deps.emit({
      type: 'step_started',
      taskId: task.taskId,
      step,
      tabId,
      url: view.url,
      operable: view.operable,
      digest: view.snapshot?.digest ?? null,
    });

    const nonce = (deps.nonce ?? newNonce)();
    const turn = await decideWatchingTab(deps, task, signal, tabId, { step, stepsLeft, view, nonce });
    if (!turn) return end('stopped', STOP_TEXT.tabClosed, { stopCause: 'tab_closed' });
    // Taken before the actions: any navigation after this mark is one the next look must wait for.
    const since = tabId === null ? null : deps.navigation.mark(tabId);
    // Armed for the whole run (controller.ts); armed again here to take in the tabs the last turn opened.
    await deps.hold?.arm();
    const results = await act(deps, task, signal, { step, turn, view, nonce, denied });
    if (tabId !== null && since && results.some((r) => r.effects.navigatedTabId === tabId))
      this.#navigating = { tabId, since };
    const ending = turn.refusal ? refused(turn.refusal) : this.#afterStep(turn, view, results);

    this.tickWall();
    const m = task.metrics.metrics;
    const modelMs = m.modelMs - before.model;
    const harnessMs = Math.max(0, deps.clock.now() - started - modelMs - (m.personMs - before.person));
    const usage = {
      input: m.tokens.input - before.tokens.input,
      output: m.tokens.output - before.tokens.output,
      cacheRead: m.tokens.cacheRead - before.tokens.cacheRead,
      cacheWrite: m.tokens.cacheWrite - before.tokens.cacheWrite,
    };
    deps.emit({ type: 'step_finished', taskId: task.taskId, step, modelMs, harnessMs, usage });
    deps.emit({ type: 'metrics', taskId: task.taskId, metrics: task.metrics.snapshot() });
    return ending;
  }

  /**
   * Waits for the navigation the last step started in this tab, so the step never looks at (or acts on) the page
   * being left: Chrome does not always show a navigation in flight (a form submission leaves the tab `complete`
   * without a `pendingUrl` until it commits). One that does not come in time is said to the model.
   */
  async #awaitNavigation(tabId: number | null): Promise<void> {
    const navigating = this.#navigating;
    this.#navigating = null;
    if (!navigating || navigating.tabId !== tabId) return;
    const { deps, signal } = this;
    // A navigation the network hold stopped never commits: waiting for it would only run out the clock.
    const done = new AbortController();
    const stop = () => done.abort();
    signal.addEventListener('abort', stop, { once: true });
    try {
      const navigated = deps.navigation.waitForNavigation(tabId, navigating.since, {
        timeoutMs: NAVIGATION_WAIT_MS,
        signal: done.signal,
      });
      navigated.catch(() => {});
      const waits: Promise<string>[] = [navigated];
      if (deps.hold) waits.push(deps.hold.whenBlocked(tabId, done.signal).then(() => 'held'));
      const outcome = await Promise.race(waits);
      if (outcome === 'timeout') this.task.conversation.note(NAVIGATION_DID_NOT_HAPPEN);
    } finally {
      signal.removeEventListener('abort', stop);
      done.abort();
    }
  }

  /** A page load the network hold stopped in the agent's tab is asked about before the step looks at the tab. */
  async #settleHeld(tabId: number | null): Promise<void> {
    const held = tabId === null ? null : (this.deps.hold?.takeBlocked(tabId) ?? null);
    if (tabId === null || !held) return;
    const sent = await settleHeld(this.deps, this.task, tabId, held, this.#lastAllowedUrl, this.signal);
    if (!sent) return;
    // The harness moved the tab: the next look waits for the new document and does not take it for the page moving
    // by itself.
    this.#agentMoved = true;
    this.#navigated.add(tabId);
  }

  #afterStep(turn: ModelTurn, view: StepView, results: CallResult[]): Ending | null {
    const { deps, task } = this;
    const step = task.step;
    const ran = results.filter(
      (r) => r.outcome !== 'invalid_input' && r.outcome !== 'unknown_tool' && r.outcome !== 'skipped',
    );
    this.#agentMoved = ran.some((r) => r.mayNavigate);
    this.#tabLossExpected = view.tabId === null || ran.some((r) => r.name === 'close_tab' && r.outcome === 'ok');
    for (const { effects } of results)
      if (effects.navigatedTabId !== undefined) this.#navigated.add(effects.navigatedTabId);

    if (results.some((r) => r.effects.planCancelled)) {
      return end('stopped', PLAN_CANCELLED_SUMMARY, { stopCause: 'person' });
    }
    const done = results.find((r) => r.effects.done?.accepted)?.effects.done;
    if (done?.accepted) {
      task.metrics.metrics.doneAndVerified = done.verified;
      const evidence = done.evidence ? { evidence: done.evidence } : {};
      const proof = done.verifiedAs ? { verifiedAs: done.verifiedAs, alreadyThere: done.alreadyThere ?? false } : {};
      return end(done.status, done.summary, { answer: done.answer, verified: done.verified, ...evidence, ...proof });
    }
    const rejected = this.#countRejections(step, results);
    if (rejected) return rejected;

    if (turn.toolCalls.length === 0) {
      this.#textOnly++;
      if (this.#textOnly >= MAX_TEXT_ONLY_TURNS) {
        if (turn.cut) {
          return end(
            'failed',
            `The model's replies were cut off at the output limit ${MAX_TEXT_ONLY_TURNS} times in a row.`,
          );
        }
        const said = turn.text.trim() ? `: “${turn.text.trim().slice(0, 300)}”` : '';
        return end('failed', `The model stopped calling tools before finishing${said}`);
      }
      // A cut reply already comes with its own note (cut.ts).
      if (!turn.cut) task.conversation.note(USE_TOOLS_NOTE);
    } else {
      this.#textOnly = 0;
    }

    const fingerprint = this.#replaced > 0 ? `${view.fingerprint}@${this.#replaced}` : view.fingerprint;
    const records = results.flatMap((r) => progressRecord(r, fingerprint) ?? []);
    const noProgress = deps.settings.noProgressDetection ? this.#progress.recordStep(records) : null;
    // A call the page's departure interrupted means the page was replaced (a reload can empty a form the agent had
    // filled in): what the agent does on the new document is no repeat of what it did on the old one, however alike.
    if (results.some((r) => r.effects.interrupted)) this.#replaced++;
    // A site the person denied is their decision, not a failure the model should find a way around; a call the
    // page's departure interrupted is nobody's failure (execute.ts).
    const failures = results.filter((r) => r.effects.siteDenied === undefined && !r.effects.interrupted);
    const verdict = decideRepair(failures, noProgress, task.budget, deps.settings.autoRepair);
    if (verdict.kind === 'end_no_progress') {
      const budget = task.budget;
      const again = budget.noProgressRepaired
        ? ', again after a repair'
        : budget.repairsUsed > 0
          ? ', and the repairs were used up'
          : '';
      return end('no_progress', `No progress: the agent was ${verdict.detail}${again}. Stopped after step ${step}.`);
    }
    if (verdict.kind === 'repair') {
      const budget = task.budget;
      budget.repairsUsed++;
      task.metrics.metrics.repairs++;
      if (verdict.trigger === 'no_progress') {
        budget.noProgressRepaired = true;
        this.#progress.reset();
      }
      const message = repairMessage(verdict.trigger, verdict.detail, budget.repairsUsed);
      task.conversation.note(message);
      deps.emit({
        type: 'repair',
        taskId: task.taskId,
        step,
        trigger: verdict.trigger,
        message,
        repairsUsed: budget.repairsUsed,
      });
    }
    return null;
  }

  #countRejections(step: number, results: CallResult[]): Ending | null {
    for (const { effects } of results) {
      const done = effects.done;
      if (!done || done.accepted) continue;
      this.#rejections++;
      this.task.metrics.metrics.rejectedDones++;
      this.deps.emit({
        type: 'done_rejected',
        taskId: this.task.taskId,
        step,
        reason: done.reason,
        rejections: this.#rejections,
      });
      if (this.#rejections >= MAX_DONE_REJECTIONS) {
        return end(
          'failed',
          `The agent reported success ${this.#rejections} times, but its evidence could not be confirmed on the ` +
            `page (last: ${done.forPerson ?? done.reason}).`,
        );
      }
    }
    return null;
  }
}
