// The network hold's port over chrome.declarativeNetRequest session rules and chrome.webRequest (decision 0025). The
// panels own every session rule of the extension: nothing else adds any. Each task's hold has its own port and its own
// range of rule ids, and replaces only the rules it added, so tasks side by side (in one panel or in several windows'
// panels, decision 0029) never remove each other's. Session rules outlive the panel (they last until the browser
// closes: https://developer.chrome.com/docs/extensions/reference/api/declarativeNetRequest), so a panel that starts
// clears what a closed one left: the rules of tabs no live task holds (`clearStaleRules`). A blocked request fails with
// net::ERR_BLOCKED_BY_CLIENT; webRequest.onErrorOccurred tells of it with its method, which webNavigation does not,
// and only a GET may be sent again.

import type { BlockedNavigation, HoldRule, NetRulesPort } from '../agent';
import { tabLockName } from '../tabs/ownership/tab-locks';
import { heldLockNames } from './web-locks';

const BLOCKED = 'net::ERR_BLOCKED_BY_CLIENT';
/** Rule ids a hold may use: far more than one hold's rules (a rule per allowed site, and a few). */
const RANGE = 1_000;
/** Ranges to draw from: ids stay well inside a 32-bit integer. */
const RANGES = 2_000_000;

/**
 * Removes the session rules a panel that closed mid-task left behind: those whose tabs no live task of any panel holds
 * (a task holds its tabs' locks: tab-locks.ts). The rules of live tasks in other windows stay.
 */
export async function clearStaleRules(): Promise<void> {
  const held = new Set(await heldLockNames());
  const current = await chrome.declarativeNetRequest.getSessionRules();
  const stale = current.filter((rule) => !(rule.condition.tabIds ?? []).some((tabId) => held.has(tabLockName(tabId))));
  if (stale.length > 0)
    await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: stale.map((r) => r.id) });
}

/** A port for one task's hold: its rules are numbered in a range of its own, and it replaces only those. */
export function chromeNetRules(): NetRulesPort {
  const base = Math.floor(Math.random() * RANGES) * RANGE + 1;
  let added: number[] = [];
  return {
    async replace(rules: HoldRule[]) {
      const numbered = rules.slice(0, RANGE).map((rule, index) => ({ ...rule, id: base + index }));
      await chrome.declarativeNetRequest.updateSessionRules({
        removeRuleIds: added,
        addRules: numbered as chrome.declarativeNetRequest.Rule[],
      });
      added = numbered.map((rule) => rule.id);
    },
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
