// The panel's window: where the person's tab is looked for, and where a task with no tab opens one.

import type { TabLike } from '../tabs/person-tab';

/** The window this panel page is in (chrome.windows.WINDOW_ID_CURRENT when Chrome names none). */
export async function panelWindowId(): Promise<number> {
  const win = await chrome.windows.getCurrent();
  return win.id ?? chrome.windows.WINDOW_ID_CURRENT;
}

export const listWindowTabs = (windowId: number): Promise<TabLike[]> => chrome.tabs.query({ windowId });
