// The evidence a replay's `done` offers, taken from the live page: the saved run's quotes with the run's variables
// filled, and a quote whose digits differ from run to run (an order number, a ticket id) found again by its shape on
// this page. It is only an offer: the done gate checks it on a fresh look as for any task (decision 0024), so a
// quote that was on the page before the task began still proves nothing. Never the saved run's answer.

import { normalizeText } from '../proof/evidence-text';
import type { DoneEvidence } from '../task/events';
import { fillText, type VariableValues } from './variables';

export type LiveEvidence = { evidence: DoneEvidence } | { missing: string };

/** `FF-104233` → /FF-\d{6}/: the same letters and punctuation, any digits in the same places. */
function shapeOf(quote: string): RegExp | null {
  if (!/\d/.test(quote)) return null;
  const parts = quote.split(/(\d+)/).map((part, i) => (i % 2 === 1 ? `\\d{${part.length}}` : escapeRegExp(part)));
  return new RegExp(`(?<![\\p{L}\\p{N}])${parts.join('')}(?![\\p{L}\\p{N}])`, 'gu');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function liveQuote(quote: string, pageText: string): string | null {
  if (normalizeText(pageText).includes(normalizeText(quote))) return quote;
  const shape = shapeOf(quote);
  if (!shape) return null;
  const found = new Set([...pageText.matchAll(shape)].map((match) => match[0]));
  return found.size === 1 ? ([...found][0] ?? null) : null;
}

export function liveEvidence(saved: DoneEvidence, values: VariableValues, pageText: string): LiveEvidence {
  const quotes: string[] = [];
  for (const quote of saved.quotes ?? []) {
    const filled = fillText(quote, values);
    const live = liveQuote(filled, pageText);
    // Not the quote itself: an order number of the saved run is a wrong answer for this one, to any reader.
    if (live === null) return { missing: 'this page does not show the evidence the saved run ended on' };
    quotes.push(live);
  }
  const urlContains = saved.urlContains === undefined ? undefined : fillText(saved.urlContains, values);
  return {
    evidence: { ...(quotes.length > 0 ? { quotes } : {}), ...(urlContains === undefined ? {} : { urlContains }) },
  };
}
