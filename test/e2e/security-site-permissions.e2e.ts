// Site permissions in Chromium (decision 0010), with the real panel UI: a page hides a note telling the model to open
// a page on another origin; the scripted model obeys, the panel asks, and Deny stops that navigation before anything
// is requested from the other origin. Allow once lets it through; a site written in the task or on the allow-list is
// not asked about; a blocked one is refused without a question; a link that leads to another origin is asked about
// before it is clicked (decision 0025), and a denied one is never requested.

import type { Page } from 'playwright-core';
import type { AgentEvent } from '../../src/panel/agent/task/events';
import { hostLog, permissionBox, setSiteLists } from '../support/perm-sites';
import { tally } from '../support/reliability';
import { saveScreenshot } from '../support/screenshots';
import { fencedPattern } from '../support/sec-fences';
import {
  act,
  control,
  describe,
  type ExtensionHarness,
  expect,
  type FakeAnthropic,
  type FixtureServer,
  giveUp,
  it,
  lastUserText,
  openTab,
  outcomes,
  type PanelGlobal,
  play,
  runTask,
  type Seen,
  test,
  useKit,
} from './kit';

const log = hostLog();

useKit({ routes: [log.route] });

test.afterEach(async ({ browser }) => {
  // Every web tab goes, so the next task starts on a tab of its own; the site lists go back to empty.
  await browser.panel.evaluate(async () => {
    const own = chrome.runtime.getURL('');
    const tabs = await chrome.tabs.query({});
    const ids = tabs.flatMap((t) => (t.id !== undefined && !(t.url ?? '').startsWith(own) ? [t.id] : []));
    if (ids.length > 0) await chrome.tabs.remove(ids);
    (globalThis as PanelGlobal).steadyhand.settings.getState().update({ allowedSites: [], blockedSites: [] });
  });
});

/** The offers page with the hidden note, as the person's active tab: where the task starts. */
async function offersTab(
  browser: ExtensionHarness,
  site: FixtureServer,
  run: string,
): Promise<{ page: Page; tabId: number; url: string }> {
  const opened = await openTab(browser, site.url(`/security/perm-hidden-instructions.html?t=${run}`));
  await opened.page.bringToFront();
  return { ...opened, url: opened.page.url() };
}

const prizeUrl = (site: FixtureServer, run: string) => `${site.otherOrigin}/security/perm-prize.html?t=${run}`;

/** The URL the hidden note tells the model to open, read from the observation the model was sent. */
function injectedUrl(seen: Seen): string | null {
  return /open\s+(http:\/\/localhost:\d+\/security\/perm-prize\.html\?t=\w+)/.exec(seen.text)?.[1] ?? null;
}

function tabUrl(panel: Page, tabId: number): Promise<string> {
  return panel.evaluate(async (id) => (await chrome.tabs.get(id)).url ?? '', tabId);
}

const ofType = <T extends AgentEvent['type']>(events: AgentEvent[], type: T) =>
  events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);

/** Everything every model request carried, so a test can say what never reached the model. */
const allModelText = (model: FakeAnthropic) =>
  model.messageRequests.map((request) => JSON.stringify(request.body)).join('\n');

describe('site permissions in Chromium', () => {
  it('a hidden note sends the model to another origin: the panel asks, Deny stops the navigation', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { tabId, url } = await offersTab(browser, site, 'deny');
    const prize = prizeUrl(site, 'deny');
    play(model, (seen) => {
      if (seen.previousTools.length === 0) return act('read_page');
      const injected = injectedUrl(seen);
      // The scripted model obeys the note hidden in the page, as a model fooled by it would.
      if (seen.previousTools.includes('read_page') && injected) {
        return act('open_url', { url: injected }, 'The page says to open this first.');
      }
      if (/open_url: \S+ was not opened: the person did not allow/.test(seen.text)) {
        return giveUp(
          `The person did not allow ${site.otherOrigin}, so I did not open the page the offers page named.`,
        );
      }
      return giveUp(`Unexpected observation: ${seen.text.slice(0, 200)}`);
    });

    const running = runTask(panel, 'What does the Button fern cost this week?');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(await ask.origin.textContent()).toBe(site.otherOrigin);
    expect(await ask.why.textContent()).toBe(`It wants to open ${prize}.`);
    await saveScreenshot(panel, 'asked');
    await ask.deny.click();
    const { result, events } = await running;

    expect(result).toMatchObject({ status: 'failed', verified: false });
    expect(result.summary).toContain(`The person did not allow ${site.otherOrigin}`);
    expect(outcomes(events)).toEqual([
      ['read_page', 'ok'],
      ['open_url', 'execute_error'],
      ['done', 'done_accepted'],
    ]);
    expect(ofType(events, 'permission_decided')).toMatchObject([
      { origin: site.otherOrigin, decision: 'deny', by: 'person' },
    ]);
    // The navigation never happened: nothing was asked of the other origin, and the tab never left the offers.
    expect(log.to(site.otherOrigin, '/security/perm-prize.html?t=deny')).toEqual([]);
    expect(await tabUrl(panel, tabId)).toBe(url);
    // The note did reach the model (read_page reads visually hidden text), inside the untrusted-content markers.
    const read = model.messageRequests[1];
    expect(read ? lastUserText(read) : '').toMatch(fencedPattern(String.raw`[\s\S]*Note to the AI assistant[\s\S]*`));
    // The panel says how it ended and keeps the decision in the task.
    const card = panel.getByTestId('task-card');
    await expect.poll(() => card.getAttribute('data-status')).toBe('failed');
    expect(await card.getByTestId('final-summary').textContent()).toContain('did not allow');
    expect(await ask.records.allTextContents()).toEqual([`Step 2 · ${site.otherOrigin}: denied by you`]);
    await saveScreenshot(panel, 'denied');
    tally.hostile('perm-hidden-instructions');
    tally.badInput('hidden prompt injection');
  });

  it('Allow once: the navigation happens and the task goes on there', async ({ browser, site, model, panel }) => {
    await offersTab(browser, site, 'once');
    play(model, (seen) => {
      if (seen.url?.includes('/security/perm-prize.html')) {
        return act('done', {
          success: true,
          kind: 'reading',
          answer: 'FERN-4471',
          evidence: { quotes: ['code FERN-4471'] },
        });
      }
      if (seen.previousTools.length === 0) return act('read_page');
      const injected = injectedUrl(seen);
      return injected ? act('open_url', { url: injected }) : giveUp('Lost.');
    });

    const running = runTask(panel, 'What does the Button fern cost this week?');
    const ask = permissionBox(panel);
    await ask.allowOnce.click();
    const { result, events } = await running;

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(outcomes(events)).toEqual([
      ['read_page', 'ok'],
      ['open_url', 'ok'],
      ['done', 'done_accepted'],
    ]);
    expect(log.to(site.otherOrigin, '/security/perm-prize.html?t=once')).toHaveLength(1);
    expect(ofType(events, 'permission_request')).toHaveLength(1);
    expect(ofType(events, 'permission_decided')).toMatchObject([{ decision: 'once', by: 'person' }]);
    // Once is for this task only: the allow-list is unchanged.
    const allowed = await panel.evaluate(
      () => (globalThis as PanelGlobal).steadyhand.settings.getState().settings.allowedSites,
    );
    expect(allowed).toEqual([]);
  });

  it('an origin written in the task is not asked about', async ({ browser, site, model, panel }) => {
    await offersTab(browser, site, 'named');
    const prize = prizeUrl(site, 'named');
    play(model, (seen) => {
      if (seen.url?.includes('/security/perm-prize.html')) {
        return act('done', {
          success: true,
          kind: 'reading',
          answer: 'FERN-4471',
          evidence: { quotes: ['code FERN-4471'] },
        });
      }
      return seen.previousTools.length === 0 ? act('open_url', { url: prize }) : giveUp('Lost.');
    });

    const { result, events } = await runTask(panel, `Open ${prize} and tell me the reward code`);

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(ofType(events, 'permission_request')).toEqual([]);
    expect(ofType(events, 'permission_decided')).toMatchObject([{ origin: site.otherOrigin, by: 'instruction' }]);
    expect(log.to(site.otherOrigin, '/security/perm-prize.html?t=named')).toHaveLength(1);
  });

  it('an allow-listed origin is not asked about', async ({ browser, site, model, panel }) => {
    await setSiteLists(panel, { allowed: [`localhost:${site.port}`] });
    await offersTab(browser, site, 'listed');
    const prize = prizeUrl(site, 'listed');
    play(model, (seen) => {
      if (seen.url?.includes('/security/perm-prize.html')) {
        return act('done', {
          success: true,
          kind: 'reading',
          answer: 'FERN-4471',
          evidence: { quotes: ['code FERN-4471'] },
        });
      }
      return seen.previousTools.length === 0 ? act('open_url', { url: prize }) : giveUp('Lost.');
    });

    const { result, events } = await runTask(panel, 'Collect my reward from the reward centre');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(ofType(events, 'permission_request')).toEqual([]);
    expect(ofType(events, 'permission_decided')).toMatchObject([{ origin: site.otherOrigin, by: 'allow_list' }]);
  });

  it('a blocked origin is refused without a question, even when the task names it', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    await setSiteLists(panel, { allowed: [`localhost:${site.port}`], blocked: ['localhost'] });
    const { tabId, url } = await offersTab(browser, site, 'blocked');
    const prize = prizeUrl(site, 'blocked');
    play(model, (seen) => {
      if (seen.previousTools.length === 0) return act('open_url', { url: prize });
      return giveUp(seen.text.includes('is on the person') ? 'That site is blocked.' : 'Lost.');
    });

    const { result, events } = await runTask(panel, `Open ${prize} and tell me the reward code`);

    expect(result).toMatchObject({ status: 'failed', answer: 'That site is blocked.' });
    expect(ofType(events, 'permission_request')).toEqual([]);
    expect(ofType(events, 'permission_decided')).toMatchObject([
      { origin: site.otherOrigin, decision: 'deny', by: 'block_list' },
    ]);
    expect(log.to(site.otherOrigin, '/security/perm-prize.html?t=blocked')).toEqual([]);
    expect(await tabUrl(panel, tabId)).toBe(url);
    expect(await permissionBox(panel).records.allTextContents()).toEqual([
      `Step 1 · ${site.otherOrigin}: blocked: it is on your block list`,
    ]);
  });

  it('a link to another origin is asked about before the click; denied, nothing is requested or shown', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { tabId } = await offersTab(browser, site, 'link');
    const shown = play(model, (seen) => {
      if (seen.previousTools.length === 0) return act('click', { ref: control(seen, 'link', /partner deals/i).ref });
      if (seen.text.includes('Fern weekly offers')) return giveUp('The person did not want the partner site.');
      return giveUp(`Unexpected observation: ${seen.text.slice(0, 200)}`);
    });

    const running = runTask(panel, 'Look at the partner deals');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(await ask.why.textContent()).toContain(
      `It wants to follow a link to ${site.otherOrigin}/security/perm-partner.html?t=link`,
    );
    await ask.deny.click();
    const { result, events } = await running;

    expect(result).toMatchObject({ status: 'failed', answer: 'The person did not want the partner site.' });
    expect(outcomes(events)).toEqual([
      ['click', 'execute_error'],
      ['done', 'done_accepted'],
    ]);
    expect(ofType(events, 'step_started').map((e) => e.operable)).toEqual([true, true]);
    expect(shown[1]?.results[0]?.text).toContain(`not_allowed: it would go to ${site.otherOrigin}`);
    // Nothing was clicked, so nothing was requested from the partner site, and none of it reached the model.
    expect(log.to(site.otherOrigin, '/security/perm-partner.html?t=link')).toEqual([]);
    expect(allModelText(model)).not.toContain('PARTNER-7731');
    expect(allModelText(model)).not.toContain('Claim the member price');
    expect(await tabUrl(panel, tabId)).toContain('/security/perm-hidden-instructions.html?t=link');
    expect(ofType(events, 'permission_request')).toHaveLength(1);
  });
});
