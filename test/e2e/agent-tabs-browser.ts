// Shared by the agent-tabs-*.e2e.ts files: the browser as the person uses it (opening and activating tabs, leaving
// the window and coming back) and as the test reads it (Chrome's tabs and groups, the mask in each tab's DOM).

import type { Page } from 'playwright-core';
import { NO_WINDOW } from '../../src/panel/tabs/tabs-adapter';
import type { TabEvent } from '../../src/shared/protocol';
import { type ExtensionHarness, MASK, openTab, type PanelGlobal } from './kit';

export { NO_WINDOW };

// ---- tabs, windows and the person's moves ------------------------------------------------------------------------

export interface OpenTab {
  page: Page;
  tabId: number;
  /** The tab identity the at-steps pages log (window.name). */
  key: string;
}

export function tabKey(page: Page): Promise<string> {
  return page.evaluate(() => window.name);
}

/** The person opens a page in a new tab of the window (it becomes the active tab) and looks at it. */
export async function personOpens(browser: ExtensionHarness, url: string): Promise<OpenTab> {
  const { page, tabId } = await openTab(browser, url);
  await page.bringToFront();
  await page.waitForFunction(() => window.name.startsWith('at-tab-'));
  return { page, tabId, key: await tabKey(page) };
}

export interface TabFacts {
  active: boolean;
  windowId: number;
  url: string;
  groupId: number;
  groupTitle: string | null;
}

export function tabFacts(browser: ExtensionHarness, tabId: number): Promise<TabFacts | null> {
  return browser.panel.evaluate(async (id) => {
    const tab = await chrome.tabs.get(id).catch(() => null);
    if (!tab) return null;
    const group = tab.groupId >= 0 ? await chrome.tabGroups.get(tab.groupId) : null;
    const url = tab.url || tab.pendingUrl || '';
    return { active: tab.active, windowId: tab.windowId, url, groupId: tab.groupId, groupTitle: group?.title ?? null };
  }, tabId);
}

export function panelWindowId(browser: ExtensionHarness): Promise<number> {
  return browser.panel.evaluate(async () => (await chrome.windows.getCurrent()).id ?? -1);
}

/** Closes every page but the panel and every window but the panel's, so each test starts from the same browser. */
export async function resetBrowser(browser: ExtensionHarness): Promise<void> {
  for (const page of browser.context.pages()) if (page !== browser.panel) await page.close().catch(() => {});
  await browser.panel.evaluate(async () => {
    const own = await chrome.windows.getCurrent();
    const others = (await chrome.windows.getAll()).filter((w) => w.id !== undefined && w.id !== own.id);
    await Promise.all(others.map((w) => chrome.windows.remove(w.id ?? -1)));
  });
}

/** How many tab events the panel has recorded so far (see recordEvents); a mark for `waitForEventAfter`. */
export function eventMark(browser: ExtensionHarness): Promise<number> {
  return browser.panel.evaluate(() => (globalThis as PanelGlobal).recordedEvents?.length ?? 0);
}

/** Waits until the panel received a tab event matching `match` after `mark`. */
export async function waitForEventAfter(
  browser: ExtensionHarness,
  mark: number,
  match: Partial<TabEvent>,
  timeoutMs = 10_000,
): Promise<void> {
  await browser.panel.waitForFunction(
    ({ mark, match }) =>
      ((globalThis as PanelGlobal).recordedEvents ?? [])
        .slice(mark)
        .some((event) =>
          Object.entries(match).every(([key, value]) => (event as Record<string, unknown>)[key] === value),
        ),
    { mark, match },
    { timeout: timeoutMs },
  );
}

/** The person brings an existing tab to the front; resolves once the panel heard of it. */
export async function activate(browser: ExtensionHarness, page: Page, tabId: number): Promise<void> {
  const mark = await eventMark(browser);
  const wasActive = await browser.panel.evaluate(async (id) => (await chrome.tabs.get(id)).active, tabId);
  await page.bringToFront();
  if (!wasActive) await waitForEventAfter(browser, mark, { type: 'activated', tabId });
}

/** The person focuses another window; returns its id once the panel heard of the focus change. */
export async function focusOtherWindow(browser: ExtensionHarness): Promise<number> {
  const mark = await eventMark(browser);
  const windowId = await browser.panel.evaluate(
    async () => (await chrome.windows.create({ url: 'about:blank', focused: true }))?.id ?? -1,
  );
  await waitForEventAfter(browser, mark, { type: 'focusChanged', windowId });
  return windowId;
}

/**
 * The person comes back to the panel's window. Headless Chromium reports the other window's focus, then "no window"
 * when it closes, and never reports the focus coming back (a headed Chrome does). So: close the other window, wait
 * for that "no window" report, then deliver the event a headed Chrome sends now through the panel's bus, as the
 * service worker would.
 */
export async function comeBackFrom(browser: ExtensionHarness, otherWindowId: number, home: number): Promise<void> {
  const mark = await eventMark(browser);
  await browser.panel.evaluate((id) => chrome.windows.remove(id), otherWindowId);
  await waitForEventAfter(browser, mark, { type: 'focusChanged', windowId: NO_WINDOW });
  await browser.panel.evaluate(
    (windowId) => (globalThis as PanelGlobal).steadyhand.bus.emit({ type: 'focusChanged', windowId }),
    home,
  );
}

// ---- the mask rule --------------------------------------------------------------------------------------------

/** The panel's side of the mask, for a failure message: the coordinator's inputs and the latest tab events. */
export function maskDiagnosis(browser: ExtensionHarness): Promise<string> {
  return browser.panel.evaluate(() => {
    const g = globalThis as PanelGlobal;
    const events = (g.recordedEvents ?? []).filter((e) => e.type !== 'updated').slice(-12);
    return JSON.stringify({
      inputs: g.steadyhand.host.latest()?.mask.inputs(),
      shownOn: g.steadyhand.host.latest()?.mask.shownOn,
      events,
    });
  });
}

export interface MaskTruth {
  /** The agent's tab, or null when no task runs (then no tab may be masked). */
  agentTabId: number | null;
}

/**
 * Every web tab whose DOM disagrees with the mask rule (agent running && its tab active in its window, whichever
 * window has the focus: docs/contracts.md O-OWN-5), from Chrome's own view of which tabs are active and each page's
 * DOM. Empty when all agree.
 */
export async function maskMismatches(browser: ExtensionHarness, truth: MaskTruth): Promise<string[]> {
  const tabs = await browser.panel.evaluate(async () =>
    (await chrome.tabs.query({})).map((t) => ({ id: t.id ?? -1, url: t.url ?? '', active: t.active, win: t.windowId })),
  );
  const agent = tabs.find((tab) => tab.id === truth.agentTabId);
  const due = agent?.active ? agent.id : null;
  const wrong: string[] = [];
  for (const page of browser.context.pages()) {
    if (page === browser.panel || !page.url().startsWith('http')) continue;
    const tab = tabs.find((t) => t.url === page.url());
    const masks = await page
      .locator(MASK)
      .count()
      .catch(() => -1); // the page is between two documents
    if (!tab) {
      wrong.push(`${page.url()}: no tab has this URL yet`);
      continue;
    }
    const expected = tab.id === due ? 1 : 0;
    if (masks !== expected) wrong.push(`tab ${tab.id} (${page.url()}): ${masks} mask(s), expected ${expected}`);
  }
  return wrong;
}
