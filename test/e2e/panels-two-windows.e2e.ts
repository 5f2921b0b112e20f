// Two windows, each with its panel (the second panel page opened as a tab in the other window, as the kit opens the
// first), in real Chromium (docs/contracts.md O-OWN-*, decision 0027): a tab belongs to one task across panels; one
// task's end leaves the other's mask up; Stop on a mask stops only its task; both panels' tasks are in the history.

import type { Page } from 'playwright-core';
import { maskCount, storedHistory, waitForMask } from '../support/fault-harness';
import { reportRoute } from '../support/files-routes';
import { maskStopButton } from '../support/hostile-harness';
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
  useKit,
} from './kit';

useKit({ routes: [reportRoute] });

/** The second window, with a panel page as its tab (its own agent, as a side panel of that window would be). */
interface OtherWindow {
  windowId: number;
  panel: Page;
}

let other: OtherWindow | null = null;

test.beforeAll(({ browser }) => recordEvents(browser.panel));

test.beforeEach(async ({ browser }) => {
  await stopStartedTask(browser.panel);
  if (other) {
    await stopStartedTask(other.panel).catch(() => {});
    await browser.panel.evaluate((id) => chrome.windows.remove(id), other.windowId).catch(() => {});
    other = null;
  }
  for (const page of browser.context.pages()) if (page !== browser.panel) await page.close();
});

async function openOtherWindow(browser: ExtensionHarness): Promise<OtherWindow> {
  const opened = browser.context.waitForEvent('page', (page) => page.url() === browser.panelUrl);
  const windowId = await browser.panel.evaluate(
    async (url) => (await chrome.windows.create({ url, focused: false }))?.id ?? -1,
    browser.panelUrl,
  );
  const panel = await opened;
  await panel.waitForFunction(() => 'steadyhand' in globalThis);
  other = { windowId, panel };
  return other;
}

/** A work page as a tab of `windowId`, in front there (the person looks at it), without focusing that window. */
async function workTabIn(browser: ExtensionHarness, site: FixtureServer, windowId: number, name: string) {
  return tabIn(browser, site.url(`/fault/fault-work.html?name=${name}`), windowId);
}

async function tabIn(browser: ExtensionHarness, url: string, windowId: number) {
  const opened = browser.context.waitForEvent('page', (page) => page.url() === url);
  const tabId = await browser.panel.evaluate(
    async ([u, win]) => (await chrome.tabs.create({ url: u, windowId: win, active: true }))?.id ?? -1,
    [url, windowId] as const,
  );
  const page = await opened;
  await page.waitForLoadState('load');
  return { page, tabId };
}

function clicksIn(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { faultLog: { clicks: number } }).faultLog.clicks);
}

const done = (quote: string) =>
  act('done', { success: true, kind: 'reading', answer: `Found: ${quote}.`, evidence: { quotes: [quote] } });

/** The instructions of the tasks a panel's history view lists, newest first. */
async function historyListed(panel: Page): Promise<string[]> {
  await panel.getByRole('navigation').getByRole('button', { name: 'History' }).click();
  const listed = await panel
    .getByTestId('history-item')
    .locator('.history-instruction')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
  await panel.getByRole('navigation').getByRole('button', { name: 'Task' }).click();
  return listed;
}

describe('two windows, each with its panel', () => {
  it('gives a tab to one task: the other panel is told why and does nothing to the tab', async ({
    browser,
    site,
    model,
  }) => {
    const b = await openOtherWindow(browser);
    const { page, tabId } = await openFrontTab(browser, site.url('/fault/fault-work.html'));
    const held = hold(model);
    await startTask(browser.panel, 'Count once on the work bench');
    const first = await held.next();
    await waitForMask(page, true);

    // The person drags the task's group into the other window and asks that window's panel to work on the tab too.
    // The whole group: a tab dragged alone out of its group would be the person's again (O-OWN-9), no longer the task's.
    await browser.panel.evaluate(
      async ([id, win]) => {
        const { groupId } = await chrome.tabs.get(id);
        await chrome.tabGroups.move(groupId, { windowId: win, index: -1 });
        await chrome.tabs.update(id, { active: true });
      },
      [tabId, b.windowId] as const,
    );
    await startTask(b.panel, 'Count twice on the work bench');
    const refused = await taskResult(b.panel);

    expect(refused.result).toMatchObject({ status: 'stopped', stopCause: 'tab_taken' });
    expect(refused.result.summary).toMatch(/Another Steadyhand task .* is working on this tab/);
    expect(refused.events.filter((e) => e.type === 'step_started' || e.type === 'tool_call')).toEqual([]);
    await expect.poll(() => b.panel.getByTestId('final-summary').textContent()).toMatch(/working on this tab/);
    // The refused task's end leaves the owner's mask up (its tab is in front of the other window now, unfocused).
    await b.panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.masksIdle());
    expect(await maskCount(page)).toBe(1);
    held.answer(act('click', { ref: control(first, 'button', /count/i).ref }));
    await held.next();
    expect(await maskCount(page)).toBe(1);
    held.answer(done('Clicks: 1'));
    const owner = await taskResult(browser.panel);
    expect(owner.result.status).toBe('succeeded');
    expect(await clicksIn(page)).toBe(1);
    expect(model.messageRequests).toHaveLength(2); // the owner's two; the refused task never asked the model
    await waitForMask(page, false);

    // Both panels' tasks are in the history: in storage, and listed in each panel.
    const both = ['Count once on the work bench', 'Count twice on the work bench'];
    await expect
      .poll(async () => Object.values((await storedHistory(browser.panel)).tasks).map((t) => t.instructions[0]))
      .toEqual(expect.arrayContaining(both));
    for (const panel of [browser.panel, b.panel]) {
      await expect.poll(() => historyListed(panel)).toEqual(expect.arrayContaining(both));
    }
  });

  it('stops only its own task when Stop is pressed on a mask, and the other task and its mask go on', async ({
    browser,
    site,
    model,
  }) => {
    const b = await openOtherWindow(browser);
    const mine = await openFrontTab(browser, site.url('/fault/fault-work.html?name=mine'));
    const theirs = await workTabIn(browser, site, b.windowId, 'theirs');
    const held = hold(model);
    await startTask(b.panel, 'Count on their bench');
    const theirFirst = await held.next();
    await startTask(browser.panel, 'Count on my bench');
    await held.next();
    // Each task's front tab is masked, the other window's too although it does not have the focus.
    await waitForMask(mine.page, true);
    await waitForMask(theirs.page, true);

    const stop = await maskStopButton(mine.page);
    await mine.page.mouse.click(stop.x, stop.y);
    const stopped = await taskResult(browser.panel);
    expect(stopped.result).toMatchObject({ status: 'stopped', stopCause: 'person' });
    await waitForMask(mine.page, false);

    // The other panel's task did not hear that Stop: its mask is still up, and it finishes its work.
    await b.panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.masksIdle());
    expect(await maskCount(theirs.page)).toBe(1);
    held.answer(act('click', { ref: control(theirFirst, 'button', /count/i).ref }));
    held.answer(done('Clicks: 0')); // the stopped task's request, which nobody waits for any more
    await held.next();
    held.answer(done('Clicks: 1'));
    const finished = await taskResult(b.panel);
    expect(finished.result.status).toBe('succeeded');
    expect(await clicksIn(theirs.page)).toBe(1);
    expect(await clicksIn(mine.page)).toBe(0);

    // Each Task group has its own colour.
    const colours = await browser.panel.evaluate(async () => (await chrome.tabGroups.query({})).map((g) => g.color));
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('gives a download only to the task whose tab started it, though both tasks show the same page', async ({
    browser,
    site,
    model,
  }) => {
    const b = await openOtherWindow(browser);
    const url = site.url('/files/downloads.html');
    const home = await browser.panel.evaluate(async () => (await chrome.windows.getCurrent()).id ?? -1);
    await tabIn(browser, url, home);
    await tabIn(browser, url, b.windowId);
    const held = hold(model);
    await startTask(b.panel, 'Wait on their reports page');
    await held.next();
    await startTask(browser.panel, 'Download the meeting notes');
    const myFirst = await held.next();
    // Their step lasts a while (a text that never comes), so my download lands in the middle of it.
    held.answer(act('wait_for', { text: 'Never shown', timeoutMs: 4_000 }));
    held.answer(act('click', { ref: control(myFirst, 'link', /meeting notes/i).ref }));
    const seconds = [await held.next(), await held.next()];
    const mySecond = seconds.find((seen) => seen.previousTools.includes('click'));
    const theirSecond = seconds.find((seen) => seen.previousTools.includes('wait_for'));
    held.answer(done('Reports'));
    held.answer(done('Reports'));
    expect((await taskResult(browser.panel)).result.status).toBe('succeeded');
    expect((await taskResult(b.panel)).result.status).toBe('succeeded');

    expect(mySecond?.text).toContain('meeting-notes.txt');
    expect(theirSecond?.text).toBeDefined();
    expect(theirSecond?.text).not.toContain('meeting-notes.txt');
  });
});
