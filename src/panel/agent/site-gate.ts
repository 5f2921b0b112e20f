// The site gate (decision 0010), run after the tab check: a page on an origin the task has not been allowed is asked
// about, and a denied one is shown to the model as not operable, its content never sent.

import { safeParseOrigin } from '../../shared/urls';
import type { StepView } from './observe';
import { pageFingerprint } from './progress';
import type { SiteAccess } from './site-access';
import type { TabCheck } from './tab-check';

type Sites = Pick<SiteAccess, 'ask' | 'describeDenial'>;
type Passed = Exclude<TabCheck, { kind: 'stop' }>;

/**
 * The site gate on a ready tab: its origin is asked about unless a rule settles it; denied, the tab is not operable,
 * so it is never observed and only navigation and control tools are offered. A tab with a navigation in flight is
 * not gated on the URL it is leaving (going back from a denied page would find it denied again): gateView gates the
 * document observe waited for, before the model sees any of it. `gated` is the origin it decided on.
 */
export async function gateCheck(
  sites: Sites,
  check: Passed,
  navigated: boolean,
  signal: AbortSignal,
): Promise<{ check: Passed; gated: string | null }> {
  if (check.kind !== 'ready' || !check.origin || navigated || check.tab.status === 'loading') {
    return { check, gated: null };
  }
  const decision = await sites.ask(check.origin, { kind: 'tab', url: check.url }, signal);
  if (decision !== 'deny') return { check, gated: check.origin };
  const problem = deniedProblem(sites, check.origin);
  return { check: { kind: 'inoperable', tab: check.tab, url: check.url, problem }, gated: check.origin };
}

/**
 * The snapshot may come from a document that committed after gateCheck (a navigation in flight then): its origin is
 * gated too, and a denied one's snapshot is dropped. `denied` is the origin of a view turned inoperable.
 */
export async function gateView(
  sites: Sites,
  view: StepView,
  gated: string | null,
  signal: AbortSignal,
  observeAgain?: () => Promise<StepView>,
): Promise<{ view: StepView; denied: string | null }> {
  const origin = view.operable || view.awaitingSite ? safeParseOrigin(view.url ?? undefined) : null;
  if (!origin || (origin === gated && !view.awaitingSite)) return { view, denied: null };
  const decision = await sites.ask(origin, { kind: 'tab', url: view.url ?? origin }, signal);
  if (decision !== 'deny') {
    // The extension held its script back until now (task-scripts, tab-access §MayScript): the page is observed now
    // that it may run there. A page whose site is allowed yet not scripted stays as observe saw it.
    if (!view.awaitingSite || !observeAgain) return { view, denied: null };
    const again = await observeAgain();
    return again.awaitingSite
      ? { view: { ...again, awaitingSite: false }, denied: null }
      : { view: again, denied: null };
  }
  const problem = deniedProblem(sites, origin);
  const fingerprint = pageFingerprint(view.url, null);
  const { awaitingSite: _held, ...rest } = view;
  return { view: { ...rest, operable: false, snapshot: null, problem, fingerprint }, denied: origin };
}

function deniedProblem(sites: Sites, origin: string): string {
  return (
    `${sites.describeDenial(origin)}, so its content is not shown. Do not try to reach it another way; use ` +
    'go_back, switch_tab or open_url to go on with a site you may use, or call done with success: false if the task ' +
    'needs this one'
  );
}

/**
 * The site gate for the cross-origin frames of a page the task works on (decision 0021): a frame counts as part of
 * the page that embeds it, except one on a site the rules deny (the block-list, or denied earlier in the task),
 * which is neither scripted, read nor acted in. A frame on a site nobody decided yet is not asked about: a payment
 * form or a map inside an allowed page would otherwise stop the task with a question for each.
 */
export function frameGate(sites: Pick<SiteAccess, 'verdict'>): (url: string) => boolean {
  return (url) => {
    const origin = safeParseOrigin(url);
    return origin === null || sites.verdict(origin).kind !== 'denied';
  };
}
