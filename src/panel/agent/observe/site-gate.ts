// The site gate (decision 0010), run after the tab check: a page on an origin the task has not been allowed is asked
// about, and a denied one is shown to the model as not operable, its content never sent. Beside it, the frames' read
// gate (frameGate) and the act gate (actGate, decision 0025) that the page proxy awaits before an act reaches a
// document.

import type { PageMethod } from '../../../shared/protocol';
import type { ActRefusal } from '../../../shared/rpc';
import { safeParseOrigin } from '../../../shared/urls';
import { isActAnswer, type SiteAccess, type SiteAction, type SiteReason } from '../sites/site-access';
import { pageFingerprint } from '../task/progress';
import type { StepView } from './observe';
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
 * The read gate for the cross-origin frames of a page the task works on (decisions 0021, 0025): a frame is part of
 * what the person sees on a page the task may read, so it is read unless its site is denied (the block-list, denied
 * earlier in the task, or denied when the agent asked to act in it), and then it is neither scripted, read nor acted
 * in. Acting in a frame is gated apart (actGate).
 */
export function frameGate(sites: Pick<SiteAccess, 'verdict'>): (url: string) => boolean {
  return (url) => {
    const origin = safeParseOrigin(url);
    return origin === null || sites.verdict(origin, 'read').kind !== 'denied';
  };
}

const ACTIONS: Partial<Record<PageMethod, SiteAction>> = {
  click: 'click',
  doubleClick: 'click',
  rightClick: 'click',
  check: 'click',
  type: 'type',
  setValue: 'set',
  pressKey: 'key',
  selectOption: 'select',
  drag: 'drag',
  uploadFile: 'upload',
  evaluate: 'script',
};

/**
 * The act gate (decision 0025), awaited by the framed page before an acting call reaches a document (framed-page.ts):
 * on the tab's page (`frameUrl` null) or in a frame of the same site, the agent acts where the site is in the act tier,
 * and a site the person allowed to read only is asked about once; in a frame of another site, the first act asks
 * once per site per task with a question naming the frame's site and the page's. Resolves with null when the act may
 * go on, else with the site and why not, for the model (the call fails with `not_allowed`, nothing done).
 */
export function actGate(
  sites: Pick<SiteAccess, 'askToAct' | 'describeDenial'>,
  topUrl: string | null,
  signal: AbortSignal,
): (method: PageMethod, frameUrl: string | null) => Promise<ActRefusal | null> {
  return async (method, frameUrl) => {
    const top = safeParseOrigin(topUrl ?? undefined);
    const origin = frameUrl === null ? top : safeParseOrigin(frameUrl);
    // No web page to ask about (the observation had none): nothing the gate could allow or refuse.
    if (frameUrl === null && top === null) return null;
    if (origin === null) {
      const reason = `the frame at ${frameUrl} has no site the person could allow, so nothing was done there`;
      return { site: String(frameUrl), reason };
    }
    const action = ACTIONS[method] ?? 'act';
    const why: SiteReason =
      frameUrl !== null && origin !== top && topUrl !== null
        ? { kind: 'frame', action, url: frameUrl, top: topUrl }
        : { kind: 'act', action, url: frameUrl ?? topUrl ?? origin };
    const decision = await sites.askToAct(origin, why, signal);
    if (isActAnswer(decision)) return null;
    const where = frameUrl !== null && origin !== top ? `The element is inside a frame from ${origin}: ` : '';
    const because =
      decision === 'read'
        ? `the person allowed ${origin} to be read only in this task, not acted on`
        : sites.describeDenial(origin);
    const reason =
      `${where}${because}, so nothing was done there. That is final for this task: do not try to reach it another ` +
      'way. Go on with what you may do, or call done with success: false and say what the task needs.';
    return { site: origin, reason };
  };
}

type NavigationReason = Extract<SiteReason, { kind: 'navigation' }>;

/** The tier a navigation not sent yet needs: loading a page the read tier, a form's data going there the act tier. */
export const navigationTier = (why: NavigationReason) => (why.method === 'post' ? 'act' : 'read');

/** Whether such a navigation may go to `origin` (a read-only site is read, never posted to), asking when no rule decides. */
export async function mayNavigate(
  sites: Pick<SiteAccess, 'ask' | 'askToAct'>,
  origin: string,
  why: NavigationReason,
  signal: AbortSignal,
): Promise<boolean> {
  return navigationTier(why) === 'act'
    ? isActAnswer(await sites.askToAct(origin, why, signal))
    : (await sites.ask(origin, why, signal)) !== 'deny';
}
