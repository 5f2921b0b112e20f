// Screenshots for the vision setting. Chrome can only capture the visible tab of a window, so the agent's tab must
// be the active tab of its window; otherwise the tool says so instead of capturing the person's tab. The check is
// made again after the capture: if the person switched tabs meanwhile, the picture may be of their tab, and it is
// thrown away rather than sent to the model.

import { TabError } from '../../shared/errors';
import { isRestrictedUrl } from '../../shared/urls';
import type { CaptureFn } from '../agent';

const NOT_VISIBLE =
  'A screenshot needs the agent’s tab to be the visible tab of its window, and the person is looking at another ' +
  'tab. Use the page text (snapshot, read_page, find) instead.';

async function visibleTab(tabId: number): Promise<chrome.tabs.Tab> {
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  if (!tab) throw new TabError('tab_gone', `Tab ${tabId} was closed.`);
  if (!tab.active) throw new TabError('not_allowed', NOT_VISIBLE);
  const url = tab.url || tab.pendingUrl || '';
  if (url && isRestrictedUrl(url, chrome.runtime.getURL('').replace(/\/$/, ''))) {
    throw new TabError('restricted', 'The agent’s tab shows a browser page, which is not captured.');
  }
  return tab;
}

export const captureAgentTab: CaptureFn = async (tabId) => {
  const before = await visibleTab(tabId);
  const dataUrl = await chrome.tabs.captureVisibleTab(before.windowId, { format: 'jpeg', quality: 70 });
  const after = await visibleTab(tabId);
  if (after.windowId !== before.windowId || after.url !== before.url) throw new TabError('not_allowed', NOT_VISIBLE);
  return { mediaType: 'image/jpeg', data: dataUrl.slice(dataUrl.indexOf(',') + 1) };
};
