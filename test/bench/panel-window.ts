// The panel page (opened as a tab, as the harness does) moved into a window of its own, so the tabs of its old window
// can be hidden behind another tab as a person's would be: Chrome throttles a tab only when it is not shown.

import type { ExtensionHarness } from '../support/extension';

/** Moves the panel's tab into a new focused window; the old window must keep a tab of its own (one with none closes). */
export async function movePanelToOwnWindow(harness: ExtensionHarness): Promise<void> {
  await harness.panel.evaluate(async () => {
    const tab = await chrome.tabs.getCurrent();
    if (tab?.id === undefined) throw new Error('the panel is not a tab here');
    await chrome.windows.create({ tabId: tab.id, focused: true });
  });
}
