// Done must be proven (docs/contracts.md 002-3). A reported success is accepted only when a fresh observation, taken
// now and not remembered from earlier steps, confirms the evidence: each quoted text is on the agent's page, and the
// URL condition holds. Verify mode decides what an unconfirmed success becomes.

import { isSteadyhandError } from '../../shared/errors';
import { isRestrictedUrl } from '../../shared/urls';
import { isAbort, raceAbort } from './abort';
import type { DoneEvidence } from './events';
import { callOptions } from './tools/common';
import type { DoneDecision, ToolContext } from './tools/types';

export interface DoneInput {
  success: boolean;
  answer: string;
  evidence?: DoneEvidence | undefined;
}

export interface EvidenceCheck {
  confirmed: boolean;
  /** What was or was not found, in words for the model (on rejection) and the person (in the summary). */
  reason: string;
}

/** Case, whitespace, typographic quotes and dashes must not decide whether a quote is "on the page". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const READ_LIMIT_CHARS = 200_000;

async function pageContains(ctx: ToolContext, tabId: number, quote: string, snapshotText: string): Promise<boolean> {
  const wanted = normalizeText(quote);
  if (normalizeText(snapshotText).includes(wanted)) return true;
  const page = ctx.tabs.page(tabId);
  const { matches } = await page.find({ query: quote, limit: 5 }, { signal: ctx.signal });
  if (matches.some((match) => normalizeText(match.text).includes(wanted))) return true;
  // Off-screen text that find reports only in pieces: read the page text itself, chunk by chunk.
  let from: number | undefined = 0;
  let text = '';
  while (from !== undefined && text.length < READ_LIMIT_CHARS) {
    const chunk = await page.readPage({ from, maxChars: 20_000 }, { signal: ctx.signal });
    text += chunk.text;
    from = chunk.text.length > 0 ? chunk.next : undefined;
  }
  return normalizeText(text).includes(wanted);
}

/** Takes a fresh observation of the agent's tab and checks the evidence against it. */
export async function checkEvidence(evidence: DoneEvidence | undefined, ctx: ToolContext): Promise<EvidenceCheck> {
  const quotes = (evidence?.quotes ?? []).map((q) => q.trim()).filter((q) => q.length > 0);
  const urlContains = evidence?.urlContains?.trim();
  if (quotes.length === 0 && !urlContains) {
    return {
      confirmed: false,
      reason:
        'no evidence was given: add evidence.quotes (short texts visible on the page that prove the result) ' +
        'or evidence.urlContains (a part of the URL the page must have)',
    };
  }
  const tabId = ctx.tabs.currentTabId;
  const tab = tabId === null ? null : await raceAbort(ctx.tabs.getTab(tabId), ctx.signal, 'The done check');
  if (tabId === null || !tab) return { confirmed: false, reason: 'the agent has no tab to check the evidence on' };
  const url = tab.url;
  if (urlContains && !url.includes(urlContains) && !safeDecode(url).includes(urlContains)) {
    return { confirmed: false, reason: `the page URL ${url} does not contain "${urlContains}"` };
  }
  if (quotes.length === 0) return { confirmed: true, reason: `the URL ${url} contains "${urlContains}"` };
  if (isRestrictedUrl(url, ctx.ownOrigin)) {
    return { confirmed: false, reason: `quotes cannot be checked on ${url}: the page cannot be read` };
  }
  try {
    const fresh = await ctx.tabs.page(tabId).snapshot({ mode: 'viewport' }, callOptions(ctx));
    const missing: string[] = [];
    for (const quote of quotes) {
      if (!(await pageContains(ctx, tabId, quote, fresh.text))) missing.push(quote);
    }
    if (missing.length > 0) {
      const list = missing.map((q) => `"${q}"`).join(', ');
      return { confirmed: false, reason: `not found on the page now (${url}): ${list}` };
    }
    return { confirmed: true, reason: `found on ${url}: ${quotes.map((q) => `"${q}"`).join(', ')}` };
  } catch (error) {
    if (isAbort(error, ctx.signal)) throw error;
    const message = isSteadyhandError(error) ? error.message : String(error);
    return { confirmed: false, reason: `the page could not be read to check the evidence (${message})` };
  }
}

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** The loop's verdict on one done call, given the verify mode. */
export async function decideDone(input: DoneInput, ctx: ToolContext): Promise<DoneDecision> {
  const base = { answer: input.answer, ...(input.evidence ? { evidence: input.evidence } : {}) };
  if (!input.success) {
    return { accepted: true, status: 'failed', verified: false, summary: input.answer, ...base };
  }
  const mode = ctx.settings.verifyMode;
  if (mode === 'off') {
    return { accepted: true, status: 'succeeded', verified: false, summary: `${input.answer} (not verified)`, ...base };
  }
  const check = await checkEvidence(input.evidence, ctx);
  if (check.confirmed) {
    return { accepted: true, status: 'succeeded', verified: true, summary: input.answer, ...base };
  }
  if (mode === 'lenient') {
    const summary = `${input.answer} (unverified: ${check.reason})`;
    return { accepted: true, status: 'succeeded', verified: false, summary, ...base };
  }
  return { accepted: false, reason: check.reason };
}
