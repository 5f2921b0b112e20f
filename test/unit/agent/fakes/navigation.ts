// The navigation waits over the fake browser, with the five outcomes of waitForUrlSettle (docs/contracts.md
// 000-T1..T7). A scheduled commit within the timeout happens (advancing the fake clock by its delay); one that comes
// later or never is a timeout.

import type {
  Navigation,
  NavigationMark,
  NavigationOutcome,
  UrlSettleResult,
} from '../../../../src/panel/agent/core/ports';
import { abortedError } from '../../../../src/shared/rpc';
import { isTransientUrl, safeParseOrigin } from '../../../../src/shared/urls';
import type { FakeAgentBrowser } from './browser';

export class FakeNavigation implements Navigation {
  readonly settleCalls: { tabId: number; expectedOrigin: string; timeoutMs: number }[] = [];
  readonly readyCalls: number[] = [];
  /** Makes the next waits hang until aborted (for Stop during a wait). */
  hang = false;
  /** Makes the next ready waits fail with this error (e.g. the real wait's `restricted` for a browser page). */
  readyError: Error | null = null;

  constructor(private readonly browser: FakeAgentBrowser) {}

  async waitForUrlSettle(
    tabId: number,
    expectedOrigin: string,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<UrlSettleResult> {
    this.settleCalls.push({ tabId, expectedOrigin, timeoutMs });
    if (signal?.aborted) return { committed: false, reason: 'aborted' };
    if (this.hang) {
      return new Promise((resolve) => {
        signal?.addEventListener('abort', () => resolve({ committed: false, reason: 'aborted' }), { once: true });
      });
    }
    const tab = this.browser.tabs.get(tabId);
    if (!tab) return { committed: false, reason: 'tab-gone' };
    const pending = tab.pending;
    if (pending) {
      if (pending.afterMs === 'never' || pending.afterMs > timeoutMs) {
        this.browser.clock.advance(timeoutMs);
        return { committed: false, reason: 'timeout', observedUrl: tab.url };
      }
      this.browser.clock.advance(pending.afterMs);
      this.browser.commit(tabId);
    } else if (isTransientUrl(tab.url, tab.status)) {
      this.browser.clock.advance(timeoutMs);
      return { committed: false, reason: 'timeout', observedUrl: tab.url };
    }
    const origin = safeParseOrigin(tab.url);
    if (expectedOrigin && origin !== expectedOrigin) {
      return { committed: false, reason: 'origin-mismatch', observedUrl: tab.url };
    }
    return { committed: true, url: tab.url };
  }

  /** Like the real handshake: resolves once the tab's newest document is up, so an in-flight navigation commits. */
  async waitForDocumentReady(tabId: number, options: { timeoutMs: number; signal?: AbortSignal }): Promise<void> {
    this.readyCalls.push(tabId);
    if (options.signal?.aborted) throw abortedError('The ready wait');
    if (this.readyError) throw this.readyError;
    const pending = this.browser.tabs.get(tabId)?.pending;
    if (pending && pending.afterMs !== 'never' && pending.afterMs <= options.timeoutMs) {
      this.browser.clock.advance(pending.afterMs);
      this.browser.commit(tabId);
    }
  }

  readonly navigationWaits: number[] = [];

  /** The fake browser's document counter: a new document means a navigation happened. */
  mark(tabId: number): NavigationMark {
    return { seq: this.browser.tabs.get(tabId)?.docToken ?? 0, token: null };
  }

  /** A scheduled commit within the timeout happens (advancing the clock); none, or a later one, is a timeout. */
  async waitForNavigation(
    tabId: number,
    since: NavigationMark,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<NavigationOutcome> {
    this.navigationWaits.push(tabId);
    if (options.signal?.aborted) throw abortedError('The navigation wait');
    const tab = this.browser.tabs.get(tabId);
    if (!tab) return 'gone';
    if (tab.docToken > since.seq) return 'navigated';
    const pending = tab.pending;
    if (pending && pending.afterMs !== 'never' && pending.afterMs <= options.timeoutMs) {
      this.browser.clock.advance(pending.afterMs);
      this.browser.commit(tabId);
      return 'navigated';
    }
    this.browser.clock.advance(options.timeoutMs);
    return 'timeout';
  }
}
