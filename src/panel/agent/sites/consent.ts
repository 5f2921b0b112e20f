// The consent gate's state for one task (decision 0026): which consequential steps (paying, posting, signing in,
// deleting, src/shared/consent-types.ts) may run without asking the person, and the question when none may. A step
// passes without a question on a site in the settings' "act without asking" list (site rules as site-access.ts parses
// them), on a site the person let act without asking for this task, or when an approved plan named that kind of step on
// that site (approvePlan). Otherwise the person is asked and the step waits. Pure: no chrome.*; the question and the
// settings write are injected.

import type { ConsentKind, Consequence, PlannedChange } from '../../../shared/consent-types';
import { parseSiteRule, ruleMatches, type SiteRule } from '../core/site-rules';

/**
 * The kinds one planned change covers. Paying and placing an order are one step to the person ("place the order for
 * one fern"), and a checkout page shows either, depending on whether its card fields are on it; every other kind
 * covers only itself.
 */
function planFamily(kind: ConsentKind): readonly ConsentKind[] {
  return kind === 'payment' || kind === 'order' ? ['payment', 'order'] : [kind];
}

/**
 * The person's answer: allow this step once, deny it, let the site act without asking for the rest of the task, or
 * always (the site joins the settings' act-without-asking list).
 */
export const CONSENT_DECISIONS = ['once', 'deny', 'task', 'always'] as const;
export type ConsentDecision = (typeof CONSENT_DECISIONS)[number];

/** What let a step through, or stopped it: the person, the settings' list, an earlier answer, an approved plan. */
export type ConsentBy = 'person' | 'act_without_asking' | 'task' | 'plan';

export interface ConsentRecord {
  origin: string;
  kind: ConsentKind;
  control: string;
  decision: ConsentDecision;
  by: ConsentBy;
}

export interface TaskConsentOptions {
  actWithoutAskingSites: readonly string[];
  /** Shows the question; resolves with the person's answer, rejects when `signal` aborts (Stop). */
  prompt(origin: string, step: Consequence, signal: AbortSignal): Promise<ConsentDecision>;
  /** Persists "Always on this site": adds the origin to the settings' act-without-asking list. */
  persist(origin: string): void;
  /** Told every step decided, asked or not (the trace and the task record keep them). */
  onDecision?(record: ConsentRecord): void;
}

const parseList = (list: readonly string[]) => list.flatMap((entry) => parseSiteRule(entry) ?? []);

export class TaskConsent {
  #always: SiteRule[];
  /** Origins the person let act without asking for this task. */
  readonly #task = new Set<string>();
  /** `${origin} ${kind}` pairs an approved plan named. */
  readonly #planned = new Set<string>();
  readonly #options: TaskConsentOptions;
  /** "Ask before acting for other agents" on a task another agent handed over: only the person's own answer covers. */
  #askEveryStep = false;

  constructor(options: TaskConsentOptions) {
    this.#options = options;
    this.#always = parseList(options.actWithoutAskingSites);
  }

  /** The list as settings have it now (read at the start of each run, so a removed site asks again from then on). */
  useList(actWithoutAskingSites: readonly string[]): void {
    this.#always = parseList(actWithoutAskingSites);
  }

  /**
   * Every consequential step asks the person (issue 29: a task another agent handed over, with "Ask before acting for
   * other agents" on): neither the act-without-asking list nor an approved plan lets one through; the person's own
   * "for the rest of this task" answer still does, since that is their yes. Read at the start of each run.
   */
  askEveryStep(on: boolean): void {
    this.#askEveryStep = on;
  }

  /**
   * The person approved a plan (ask-before-acting mode): the kinds of step it named on its sites pass without a
   * question for the rest of the task. A plan that names a kind names only that kind: a plan to post does not let
   * the task pay.
   */
  approvePlan(changes: readonly PlannedChange[]): void {
    for (const change of changes) {
      for (const kind of planFamily(change.kind)) this.#planned.add(`${change.origin} ${kind}`);
    }
  }

  /** What lets a `kind` step on `origin` through without a question, or null when the person must be asked. */
  covers(origin: string, kind: ConsentKind): Exclude<ConsentBy, 'person'> | null {
    if (this.#askEveryStep) return this.#task.has(origin) ? 'task' : null;
    if (this.#always.some((rule) => ruleMatches(rule, origin))) return 'act_without_asking';
    if (this.#task.has(origin)) return 'task';
    if (this.#planned.has(`${origin} ${kind}`)) return 'plan';
    return null;
  }

  /**
   * Whether the step may run: at once when covered, else after the person's answer. `asked` says the person was
   * asked this time (their yes may settle the step's site too: one question per step). Rejects only when `signal`
   * aborts while the question is open.
   */
  async settle(origin: string, step: Consequence, signal: AbortSignal): Promise<{ allowed: boolean; asked: boolean }> {
    const covered = this.covers(origin, step.kind);
    if (covered) {
      this.#record(origin, step, covered === 'act_without_asking' ? 'always' : 'task', covered);
      return { allowed: true, asked: false };
    }
    const decision = await this.#options.prompt(origin, step, signal);
    if (decision === 'task') this.#task.add(origin);
    if (decision === 'always') {
      this.#always.push({ kind: 'origin', origin });
      this.#options.persist(origin);
    }
    this.#record(origin, step, decision, 'person');
    return { allowed: decision !== 'deny', asked: true };
  }

  #record(origin: string, step: Consequence, decision: ConsentDecision, by: ConsentBy): void {
    this.#options.onDecision?.({ origin, kind: step.kind, control: step.control, decision, by });
  }
}
