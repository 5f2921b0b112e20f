// The content script gone or orphaned (docs/testing.md, Faults and security). An extension reload (an update) closes
// the panel and orphans the content script of every open tab: it can no longer hear the extension, and Chrome does not
// inject a new one into pages that are already open. A page's script can also be retired under the panel. Either way
// the panel finds no script to answer, injects a fresh one into the same document (the page is not reloaded), and the
// task goes on.

import type { Page } from 'playwright-core';
import { enableDeveloperMode, reloadExtension, storedHistory, waitForMask } from '../support/fault-harness';
import { tally } from '../support/reliability';
import {
  act,
  control,
  describe,
  type ExtensionHarness,
  expect,
  type FixtureServer,
  type HeldModel,
  hold,
  it,
  openFrontTab,
  type PanelGlobal,
  scriptToken,
  startTask,
  taskResult,
  test,
} from './kit';

test.beforeAll(({ browser }) => enableDeveloperMode(browser));

/** The work bench in a new tab, in front, with a mark in the page's own world that a reload would wipe. */
async function workTab(browser: ExtensionHarness, site: FixtureServer): Promise<{ page: Page; tabId: number }> {
  const opened = await openFrontTab(browser, site.url('/fault/fault-work.html'));
  await opened.page.evaluate(() => Object.assign(window, { faultMark: 'same document' }));
  return opened;
}

const sameDocument = (page: Page) => page.evaluate(() => (window as { faultMark?: string }).faultMark);
const clicksIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { faultLog: { clicks: number } }).faultLog.clicks);

/** What the panel gets from the tab's frame 0 when it messages it directly, as the service worker does. */
function directPing(panel: Page, tabId: number): Promise<string> {
  return panel.evaluate(
    (id) =>
      chrome.tabs.sendMessage(id, { kind: 'cs:rpc', v: 1, method: 'ping', args: [] }, { frameId: 0 }).then(
        () => 'answered',
        (error: Error) => error.message,
      ),
    tabId,
  );
}

/** A model that types the note, counts once and finishes with the count on the page as evidence. */
async function noteAndCount(held: HeldModel): Promise<void> {
  const first = await held.next();
  held.answer(act('type', { ref: control(first, 'textbox', /note/i).ref, text: 'after the update' }));
  const second = await held.next();
  held.answer(act('click', { ref: control(second, 'button', /^count$/i).ref }));
  const third = await held.next();
  expect(third.text).toContain('Clicks: 1');
  held.answer(act('done', { success: true, answer: 'Counted.', evidence: { quotes: ['Clicks: 1'] } }));
}

describe('content script gone or orphaned', () => {
  it('injects a fresh script into a tab opened before the extension reloaded, and the task succeeds there', async ({
    browser,
    site,
    model,
  }) => {
    const { page, tabId } = await workTab(browser, site);
    const loads = site.hits.filter((hit) => hit.startsWith('/fault/fault-work.html')).length;
    // The reload comes mid-task, with the mask up on the agent's tab (where the task put its script).
    const interrupting = hold(model);
    await startTask(browser.panel, 'Look at the page');
    await interrupting.next();
    await waitForMask(page, true);
    const before = await scriptToken(browser.panel, tabId);
    expect(before).toEqual(expect.any(String));
    const interrupted =
      (await browser.panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.host.latest()?.controller.taskId)) ??
      '';
    // An extension reload tears the panel down without a pagehide: the history store writes every event but streamed
    // text at once (src/panel/store/history.ts), so reloading right away loses nothing.
    const panel = await reloadExtension(browser);
    // The orphaned script still holds the mask; its lease, no longer renewed, takes it away.
    await waitForMask(page, false, 15_000);
    expect((await storedHistory(panel)).tasks[interrupted]?.steps).toHaveLength(1);
    expect(await panel.getByTestId('task-card').getAttribute('data-status')).toBe('interrupted');

    model.reset();
    const held = hold(model);
    await page.bringToFront();
    await startTask(panel, 'Write a note and count once');
    await noteAndCount(held);
    const { result } = await taskResult(panel);

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(await directPing(panel, tabId)).toBe('answered');
    // A new script, injected into the same document: the page was not reloaded to get it.
    const after = await scriptToken(panel, tabId);
    expect(after).toEqual(expect.any(String));
    expect(after).not.toBe(before);
    expect(await sameDocument(page)).toBe('same document');
    expect(site.hits.filter((hit) => hit.startsWith('/fault/fault-work.html')).length).toBe(loads);
    expect(await clicksIn(page)).toBe(1);
    expect(await page.inputValue('#note')).toBe('after the update');
    tally.fault('extension_reload');
    tally.actions(2, 0);
    tally.tasks(2, 0);
    await page.close();
  });

  it('restarts a content script retired mid-task, in the same document, and the task goes on', async ({
    browser,
    site,
    model,
  }) => {
    const { page, tabId } = await workTab(browser, site);
    const held = hold(model);
    await startTask(browser.panel, 'Write a note and count once');
    const first = await held.next();
    held.answer(act('type', { ref: control(first, 'textbox', /note/i).ref, text: 'before' }));
    const second = await held.next();

    // While the agent thinks, the page's script goes away (retired, as when a newer build replaces it).
    await browser.panel.evaluate(async (id) => {
      await chrome.scripting.executeScript({
        target: { tabId: id, frameIds: [0] },
        func: () => (globalThis as { __steadyhandContent?: { retire(): void } }).__steadyhandContent?.retire(),
      });
    }, tabId);
    expect(await directPing(browser.panel, tabId)).toMatch(/Receiving end does not exist/);

    held.answer(act('click', { ref: control(second, 'button', /^count$/i).ref }));
    // The click either reaches the restarted script or is refused as made for the old one; never lost, never doubled.
    let next = await held.next();
    if (!next.text.includes('Clicks: 1')) {
      held.answer(act('click', { ref: control(next, 'button', /^count$/i).ref }));
      next = await held.next();
    }
    expect(next.text).toContain('Clicks: 1');
    held.answer(act('done', { success: true, answer: 'Counted.', evidence: { quotes: ['Clicks: 1'] } }));
    const { result } = await taskResult(browser.panel);

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(await directPing(browser.panel, tabId)).toBe('answered');
    expect(await sameDocument(page)).toBe('same document');
    expect(await clicksIn(page)).toBe(1);
    tally.fault('content_script_gone');
    tally.actions(1, 0);
    tally.tasks(1, 0);
    await page.close();
  });
});
