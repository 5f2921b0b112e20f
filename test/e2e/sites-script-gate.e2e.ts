// The content script and the mask stay off blocked and undecided sites (decision 0025). Within a run the
// agent's links and the page's own navigations are asked about before they load (sites-before-request.e2e.ts), so
// the way such a page reaches a task's tab is the person: between two runs of a task they take its tab to a site
// nobody has decided on, and ask a follow-up. While the person is asked, and after they deny it, the page has no
// script of the extension (the isolated world holds no instance, as task-scripts.e2e.ts checks) and no mask. A site on
// the block list gets neither, and no question. Chromium maps *.test to the fixture server.

import type { Page } from 'playwright-core';
import { permissionBox } from '../support/perm-sites';
import {
  describe,
  domTrace,
  expect,
  giveUp,
  it,
  openTab,
  type PanelGlobal,
  play,
  runTask,
  scriptToken,
  test,
  useKit,
} from './kit';

useKit({ hostResolverRules: 'MAP *.test 127.0.0.1' });

test.afterEach(async ({ browser }) => {
  await browser.panel.evaluate(() =>
    (globalThis as PanelGlobal).steadyhand.settings.getState().update({ allowedSites: [], blockedSites: [] }),
  );
});

/** Where the tab is now, as Chrome has it. */
function tabUrl(panel: Page, tabId: number): Promise<string> {
  return panel.evaluate(async (id) => (await chrome.tabs.get(id)).url ?? '', tabId);
}

/** A first run on the shop that ends at once, then the person takes the task's tab to `url` before a follow-up. */
async function taskThenPersonGoes(panel: Page, page: Page, model: Parameters<typeof play>[0], url: string) {
  play(model, () => giveUp('Nothing to do yet.'));
  await runTask(panel, 'Look at the garden shop');
  await page.goto(url);
}

describe('a site the task may not use (yet) gets nothing from the extension', () => {
  it('an undecided site: no script and no mask while the person is asked, nor after Deny', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { page, tabId } = await openTab(browser, `http://shop.test:${site.port}/sites/links.html`);
    await page.bringToFront();
    await taskThenPersonGoes(panel, page, model, `http://partner.test:${site.port}/sites/partner.html`);
    play(model, (seen) => giveUp(`Not allowed there: ${seen.problem ?? 'no problem'}`));

    const running = runTask(panel, 'Now look at this page', { followUp: true });
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(await ask.origin.textContent()).toBe(`http://partner.test:${site.port}`);
    expect(await tabUrl(panel, tabId)).toMatch(/^http:\/\/partner\.test:\d+\/sites\/partner\.html/);
    await page.waitForLoadState('load');
    expect(await scriptToken(panel, tabId)).toBeNull();
    expect((await domTrace(page)).besideHeadAndBody).toBe(0);
    await ask.deny.click();
    const { result } = await running;

    expect(result).toMatchObject({ status: 'failed' });
    expect(await scriptToken(panel, tabId)).toBeNull();
    expect(await domTrace(page)).toEqual({ htmlAttributes: ['lang'], besideHeadAndBody: 0, namesMentioningUs: [] });
    await page.close();
  });

  it('a blocked site: refused without a question, and no script or mask ever', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    await panel.evaluate(() =>
      (globalThis as PanelGlobal).steadyhand.settings.getState().update({ blockedSites: ['forum.test'] }),
    );
    const { page, tabId } = await openTab(browser, `http://shop.test:${site.port}/sites/links.html`);
    await page.bringToFront();
    await taskThenPersonGoes(panel, page, model, `http://forum.test:${site.port}/sites/partner.html`);
    play(model, (seen) => giveUp(`Not allowed there: ${seen.problem ?? 'no problem'}`));

    const { result, events } = await runTask(panel, 'Now look at this page', { followUp: true });

    expect(result).toMatchObject({ status: 'failed' });
    expect(result.answer).toContain("on the person's block list");
    expect(events.filter((event) => event.type === 'permission_request')).toEqual([]);
    expect(await tabUrl(panel, tabId)).toMatch(/^http:\/\/forum\.test:\d+\/sites\/partner\.html/);
    expect(await scriptToken(panel, tabId)).toBeNull();
    expect((await domTrace(page)).besideHeadAndBody).toBe(0);
    await page.close();
  });
});
