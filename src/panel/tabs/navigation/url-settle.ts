// waitForUrlSettle (docs/contracts.md 000-T1..T7): waits until a tab's navigation has committed, so a page still
// loading (empty URL or about:blank) is never mistaken for a dead end. Fed by the `committed` events the service worker
// forwards, never by the panel's own webNavigation listeners. Every path removes its listener, its timer and its abort
// handler (settle-once.ts).

import type { TabEvent } from '../../../shared/protocol';
import { isTransientUrl, safeParseOrigin } from '../../../shared/urls';
import type { UrlSettleResult } from '../../agent';
import { systemTimers, type Timers } from '../../agent';
import type { TabEventBus } from '../tab-event-bus';
import { settleOnce } from './settle-once';

/** What the wait needs to know about a tab; a subset of chrome.tabs.Tab. */
export interface SettleTab {
  url?: string;
  pendingUrl?: string;
  status?: string;
}

export interface UrlSettleDeps {
  bus: Pick<TabEventBus, 'subscribe'>;
  /** The tab, or null (or a rejection) when it no longer exists. */
  getTab(tabId: number): Promise<SettleTab | null>;
  timers?: Timers;
}

export type WaitForUrlSettle = (
  tabId: number,
  expectedOrigin: string,
  timeoutMs: number,
  signal?: AbortSignal,
) => Promise<UrlSettleResult>;

/** The verdict on a committed URL, or null while it is still the sentinel of a navigation in flight. */
function judge(url: string, expectedOrigin: string): UrlSettleResult | null {
  if (isTransientUrl(url)) return null;
  return safeParseOrigin(url) === expectedOrigin
    ? { committed: true, url }
    : { committed: false, reason: 'origin-mismatch', observedUrl: url };
}

/**
 * The tab as read before any event arrived. A URL counts as committed only when nothing is pending: right after
 * `tabs.update` the tab still shows the old page, with the new one in `pendingUrl`, and must not settle on it.
 */
function judgeTab(tab: SettleTab, expectedOrigin: string): UrlSettleResult | null {
  if (tab.pendingUrl) return null;
  const url = tab.url ?? '';
  if (isTransientUrl(url, tab.status)) return null;
  return judge(url, expectedOrigin);
}

export function createUrlSettle(deps: UrlSettleDeps): WaitForUrlSettle {
  const timers = deps.timers ?? systemTimers;

  return (tabId, expectedOrigin, timeoutMs, signal) => {
    // The tab id can change under us when Chrome swaps in a prerendered page (`replaced`).
    let trackedId = tabId;
    let observedUrl: string | undefined;
    /** A wait that did not commit says what the tab showed last, when it showed anything. */
    const withObserved = (result: UrlSettleResult): UrlSettleResult =>
      !result.committed && result.observedUrl === undefined && observedUrl ? { ...result, observedUrl } : result;
    const timedOut = () => withObserved({ committed: false, reason: 'timeout' });
    const aborted = () => withObserved({ committed: false, reason: 'aborted' });

    return settleOnce<UrlSettleResult>({ timers, timeoutMs, signal, timedOut, aborted }, (end, scope) => {
      const finish = (result: UrlSettleResult) => end(withObserved(result));

      const readTab = (id: number) => {
        deps.getTab(id).then(
          (tab) => {
            if (scope.aborted || id !== trackedId) return;
            if (!tab) return finish({ committed: false, reason: 'tab-gone' });
            if (tab.url) observedUrl = tab.url;
            const verdict = judgeTab(tab, expectedOrigin);
            if (verdict) finish(verdict);
          },
          () => {
            if (id === trackedId) finish({ committed: false, reason: 'tab-gone' });
          },
        );
      };

      const onEvent = (event: TabEvent) => {
        switch (event.type) {
          case 'committed': {
            if (event.tabId !== trackedId || event.frameId !== 0) return;
            observedUrl = event.url;
            const verdict = judge(event.url, expectedOrigin);
            if (verdict) finish(verdict);
            return;
          }
          case 'removed':
            if (event.tabId === trackedId) finish({ committed: false, reason: 'tab-gone' });
            return;
          case 'contentReady':
          case 'updated':
            // A commit event can be lost with a service worker killed as it was dispatched; a new document's
            // announcement, or a change of the tab's status or URL, says the tab moved on: look at it again.
            if (event.tabId === trackedId) readTab(trackedId);
            return;
          case 'replaced':
            if (event.removedTabId !== trackedId) return;
            trackedId = event.addedTabId;
            readTab(trackedId);
            return;
          default:
            return;
        }
      };

      // Subscribe before reading, so a commit landing between the read and the subscription is not lost.
      deps.bus.subscribe(onEvent, scope);
      readTab(trackedId);
    });
  };
}
