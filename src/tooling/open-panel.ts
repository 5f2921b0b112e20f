// Opens Steadyhand's panel for `npm start`: the panel page in a tab (which the headless run drives), and with a
// display the real side panel next to the shop (it needs a user gesture, which CDP vouches for).

import type { BrowserContext, Page } from 'playwright-core';
import { PREFILL_KEY } from '../panel/prefill';

export type { PanelHandleGlobal } from '../panel/wiring/handle';

/** The panel page opened as a tab, ready to be driven. */
export async function openPanelTab(context: BrowserContext, extensionId: string): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`chrome-extension://${extensionId}/src/panel/index.html`);
  await page.waitForFunction(() => 'steadyhand' in globalThis);
  return page;
}

/**
 * Opens the real side panel from the panel tab, with `task` waiting in its task box, and closes the tab. Returns
 * false, leaving the tab as it is, when Chromium does not open it.
 */
export async function openSidePanel(context: BrowserContext, panelTab: Page, task: string): Promise<boolean> {
  await panelTab.evaluate(([key, text]) => chrome.storage.local.set({ [key]: text }), [PREFILL_KEY, task] as const);
  try {
    const cdp = await context.newCDPSession(panelTab);
    await cdp.send('Runtime.evaluate', {
      expression: 'chrome.windows.getCurrent().then((w) => chrome.sidePanel.open({ windowId: w.id }))',
      userGesture: true,
      awaitPromise: true,
    });
    // The side panel is not a page Playwright can attach to; Chrome's own list of contexts says whether it is up.
    await panelTab.waitForFunction(
      async () =>
        (await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL' as chrome.runtime.ContextType] })).length > 0,
      undefined,
      { timeout: 5_000 },
    );
    await panelTab.close();
    return true;
  } catch {
    await panelTab.evaluate((key) => chrome.storage.local.remove(key), PREFILL_KEY).catch(() => {});
    return false;
  }
}
