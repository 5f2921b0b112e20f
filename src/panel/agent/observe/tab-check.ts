// The top-of-step tab check: the second guard of docs/contracts.md 000-D1 and the loop's single point of convergence
// for every navigation, whoever started it. A tab whose URL is transient (empty, or about:blank while loading) is a
// navigation in flight, not a dead end: fail fast when its pendingUrl is on another origin, otherwise wait for the
// commit (5 s), and only then apply isRestrictedUrl and the origin rule.
//
// The pinned origin follows the agent's own navigations. `agentMoved` says the agent may have moved this tab itself
// since the last check (it called a tool that can navigate, switched tabs, or this is the first step of an
// instruction); then a new origin is adopted, and a restricted page leaves only navigation tools instead of stopping.
// Without it, the error matrix of docs/contracts.md (000-E*) applies as written.
//
// The site gate that follows it is in site-gate.ts.

import { abortedError } from '../../../shared/rpc';
import { isRestrictedUrl, isTransientUrl, safeParseOrigin } from '../../../shared/urls';
import { raceAbort } from '../core/abort';
import type { AgentTabs, Navigation, TabSnapshot } from '../core/ports';
import { STOP_TEXT, type StopCause } from '../task/events';

/**
 * How long every navigation wait is given (docs/contracts.md 000-D2): the commit wait, here and in open_url and after
 * a held navigation; the document-ready wait before a snapshot (a document that has not announced itself by then is
 * observed as it is); the wait for a navigation an action started (one that has not happened by then is not coming).
 * Long enough for a cold start of a heavy site, short enough not to leave the person waiting.
 */
export const NAVIGATION_TIMEOUT_MS = 5_000;

export interface TabCheckInput {
  tabs: AgentTabs;
  navigation: Navigation;
  tabId: number | null;
  pinnedOrigin: string | null;
  agentMoved: boolean;
  /**
   * The tab may be missing without anyone having closed it under the agent: first step of an instruction, no tab
   * at the last step, or the agent closed it itself. Otherwise a missing tab stops the task ("Tab was closed"),
   * whatever the agent's last action was.
   */
  tabLossExpected: boolean;
  ownOrigin: string | undefined;
  signal: AbortSignal;
}

export type TabCheck =
  | { kind: 'ready'; tab: TabSnapshot; url: string; origin: string | null; committed: boolean }
  /** No operable page, by the agent's own doing: offer navigation and control tools only. */
  | { kind: 'inoperable'; tab: TabSnapshot | null; url: string | null; problem: string }
  | { kind: 'stop'; cause: Exclude<StopCause, 'person'>; summary: string };

const stop = (cause: Exclude<StopCause, 'person'>, summary: string): TabCheck => ({ kind: 'stop', cause, summary });
const closed = () => stop('tab_closed', STOP_TEXT.tabClosed);
const restricted = () => stop('restricted', STOP_TEXT.restricted);

export async function checkAgentTab(input: TabCheckInput): Promise<TabCheck> {
  const { tabs, navigation, tabId, pinnedOrigin, agentMoved, tabLossExpected, signal } = input;
  if (tabId === null) {
    return tabLossExpected
      ? { kind: 'inoperable', tab: null, url: null, problem: 'the agent has no tab open; use open_url' }
      : closed();
  }
  const tab = await raceAbort(tabs.getTab(tabId), signal, 'The tab check');
  if (!tab) {
    return tabLossExpected
      ? { kind: 'inoperable', tab: null, url: null, problem: `tab ${tabId} is gone; use open_url or switch_tab` }
      : closed();
  }
  // A navigation the agent did not start, heading to a page no extension may operate (the person opened a browser
  // page or view-source: in the agent's tab): the stop that landing there would bring, without waiting for it and
  // before the model acts on the page being left. A pending about:blank is a new tab's sentinel, not a destination.
  const pending = tab.pendingUrl;
  if (!agentMoved && pending && !isTransientUrl(pending) && isRestrictedUrl(pending, input.ownOrigin)) {
    return restricted();
  }
  let url = tab.url;
  let committed = false;
  if (isTransientUrl(tab.url, tab.status)) {
    const pendingOrigin = safeParseOrigin(tab.pendingUrl);
    // Fast fail (docs/contracts.md 000-D3): a navigation the agent did not start, heading to another origin.
    if (!agentMoved && pendingOrigin && pinnedOrigin && pendingOrigin !== pinnedOrigin) {
      return stop('origin_changed', STOP_TEXT.originChanged(pinnedOrigin, pendingOrigin));
    }
    const expected = (agentMoved ? (pendingOrigin ?? pinnedOrigin) : (pinnedOrigin ?? pendingOrigin)) ?? '';
    const settled = await navigation.waitForUrlSettle(tabId, expected, NAVIGATION_TIMEOUT_MS, signal);
    if (settled.committed) {
      url = settled.url;
    } else if (settled.reason === 'aborted') {
      throw abortedError('The navigation wait');
    } else if (settled.reason === 'tab-gone') {
      return closed();
    } else if (settled.reason === 'timeout') {
      // A navigation that never commits reuses the restricted text (docs/contracts.md 000-D4).
      return restricted();
    } else if (agentMoved && settled.observedUrl) {
      url = settled.observedUrl;
    } else {
      return stop('origin_changed', STOP_TEXT.originChanged(expected || null, safeParseOrigin(settled.observedUrl)));
    }
    committed = true;
  }
  if (isRestrictedUrl(url, input.ownOrigin)) {
    if (!agentMoved) return restricted();
    const problem = `${url.split('?')[0]} is a browser page that extensions cannot operate; use open_url, go_back or switch_tab`;
    return { kind: 'inoperable', tab, url, problem };
  }
  const origin = safeParseOrigin(url);
  if (!agentMoved && pinnedOrigin && origin !== pinnedOrigin) {
    return stop('origin_changed', STOP_TEXT.originChanged(pinnedOrigin, origin));
  }
  return { kind: 'ready', tab, url, origin, committed };
}
