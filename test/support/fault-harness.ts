// Shared by the fault-*.e2e.ts files (docs/testing.md, Faults and security): the panel page closed and opened again,
// the extension reloaded, the stored task history read back, a task left running stopped, and the mask read from each
// tab's DOM. The model is held and the task started through the e2e kit (test/e2e/kit: hold, startTask, taskResult).

import type { Page } from 'playwright-core';
import type { ExtensionHarness } from './extension';
import { MASK } from './panel';

// ---- the panel page ----------------------------------------------------------------------------------------------

/** Opens the panel page (as opening the side panel does) and makes it the harness's panel from now on. */
export async function openPanel(harness: ExtensionHarness): Promise<Page> {
  const panel = await harness.context.newPage();
  await panel.goto(harness.panelUrl);
  await panel.waitForFunction(() => 'steadyhand' in globalThis);
  harness.panel = panel;
  return panel;
}

/** The task history as chrome.storage.local holds it: what the next panel loads. */
export { storedHistory } from './stored-history';

// ---- tabs, windows and the mask ---------------------------------------------------------------------------------

/** How many mask hosts the page's DOM holds now (-1 while the page is between two documents). */
export function maskCount(page: Page): Promise<number> {
  return page
    .locator(MASK)
    .count()
    .catch(() => -1);
}

/** Waits until the page holds the mask (or, with `present` false, holds none). */
export async function waitForMask(page: Page, present: boolean, timeoutMs = 10_000): Promise<void> {
  await page.waitForSelector(MASK, { state: present ? 'attached' : 'detached', timeout: timeoutMs });
}

/** Chrome's view of a tab from the panel: null when it is gone. */
export function tabInfo(
  panel: Page,
  tabId: number,
): Promise<{ windowId: number; active: boolean; discarded: boolean; url: string } | null> {
  return panel.evaluate(async (id) => {
    const tab = await chrome.tabs.get(id).catch(() => null);
    if (!tab) return null;
    return { windowId: tab.windowId, active: tab.active, discarded: tab.discarded, url: tab.url ?? '' };
  }, tabId);
}

// ---- the extension ------------------------------------------------------------------------------------------------

/**
 * Turns on developer mode in chrome://extensions, as a developer who reloads an unpacked extension has it: without
 * it Chrome disables an extension loaded from the command line when it reloads
 * (disable reason DISABLE_UNSUPPORTED_DEVELOPER_EXTENSION).
 */
export async function enableDeveloperMode(harness: ExtensionHarness): Promise<void> {
  const page = await harness.context.newPage();
  try {
    await page.goto('chrome://extensions/');
    const toggle = page.locator('#devMode');
    if (!(await toggle.evaluate((el) => (el as HTMLInputElement).checked))) await toggle.click();
    await page.waitForFunction(() => {
      const manager = document.querySelector('extensions-manager');
      const toolbar = manager?.shadowRoot?.querySelector('extensions-toolbar');
      const devMode = toolbar?.shadowRoot?.querySelector('#devMode') as HTMLInputElement | null | undefined;
      return devMode?.checked === true;
    });
  } finally {
    await page.close();
  }
}

/**
 * Reloads the extension from its panel page (chrome.runtime.reload()), as an update does: Chrome closes the panel
 * page and orphans every content script. Resolves with a new panel page once the reloaded extension is up (its
 * service worker started). Needs developer mode (enableDeveloperMode) and another tab open: Chrome keeps a panel page
 * that is the last tab of its window.
 */
export async function reloadExtension(harness: ExtensionHarness): Promise<Page> {
  const closed = harness.panel.waitForEvent('close');
  const restarted = harness.context.waitForEvent('serviceworker', { timeout: 15_000 });
  // From a timer, so the evaluate call returns before the page goes away with the extension.
  await harness.panel.evaluate(() => {
    setTimeout(() => chrome.runtime.reload(), 0);
  });
  await Promise.all([closed, restarted]);
  return openPanel(harness);
}
