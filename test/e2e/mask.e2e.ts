// The mask rule in Chromium (docs/contracts.md 004-M*, O-OWN-5): the mask is in the agent tab's DOM exactly while the
// agent runs and it is the active tab of its window, focused or not; a document that loads mid-task gets it from the panel;
// the mask's Stop button reaches the agent; nothing is left masked after the task.

import type { Page } from 'playwright-core';
import { navRoutes } from '../support/nav-routes';
import { describe, expect, it, MASK, openTab, recordEvents, useKit, waitForEvent } from './kit';
import type { TabsPanelGlobal } from './tabs-handle';

useKit({ routes: navRoutes() });

async function expectMask(page: Page, present: boolean): Promise<void> {
  await page.waitForSelector(MASK, { state: present ? 'attached' : 'detached', timeout: 5_000 });
  expect(await page.locator(MASK).count()).toBe(present ? 1 : 0);
}

/** Sends a content script's query (cs:query) from the tab's isolated world, as the content script does on boot. */
function queryFromTab(panel: Page, tabId: number, query: 'requestStop') {
  return panel.evaluate(
    async ({ tabId, query }) => {
      const [result] = await chrome.scripting.executeScript({
        target: { tabId },
        func: (q: string) => chrome.runtime.sendMessage({ kind: 'cs:query', v: 1, query: q }),
        args: [query],
      });
      return result?.result as { ok: boolean; value?: { show: boolean }; error?: { code: string } };
    },
    { tabId, query },
  );
}

describe('MaskCoordinator in Chromium', () => {
  it('keeps the mask on the agent tab exactly while the rule holds, and removes it everywhere at the end', async ({
    browser,
    panel,
    site,
  }) => {
    await recordEvents(panel);
    await panel.bringToFront();
    const agent = await openTab(browser, site.url('/navigation/nav-actions.html?name=masked'));
    await agent.page.bringToFront();
    const panelWindow = await panel.evaluate(async () => (await chrome.windows.getCurrent()).id ?? -1);

    await panel.evaluate(async () => {
      const g = globalThis as TabsPanelGlobal & { stopRequests?: number };
      const manager = await g.steadyhand.createTabsManager({ taskId: 'mask1' });
      g.managers = { ...g.managers, mask1: manager };
      await manager.beginRun();
      g.stopRequests = 0;
      g.mask = g.steadyhand.createMask();
      await g.mask.start({
        tabs: manager,
        onStop: () => {
          g.stopRequests = (g.stopRequests ?? 0) + 1;
        },
      });
    });
    await expectMask(agent.page, true);

    // The person switches to another tab of the window, and back.
    await panel.bringToFront();
    const person = await openTab(browser, site.url('/navigation/nav-actions.html?name=person'));
    await person.page.bringToFront();
    await expectMask(agent.page, false);
    await expectMask(person.page, false);
    await agent.page.bringToFront();
    await expectMask(agent.page, true);

    // The window loses the focus to another window: the tab is still in front of its window, so the mask stays.
    const other = await panel.evaluate(async () => (await chrome.windows.create({ focused: true }))?.id ?? -1);
    await waitForEvent(panel, { type: 'focusChanged', windowId: other });
    await panel.evaluate(() => (globalThis as TabsPanelGlobal).steadyhand.masksIdle());
    await expectMask(agent.page, true);
    // Headless Chromium has no OS focus: it reports the new window, then WINDOW_ID_NONE, and never reports focus
    // coming back. Close the other window (Chrome's last focused window is ours again) and deliver the event a
    // headed Chrome sends at that moment through the panel's bus, as the service worker would.
    await panel.evaluate((id) => chrome.windows.remove(id), other);
    expect(await panel.evaluate(async () => (await chrome.windows.getLastFocused()).id)).toBe(panelWindow);
    await panel.evaluate(
      (windowId) => (globalThis as TabsPanelGlobal).steadyhand.bus.emit({ type: 'focusChanged', windowId }),
      panelWindow,
    );
    await expectMask(agent.page, true);

    // The agent's tab loads a new document: the panel puts its script there and masks the new document too.
    await panel.evaluate(
      (url) => (globalThis as TabsPanelGlobal).managers?.mask1?.openUrl(url, { newTab: false }),
      site.url('/nav/slow?ms=500&page=/navigation/nav-actions.html'),
    );
    await agent.page.waitForURL(/nav\/slow/);
    await expectMask(agent.page, true);
    // A tab the panel is not working on gets no answer from it.
    expect(await queryFromTab(panel, person.tabId, 'requestStop')).toMatchObject({
      ok: false,
      error: { code: 'no_receiver' },
    });
    expect(await panel.evaluate(() => (globalThis as { stopRequests?: number }).stopRequests)).toBe(0);

    // The mask's Stop button reaches the agent.
    expect(await queryFromTab(panel, agent.tabId, 'requestStop')).toMatchObject({
      ok: true,
      value: { stopping: true },
    });
    expect(await panel.evaluate(() => (globalThis as { stopRequests?: number }).stopRequests)).toBe(1);

    await panel.evaluate(async () => {
      const g = globalThis as TabsPanelGlobal;
      await g.mask?.stop();
      await g.managers?.mask1?.endRun();
    });
    await expectMask(agent.page, false);
    await expectMask(person.page, false);
    expect(await queryFromTab(panel, agent.tabId, 'requestStop')).toMatchObject({
      ok: false,
      error: { code: 'no_receiver' },
    });

    await person.page.close();
    await agent.page.close();
  });

  it('does not mask the agent tab while it works in the background, and masks it when the person looks', async ({
    browser,
    panel,
    site,
  }) => {
    await panel.bringToFront();
    const agent = await openTab(browser, site.url('/navigation/nav-actions.html?name=background'));
    await agent.page.bringToFront();
    await panel.evaluate(async () => {
      const g = globalThis as TabsPanelGlobal;
      const manager = await g.steadyhand.createTabsManager({ taskId: 'mask2' });
      g.managers = { ...g.managers, mask2: manager };
      await manager.beginRun();
      g.mask = g.steadyhand.createMask();
      await g.mask.start({ tabs: manager, onStop: () => {} });
    });
    await expectMask(agent.page, true);

    // The agent opens a background tab and works there: the person still sees their tab, unmasked.
    const openedPage = browser.context.waitForEvent('page');
    const { tabId } = await panel.evaluate((url) => {
      const manager = (globalThis as TabsPanelGlobal).managers?.mask2;
      if (!manager) throw new Error('no manager');
      return manager.openUrl(url, { newTab: true });
    }, site.url('/navigation/nav-actions.html?name=opened'));
    await expectMask(agent.page, false);
    const opened = await openedPage;
    await opened.waitForURL(/name=opened/);
    await opened.waitForLoadState();
    await expectMask(opened, false);

    await opened.bringToFront();
    await expectMask(opened, true);

    await panel.evaluate(() => (globalThis as TabsPanelGlobal).mask?.stop());
    await expectMask(opened, false);
    await panel.evaluate((id) => chrome.tabs.remove(id), tabId);
    await agent.page.close();
  });
});
