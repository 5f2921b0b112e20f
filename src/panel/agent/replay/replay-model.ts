// A saved task played as the model's turns (issue 30, decision 0031). A replay is a task run like any other: the loop
// looks at the tab, runs the site gate, the consent gate and the tab lock, verifies each action and checks `done` on
// the live page. Only the turns come from here: each saved step, its target found again on the fresh observation by
// role, name and position (run/target-identity.ts), its `{variables}` filled. Before a step, its place and target
// must be there; after it, its result must be verified with one of the kinds of effect the saved run saw. At the
// first mismatch the real model takes the task over (hand-over.ts) and answers every turn after that.

import type { ActionEffect } from '../../../shared/page-types';
import { abortedError } from '../../../shared/rpc';
import { parseSiteRule, ruleMatches } from '../core/site-rules';
import type { AgentModel, ModelCallOptions, ModelRequest, ModelToolCall, ModelTurn } from '../model/agent-model';
import { latestPage, type SeenPage } from '../run/observation-reader';
import { resolveIdentity } from '../run/target-identity';
import type { CallOutcome, Verification } from '../task/events';
import { liveEvidence } from './done-evidence';
import { handedRequest, handOverText } from './hand-over';
import { placeOf, type ReplayReport, type SavedStep, type SavedTask } from './saved-task';
import { fillText, fillValue, type VariableValues } from './variables';

export const REPLAY_MODEL_ID = 'steadyhand-replay';

/** A replayed call's result, as the loop announced it (its `tool_result` event). */
export interface ReplayedResult {
  callId: string;
  outcome: CallOutcome;
  summary: string;
  verification?: Verification;
}

export interface ReplayModelOptions {
  saved: SavedTask;
  /** The run's values of the saved task's variables (variables.ts §valuesFor). */
  values: VariableValues;
  /** The model that takes over at a mismatch; asked for only then. */
  healer: () => AgentModel;
  /** The person's block list now (settings.blockedSites): a replay never acts on a site in it. */
  blockedSites?: () => readonly string[];
  /** Told after each turn: what the replay has done so far. */
  onReport?(report: ReplayReport): void;
}

/** Effects that come with many actions and prove none of them by themselves. */
const INCIDENTAL = new Set<ActionEffect>(['none', 'focus_change', 'scroll']);

/** The kinds of effect that tell a step did its work: what it did in the saved run, less what any action does. */
function telling(step: SavedStep): ActionEffect[] {
  return step.effects.filter((effect) => !INCIDENTAL.has(effect));
}
/** The model that took over, and the fresh start of its conversation. */
interface Healer {
  model: AgentModel;
  /** How many of the loop's messages the replay had when it handed over. */
  at: number;
  text: string;
}

const NO_USAGE = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } as const;

export class ReplayModel implements AgentModel {
  readonly modelId = REPLAY_MODEL_ID;
  readonly #o: ReplayModelOptions;
  #next = 0;
  #ids = 0;
  /** The call the last turn made, waiting for its result; `step` -1 for the done. */
  #pending: { callId: string; step: number } | null = null;
  #results = new Map<string, ReplayedResult>();
  #replayed: string[] = [];
  #sideEffectsDone: string[] = [];
  #healer: Healer | null = null;
  #report: ReplayReport;

  constructor(options: ReplayModelOptions) {
    this.#o = options;
    this.#report = {
      savedId: options.saved.id,
      stepsReplayed: 0,
      healedAt: null,
      modelCalls: 0,
      tokensSaved: 0,
      replayedSteps: [],
    };
  }

  /** The loop's result for a call (the runner forwards its `tool_result` events). */
  noteResult(result: ReplayedResult): void {
    this.#results.set(result.callId, result);
  }

  get report(): ReplayReport {
    return { ...this.#report, replayedSteps: [...this.#report.replayedSteps] };
  }

  async complete(request: ModelRequest, options: ModelCallOptions): Promise<ModelTurn> {
    if (options.signal.aborted) throw abortedError('the replay');
    if (this.#healer) return this.#heal(request, options);
    const page = latestPage(request.messages);
    const mismatch = this.#checkLast();
    if (mismatch) return this.#handOver(request, options, mismatch);
    const steps = this.#o.saved.steps;
    if (this.#next >= steps.length) {
      if (this.#pending?.step === -1)
        return this.#handOver(request, options, 'the done gate did not accept the saved evidence');
      return this.#done(request, options, page);
    }
    const step = steps[this.#next] as SavedStep;
    const blocked = this.#blockedOrigin([placeOf(page.url)?.origin, fillValue(step.place, this.#o.values)?.origin]);
    if (blocked) return this.#stop(`${blocked} is on your block list, so the replay stopped before acting there.`);
    const turn = this.#stepTurn(step, page);
    if ('missing' in turn) return this.#handOver(request, options, turn.missing);
    if (page.step !== null) this.#report.replayedSteps.push(page.step);
    this.#pending = { callId: turn.callId, step: this.#next };
    this.#next += 1;
    return this.#emit(turn.turn);
  }

  /** Why the last replayed step does not count as done, or null when it did what the saved run's step did. */
  #checkLast(): string | null {
    const pending = this.#pending;
    if (!pending || pending.step < 0) return null;
    const step = this.#o.saved.steps[pending.step] as SavedStep;
    const intent = fillText(step.intent, this.#o.values);
    const result = this.#results.get(pending.callId);
    if (!result) return `step "${intent}" got no result`;
    if (result.outcome !== 'ok') return `step "${intent}" did not run: ${result.summary}`;
    const verification = result.verification;
    if (verification && !verification.verified) return `step "${intent}" had no verified effect: ${result.summary}`;
    const wanted = telling(step);
    if (wanted.length > 0 && !verification?.effects.some((effect) => wanted.includes(effect))) {
      const seen = verification?.effects.join(', ') || 'none';
      return `step "${intent}" did not do what it did in the saved run (${wanted.join(' or ')}; now: ${seen})`;
    }
    this.#replayed.push(`${intent}: ${result.summary}`);
    if (step.sideEffect) this.#sideEffectsDone.push(intent);
    this.#report.stepsReplayed += 1;
    this.#report.tokensSaved += step.tokens ?? 0;
    this.#pending = null;
    return null;
  }

  #stepTurn(step: SavedStep, page: SeenPage): { turn: ModelTurn; callId: string } | { missing: string } {
    const intent = fillText(step.intent, this.#o.values);
    if (page.problem) return { missing: `the page cannot be used for "${intent}": ${page.problem}` };
    if (step.place) {
      const here = placeOf(page.url);
      const want = fillValue(step.place, this.#o.values);
      if (!here || here.origin !== want.origin || here.path !== want.path) {
        return {
          missing: `"${intent}" belongs on ${want.origin}${want.path}, and the tab is on ${page.url ?? 'no page'}`,
        };
      }
    }
    const input: Record<string, unknown> = fillValue(step.args, this.#o.values);
    if (step.target) {
      const found = resolveIdentity(page.controls, fillValue(step.target, this.#o.values));
      if ('missing' in found) return { missing: `"${intent}" cannot be replayed: ${found.missing}` };
      input.ref = found.found.ref;
    }
    // The page ends its quiet window soon after it sees what the step did last time (ActionHints.expect).
    const wanted = telling(step);
    return this.#toolTurn(step.tool, input, intent, wanted.length > 0 ? wanted : undefined);
  }

  #done(request: ModelRequest, options: ModelCallOptions, page: SeenPage): Promise<ModelTurn> {
    const { saved, values } = this.#o;
    const live = liveEvidence(saved.done.evidence, values, page.text);
    if ('missing' in live) return this.#handOver(request, options, live.missing);
    const answer =
      `Replayed the saved task "${fillText(saved.title, values)}": ${this.#report.stepsReplayed} steps, each ` +
      'verified on the page.';
    const input = {
      success: true,
      answer,
      ...(saved.done.verifiedAs === 'reading' ? { kind: 'reading' } : {}),
      evidence: live.evidence,
    };
    const { turn, callId } = this.#toolTurn('done', input, 'Checking the saved evidence on the page.');
    this.#pending = { callId, step: -1 };
    return this.#emit(turn);
  }

  /** The first of `origins` the person's block list holds. */
  #blockedOrigin(origins: readonly (string | undefined)[]): string | null {
    const rules = (this.#o.blockedSites?.() ?? []).flatMap((raw) => parseSiteRule(raw) ?? []);
    return origins.find((origin) => origin && rules.some((rule) => ruleMatches(rule, origin))) ?? null;
  }

  /** Ends the run without the model: what is in the way is the person's to change, not the model's to get round. */
  #stop(answer: string): Promise<ModelTurn> {
    const { turn, callId } = this.#toolTurn('done', { success: false, answer }, answer);
    this.#pending = { callId, step: -1 };
    return this.#emit(turn);
  }

  #toolTurn(
    name: string,
    input: Record<string, unknown>,
    say: string,
    expect?: ActionEffect[],
  ): { turn: ModelTurn; callId: string } {
    const id = `toolu_replay_${this.#o.saved.id}_${++this.#ids}`;
    const call: ModelToolCall = expect ? { id, name, input, expect } : { id, name, input };
    const turn: ModelTurn = {
      content: [
        { type: 'text', text: say },
        { type: 'tool_use', id, name, input },
      ],
      text: say,
      thinking: '',
      toolCalls: [call],
      stopReason: 'tool_use',
      usage: { ...NO_USAGE },
      model: REPLAY_MODEL_ID,
    };
    return { turn, callId: id };
  }

  #emit(turn: ModelTurn): Promise<ModelTurn> {
    this.#o.onReport?.(this.report);
    return Promise.resolve(turn);
  }

  #handOver(request: ModelRequest, options: ModelCallOptions, reason: string, heals = true): Promise<ModelTurn> {
    const { saved, values } = this.#o;
    // A step that ran but did not check out is where the model takes over; else the step that could not start.
    const failed = this.#pending && this.#pending.step >= 0 ? this.#pending.step : null;
    const at = failed ?? this.#next;
    const inDoubt = failed !== null && saved.steps[failed]?.sideEffect ? [saved.steps[failed]] : [];
    if (heals) {
      this.#report.healedAt = Math.min(at, saved.steps.length);
      this.#report.healReason = reason;
    }
    const text = handOverText({
      instruction: fillText(saved.instruction, values),
      replayed: this.#replayed,
      reason,
      // A failed step that acts outside the page is in doubt, never in the plan to do again.
      remaining: fillValue(saved.steps.slice(inDoubt.length > 0 ? at + 1 : at), values),
      sideEffects: {
        done: this.#sideEffectsDone,
        inDoubt: inDoubt.map((step) => fillText(step?.intent ?? '', values)),
      },
    });
    this.#healer = { model: this.#o.healer(), at: request.messages.length, text };
    this.#pending = null;
    return this.#heal(request, options);
  }

  async #heal(request: ModelRequest, options: ModelCallOptions): Promise<ModelTurn> {
    const healer = this.#healer as Healer;
    this.#report.modelCalls += 1;
    this.#o.onReport?.(this.report);
    return healer.model.complete(handedRequest(request, healer.at, healer.text), options);
  }
}
