// Screenshots for the vision setting. Chrome can only capture the visible tab of a window, so the agent's tab must
// be the active tab of its window; otherwise the tool says so instead of capturing the person's tab.

import { TabError } from '../../shared/errors';
import type { CaptureFn } from '../agent/tools/types';

export const captureAgentTab: CaptureFn = async (tabId) => {
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  if (!tab) throw new TabError('tab_gone', `Tab ${tabId} was closed.`);
  if (!tab.active) {
    throw new TabError(
      'not_allowed',
      'A screenshot needs the agent’s tab to be the visible tab of its window, and the person is looking at another ' +
        'tab. Use the page text (snapshot, read_page, find) instead.',
    );
  }
  const dataUrl = await chrome.tabs.captureVisibleTab(tab.windowId, { format: 'jpeg', quality: 70 });
  return { mediaType: 'image/jpeg', data: dataUrl.slice(dataUrl.indexOf(',') + 1) };
};
