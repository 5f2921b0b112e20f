// docs/contracts.md, Seed 000, sections 4 and 5 in Chromium: the stops that must still happen. A tab moved to a browser
// page without the agent stops at once with the restricted text; a new tab whose navigation never commits within 5 s
// stops with the same text; an open_url that does not commit is a handler error and the task goes on; a page that takes
// the agent's tab to another origin while the model thinks is held before its request by the task's network hold
// (decision 0025) and asked about, where it used to stop the task with "origin changed" after the other site had it.

import { STOP_TEXT } from '../../src/panel/agent/task/events';
import { permissionBox } from '../support/perm-sites';
import {
  doneWith,
  expectVerifiedEnd,
  personNavigates,
  tabState,
  toldAt,
  useNavKit,
  waitForTab,
} from './agent-navigation-harness';
import {
  act,
  control,
  describe,
  expect,
  type FakeAnthropic,
  giveUp,
  it,
  openFrontTab,
  outcomes,
  type PanelGlobal,
  play,
  runTask,
} from './kit';

const arrivals = useNavKit();

/** Nothing in the run was a model call after the stop: the stop came before the model was asked again. */
const modelCalls = (model: FakeAnthropic) => model.messageRequests.length;

describe('agent navigation stops in Chromium (docs/contracts.md 000-D*, 000-E*)', () => {
  it('the agent’s tab moved to chrome://version while the task runs: stops at once as restricted', async ({
    browser,
    site,
    model,
  }) => {
    const { tabId } = await openFrontTab(browser, site.url('/agent-navigation/an-start.html'));
    play(model, async (s) => {
      if (s.index > 0) throw new Error('the model was asked again after the tab reached a browser page');
      await personNavigates(browser.panel, tabId, { url: 'chrome://version' });
      await waitForTab(browser.panel, tabId, 'chrome://version');
      return act('read_page');
    });

    const { result } = await runTask(browser.panel, 'Read the trail guide');

    expect(result).toMatchObject({ status: 'stopped', stopCause: 'restricted', summary: STOP_TEXT.restricted });
    expect(modelCalls(model)).toBe(1);
  });

  it('the person opens view-source of a slow page in the agent’s tab: stops before the model acts again', async ({
    browser,
    site,
    model,
  }) => {
    const { tabId } = await openFrontTab(browser, site.url('/agent-navigation/an-start.html'));
    const source = `view-source:${site.url('/nav/slow?ms=2500&page=/agent-navigation/an-result.html&via=view-source')}`;
    play(model, async (s) => {
      if (s.index > 0) throw new Error('the model was asked again while the tab was on its way to a browser page');
      const since = arrivals.mark;
      await personNavigates(browser.panel, tabId, { url: source });
      // In flight: the tab still shows the trail guide, with the view-source page pending for 2.5 s.
      await arrivals.next((p) => p.includes('via=view-source'), { since });
      return act('read_page');
    });

    const { result } = await runTask(browser.panel, 'Read the trail guide');

    expect(result).toMatchObject({ status: 'stopped', stopCause: 'restricted', summary: STOP_TEXT.restricted });
    expect(modelCalls(model)).toBe(1);
  });

  it('a link opens a tab that never commits within 5 s: the agent follows it and stops as restricted', async ({
    browser,
    site,
    model,
  }) => {
    await openFrontTab(browser, site.url('/agent-navigation/an-start.html'));
    play(model, (s) => {
      if (s.previousTools.includes('click')) {
        // The popup may not have been adopted yet when this step began: work on, the next check sees it.
        return act('read_page');
      }
      return act('click', { ref: control(s, 'link', /live webcam/i).ref });
    });

    const { result, events } = await runTask(browser.panel, 'Watch the live webcam');

    expect(result).toMatchObject({ status: 'stopped', stopCause: 'restricted', summary: STOP_TEXT.restricted });
    expect(outcomes(events)[0]).toEqual(['click', 'ok']);
    // The stop came from the 5 s commit wait on the new tab: the agent's tab, still loading when the task ended.
    const webcam = await browser.panel.evaluate(async () => {
      const current = (globalThis as PanelGlobal).steadyhand.host.latest()?.manager()?.currentTabId ?? -1;
      const tab = await chrome.tabs.get(current);
      return { url: tab.url ?? '', pendingUrl: tab.pendingUrl ?? '' };
    });
    expect(webcam).toEqual({
      url: expect.stringMatching(/^(about:blank)?$/),
      pendingUrl: expect.stringContaining('/nav/never'),
    });
    expect(events.some((e) => e.type === 'step_started' && e.url?.includes('/nav/never'))).toBe(false);
  });

  it('a link in the same tab to a page that never commits: no stop, the agent works on the page the tab keeps', async ({
    browser,
    site,
    model,
  }) => {
    const { tabId } = await openFrontTab(browser, site.url('/agent-navigation/an-start.html'));
    const seen = play(model, (s) => {
      if (s.index === 0) return act('click', { ref: control(s, 'link', /webcam archive/i).ref });
      return doneWith('Trail guide start', 'The archive does not answer; the guide is still shown.');
    });

    const { result, events } = await runTask(browser.panel, 'Open the webcam archive');

    // docs/contracts.md, Seed 000, section 6: the tab never showed a transient URL (it kept the page it was leaving,
    // with the archive pending), so the 5 s commit wait and its restricted stop did not apply; the ready wait gave up
    // and the next step observed the page still shown.
    expectVerifiedEnd(result, events, 'Trail guide start');
    expect(seen.map((s) => s.title)).toEqual(['Trail guide start', 'Trail guide start']);
    expect(await tabState(browser.panel, tabId)).toMatchObject({
      url: expect.stringContaining('/agent-navigation/an-start.html'),
      pendingUrl: expect.stringContaining('/nav/never'),
    });
  });

  it('open_url to a page that never commits: a handler error naming the reason, and the task goes on', async ({
    browser,
    site,
    model,
  }) => {
    const { tabId: start } = await openFrontTab(browser, site.url('/agent-navigation/an-start.html'));
    const stuckUrl = site.url('/nav/never?ms=30000');
    let stuck = -1;
    const seen = play(model, (s) => {
      if (s.index === 0) return act('open_url', { url: stuckUrl, newTab: true });
      const failed = /open_url: tab (\d+) created but navigation did not commit/.exec(s.text);
      if (s.index === 1 && failed) {
        stuck = Number(failed[1]);
        return act('close_tab', { tabId: stuck });
      }
      if (s.index === 2) return doneWith('Trail guide start', 'The webcam does not load; the guide is open.');
      throw new Error(`unexpected request ${s.index}: ${s.text.slice(0, 300)}`);
    });

    const { result, events } = await runTask(browser.panel, 'Open the webcam page');

    expectVerifiedEnd(result, events, 'Trail guide start');
    expect(outcomes(events)).toEqual([
      ['open_url', 'execute_error'],
      ['close_tab', 'ok'],
      ['done', 'done_accepted'],
    ]);
    const told = toldAt(model, 1);
    const origin = site.origin.replace(/[.:/]/g, '\\$&');
    expect(told).toMatch(
      new RegExp(`open_url: tab ${stuck} created but navigation did not commit to ${origin} within 5s \\(timeout`),
    );
    // The tab is kept, and the agent stays where it was instead of waiting on the stuck tab (docs/contracts.md 000-O2).
    expect(told).toContain(`The tab is kept; look at it or close it. The agent is still on tab ${start}.`);
    expect(seen[1]).toMatchObject({
      tabId: start,
      url: expect.stringMatching(new RegExp(`^${origin}/agent-navigation/an-start\\.html`)),
    });
  });

  it('the page sends the agent’s tab to another origin while the model thinks: held before the request; Deny sends nothing', async ({
    browser,
    site,
    model,
  }) => {
    const { page, tabId } = await openFrontTab(browser, site.url('/agent-navigation/an-start.html'));
    const away = `${site.otherOrigin}/agent-navigation/an-result.html?via=away`;
    const seen = play(model, async (s) => {
      if (s.index === 0) {
        await page.evaluate((url) => location.assign(url), away);
        // The hold stops it before its request: the tab shows the blocked URL, the other origin saw nothing.
        await waitForTab(browser.panel, tabId, away);
        return act('read_page');
      }
      return giveUp('The person did not allow the other site.');
    });

    const running = runTask(browser.panel, 'Read the trail guide');
    const ask = permissionBox(browser.panel);
    await ask.box.waitFor();
    expect(await ask.why.textContent()).toContain(`The page on ${site.origin} tried to go to ${away}`);
    await ask.deny.click();
    const { result } = await running;

    expect(result).toMatchObject({ status: 'failed' });
    expect(arrivals.count((p) => p.includes('via=away'))).toBe(0);
    expect(JSON.stringify(seen[1]?.request.body)).toContain(`tried to go to ${site.otherOrigin}: not_allowed`);
    expect(seen[1]?.url).toContain('/agent-navigation/an-start.html');
  });

  it('the same, allowed once: the page loads once on the other origin and the task goes on there', async ({
    browser,
    site,
    model,
  }) => {
    const { page, tabId } = await openFrontTab(browser, site.url('/agent-navigation/an-start.html'));
    const away = `${site.otherOrigin}/agent-navigation/an-result.html?via=away-allowed`;
    const seen = play(model, async (s) => {
      if (s.index === 0) {
        await page.evaluate((url) => location.assign(url), away);
        await waitForTab(browser.panel, tabId, away);
        return act('read_page');
      }
      return giveUp('Looked at the other site.');
    });

    const running = runTask(browser.panel, 'Read the trail guide');
    const ask = permissionBox(browser.panel);
    await ask.box.waitFor();
    expect(arrivals.count((p) => p.includes('via=away-allowed'))).toBe(0);
    await ask.allowOnce.click();
    const { result } = await running;

    expect(result.stopCause).toBeUndefined();
    expect(arrivals.count((p) => p.includes('via=away-allowed'))).toBe(1);
    expect(seen[1]?.url).toBe(away);
  });
});
