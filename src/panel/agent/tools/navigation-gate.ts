// The site gate before an action that may navigate (decision 0025, "asked before the request leaves"): the content
// script says where a click or Enter on the target would go (a link's href, a form's action and method), and an
// origin the task has not been allowed is asked about before anything is clicked or sent. The page's own navigations
// (redirects, scripts, meta refresh) are held by the network hold instead (net-hold.ts). The same read says whether
// the action takes a consequential step, asked about first (consent-gate.ts, decision 0026).

import type { NavigationVia } from '../../../shared/page-types';
import { safeParseOrigin } from '../../../shared/urls';
import { mayNavigate, navigationTier } from '../observe/site-gate';
import { callOptions } from './common';
import { refusedConsent } from './consent-gate';
import type { PageHandle, ToolContext, ToolOutput } from './types';

/**
 * Null when the action may run: it starts no navigation this can know of, stays on its document's origin, or goes to
 * a site the task may use (asked here when no rule decides). Otherwise the refusal the model gets as its result.
 */
export async function refusedNavigation(
  ctx: ToolContext,
  { page, snapshotId }: PageHandle,
  target: { ref?: number; via: NavigationVia },
  what: string,
): Promise<ToolOutput | null> {
  if (!page.navigationTarget) return null;
  const ref = target.ref === undefined ? {} : { ref: target.ref, snapshotId };
  const read = await page.navigationTarget({ ...ref, via: target.via }, callOptions(ctx));
  const { target: navigation, from } = read;
  const origin = safeParseOrigin(navigation?.url);
  const elsewhere = navigation && origin && origin !== from ? origin : null;
  if (read.consequence) {
    // One question per step: the consent question names the site the form posts to, and its yes settles it.
    const refused = await refusedConsent(ctx, from, read.consequence, elsewhere, what);
    if (refused) return refused;
  }
  if (!navigation || !origin || origin === from) return null;
  const why = { kind: 'navigation' as const, ...navigation, by: 'agent' as const, from };
  if (ctx.sites.verdict(origin, navigationTier(why)).kind === 'allowed') return null;
  if (await mayNavigate(ctx.sites, origin, why, ctx.signal)) {
    // The rules must let the request through before the action sends it.
    await ctx.hold?.refresh();
    return null;
  }
  const sent =
    navigation.method === 'post'
      ? 'the form was not submitted and none of its data was sent'
      : 'nothing was sent there';
  const text =
    `${what}: not_allowed: it would go to ${origin}, and ${ctx.sites.describeDenial(origin)}, so it was not done: ` +
    `${sent}. That is final for this task: do not try to reach ${origin} another way. Go on with the sites you may ` +
    'use, or call done with success: false and say that the task needs this site.';
  return { outcome: 'execute_error', text, brief: `not allowed: ${origin}`, effects: { siteDenied: origin } };
}
