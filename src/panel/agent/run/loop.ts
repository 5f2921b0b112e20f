// The loop: one instruction, step by step, as docs/agent-loop.md (One step) lays it out: look (tab check → observe,
// look.ts) → decide (step-io.ts) → act → verify → progress → repair, until done is accepted or something ends the run.
// It reads everything from the run context (run-context.ts) and never throws on model output; only Stop and failures
// of the model API end a run early. Before each step, the cost cap (cost-cap.ts, decision 0017): a step whose request
// would take the task past its limit is not begun.

import type { ModelTurn } from '../model/agent-model';
import type { StepView } from '../observe/observe';
import { costLimitEnding, costLimitReached } from '../task/cost-cap';
import { type Ending, end } from '../task/endings';
import { STOP_TEXT } from '../task/events';
import { ProgressTracker, progressRecord } from '../task/progress';
import type { CallResult, LoopFacing } from '../tools/execute';
import { type Look, look, newLookState } from './look';
import { decideRepair, repairMessage } from './repair';
import type { RunContext } from './run-context';
import { act, decideWatchingTab, ranAtAll } from './step-io';

export type { Ending } from '../task/endings';

/** A done rejected this many times in one run ends it as failed: the model cannot prove what it claims. */
export const MAX_DONE_REJECTIONS = 3;
/** Turns in a row without any tool call before the run ends as failed. */
export const MAX_TEXT_ONLY_TURNS = 3;

export const PLAN_CANCELLED_SUMMARY = 'You cancelled the plan: the task ended before anything was done.';

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

/** The counters at the start of a step, so the step's own model time, harness time and tokens can be told. */
interface StepMark {
  started: number;
  model: number;
  person: number;
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number };
}

export class Run {
  readonly #progress = new ProgressTracker();
  readonly #look = newLookState();
  #textOnly = 0;
  #rejections = 0;
  /** How many times a call found the agent's page being replaced under it; part of the progress fingerprint. */
  #replaced = 0;
  #wallMark: number;

  constructor(private readonly run: RunContext) {
    this.#wallMark = run.clock.now();
    // In "Ask before acting", each instruction gets its plan approved before anything acts (plan-rule.ts); the sites
    // and changes earlier approvals allowed stay allowed.
    run.task.plan.approved = false;
  }

  /** The person added an instruction while the run goes on: the model reads it with the next observation. */
  addInstruction(instruction: string): void {
    this.run.task.conversation.note(
      `The person adds an instruction while you work (it takes precedence): ${instruction}`,
    );
  }

  /** Adds the wall time since the last call to the task's metrics (the caller closes the run with it). */
  tickWall(): void {
    const now = this.run.clock.now();
    this.run.task.metrics.addWall(now - this.#wallMark);
    this.#wallMark = now;
  }

  /** Runs steps until the instruction ends; the caller maps aborts and model errors to their endings. */
  async execute(): Promise<Ending> {
    const { settings, task } = this.run;
    for (let i = 0; i < settings.maxSteps; i++) {
      // Before the step, not inside it: a step that may not ask the model would only look at the page for nothing.
      const overBudget = costLimitReached(task.metrics, settings.maxTaskCostUsd);
      if (overBudget) return costLimitEnding(overBudget);
      const ending = await this.#step(settings.maxSteps - i - 1);
      if (ending) return ending;
    }
    const max = settings.maxSteps;
    return end(
      'max_steps',
      `Reached the step limit (${max} steps) before finishing. Give a follow-up instruction to continue, or raise ` +
        'the limit in settings.',
    );
  }

  /** One step: look at the agent's tab, ask the model, act on its turn. */
  async #step(stepsLeft: number): Promise<Ending | null> {
    const { run } = this;
    const mark = this.#mark();
    const step = ++run.task.step;
    const seen = await look(run, this.#look, step);
    if (!('view' in seen)) return seen;
    const nonce = run.nonce();
    const turn = await decideWatchingTab(run, seen.tabId, { step, stepsLeft, view: seen.view, nonce });
    if (!turn) {
      // The agent's tab left the task while the model thought. With another tab of its own, the next step looks
      // there (whatever this turn said was meant for the tab that left); with none, the task ends as when it closes.
      if (run.tabs.currentTabId !== null) return null;
      return end('stopped', STOP_TEXT.tabClosed, { stopCause: 'tab_closed' });
    }
    const ending = await this.#act(step, turn, seen, nonce);
    this.#finish(step, mark);
    return ending;
  }

  /** Runs the turn's calls on what the step saw, then decides whether the run goes on. */
  async #act(step: number, turn: ModelTurn, seen: Look, nonce: string): Promise<Ending | null> {
    const { run } = this;
    const { tabId, view, denied } = seen;
    // Taken before the actions: any navigation after this mark is one the next look must wait for.
    const since = tabId === null ? null : run.navigation.mark(tabId);
    // Armed for the whole run (controller.ts); armed again here to take in the tabs the last turn opened.
    await run.hold?.arm();
    const results = await act(run, { step, turn, view, nonce, denied });
    if (tabId !== null && since && results.some((r) => r.effects.navigatedTabId === tabId)) {
      this.#look.navigating = { tabId, since };
    }
    return turn.refusal ? refused(turn.refusal) : this.#afterStep(turn, view, results);
  }

  #mark(): StepMark {
    const { metrics } = this.run.task.metrics;
    const started = this.run.clock.now();
    return { started, model: metrics.modelMs, person: metrics.personMs, tokens: { ...metrics.tokens } };
  }

  /** Closes the step's wall time and tells the panel what the step took. */
  #finish(step: number, before: StepMark): void {
    const { run } = this;
    const { task } = run;
    this.tickWall();
    const m = task.metrics.metrics;
    const modelMs = m.modelMs - before.model;
    const harnessMs = Math.max(0, run.clock.now() - before.started - modelMs - (m.personMs - before.person));
    const usage = {
      input: m.tokens.input - before.tokens.input,
      output: m.tokens.output - before.tokens.output,
      cacheRead: m.tokens.cacheRead - before.tokens.cacheRead,
      cacheWrite: m.tokens.cacheWrite - before.tokens.cacheWrite,
    };
    run.emit({ type: 'step_finished', taskId: task.taskId, step, modelMs, harnessMs, usage });
    run.emit({ type: 'metrics', taskId: task.taskId, metrics: task.metrics.snapshot() });
  }

  /** What follows the step's calls: the run ends, or goes on with a repair nudge, a note, or nothing. */
  #afterStep(turn: ModelTurn, view: StepView, results: CallResult[]): Ending | null {
    const step = this.run.task.step;
    this.#noteMoves(view, results);
    return (
      this.#ended(results) ??
      this.#countRejections(step, results) ??
      this.#textOnlyTurn(turn) ??
      this.#progressOrRepair(step, view, results)
    );
  }

  /** What the next look needs to know of the calls: whether the agent moved, closed its tab, navigated a tab. */
  #noteMoves(view: StepView, results: readonly LoopFacing[]): void {
    const ran = results.filter(ranAtAll);
    this.#look.agentMoved = ran.some((r) => r.mayNavigate);
    this.#look.tabLossExpected = view.tabId === null || ran.some((r) => r.name === 'close_tab' && r.outcome === 'ok');
    for (const { effects } of results) {
      if (effects.navigatedTabId !== undefined) this.#look.navigated.add(effects.navigatedTabId);
    }
  }

  /** The person cancelled the plan, or a done was accepted: the run ends. */
  #ended(results: readonly LoopFacing[]): Ending | null {
    if (results.some((r) => r.effects.planCancelled)) {
      return end('stopped', PLAN_CANCELLED_SUMMARY, { stopCause: 'person' });
    }
    const done = results.find((r) => r.effects.done?.accepted)?.effects.done;
    if (!done?.accepted) return null;
    this.run.task.metrics.metrics.doneAndVerified = done.verified;
    const evidence = done.evidence ? { evidence: done.evidence } : {};
    const proof = done.verifiedAs ? { verifiedAs: done.verifiedAs, alreadyThere: done.alreadyThere ?? false } : {};
    return end(done.status, done.summary, { answer: done.answer, verified: done.verified, ...evidence, ...proof });
  }

  /** A turn without tool calls is told to use them; too many in a row end the run. */
  #textOnlyTurn(turn: ModelTurn): Ending | null {
    if (turn.toolCalls.length > 0 || turn.looksOnly) {
      this.#textOnly = 0;
      return null;
    }
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
    if (!turn.cut) this.run.task.conversation.note(USE_TOOLS_NOTE);
    return null;
  }

  /** Records the step's calls for no-progress detection and repairs after a failure (docs/contracts.md 002-5, 002-6). */
  #progressOrRepair(step: number, view: StepView, results: CallResult[]): Ending | null {
    const { settings, task } = this.run;
    const fingerprint = this.#replaced > 0 ? `${view.fingerprint}@${this.#replaced}` : view.fingerprint;
    const records = results.flatMap((r) => progressRecord(r, fingerprint) ?? []);
    const noProgress = settings.noProgressDetection ? this.#progress.recordStep(records) : null;
    // A call the page's departure interrupted means the page was replaced (a reload can empty a form the agent had
    // filled in): what the agent does on the new document is no repeat of what it did on the old one, however alike.
    if (results.some((r) => r.effects.interrupted)) this.#replaced++;
    // A site the person denied is their decision, not a failure the model should find a way around; a call the
    // page's departure interrupted is nobody's failure (execute.ts).
    const failures = results.filter((r) => r.effects.siteDenied === undefined && !r.effects.interrupted);
    const verdict = decideRepair(failures, noProgress, task.budget, settings.autoRepair);
    const budget = task.budget;
    if (verdict.kind === 'end_no_progress') {
      const again = budget.noProgressRepaired
        ? ', again after a repair'
        : budget.repairsUsed > 0
          ? ', and the repairs were used up'
          : '';
      return end('no_progress', `No progress: the agent was ${verdict.detail}${again}. Stopped after step ${step}.`);
    }
    if (verdict.kind !== 'repair') return null;
    budget.repairsUsed++;
    task.metrics.metrics.repairs++;
    if (verdict.trigger === 'no_progress') {
      budget.noProgressRepaired = true;
      this.#progress.reset();
    }
    const message = repairMessage(verdict.trigger, verdict.detail, budget.repairsUsed);
    task.conversation.note(message);
    const { trigger } = verdict;
    this.run.emit({ type: 'repair', taskId: task.taskId, step, trigger, message, repairsUsed: budget.repairsUsed });
    return null;
  }

  #countRejections(step: number, results: readonly LoopFacing[]): Ending | null {
    const { task } = this.run;
    for (const { effects } of results) {
      const done = effects.done;
      if (!done || done.accepted) continue;
      this.#rejections++;
      task.metrics.metrics.rejectedDones++;
      const rejections = this.#rejections;
      this.run.emit({ type: 'done_rejected', taskId: task.taskId, step, reason: done.reason, rejections });
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
