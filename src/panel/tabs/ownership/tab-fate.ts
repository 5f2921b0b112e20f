// chrome.tabs.get stops finding a tab as soon as Chrome closes it or swaps it for another id (discarding,
// prerendering), but the event that says which comes through the service worker a moment later. This waits for it.

import type { TabEventBus } from '../tab-event-bus';

/** Past this, no event means the tab is gone. */
export const GONE_CONFIRM_MS = 2_000;

/** Resolves when the bus reports `tabId` removed or replaced, or after `timeoutMs` without a word. */
export async function tabFateAnnounced(
  bus: Pick<TabEventBus, 'subscribe'>,
  tabId: number,
  timeoutMs = GONE_CONFIRM_MS,
): Promise<void> {
  const watching = new AbortController();
  try {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      watching.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
      bus.subscribe((event) => {
        if (event.type === 'removed' && event.tabId === tabId) resolve();
        if (event.type === 'replaced' && event.removedTabId === tabId) resolve();
      }, watching.signal);
    });
  } finally {
    watching.abort();
  }
}
