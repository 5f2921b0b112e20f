// The mask in real Chromium: it blocks the person's (trusted) input but not the agent's (synthetic) actions, is
// invisible to snapshots, expires with its lease, and reaches the panel with Stop. (A new document of a task's tab
// gets the mask from the panel itself: test/e2e/task-scripts.e2e.ts.)

import type { Page } from 'playwright-core';
import { maskStopButton } from '../support/hostile-harness';
import { call, describe, expect, it, MASK, openTab, type PanelGlobal, refOf, test } from './kit';

type QueryLog = { tabId: number; query: string }[];
type TestPanel = PanelGlobal & { stopTabs: number[]; panelQueries: QueryLog };

test.beforeAll(async ({ browser }) => {
  // Stands in for the panel's mask coordinator: takes the mask's Stop for the tabs a test names.
  await browser.panel.evaluate(() => {
    const g = globalThis as TestPanel;
    g.stopTabs = [];
    g.panelQueries = [];
    chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
      if (message?.kind !== 'panel:query') return false;
      g.panelQueries.push({ tabId: message.tabId, query: message.query });
      if (!g.stopTabs.includes(message.tabId)) return false;
      sendResponse({ ok: true, value: { stopping: true } });
      return false;
    });
  });
});

test.beforeEach(async ({ panel }) => {
  await panel.evaluate(() => {
    const g = globalThis as TestPanel;
    g.stopTabs = [];
    g.panelQueries = [];
  });
});

const hasMask = (page: Page) => page.evaluate((selector) => document.querySelector(selector) !== null, MASK);

async function centreOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('mask', () => {
  it("blocks the person's clicks, keys and scrolling, and lets the agent act", async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-form.html'));
    const snap = await call(panel, tabId, 'snapshot', {});
    const box = await centreOf(page, '#aria-box');
    await page.focus('#fullname');
    expect(await call(panel, tabId, 'showMask', { leaseMs: 20_000 })).toEqual({ shown: true });

    await page.mouse.click(box.x, box.y);
    expect(await page.getAttribute('#aria-box', 'aria-checked')).toBe('false');
    await page.keyboard.type('person');
    expect(await page.inputValue('#fullname')).toBe('');
    await page.mouse.wheel(0, 400);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    const checked = await call(panel, tabId, 'check', {
      ref: refOf(snap, 'checkbox', 'Email me receipts'),
      snapshotId: snap.snapshotId,
      checked: true,
    });
    expect(checked).toMatchObject({ ok: true, verified: true });
    const typed = await call(panel, tabId, 'type', {
      ref: refOf(snap, 'textbox', 'Full name'),
      snapshotId: snap.snapshotId,
      text: 'agent',
    });
    expect(typed.verified).toBe(true);
    expect(await page.inputValue('#fullname')).toBe('agent');

    // The snapshot neither lists the mask nor thinks the page is covered by it.
    const masked = await call(panel, tabId, 'snapshot', {});
    expect(masked.text).not.toMatch(/Steadyhand|Stop/);
    expect(masked.elements.filter((e) => e.coveredBy)).toEqual([]);

    expect(await call(panel, tabId, 'hideMask')).toEqual({ hidden: true });
    expect(await hasMask(page)).toBe(false);
    // The same input gets through once the mask is down, so the checks above could have failed.
    expect(await page.getAttribute('#aria-box', 'aria-checked')).toBe('true');
    await page.mouse.click(box.x, box.y);
    expect(await page.getAttribute('#aria-box', 'aria-checked')).toBe('false');
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => window.scrollY > 0);
    await page.close();
  });

  it('hides by itself when its lease is not renewed', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/page/pc-menu.html'));
    await call(panel, tabId, 'showMask', { leaseMs: 400 });
    const renewedAt = Date.now();
    expect(await call(panel, tabId, 'renewMask', { leaseMs: 1_200 })).toEqual({ shown: true });
    expect(await hasMask(page)).toBe(true);
    await page.waitForSelector(MASK, { state: 'detached', timeout: 5_000 });
    expect(Date.now() - renewedAt).toBeGreaterThanOrEqual(1_100);
    expect(await call(panel, tabId, 'renewMask', { leaseMs: 1_000 })).toEqual({ shown: false });
    const menu = await centreOf(page, '#menu-button');
    await page.mouse.click(menu.x, menu.y);
    expect(await page.getAttribute('#menu-button', 'aria-expanded')).toBe('true');
    expect(await page.locator(MASK).count()).toBe(0);
    await page.close();
  });

  it('sends Stop to the panel, and hides at once when no panel runs a task here', async ({ browser, panel, site }) => {
    const withPanel = await openTab(browser, site.url('/page/pc-menu.html'));
    await panel.evaluate((id) => {
      (globalThis as TestPanel).stopTabs.push(id);
    }, withPanel.tabId);
    await call(panel, withPanel.tabId, 'showMask', { leaseMs: 20_000, label: 'Booking your table' });
    const stop = await maskStopButton(withPanel.page);
    await withPanel.page.mouse.click(stop.x, stop.y);
    await panel.waitForFunction(
      (id) => (globalThis as TestPanel).panelQueries.some((q) => q.tabId === id && q.query === 'requestStop'),
      withPanel.tabId,
    );
    expect(await hasMask(withPanel.page)).toBe(true); // the panel stops the agent and takes the mask down itself
    expect(await call(panel, withPanel.tabId, 'dispose')).toEqual({ disposed: true });
    expect(await hasMask(withPanel.page)).toBe(false);
    await withPanel.page.close();

    const orphan = await openTab(browser, site.url('/page/pc-menu.html'));
    await call(panel, orphan.tabId, 'showMask', { leaseMs: 20_000 });
    const button = await maskStopButton(orphan.page);
    await orphan.page.mouse.click(button.x, button.y);
    await orphan.page.waitForSelector(MASK, { state: 'detached', timeout: 5_000 });
    await orphan.page.close();
  });
});
