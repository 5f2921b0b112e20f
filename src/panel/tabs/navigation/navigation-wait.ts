// After an action that navigated (or was refused because its page was already being replaced), the next look at
// the tab waits for that navigation to happen: a frame-0 commit or a move within the document since a mark taken
// before the action. Chrome does not always show a navigation in flight: a form submission the page started leaves
// the tab `complete` without a `pendingUrl` until it commits, and a look taken then sees the page being left
// (a second "Place order"). Event-driven; the timeout only caps a navigation that never comes (cancelled, a 204, a
// download).

import { abortedError } from '../../../shared/rpc';
import type { NavigationMark, NavigationOutcome } from '../../agent';
import { systemTimers, type Timers } from '../../agent';
import type { TabEventBus } from '../tab-event-bus';
import type { DocumentTracker } from './document-tracker';
import { settleOnce } from './settle-once';

export interface NavigationWaitDeps {
  bus: Pick<TabEventBus, 'subscribe'>;
  tracker: DocumentTracker;
  timers?: Timers;
}

export function createNavigationWait(deps: NavigationWaitDeps) {
  const timers = deps.timers ?? systemTimers;

  function mark(tabId: number): NavigationMark {
    return { seq: deps.tracker.navigationSeq(tabId), token: deps.tracker.readyToken(tabId) ?? null };
  }

  /**
   * A navigation since the mark; a new document announcing itself counts too (its commit may be lost with a worker).
   */
  function happened(tabId: number, since: NavigationMark): boolean {
    if (deps.tracker.navigationSeq(tabId) > since.seq) return true;
    const token = deps.tracker.readyToken(tabId);
    return token !== undefined && token !== since.token;
  }

  function waitForNavigation(
    tabId: number,
    since: NavigationMark,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<NavigationOutcome> {
    const timedOut = () => 'timeout' as const;
    const aborted = () => abortedError(`Waiting for tab ${tabId} to navigate`);
    return settleOnce<NavigationOutcome>({ timers, ...options, timedOut, aborted }, (end, scope) => {
      if (happened(tabId, since)) return end('navigated');
      deps.bus.subscribe((event) => {
        if (event.type === 'removed' && event.tabId === tabId) end('gone');
        else if ('tabId' in event && event.tabId === tabId && happened(tabId, since)) end('navigated');
      }, scope);
    });
  }

  return { mark, waitForNavigation };
}
