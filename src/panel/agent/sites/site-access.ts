// Which sites the agent may work on (decision 0010), in two tiers (decision 0025): read (the model may see the site)
// and act (the agent may click, type, upload, submit or run a script there). The page the task started on, if it was an
// ordinary web page, is both; any other origin is allowed by the person (asked once per task; "always" adds it to the
// allow-list in settings; "read only" lets the agent see it and asks again before it acts there), by the allow-list,
// or by being written in the person's own instructions. The block-list beats everything, and a denial holds for the
// rest of the task. Pure: no chrome.*; the question and the settings write are injected.

import { isRestrictedUrl, safeParseOrigin } from '../../../shared/urls';
import { formatSiteRule, parseSiteRule, ruleMatches, type SiteRule } from '../core/site-rules';
import { sitesInText } from './named-sites';

export { sitesInText };

/**
 * The person's answer to a permission question, or how a rule decided it. `read`: the agent may see the site but not
 * act there (an act there asks once more; answered `read` again, acts there are refused for the task).
 */
export type SiteDecision = 'once' | 'always' | 'read' | 'deny';

/** The two tiers of a task's sites: what the model may see, and where the agent may act. */
export type SiteTier = 'read' | 'act';

/** What the agent is about to do where it asks to act, in the question's words. */
export type SiteAction = 'click' | 'type' | 'key' | 'select' | 'set' | 'drag' | 'upload' | 'script' | 'act';

/** Why the agent needs the origin, shown to the person with the question. */
export type SiteReason =
  /** open_url is about to load `url` (in a new tab with `newTab`). */
  | { kind: 'open_url'; url: string; newTab: boolean }
  /** The agent's tab is on `url` now: a click, redirect, form, popup or tab switch took it there. */
  | { kind: 'tab'; url: string }
  /** The agent is about to `action` on the tab's page at `url`, whose site the person allowed to read only. */
  | { kind: 'act'; action: SiteAction; url: string }
  /** The agent is about to `action` in a frame from `url` (another site) inside the tab's page at `top`. */
  | { kind: 'frame'; action: SiteAction; url: string; top: string }
  /**
   * A navigation to `url` that has not been sent yet: one the agent's action would start (`by: 'agent'`, asked
   * before the click), one the page on `from` started and the task's network hold stopped (`by: 'page'`), or one
   * the browser started in the task's tab (the address bar, a bookmark: `by: 'browser'`), held the same way.
   */
  | {
      kind: 'navigation';
      url: string;
      method: 'get' | 'post';
      newTab: boolean;
      by: 'agent' | 'page' | 'browser';
      from: string;
    }
  /** upload_file would fetch the download `name` again from `url`, with the person's cookies for its site. */
  | { kind: 'download'; url: string; name: string };

/** Who settled an origin for this task. */
export type DecidedBy = 'person' | 'block_list' | 'allow_list' | 'instruction' | 'plan' | 'consent';

export interface SiteDecisionRecord {
  origin: string;
  decision: SiteDecision;
  by: DecidedBy;
}

/** For the read tier, `read_only` allows an origin the person allowed to read only; for the act tier, it denies one. */
export type SiteVerdict =
  | { kind: 'allowed'; by: 'initial' | 'granted' | 'allow_list' | 'instruction' | 'plan' | 'read_only' }
  | { kind: 'denied'; by: 'block_list' | 'earlier' | 'read_only' }
  | { kind: 'ask' };

export interface SiteAccessOptions {
  allowedSites: readonly string[];
  blockedSites: readonly string[];
  /** Shows the question; resolves with the person's answer, rejects when `signal` aborts (Stop). */
  prompt(origin: string, why: SiteReason, signal: AbortSignal): Promise<SiteDecision>;
  /** Persists an "always" grant: adds the origin to the allow-list in settings. */
  persist(origin: string): void;
  /** Told each decision this task did not know yet (the trace and the task record keep them). */
  onDecision?(record: SiteDecisionRecord): void;
}

const parseList = (list: readonly string[]) => list.flatMap((entry) => parseSiteRule(entry) ?? []);

/** Whether an answer to a question to act lets the act happen: Allow once or Always, not Read only or Deny. */
export const isActAnswer = (decision: SiteDecision): boolean => decision === 'once' || decision === 'always';

/** The site permissions of one task (its first instruction and its follow-ups). */
export class SiteAccess {
  #allowed: SiteRule[];
  #blocked: SiteRule[];
  #written: SiteRule[] = [];
  /** Sites a plan the person approved names ("Ask before acting", decision 0026): both tiers, for the task. */
  #planned: SiteRule[] = [];
  /** Sites the person removed from a plan: the instruction naming them no longer allows them without a question. */
  #unplanned: SiteRule[] = [];
  #initial: string | null = null;
  /** Both tiers: allowed once or always by the person, or by a rule the first time it applied. */
  readonly #granted = new Set<string>();
  /** The read tier alone: the person answered "read only". */
  readonly #readOnly = new Set<string>();
  /** Read-only origins where the person was asked to let the agent act and kept them read-only. */
  readonly #actRefused = new Set<string>();
  readonly #denied = new Set<string>();
  readonly #options: SiteAccessOptions;

  constructor(options: SiteAccessOptions) {
    this.#options = options;
    this.#allowed = parseList(options.allowedSites);
    this.#blocked = parseList(options.blockedSites);
  }

  /** The origin of the page the task started on, when that was an ordinary web page. */
  get initialOrigin(): string | null {
    return this.#initial;
  }

  /**
   * The page the task started on (null: no page). Its origin is the task's start site, in both tiers, only when it is
   * an ordinary web page: a task started on a blank or browser page (about:blank, chrome://newtab) has no start site,
   * so the first site it opens is asked about unless the instruction names it.
   */
  startOn(url: string | null): void {
    const origin = url && !isRestrictedUrl(url) ? safeParseOrigin(url) : null;
    this.#initial = origin && /^https?:/.test(origin) ? origin : null;
  }

  /** The lists as settings have them now (read at the start of each run, so an edit applies to the next one). */
  useLists(allowedSites: readonly string[], blockedSites: readonly string[]): void {
    this.#allowed = parseList(allowedSites);
    this.#blocked = parseList(blockedSites);
  }

  /** The task, or a follow-up: the sites it names are allowed. */
  addInstruction(text: string): void {
    this.#written.push(...sitesInText(text));
  }

  /**
   * The person approved a plan: its sites (origins or hosts) are allowed in both tiers for the task, recorded the
   * first time each applies, like a rule. The sites they removed from it are not, even where the instruction named
   * them: the person took them out on purpose. A blocked site stays blocked.
   */
  approvePlan(sites: readonly string[], removed: readonly string[] = []): void {
    const rules = parseList(sites).filter((rule) => rule.kind !== 'wildcard');
    this.#planned.push(...rules);
    this.#unplanned.push(...parseList(removed).filter((rule) => rule.kind !== 'wildcard'));
  }

  /**
   * What the rules say about `origin` for a tier (the act tier unless told), without asking or remembering anything.
   */
  verdict(origin: string, tier: SiteTier = 'act'): SiteVerdict {
    if (this.#blocked.some((rule) => ruleMatches(rule, origin))) return { kind: 'denied', by: 'block_list' };
    if (this.#initial === origin) return { kind: 'allowed', by: 'initial' };
    if (this.#granted.has(origin)) return { kind: 'allowed', by: 'granted' };
    if (this.#allowed.some((rule) => ruleMatches(rule, origin))) return { kind: 'allowed', by: 'allow_list' };
    if (this.#planned.some((rule) => ruleMatches(rule, origin))) return { kind: 'allowed', by: 'plan' };
    const unplanned = this.#unplanned.some((rule) => ruleMatches(rule, origin));
    if (!unplanned && this.#written.some((rule) => ruleMatches(rule, origin))) {
      return { kind: 'allowed', by: 'instruction' };
    }
    if (this.#denied.has(origin)) return { kind: 'denied', by: 'earlier' };
    if (this.#readOnly.has(origin)) {
      if (tier === 'read') return { kind: 'allowed', by: 'read_only' };
      if (this.#actRefused.has(origin)) return { kind: 'denied', by: 'read_only' };
    }
    return { kind: 'ask' };
  }

  /**
   * Whether the agent may have `origin` as a top-level page (load it, read it): by the rules, or by asking the person
   * when none decides (allowing once or always puts it in both tiers, read only in the read tier). `read` means the
   * page may be read but not acted on. Rejects only when `signal` aborts while the question is open.
   */
  ask(origin: string, why: SiteReason, signal: AbortSignal): Promise<SiteDecision> {
    return this.#settle(origin, 'read', why, signal);
  }

  /**
   * Whether the agent may act on `origin` (click, type, upload, submit, run a script): an origin in the act tier
   * passes; one in the read tier alone, or not decided yet (a frame of another site), is asked about once per task.
   * Anything but `once` or `always` means the act must not happen.
   */
  askToAct(origin: string, why: SiteReason, signal: AbortSignal): Promise<SiteDecision> {
    return this.#settle(origin, 'act', why, signal);
  }

  async #settle(origin: string, tier: SiteTier, why: SiteReason, signal: AbortSignal): Promise<SiteDecision> {
    const verdict = this.verdict(origin, tier);
    if (verdict.kind === 'denied') {
      if (verdict.by === 'read_only') return 'read';
      if (!this.#denied.has(origin)) this.#decide(origin, 'deny', 'block_list');
      return 'deny';
    }
    if (verdict.kind === 'allowed') {
      if (verdict.by === 'allow_list' || verdict.by === 'instruction' || verdict.by === 'plan') {
        // Recorded the first time only: the rule keeps allowing it without a word.
        if (!this.#granted.has(origin)) this.#decide(origin, 'once', verdict.by);
      }
      return verdict.by === 'allow_list' ? 'always' : verdict.by === 'read_only' ? 'read' : 'once';
    }
    const answer = await this.#options.prompt(origin, why, signal);
    if (answer === 'always') {
      this.#allowed.push({ kind: 'origin', origin });
      this.#options.persist(origin);
    }
    // Asked to act and kept read-only: acts there are refused for the rest of the task, without asking again.
    if (answer === 'read' && tier === 'act') this.#actRefused.add(origin);
    this.#decide(origin, answer, 'person');
    return answer;
  }

  /**
   * The person allowed a consequential step whose question named `origin` (the site it acts on, or the one its form
   * posts to): the site is allowed for the task as an Allow once would, so that step asks one question, not two
   * (decision 0026). A site a rule or an earlier answer settled keeps that decision.
   */
  allowWithStep(origin: string): void {
    if (this.verdict(origin, 'act').kind !== 'ask') return;
    this.#decide(origin, 'once', 'consent');
  }

  /**
   * What the rules allow and block now, for the network hold (net-hold.ts): the act tier in `allowed`, sites allowed
   * to read only in `readOnly` (loaded, never posted to). A task with no start site holds every site it has not
   * been allowed, as any other.
   */
  holdSet(): { allowed: SiteRule[]; readOnly: SiteRule[]; blocked: SiteRule[] } {
    const origins = [...(this.#initial ? [this.#initial] : []), ...this.#granted];
    const asRule = (origin: string): SiteRule => ({ kind: 'origin', origin });
    return {
      allowed: [
        ...origins.map(asRule),
        ...this.#allowed,
        ...this.#planned,
        ...this.#written.filter((rule) => !this.#isUnplanned(rule)),
      ],
      readOnly: [...this.#readOnly].map(asRule),
      blocked: [...this.#blocked],
    };
  }

  /** Why the agent may not work on `origin`, for the model: a clause ("the person did not allow …"). */
  describeDenial(origin: string): string {
    return this.#blocked.some((rule) => ruleMatches(rule, origin))
      ? `${origin} is on the person's block list`
      : `the person did not allow ${origin} for this task`;
  }

  /** A rule written in an instruction that a removed plan site covers (the same rule, or an origin of it). */
  #isUnplanned(rule: SiteRule): boolean {
    const written = formatSiteRule(rule);
    return this.#unplanned.some(
      (removed) => formatSiteRule(removed) === written || (rule.kind === 'origin' && ruleMatches(removed, rule.origin)),
    );
  }

  #decide(origin: string, decision: SiteDecision, by: DecidedBy): void {
    if (decision === 'deny') this.#denied.add(origin);
    else if (decision === 'read') this.#readOnly.add(origin);
    else this.#granted.add(origin);
    this.#options.onDecision?.({ origin, decision, by });
  }
}
