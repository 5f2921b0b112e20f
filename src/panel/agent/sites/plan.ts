// "Ask before acting" (decision 0026): the model proposes a short plan (the sites it needs, the changes it will make,
// the steps), the person approves it as it is or edited, or cancels the task. What the approval grants is in the
// product, not the prompt: the plan's sites are allowed for the task (site-access.ts `approvePlan`), its changes are
// kept on the task for the consent gate, and nothing acts before the approval (plan-rule.ts).

import { CONSENT_KINDS, type PlannedChange } from '../../../shared/consent-types';
import { formatSiteRule, parseSiteRule, ruleMatches } from '../core/site-rules';

export type { PlannedChange };

/** A plan as the model proposed it, or as the person approved it. Sites are origins or hosts, as site lists take them. */
export interface TaskPlan {
  summary: string;
  sites: string[];
  changes: PlannedChange[];
  /** The steps in a few lines, in the model's words (or the person's, once edited). */
  steps: string;
}

/** The person's answer to a proposed plan: approved (as edited, with a note to the model), or cancelled. */
export type PlanAnswer = { approved: true; plan: TaskPlan; note?: string } | { approved: false };

/** What an answered plan comes to: the plan as approved and what the person changed, or a cancel. */
export type PlanOutcome = { approved: true; plan: TaskPlan; edits: PlanEdits } | { approved: false };

/** What the person changed in the plan before approving it, in the order the card shows it. */
export interface PlanEdits {
  removedSites: string[];
  removedChanges: PlannedChange[];
  stepsEdited: boolean;
  note?: string;
}

/**
 * One site of a plan as the site lists write it (`https://shop.example`, `shop.example`, `shop.example:8080`), or null
 * when it is none. A wildcard is not taken: a plan names the sites it needs, not a whole domain's worth of them.
 */
export function planSite(raw: string): string | null {
  const rule = parseSiteRule(raw);
  return rule && rule.kind !== 'wildcard' ? formatSiteRule(rule) : null;
}

/** Whether a plan's site entry covers `origin`. */
export function siteCovers(site: string, origin: string): boolean {
  const rule = parseSiteRule(site);
  return rule !== null && rule.kind !== 'wildcard' && ruleMatches(rule, origin);
}

/**
 * The plan as approved: only what the person kept. A change whose site the person removed goes with the site, and a
 * site or change the proposal did not have cannot be added here (the panel offers no way to, and an answer that
 * claims one is not trusted).
 */
export function keptPlan(proposed: TaskPlan, answered: TaskPlan): TaskPlan {
  const sites = proposed.sites.filter((site) => answered.sites.includes(site));
  const changes = proposed.changes.filter(
    (change) =>
      answered.changes.some((kept) => sameChange(kept, change)) &&
      sites.some((site) => siteCovers(site, change.origin)),
  );
  return { summary: proposed.summary, sites, changes, steps: answered.steps.trim() || proposed.steps };
}

const sameChange = (a: PlannedChange, b: PlannedChange) =>
  a.origin === b.origin && a.kind === b.kind && a.what === b.what;

export function planEdits(proposed: TaskPlan, approved: TaskPlan, note?: string): PlanEdits {
  const trimmed = note?.trim();
  return {
    removedSites: proposed.sites.filter((site) => !approved.sites.includes(site)),
    removedChanges: proposed.changes.filter((change) => !approved.changes.some((kept) => sameChange(kept, change))),
    stepsEdited: approved.steps.trim() !== proposed.steps.trim(),
    ...(trimmed ? { note: trimmed } : {}),
  };
}

export const isUnedited = (edits: PlanEdits) =>
  edits.removedSites.length === 0 && edits.removedChanges.length === 0 && !edits.stepsEdited && !edits.note;

/**
 * The tool result of an approved plan: the plan as approved, as JSON data, and what the person changed in it. The
 * person's words (the steps, the note) come from the person, so they are not fenced as page content.
 */
export function approvedPlanText(approved: TaskPlan, edits: PlanEdits): string {
  const data = JSON.stringify({
    summary: approved.summary,
    sites: approved.sites,
    changes: approved.changes.map(({ origin, kind, what }) => ({ site: origin, kind, what })),
    steps: approved.steps,
  });
  const changed: string[] = [];
  if (edits.removedSites.length > 0) {
    changed.push(
      `removed the site(s) ${edits.removedSites.join(', ')}: they are not allowed by this approval, so going there ` +
        'asks the person again',
    );
  }
  if (edits.removedChanges.length > 0) {
    const list = edits.removedChanges.map((change) => `${change.kind} on ${change.origin} ("${change.what}")`);
    changed.push(`removed the change(s) ${list.join('; ')}: do not make them`);
  }
  if (edits.stepsEdited) changed.push('edited the steps: follow the steps as they are now');
  if (edits.note) changed.push(`added a note: ${JSON.stringify(edits.note)}`);
  const how =
    changed.length === 0
      ? 'The person approved the plan as proposed.'
      : `The person edited the plan before approving it: ${changed.join('; ')}.`;
  return (
    `${how} Approved plan: ${data}. Follow it: its sites are allowed for this task and its changes will not be ` +
    'asked about again; anything the plan does not name may still need the person.'
  );
}

export const CANCELLED_PLAN_TEXT =
  'The person cancelled the plan: the task ends here and nothing is to be done. Do not act on any page.';

/** What the loop says to a call that would act before a plan is approved. */
export const PLAN_FIRST_TEXT = (name: string) =>
  `${name} was not run: this task runs in "Ask before acting", so nothing happens on a page before the person ` +
  'approves a plan. Call propose_plan first (you may read the page with read_page, find or wait_for before you do).';

/** A call in the same turn as the plan, after it: written before the model read the person's answer. */
export const AFTER_PLAN_TEXT = (name: string) =>
  `${name} was not run: it was written before you read the person's answer to your plan. Read the approved plan ` +
  'in the result of propose_plan, then act by it.';

/**
 * The system prompt's part for "Ask before acting", sent only in tasks in that mode (a task keeps its mode for its
 * life, so its system prompt stays byte-identical, as decision 0012 needs).
 */
export const ASK_FIRST_PROMPT = `Ask before acting
- This task runs in "Ask before acting": before you act on any page (click, type, open another page or site, switch tabs, upload, run a script), call propose_plan with a short plan: a one-line summary, every site (origin) you will need, each change you will make on a site (a payment, an order, a post, a sign-up, a sign-in, a deletion, an account setting, or another form you submit), and the steps in a few lines. You may read the current page first (read_page, find, wait_for) to write a concrete plan. Any other call before the plan is approved is refused.
- Call propose_plan alone in its turn, and wait for its result: the person approves the plan, edits it (removes a site or a change, rewrites the steps, adds a note) or cancels the task. The result gives the approved plan; follow it as approved. A site the person removed is not allowed by the approval: do not go there unless the task cannot be done without it, and then the panel asks them again.`;

/** The kinds as a list for the tool's description. */
export const KIND_LIST = CONSENT_KINDS.join(', ');
