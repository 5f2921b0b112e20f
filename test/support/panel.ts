// Helpers for driving the panel page from a test. Functions passed to `panel.evaluate` run in the panel, so they
// reach the panel's own objects through the `steadyhand` handle that src/panel/main.tsx publishes.

import type { Page } from 'playwright-core';
import type { PanelHandle } from '../../src/panel/wiring/handle';
import type { TabEvent } from '../../src/shared/protocol';
import type { ExtensionHarness } from './extension';

export type { PanelHandle };

/**
 * The mask's host element in a page. Its tag is random (src/content/mask/marker.ts), so it is found the way a page
 * would have to: the one element Steadyhand puts on <html> beside head and body (the fixture pages put none there).
 */
export const MASK = 'html > :not(head):not(body)';

/** What a page can find of Steadyhand in its own DOM. */
export interface DomTrace {
  /** The attributes <html> carries. */
  htmlAttributes: string[];
  /** Elements beside head and body on <html>: where the mask's host goes. */
  besideHeadAndBody: number;
  /** Element and attribute names that mention Steadyhand. */
  namesMentioningUs: string[];
}

/** Reads the page's DOM as the page itself could (shared by the e2e tests and the bench's idle section). */
export function domTrace(page: Page): Promise<DomTrace> {
  return page.evaluate((mask) => {
    const html = document.documentElement;
    const names = [...html.querySelectorAll('*')].flatMap((el) => [el.localName, ...el.getAttributeNames()]);
    return {
      htmlAttributes: html.getAttributeNames(),
      besideHeadAndBody: html.querySelectorAll(mask).length,
      namesMentioningUs: [...html.getAttributeNames(), ...names].filter((name) => /steadyhand/i.test(name)),
    };
  }, MASK);
}

export type PanelGlobal = typeof globalThis & { steadyhand: PanelHandle; recordedEvents?: TabEvent[] };

let counter = 0;

/** Opens `url` in a new tab (with a marker so it can be found) and returns the page and its Chrome tab id. */
export async function openTab(harness: ExtensionHarness, url: string): Promise<{ page: Page; tabId: number }> {
  const marked = new URL(url);
  marked.searchParams.set('sh', `${Date.now()}-${++counter}`);
  const page = await harness.context.newPage();
  await page.goto(marked.href);
  const tabId = await tabIdOf(harness, marked.href);
  return { page, tabId };
}

/**
 * The document token of Steadyhand's content script in the tab's frame 0, read in the extension's isolated world of
 * that page (the page itself cannot see it); null when no script runs there.
 */
export async function scriptToken(panel: Page, tabId: number): Promise<string | null> {
  return panel.evaluate(async (id) => {
    const [frame] = await chrome.scripting.executeScript({
      target: { tabId: id, frameIds: [0] },
      func: () =>
        (globalThis as { __steadyhandContent?: { documentToken: string } }).__steadyhandContent?.documentToken,
    });
    return (frame?.result as string | undefined) ?? null;
  }, tabId);
}

/** Opens `url` in a new tab and brings it to the front: the person's active tab, where the next task starts. */
export async function openFrontTab(harness: ExtensionHarness, url: string): Promise<{ page: Page; tabId: number }> {
  const opened = await openTab(harness, url);
  await opened.page.bringToFront();
  return opened;
}

export async function tabIdOf(harness: ExtensionHarness, url: string): Promise<number> {
  const id = await harness.panel.evaluate(async (u) => {
    const tabs = await chrome.tabs.query({});
    return tabs.find((tab) => tab.url === u || tab.pendingUrl === u)?.id ?? -1;
  }, url);
  if (id < 0) throw new Error(`No tab with ${url}`);
  return id;
}

/** Starts recording every forwarded tab event in the panel, in `recordedEvents`. */
export async function recordEvents(panel: Page): Promise<void> {
  await panel.evaluate(() => {
    const g = globalThis as PanelGlobal;
    g.recordedEvents = [];
    g.steadyhand.bus.subscribe((event) => g.recordedEvents?.push(event));
  });
}

/** Waits until the panel has recorded an event matching `predicate` (a function source run in the panel). */
export async function waitForEvent(panel: Page, match: Partial<TabEvent>, timeoutMs = 10_000): Promise<TabEvent> {
  const handle = await panel.waitForFunction(
    (m) =>
      (globalThis as PanelGlobal).recordedEvents?.find((event) =>
        Object.entries(m).every(([key, value]) => (event as Record<string, unknown>)[key] === value),
      ),
    match,
    { timeout: timeoutMs },
  );
  return (await handle.jsonValue()) as TabEvent;
}
