// Observe (docs/agent-loop.md, One step): after the tab check passed, wait for a newly committed document to announce
// itself (the ready handshake, never a fixed sleep), then take the snapshot the model will act on. A page that does
// not answer is not an error of the task: the step goes on with navigation tools only and says why.

import { isSteadyhandError } from '../../../shared/errors';
import type { Snapshot } from '../../../shared/page-types';
import { describeRestriction, withoutUrls } from '../../../shared/urls';
import { isAbort } from '../core/abort';
import type { AgentTabs, Navigation, OwnedTab, TabFact } from '../core/ports';
import { pageFingerprint } from '../task/progress';
import { NAVIGATION_TIMEOUT_MS, type TabCheck } from './tab-check';

/** Budget of the page view the model reads each step (tokens, as src/shared/token-estimate.ts estimates them). */
export const SNAPSHOT_TOKENS = 2_000;
const SNAPSHOT_TIMEOUT_MS = 15_000;
/** Starting the load of a discarded tab is one tabs.update call; the load itself is waited for as a commit. */
const WAKE_TIMEOUT_MS = 5_000;

export interface StepView {
  operable: boolean;
  tabId: number | null;
  url: string | null;
  snapshot: Snapshot | null;
  problem: string | null;
  tabs: OwnedTab[];
  /** URL + snapshot digest: what progress detection compares. */
  fingerprint: string;
  /**
   * Nothing was observed because the extension does not run on the tab's site until the task may use it (a site
   * still to be asked about, or a blocked one): site-gate.ts §gateView asks, then the page is observed again.
   */
  awaitingSite?: boolean;
  /** What the person did to the task's tabs since the last look (tab-facts.ts): the model reads it with this view. */
  tabFacts?: TabFact[];
}

export interface ObserveInput {
  tabs: AgentTabs;
  navigation: Navigation;
  tabId: number | null;
  check: Exclude<TabCheck, { kind: 'stop' }>;
  /** A navigation committed in this tab since the last snapshot (an agent action said so). */
  navigated: boolean;
  signal: AbortSignal;
  /** The task's site gate for the page's cross-origin frames (site-gate.ts §frameGate). */
  frameAllowed?: (url: string) => boolean;
}

async function ownedTabs(tabs: AgentTabs): Promise<OwnedTab[]> {
  try {
    return await tabs.owned();
  } catch {
    // The list is context for the model; a failure to list must not cost the step.
    return [];
  }
}

/**
 * A tab Chrome discarded to save memory (status `unloaded`, often under a new tab id) has no document to observe:
 * load its page again, as Chrome does when the person looks at it. Returns null once the load has started, or the
 * problem to show when it could not be started.
 */
async function wake(tabs: AgentTabs, tabId: number, url: string, signal: AbortSignal): Promise<string | null> {
  if (tabs.currentTabId !== tabId) return 'the browser unloaded this tab; use switch_tab or open_url to load it again';
  try {
    await tabs.openUrl(url, { newTab: false, signal, timeoutMs: WAKE_TIMEOUT_MS });
    return null;
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return `the browser unloaded this tab and it could not be loaded again (${message}); use open_url`;
  }
}

export async function observe(input: ObserveInput): Promise<StepView> {
  const { tabs, navigation, tabId, check, signal } = input;
  const owned = await ownedTabs(tabs);
  const inoperable = (url: string | null, problem: string): StepView => ({
    operable: false,
    tabId,
    url,
    snapshot: null,
    problem,
    tabs: owned,
    fingerprint: pageFingerprint(url, null),
  });
  /** The extension held its script back from the page: its site is not allowed (yet). The tab's URL now says which. */
  const awaitingSite = async (): Promise<StepView> => {
    const now = await tabs.getTab(tabId ?? -1).catch(() => null);
    const url = now?.url || check.url;
    return { ...inoperable(url, 'this site is not allowed for the task yet'), awaitingSite: true };
  };
  if (check.kind === 'inoperable' || tabId === null) {
    return inoperable(check.url, check.kind === 'inoperable' ? check.problem : 'the agent has no tab');
  }
  const woken = check.tab.status === 'unloaded' ? await wake(tabs, tabId, check.url, signal) : null;
  if (woken) return inoperable(check.url, woken);
  if (check.committed || input.navigated || check.tab.status === 'loading' || check.tab.status === 'unloaded') {
    try {
      await navigation.waitForDocumentReady(tabId, { timeoutMs: NAVIGATION_TIMEOUT_MS, signal });
    } catch (error) {
      if (isAbort(error, signal)) throw error;
      // The agent's own navigation is heading to a page no extension may script: navigation tools only.
      if (isSteadyhandError(error, 'restricted')) return inoperable(check.url, error.message);
      if (isSteadyhandError(error, 'not_allowed')) return awaitingSite();
      // No handshake in time: the snapshot below either works or says what is wrong with the page.
    }
  }
  try {
    const snapshot = await tabs
      .page(tabId)
      .snapshot(
        { maxTokens: SNAPSHOT_TOKENS, mode: 'viewport' },
        { signal, timeoutMs: SNAPSHOT_TIMEOUT_MS, ...(input.frameAllowed ? { frameAllowed: input.frameAllowed } : {}) },
      );
    return {
      operable: true,
      tabId,
      url: snapshot.url || check.url,
      snapshot,
      problem: null,
      tabs: owned,
      fingerprint: pageFingerprint(snapshot.url || check.url, snapshot.digest),
    };
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    if (isSteadyhandError(error, 'restricted')) return inoperable(check.url, describeRestriction(check.url));
    if (isSteadyhandError(error, 'not_allowed')) return awaitingSite();
    const message = error instanceof Error ? error.message : String(error);
    return inoperable(
      check.url,
      `the page did not answer (${withoutUrls(message)}); reload it with open_url, or use go_back`,
    );
  }
}
