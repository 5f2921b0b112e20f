// waitForDocumentReady: after a commit, the next snapshot waits for the new document's content script to announce
// itself, then for a short DOM quiet window in the page. No fixed sleep: both ends are events or page answers.

import { isSteadyhandError, RelayError, TabError } from '../../../shared/errors';
import { abortedError, type RemotePage } from '../../../shared/rpc';
import { describeRestriction, isRestrictedUrl, isTransientUrl } from '../../../shared/urls';
import { systemTimers, type Timers } from '../../agent';
import type { TabEventBus } from '../tab-event-bus';
import { type DocumentTracker, documentKey } from './document-tracker';
import { settleOnce } from './settle-once';
import type { SettleTab } from './url-settle';

/** The page calls this wait makes (a RemotePage in the panel, a fake in tests). */
export type ReadyPage = Pick<RemotePage, 'ping' | 'waitForQuiet'>;

export interface DocumentReadyDeps {
  bus: Pick<TabEventBus, 'subscribe'>;
  tracker: DocumentTracker;
  pages(tabId: number): ReadyPage;
  getTab(tabId: number): Promise<SettleTab | null>;
  /** chrome-extension://ID: our own pages are not restricted. */
  ownOrigin: string;
  timers?: Timers;
  /** The DOM must have been unchanged this long (default 50 ms, counted by the page from its last change) ... */
  quietMs?: number;
  /** ... but the quiet wait never takes longer than this (default 1000 ms). */
  quietMaxMs?: number;
  /** When the announcement has not come by then, ask the page directly (default 750 ms, then every 750 ms). */
  pingEveryMs?: number;
}

export type WaitForDocumentReady = (
  tabId: number,
  options: { timeoutMs: number; signal?: AbortSignal },
) => Promise<void>;

interface TabState {
  /** The committed document's URL; undefined while a navigation is pending. */
  url?: string;
  pending: boolean;
  /** The tracker's commit count just before the tab was read. */
  seqBefore: number;
}

/** How often a document may be replaced while we wait (script redirects, meta refresh) before we give up. */
const MAX_DOCUMENTS = 5;

export function createDocumentReady(deps: DocumentReadyDeps): WaitForDocumentReady {
  const timers = deps.timers ?? systemTimers;
  // The page counts the window from its own last DOM change (the end of its load when nothing changed since), not
  // from our call, and the announcement reaches us some 30–40 ms after the load ends. 50 ms catches the renders that
  // load handlers and timers start right after the load, and leaves the agent ~20 ms after the announcement on a
  // page that is already still; a longer window would only add waiting on every navigation (`npm run bench`, settle).
  const quietMs = deps.quietMs ?? 50;
  const quietMaxMs = deps.quietMaxMs ?? 1_000;
  const pingEveryMs = deps.pingEveryMs ?? 750;

  /** Resolves once the tab's current document announced itself; rejects on timeout, abort or a closed tab. */
  function announced(tabId: number, tab: TabState, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    // While a navigation is pending, whatever announced itself before is the document being left.
    const isNew = () => !tab.pending || deps.tracker.commitSeq(tabId) > tab.seqBefore;
    if (isNew() && deps.tracker.isReady(tabId, tab.url)) return Promise.resolve();
    const timedOut = () =>
      new RelayError('timeout', `The page in tab ${tabId} did not finish loading within ${Math.round(timeoutMs)} ms.`);
    const aborted = () => abortedError(`Waiting for tab ${tabId} to load`);
    return settleOnce<void>({ timers, timeoutMs, signal, timedOut, aborted }, (end, scope) => {
      deps.bus.subscribe((event) => {
        if (event.type === 'removed' && event.tabId === tabId) {
          end(new TabError('tab_gone', `Tab ${tabId} was closed.`));
        } else if (event.type === 'contentReady' && event.tabId === tabId && isNew()) {
          if (deps.tracker.isReady(tabId, tab.url)) end();
        }
      }, scope);

      // The fallback for an announcement we cannot see (sent while the worker was being restarted): ask the page.
      // One ping at a time; a ping that reaches no script makes the page proxy inject one, which is what we want.
      let pinging = false;
      const ping = () => {
        if (pinging || scope.aborted || !isNew()) return;
        pinging = true;
        deps
          .pages(tabId)
          .ping(undefined, { timeoutMs: Math.max(pingEveryMs, 1_000), signal: scope })
          .then(
            (pong) => {
              if (isNew() && deps.tracker.acceptPing(tabId, pong.documentToken)) end();
            },
            (error: unknown) => {
              // The task may not use this document's site (yet): no script will come until it may, so the wait
              // ends now and the agent asks (site-gate.ts). Otherwise: not up yet, or the document is being
              // replaced; the next tick or the announcement decides.
              if (isNew() && isSteadyhandError(error, 'not_allowed')) end(error as Error);
            },
          )
          .finally(() => {
            pinging = false;
          });
      };
      scope.addEventListener('abort', timers.every(pingEveryMs, ping), { once: true });
      // With no commit seen for this tab (it committed before the panel listened), nothing will be announced.
      if (!deps.tracker.hasSeenCommit(tabId)) ping();
    });
  }

  async function readTab(tabId: number): Promise<TabState> {
    const seqBefore = deps.tracker.commitSeq(tabId); // before the read: a commit after it is a newer document
    const tab = await deps.getTab(tabId).catch(() => null);
    if (!tab) throw new TabError('tab_gone', `Tab ${tabId} was closed.`);
    const url = tab.url ?? '';
    const target = tab.pendingUrl || url;
    if (target && !isTransientUrl(target, tab.status) && isRestrictedUrl(target, deps.ownOrigin)) {
      throw new TabError('restricted', describeRestriction(target));
    }
    const pending = Boolean(tab.pendingUrl) || isTransientUrl(url, tab.status);
    return { url: pending ? undefined : url, pending, seqBefore };
  }

  /** After a failed quiet wait: did the page move on (so the failure was the old document going away)? */
  async function movedOn(tabId: number, tab: TabState, commitSeq: number): Promise<boolean> {
    if (deps.tracker.commitSeq(tabId) !== commitSeq) return true;
    const now = await deps.getTab(tabId).catch(() => null);
    if (!now) return false;
    return Boolean(now.pendingUrl) || (tab.url !== undefined && documentKey(now.url ?? '') !== documentKey(tab.url));
  }

  return async (tabId, { timeoutMs, signal }) => {
    const deadline = timers.monotonic() + timeoutMs;
    const remaining = () => Math.max(0, deadline - timers.monotonic());
    for (let documents = 0; documents < MAX_DOCUMENTS; documents++) {
      if (signal?.aborted) throw abortedError(`Waiting for tab ${tabId} to load`);
      const tab = await readTab(tabId);
      await announced(tabId, tab, remaining(), signal);
      const commitSeq = deps.tracker.commitSeq(tabId);
      try {
        await deps
          .pages(tabId)
          .waitForQuiet(
            { quietMs, maxMs: Math.min(quietMaxMs, remaining()) },
            { timeoutMs: Math.min(quietMaxMs, remaining()) + 1_000, signal },
          );
      } catch (error) {
        // The document was replaced during the quiet window (a script redirect, a meta refresh): wait for the next.
        if (await movedOn(tabId, tab, commitSeq)) continue;
        throw error;
      }
      if (deps.tracker.commitSeq(tabId) === commitSeq) return;
    }
    throw new RelayError('timeout', `Tab ${tabId} kept navigating; it did not settle on one page.`);
  };
}
