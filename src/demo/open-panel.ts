// Opens Steadyhand's panel for `npm start`. With a display, the real side panel next to the page (it needs a user
// gesture, which CDP can vouch for); headless, or if that fails, the panel page in a tab.

import type { BrowserContext, Page } from 'playwright-core';

export type { PanelHandleGlobal } from '../panel/handle';

export async function openPanel(
  context: BrowserContext,
  extensionId: string,
  options: { headless: boolean },
): Promise<Page> {
  const url = `chrome-extension://${extensionId}/src/panel/index.html`;
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  await page.waitForFunction(() => 'steadyhand' in globalThis);
  if (options.headless) return page;
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Runtime.evaluate', {
      expression: 'chrome.windows.getCurrent().then((w) => chrome.sidePanel.open({ windowId: w.id }))',
      userGesture: true,
      awaitPromise: true,
    });
    const side = await context.waitForEvent('page', { predicate: (p) => p.url() === url, timeout: 5_000 });
    await side.waitForFunction(() => 'steadyhand' in globalThis);
    await page.close();
    return side;
  } catch {
    return page; // the panel page in a tab works the same
  }
}
