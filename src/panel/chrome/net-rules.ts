// The network hold's port over chrome.declarativeNetRequest session rules and chrome.webRequest (decision 0025). The
// panel owns every session rule of the extension: nothing else adds any. Session rules outlive the panel (they last
// until the browser closes: https://developer.chrome.com/docs/extensions/reference/api/declarativeNetRequest), so a
// panel that starts clears what a closed one left (`clearStaleRules`). A blocked request fails with
// net::ERR_BLOCKED_BY_CLIENT; webRequest.onErrorOccurred tells of it with its method, which webNavigation does not,
// and only a GET may be sent again.

import type { BlockedNavigation, HoldRule, NetRulesPort } from '../agent';

const BLOCKED = 'net::ERR_BLOCKED_BY_CLIENT';

async function replaceAll(rules: HoldRule[]): Promise<void> {
  const current = await chrome.declarativeNetRequest.getSessionRules();
  await chrome.declarativeNetRequest.updateSessionRules({
    removeRuleIds: current.map((rule) => rule.id),
    addRules: rules as chrome.declarativeNetRequest.Rule[],
  });
}

/** Removes the session rules a panel that closed mid-task left behind. */
export function clearStaleRules(): Promise<void> {
  return replaceAll([]);
}

export function chromeNetRules(): NetRulesPort {
  return {
    replace: replaceAll,
    onBlocked(listener: (blocked: BlockedNavigation) => void, signal: AbortSignal) {
      const onError = (details: chrome.webRequest.OnErrorOccurredDetails) => {
        if (details.error !== BLOCKED || details.tabId < 0) return;
        listener({
          tabId: details.tabId,
          url: details.url,
          method: details.method.toLowerCase(),
          // https://developer.chrome.com/docs/extensions/reference/api/webRequest#type-OnErrorOccurredDetails:
          // a request the browser started itself (the address bar, a bookmark) has no initiator.
          byBrowser: details.initiator === undefined,
        });
      };
      chrome.webRequest.onErrorOccurred.addListener(onError, { urls: ['<all_urls>'], types: ['main_frame'] });
      signal.addEventListener('abort', () => chrome.webRequest.onErrorOccurred.removeListener(onError), {
        once: true,
      });
    },
  };
}
