// Done must be proven (docs/contracts.md 002-3, decision 0024). A reported success is accepted as verified only when
// a fresh observation, taken now and not remembered from earlier steps, confirms the evidence (each quoted text is on
// the agent's page, the URL condition holds) and the evidence proves what this instruction brought about: strong enough
// to tell this outcome from any page, not text the task supplied itself, not on the page before the task acted, not a
// control's name (proof/judge-evidence.ts). A reading (an answer read from a page) may quote what was there before.
// Verify mode decides what an unproven success becomes.

import { isSteadyhandError } from '../../../shared/errors';
import { isRestrictedUrl } from '../../../shared/urls';
import { isAbort, raceAbort } from '../core/abort';
import { capEcho, SUMMARY_MAX_CHARS } from '../core/echo';
import type { AgentTabs } from '../core/ports';
import type { AgentSettings } from '../core/settings';
import { actGate, frameGate } from '../observe/site-gate';
import type { SiteAccess } from '../sites/site-access';
import type { DoneEvidence, TaskStatus } from '../task/events';
import { normalizeText, normalizeUrl } from './evidence-text';
import {
  type DoneKind,
  forModel,
  forPerson,
  judgeQuote,
  judgeUrlPart,
  type PieceContext,
  type PieceVerdict,
} from './judge-evidence';
import { readWholePage } from './page-text';
import type { ProofLedger } from './proof-ledger';

export { normalizeText } from './evidence-text';

/**
 * What the done check reads of the tool's context (tools/types.ts §ToolContext): the tabs, the task's sites and proof
 * ledger, the observation the model acted on. Declared here so the check does not depend on the tools that call it.
 */
export interface DoneContext {
  readonly tabs: AgentTabs;
  readonly signal: AbortSignal;
  readonly ownOrigin: string | undefined;
  readonly settings: Pick<AgentSettings, 'verifyMode'>;
  readonly sites: Pick<SiteAccess, 'verdict' | 'askToAct' | 'describeDenial'>;
  readonly proof: ProofLedger;
  readonly snapshot: { url: string } | null;
}

/** A done the loop may accept (ending the task) or must reject back to the model. */
export type DoneDecision =
  | {
      accepted: true;
      status: Extract<TaskStatus, 'succeeded' | 'failed'>;
      verified: boolean;
      answer: string;
      summary: string;
      evidence?: DoneEvidence;
      /** For a verified done: what its evidence proved (decision 0024). */
      verifiedAs?: DoneKind;
      /** A verified reading whose every proof was on the page before the task acted. */
      alreadyThere?: boolean;
    }
  /** `pageText`: the page's words the reason points to (its URL), sent to the model fenced. */
  | { accepted: false; reason: string; forPerson?: string; pageText?: string };

export interface DoneInput {
  success: boolean;
  answer: string;
  kind?: DoneKind | undefined;
  evidence?: DoneEvidence | undefined;
}

export type EvidenceCheck =
  | { verdict: 'proven'; reason: string; kind: DoneKind; alreadyThere: boolean }
  /** On the page, but proving nothing; `selfMade` when the page shows only what the task entered itself. */
  | { verdict: 'unproven'; reason: string; forPerson: string; selfMade: boolean }
  /** Not given, not on the page, or the page could not be read. */
  | { verdict: 'missing'; reason: string; forPerson: string; pageText?: string };

async function pageContains(ctx: DoneContext, tabId: number, quote: string, snapshotText: string): Promise<boolean> {
  const wanted = normalizeText(quote);
  if (normalizeText(snapshotText).includes(wanted)) return true;
  const page = ctx.tabs.page(tabId);
  const { matches } = await page.find({ query: quote, limit: 5 }, { signal: ctx.signal });
  if (matches.some((match) => normalizeText(match.text).includes(wanted))) return true;
  // Off-screen text that find reports only in pieces: read the page text itself, chunk by chunk.
  return normalizeText(await readWholePage(ctx, tabId)).includes(wanted);
}

const missing = (reason: string, person = reason, pageText?: string): EvidenceCheck => ({
  verdict: 'missing',
  reason,
  forPerson: person,
  ...(pageText === undefined ? {} : { pageText }),
});

/** The page's URL, for the model: the page can rewrite it (replaceState), so it goes beside the reason, fenced. */
const urlLine = (url: string) => `URL: ${url}`;

/** The options of the fresh observation's page call, as the page tools make theirs (tools/common.ts §callOptions). */
function pageCallOptions(ctx: DoneContext) {
  const frameAllowed = frameGate(ctx.sites);
  return { signal: ctx.signal, frameAllowed, mayAct: actGate(ctx.sites, ctx.snapshot?.url ?? null, ctx.signal) };
}

/** Takes a fresh observation of the agent's tab and judges the evidence against it and against the task's record. */
export async function checkEvidence(input: DoneInput, ctx: DoneContext): Promise<EvidenceCheck> {
  const evidence = input.evidence;
  const quotes = (evidence?.quotes ?? []).map((q) => q.trim()).filter((q) => q.length > 0);
  const urlContains = evidence?.urlContains?.trim();
  if (quotes.length === 0 && !urlContains) {
    return missing(
      'no evidence was given: add evidence.quotes (short texts visible on the page that prove the result) ' +
        'or evidence.urlContains (a part of the URL the page must have)',
      'the agent gave no evidence',
    );
  }
  const tabId = ctx.tabs.currentTabId;
  const tab = tabId === null ? null : await raceAbort(ctx.tabs.getTab(tabId), ctx.signal, 'The done check');
  if (tabId === null || !tab) return missing('the agent has no tab to check the evidence on');
  const url = tab.url;
  if (urlContains && !normalizeUrl(url).includes(normalizeUrl(urlContains))) {
    const reason = `the page URL does not contain "${capEcho(urlContains)}" (the URL is below)`;
    return missing(reason, `the page URL ${url} does not contain "${capEcho(urlContains)}"`, urlLine(url));
  }
  let controlNames = new Set<string>();
  if (quotes.length > 0) {
    if (isRestrictedUrl(url, ctx.ownOrigin)) {
      const reason = 'quotes cannot be checked on this page: it cannot be read';
      return missing(
        `${reason} (the URL is below)`,
        `quotes cannot be checked on ${url}: it cannot be read`,
        urlLine(url),
      );
    }
    try {
      const fresh = await ctx.tabs.page(tabId).snapshot({ mode: 'viewport' }, pageCallOptions(ctx));
      const absent: string[] = [];
      for (const quote of quotes) {
        if (!(await pageContains(ctx, tabId, quote, fresh.text))) absent.push(quote);
      }
      if (absent.length > 0) {
        const list = absent.map((q) => `"${capEcho(q)}"`).join(', ');
        return missing(
          `not found on the page now (the URL is below): ${list}`,
          `not found on the page now (${url}): ${list}`,
          urlLine(url),
        );
      }
      controlNames = new Set(fresh.elements.map((element) => normalizeText(element.name)).filter(Boolean));
    } catch (error) {
      if (isAbort(error, ctx.signal)) throw error;
      const message = isSteadyhandError(error) ? error.message : String(error);
      return missing(`the page could not be read to check the evidence (${message})`);
    }
  }
  const kind = input.kind ?? 'outcome';
  const pieceCtx: PieceContext = { ledger: ctx.proof, kind, answer: input.answer, controlNames };
  const judged: { what: string; verdict: PieceVerdict }[] = [
    ...quotes.map((quote) => ({ what: `"${capEcho(quote)}"`, verdict: judgeQuote(quote, pieceCtx) })),
    ...(urlContains
      ? [{ what: `the URL part "${capEcho(urlContains)}"`, verdict: judgeUrlPart(urlContains, pieceCtx) }]
      : []),
  ];
  return verdictOf(judged, kind, url, ctx);
}

function verdictOf(
  judged: { what: string; verdict: PieceVerdict }[],
  kind: DoneKind,
  url: string,
  ctx: DoneContext,
): EvidenceCheck {
  const proving = judged.filter((j) => j.verdict.kind === 'proves');
  const isNew = (j: (typeof judged)[number]) => j.verdict.kind === 'proves' && !j.verdict.alreadyThere;
  // A script runs after the first look: what was there before it (a reading's baseline) it cannot have written.
  if (proving.some(isNew) && ctx.proof.scriptRan) {
    const reason = 'a script this task ran could have written it on the page';
    return { verdict: 'unproven', reason, forPerson: reason, selfMade: true };
  }
  if (proving.length > 0) {
    const alreadyThere = proving.every((j) => j.verdict.kind === 'proves' && j.verdict.alreadyThere);
    const list = proving.map((j) => j.what).join(', ');
    return { verdict: 'proven', reason: `found on ${url}: ${list}`, kind, alreadyThere };
  }
  const failures = judged.flatMap((j) => (j.verdict.kind === 'proves' ? [] : [{ what: j.what, verdict: j.verdict }]));
  return {
    verdict: 'unproven',
    reason: `the evidence is on the page but proves nothing: ${failures.map((f) => forModel(f.what, f.verdict)).join('; ')}`,
    forPerson: failures.map((f) => forPerson(f.what, f.verdict)).join('; '),
    selfMade: failures.some((f) => f.verdict.kind === 'self_made'),
  };
}

/** The person's summary: the answer, bounded (the whole answer stays in the result's `answer` and the trace). */
export function summaryOf(answer: string, note = ''): string {
  const cut = capEcho(answer, SUMMARY_MAX_CHARS);
  return note ? `${cut} (${note})` : cut;
}

/** The loop's verdict on one done call, given the verify mode. */
export async function decideDone(input: DoneInput, ctx: DoneContext): Promise<DoneDecision> {
  const base = { answer: input.answer, ...(input.evidence ? { evidence: input.evidence } : {}) };
  if (!input.success) {
    return { accepted: true, status: 'failed', verified: false, summary: summaryOf(input.answer), ...base };
  }
  const mode = ctx.settings.verifyMode;
  if (mode === 'off') {
    const summary = summaryOf(input.answer, 'not verified');
    return { accepted: true, status: 'succeeded', verified: false, summary, ...base };
  }
  const check = await checkEvidence(input, ctx);
  if (check.verdict === 'proven') {
    const proof = { verifiedAs: check.kind, alreadyThere: check.alreadyThere };
    return { accepted: true, status: 'succeeded', verified: true, summary: summaryOf(input.answer), ...proof, ...base };
  }
  // Text the task entered itself is all the page shows (a form filled and left unsent, say): nothing better can be
  // quoted, so the done ends the task, honestly unverified, rather than being sent back until the task fails.
  if (mode === 'lenient' || (check.verdict === 'unproven' && check.selfMade)) {
    const summary = summaryOf(input.answer, `unverified: ${check.forPerson}`);
    return { accepted: true, status: 'succeeded', verified: false, summary, ...base };
  }
  const fromPage = check.verdict === 'missing' && check.pageText !== undefined ? { pageText: check.pageText } : {};
  return { accepted: false, reason: check.reason, forPerson: check.forPerson, ...fromPage };
}
