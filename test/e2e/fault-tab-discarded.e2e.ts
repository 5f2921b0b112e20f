// The agent's tab discarded by Chrome while the model thinks (docs/contracts.md F-T4): the agent is told its page is
// gone from there, sees it loaded anew in the same tab (under the id Chrome gave it), and goes on.
//
// On its own browser, spawned without Playwright's launch defaults (`useKit({ background: true })`,
// test/support/throttled-browser.ts): Debian's Chromium 150 crashes in chrome.tabs.discard when Playwright launched it
// and emulates on every page (seen 2026-11-28, 150.0.7871.100-1~deb12u1; the spawned browser discards the same tab
// cleanly). A discarded tab is a background tab anyway: here it is hidden as in a person's browser.

import type { Page } from 'playwright-core';
import { tabInfo } from '../support/fault-harness';
import { tally } from '../support/reliability';
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
  openTab,
  recordEvents,
  startTask,
  stopStartedTask,
  taskResult,
  test,
  useKit,
  waitForEvent,
} from './kit';

useKit({ background: true });

test.beforeAll(({ browser }) => recordEvents(browser.panel));

test.beforeEach(async ({ browser }) => {
  await stopStartedTask(browser.panel);
  for (const page of browser.context.pages()) if (page !== browser.panel) await page.close();
});

async function workTab(browser: ExtensionHarness, site: FixtureServer): Promise<{ page: Page; tabId: number }> {
  return openFrontTab(browser, site.url('/fault/fault-work.html'));
}

const done = (quote: string) =>
  act('done', { success: true, kind: 'reading', answer: `Found: ${quote}.`, evidence: { quotes: [quote] } });

describe("the agent's tab discarded by Chrome", () => {
  it('loads a tab Chrome discarded under the agent again, and goes on there', async ({ browser, site, model }) => {
    const { tabId } = await workTab(browser, site);
    const held = hold(model);
    await startTask(browser.panel, 'Count once');
    const first = await held.next();
    // The person goes on in another tab; the agent's tab is in the background, where Chrome may discard it.
    const person = await openTab(browser, site.url('/index.html'));
    await person.page.bringToFront();
    const loadsBefore = site.hits.filter((hit) => hit.startsWith('/fault/fault-work.html')).length;
    const discarded = await browser.panel.evaluate(async (id) => (await chrome.tabs.discard(id))?.id ?? -1, tabId);
    const replaced = discarded === tabId ? null : discarded;
    if (replaced !== null)
      await waitForEvent(browser.panel, { type: 'replaced', removedTabId: tabId, addedTabId: replaced });
    const now = replaced ?? tabId;
    expect(await tabInfo(browser.panel, now)).toMatchObject({ discarded: true });

    // The model answers for the page that was unloaded meanwhile: the agent is told its page is gone from there.
    held.answer(act('click', { ref: control(first, 'button', /^count$/i).ref }));
    const second = await held.next();
    expect(second.text).toMatch(
      replaced === null
        ? /click failed: .*unloaded by the browser/
        : new RegExp(`click failed: Tab ${tabId} is now tab ${now}`),
    );
    // It sees its page again, loaded anew in the same tab (under the id Chrome gave it), and goes on there.
    expect(second.tabId).toBe(now);
    expect(second.text).not.toContain('cannot be operated');
    expect(site.hits.filter((hit) => hit.startsWith('/fault/fault-work.html')).length).toBe(loadsBefore + 1);

    // Loaded behind the person's tab, headless Chromium gives the page no viewport (0×0): its controls are listed as
    // below it, and nothing can be clicked there. The person looks at the tab (a click on it), as the observation's
    // note on background tabs suggests, and the model finds the button by name.
    expect(second.controls.some((c) => c.role === 'button' && /^count$/i.test(c.name))).toBe(false);
    await browser.panel.evaluate((id) => chrome.tabs.update(id, { active: true }), now);
    held.answer(act('find', { query: 'Count' }));
    const found = await held.next();
    held.answer(act('click', { ref: control(found, 'button', /^count$/i).ref }));
    const third = await held.next();
    expect(third.text).toContain('Clicks: 1');
    held.answer(done('Clicks: 1'));
    const { result } = await taskResult(browser.panel);
    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(await tabInfo(browser.panel, now)).toMatchObject({ discarded: false });
    tally.fault('tab_discarded');
    tally.tasks(1, 0);
  });
});
