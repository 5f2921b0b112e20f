// The toolbar badge counts tasks waiting for the person (src/panel/wiring/waiting-badge.ts). Panels set it, and a
// panel's tasks end with it, but a closing page's last call does not always reach the browser before the page dies.
// Only the worker outlives the last panel: when a panel goes (its tab removed, or a window's side panel closed,
// https://developer.chrome.com/docs/extensions/reference/api/sidePanel#event-onClosed) and no panel is left, nothing
// can wait for the person, so it clears the badge. While panels are left, they recount themselves (the panel's
// dead-panels watch). It keeps no state: the open panels are asked of the browser
// (https://developer.chrome.com/docs/extensions/reference/api/runtime#method-getContexts).

import { toError } from '../shared/errors';
import { PANEL_PAGE } from '../shared/panel-page';

/** What went: a tab (maybe a panel opened as a tab), or a window's side panel. */
export type GonePlace = { tabId: number } | { sidePanelOfWindow: number };

function isGone(context: chrome.runtime.ExtensionContext, gone: GonePlace): boolean {
  if ('tabId' in gone) return context.tabId === gone.tabId;
  return context.contextType === 'SIDE_PANEL' && context.windowId === gone.sidePanelOfWindow;
}

export async function clearBadgeIfNoPanel(gone: GonePlace): Promise<void> {
  try {
    if ((await chrome.action.getBadgeText({})) === '') return;
    const page = chrome.runtime.getURL(PANEL_PAGE);
    const contexts = await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL', 'TAB'] });
    // The page that just went may still be listed while it is torn down; it does not count.
    const left = contexts.filter((context) => context.documentUrl?.startsWith(page) && !isGone(context, gone));
    if (left.length > 0) return;
    await Promise.all([
      chrome.action.setBadgeText({ text: '' }),
      chrome.action.setTitle({ title: chrome.i18n.getMessage('actionTitle') }),
    ]);
  } catch (error) {
    console.warn('[steadyhand] could not clear the toolbar badge:', toError(error).message);
  }
}
