// Tabs and windows taken away mid-task (docs/testing.md, Faults and security): the agent's tab closed, its window
// closed, its tab moved to another window, its tab discarded by Chrome, a tab it opened closed by the person. Each ends
// in a clear stop or goes on correctly; none hangs. The model is held by the test (the kit's hold), so each fault lands
// at a chosen moment: while an action runs in the page, or while the agent waits for the model.

import type { Page } from 'playwright-core';
import { maskCount, tabInfo, waitForMask } from '../support/fault-harness';
import { tally } from '../support/reliability';
import { eventMark, NO_WINDOW, waitForEventAfter } from './agent-tabs-browser';
import {
  act,
  control,
  describe,
  type ExtensionHarness,
  expect,
  type FixtureServer,
  hold,
  it,
  openFrontTab,
  type PanelGlobal,
  recordEvents,
  startTask,
  stopStartedTask,
  taskResult,
  test,
  waitForAgentEvent,
  waitForEvent,
} from './kit';

test.beforeAll(({ browser }) => recordEvents(browser.panel));

test.beforeEach(async ({ browser }) => {
  // A test that failed may leave its task running: stop it, so the next one can start.
  await stopStartedTask(browser.panel);
  // Every test starts from the panel's window alone, with only the panel page in it.
  for (const page of browser.context.pages()) if (page !== browser.panel) await page.close();
  await browser.panel.evaluate(async () => {
    const own = await chrome.windows.getCurrent();
    for (const win of await chrome.windows.getAll()) if (win.id !== own.id) await chrome.windows.remove(win.id ?? -1);
  });
});

/** The work bench in a new tab, in front: where the next task starts. */
async function workTab(browser: ExtensionHarness, site: FixtureServer): Promise<{ page: Page; tabId: number }> {
  const opened = await openFrontTab(browser, site.url('/fault/fault-work.html'));
  return opened;
}

function clicksIn(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { faultLog: { clicks: number } }).faultLog.clicks);
}

/**
 * Moves the task's group, with the tab, into a new window that takes the focus, as dragging the group out of its window
 * does; the tab is the active tab there. The whole group: a tab dragged alone out of its group is the person's again,
 * no longer the task's (docs/contracts.md O-OWN-11, test/e2e/tabs-group-ground-truth.e2e.ts).
 */
function moveToNewWindow(panel: Page, tabId: number): Promise<number> {
  return panel.evaluate(async (id) => {
    const { groupId } = await chrome.tabs.get(id);
    const windowId = (await chrome.windows.create({ focused: true }))?.id ?? -1;
    await chrome.tabGroups.move(groupId, { windowId, index: -1 });
    await chrome.tabs.update(id, { active: true });
    return windowId;
  }, tabId);
}

const done = (quote: string) =>
  act('done', { success: true, kind: 'reading', answer: `Found: ${quote}.`, evidence: { quotes: [quote] } });

describe("the agent's tab or window taken away", () => {
  it('stops with "Tab was closed" at once when the person closes the agent\'s tab while an action runs', async ({
    browser,
    site,
    model,
  }) => {
    const { page, tabId } = await workTab(browser, site);
    const held = hold(model);
    await startTask(browser.panel, 'Start the report and wait for it');
    const first = await held.next();
    held.answer(act('click', { ref: control(first, 'button', /start report/i).ref }));
    await held.next();
    held.answer(act('wait_for', { text: 'Report ready', timeoutMs: 15_000 }));
    await waitForAgentEvent(browser.panel, { type: 'tool_call', name: 'wait_for' });

    await page.close();
    const { result, events } = await taskResult(browser.panel);

    expect(result).toMatchObject({ status: 'stopped', summary: 'Tab was closed', stopCause: 'tab_closed' });
    // The wait in the page ended with the tab, not with its own 15 s timeout.
    const waited = events.find((e) => e.type === 'tool_result' && e.name === 'wait_for');
    expect(waited).toMatchObject({ outcome: 'execute_error', isError: true });
    expect(model.messageRequests).toHaveLength(2); // the model was not asked again
    expect(await tabInfo(browser.panel, tabId)).toBeNull();
    tally.fault('tab_closed');
    tally.tasks(1, 0);
  });

  it('stops with "Tab was closed" when the agent\'s tab closes while the agent waits for the model', async ({
    browser,
    site,
    model,
  }) => {
    const { page } = await workTab(browser, site);
    const held = hold(model);
    await startTask(browser.panel, 'Count twice');
    const first = await held.next();
    const count = control(first, 'button', /^count$/i).ref;
    held.answer(act('click', { ref: count }));
    await held.next();

    await page.close();
    // The task stops as the tab goes, without waiting for the model's answer (which could only act on a page that is
    // gone); the held request is answered afterwards, to nobody.
    const { result } = await taskResult(browser.panel);
    held.answer(act('click', { ref: count }));

    expect(result).toMatchObject({ status: 'stopped', summary: 'Tab was closed', stopCause: 'tab_closed' });
    expect(model.messageRequests).toHaveLength(2);
    tally.fault('tab_closed');
    tally.tasks(1, 0);
  });

  it('stops with "Tab was closed" when the person closes the window the agent works in', async ({
    browser,
    site,
    model,
  }) => {
    const { tabId } = await workTab(browser, site);
    const held = hold(model);
    await startTask(browser.panel, 'Start the report and wait for it');
    const first = await held.next();
    // The person takes the agent's group into a window of its own while the agent thinks.
    const windowId = await moveToNewWindow(browser.panel, tabId);
    held.answer(act('click', { ref: control(first, 'button', /start report/i).ref }));
    await held.next();
    held.answer(act('wait_for', { text: 'Report ready', timeoutMs: 15_000 }));
    await waitForAgentEvent(browser.panel, { type: 'tool_call', name: 'wait_for' });

    await browser.panel.evaluate((id) => chrome.windows.remove(id), windowId);
    const { result } = await taskResult(browser.panel);

    expect(result).toMatchObject({ status: 'stopped', summary: 'Tab was closed', stopCause: 'tab_closed' });
    await waitForEvent(browser.panel, { type: 'removed', tabId, windowId, isWindowClosing: true });
    expect(model.messageRequests).toHaveLength(2);
    tally.fault('window_closed');
    tally.tasks(1, 0);
  });

  it('goes on on the same tab when the person moves its group to another window, the mask following it there', async ({
    browser,
    site,
    model,
  }) => {
    const { page, tabId } = await workTab(browser, site);
    const held = hold(model);
    await startTask(browser.panel, 'Count once');
    const first = await held.next();
    await waitForMask(page, true);

    // Moved into a new window, which takes the focus: the tab is the active tab of the focused window, so masked.
    const mark = await eventMark(browser);
    const moved = await moveToNewWindow(browser.panel, tabId);
    await waitForEventAfter(browser, mark, { type: 'attached', tabId, windowId: moved });
    await waitForEventAfter(browser, mark, { type: 'focusChanged', windowId: moved });
    // Headless Chromium then reports "no window has the focus" (it has no OS focus to give; a headed Chrome keeps
    // the new window focused, and chrome.windows says it is). Deliver what a headed Chrome reports, through the
    // panel's bus as the service worker would.
    await waitForEventAfter(browser, mark, { type: 'focusChanged', windowId: NO_WINDOW });
    expect(await browser.panel.evaluate(async () => (await chrome.windows.getLastFocused()).id)).toBe(moved);
    await browser.panel.evaluate(
      (windowId) => (globalThis as PanelGlobal).steadyhand.bus.emit({ type: 'focusChanged', windowId }),
      moved,
    );
    expect((await tabInfo(browser.panel, tabId))?.windowId).toBe(moved);
    await waitForMask(page, true);
    expect(await maskCount(page)).toBe(1);

    // Another tab becomes the active tab of that window: no mask. The agent's tab is active again: mask.
    const other = await browser.panel.evaluate(
      async ({ windowId, url }) => (await chrome.tabs.create({ windowId, url, active: true })).id ?? -1,
      { windowId: moved, url: site.url('/index.html') },
    );
    await waitForEvent(browser.panel, { type: 'activated', tabId: other, windowId: moved });
    await waitForMask(page, false);
    await browser.panel.evaluate((id) => chrome.tabs.update(id, { active: true }), tabId);
    await waitForMask(page, true);

    // The agent acts on the same tab, in its new window, and finishes there.
    held.answer(act('click', { ref: control(first, 'button', /^count$/i).ref }));
    const second = await held.next();
    expect(second.tabId).toBe(tabId);
    expect(second.text).toContain('Clicks: 1');

    // Another window takes the focus: the agent's tab is still the tab in front of its window, where the person may
    // be looking at it, so the mask stays (docs/contracts.md O-OWN-5).
    const elsewhere = await browser.panel.evaluate(
      async () => (await chrome.windows.create({ url: 'about:blank', focused: true }))?.id ?? -1,
    );
    await waitForEvent(browser.panel, { type: 'focusChanged', windowId: elsewhere });
    await browser.panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.masksIdle());
    expect(await maskCount(page)).toBe(1);

    held.answer(done('Clicks: 1'));
    const { result, events } = await taskResult(browser.panel);
    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const steps = events.flatMap((e) => (e.type === 'step_started' ? [e.tabId] : []));
    expect(steps).toEqual([tabId, tabId]);
    expect(await clicksIn(page)).toBe(1);
    expect(await maskCount(page)).toBe(0);
    tally.fault('tab_moved');
    tally.actions(1, 0);
    tally.tasks(1, 0);
  });

  it('tells the agent when the person closes a tab it opened, and goes on', async ({ browser, site, model }) => {
    const { page, tabId } = await workTab(browser, site);
    const held = hold(model);
    await startTask(browser.panel, 'Look at page two, then count here');
    await held.next();
    held.answer(act('open_url', { url: site.url('/fault/fault-work.html?page=2'), newTab: true }));
    const second = await held.next();
    const opened = second.tabId ?? -1;
    expect(opened).not.toBe(tabId);
    expect(second.tabs.map((tab) => tab.tabId).sort()).toEqual([tabId, opened].sort());
    held.answer(act('switch_tab', { tabId }));
    await held.next();

    // The person closes the tab the agent opened, while the agent thinks.
    await browser.panel.evaluate((id) => chrome.tabs.remove(id), opened);
    await waitForEvent(browser.panel, { type: 'removed', tabId: opened });
    held.answer(act('switch_tab', { tabId: opened }));
    const told = await held.next();
    expect(told.text).toMatch(new RegExp(`switch_tab failed: Tab ${opened} was closed`));
    expect(told.tabs.map((tab) => tab.tabId)).toEqual([tabId]);
    expect(told.tabId).toBe(tabId);

    held.answer(act('click', { ref: control(told, 'button', /^count$/i).ref }));
    const after = await held.next();
    expect(after.text).toContain('Clicks: 1');
    held.answer(done('Clicks: 1'));
    const { result } = await taskResult(browser.panel);
    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(await clicksIn(page)).toBe(1);
    tally.fault('tab_closed');
    tally.tasks(1, 0);
  });
});
