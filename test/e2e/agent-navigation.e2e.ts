// docs/contracts.md, Seed 000, section 6 in Chromium: every way a navigation can be in flight while the agent works,
// each as a real task from the panel with a scripted model on the stand-in of the Messages API, against pages whose
// first byte is 1–3 s late. Each task must reach a verified done whose evidence is on the final page, and none may stop
// as "restricted".

import { UNTRUSTED_BEGIN } from '../../src/panel/agent/run/prompt';
import { fencedPattern } from '../support/sec-fences';
import {
  doneWith,
  expectVerifiedEnd,
  nextTabId,
  ownedTabIds,
  personNavigates,
  toldAt,
  useNavKit,
} from './agent-navigation-harness';
import { act, control, describe, expect, it, openFrontTab, outcomes, play, runTask, toolsTurn } from './kit';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const arrivals = useNavKit();

const slow = (ms: number, via: string, extra = '') =>
  `/nav/slow?ms=${ms}&page=/agent-navigation/an-result.html&via=${via}${extra}`;
const isVia = (via: string) => (path: string) => path.includes(`via=${via}`);

describe('agent navigation in Chromium (docs/contracts.md 000-C*)', () => {
  it('open_url to a slow page: the handler waits for the commit and the next step sees the new page', async ({
    browser,
    site,
    model,
  }) => {
    await openFrontTab(browser, site.url('/agent-navigation/an-start.html'));
    const target = site.url(slow(2_500, 'open_url'));
    const seen = play(model, (s) => {
      if (s.url?.includes('via=open_url')) return doneWith('Arrived via open_url');
      if (s.previousTools.length > 0) throw new Error(`still on ${s.url} after ${s.previousTools}`);
      return act('open_url', { url: target });
    });

    const { result, events } = await runTask(browser.panel, 'Open the trail conditions and read them');

    expectVerifiedEnd(result, events, 'Arrived via open_url');
    expect(outcomes(events)).toEqual([
      ['open_url', 'ok'],
      ['done', 'done_accepted'],
    ]);
    expect(seen.map((s) => s.title)).toEqual(['Trail guide start', 'Trail conditions']);
    expect(toldAt(model, 1)).toMatch(/open_url: tab \d+ committed to /);
  });

  it('open_url in a new tab and switch_tab in the same turn: the switch lands on the committed page', async ({
    browser,
    site,
    model,
  }) => {
    await openFrontTab(browser, site.url('/agent-navigation/an-start.html'));
    const target = site.url(slow(2_500, 'new-tab'));
    let predicted = -1;
    const seen = play(model, async (s) => {
      if (s.url?.includes('via=new-tab')) return doneWith('Arrived via new-tab');
      if (s.previousTools.length > 0) throw new Error(`still on ${s.url} after ${s.previousTools}`);
      // The model batches the switch with the open, naming the tab the open will create (docs/contracts.md 000-C2).
      predicted = await nextTabId(browser.panel);
      return toolsTurn([
        { name: 'open_url', input: { url: target, newTab: true } },
        { name: 'switch_tab', input: { tabId: predicted } },
      ]);
    });

    const { result, events } = await runTask(browser.panel, 'Open the trail conditions in a new tab');

    expectVerifiedEnd(result, events, 'Arrived via new-tab');
    expect(outcomes(events)).toEqual([
      ['open_url', 'ok'],
      ['switch_tab', 'ok'],
      ['done', 'done_accepted'],
    ]);
    const told = toldAt(model, 1);
    // The URLs are the pages' words: fenced, after the harness's sentence (decision 0025).
    expect(told).toContain(`open_url: tab ${predicted} committed to ${new URL(target).origin}. Its URL:`);
    expect(told).toMatch(fencedPattern(`\nURL: ${escapeRegExp(target)}\n`));
    // Not "loading": the handler's wait was over before the switch ran.
    expect(told).toMatch(
      new RegExp(
        `switch_tab: now on tab ${predicted}\\. Its URL:\\n${UNTRUSTED_BEGIN}\\w+\\nURL: ${escapeRegExp(target)}\\n`,
      ),
    );
    expect(seen.map((s) => s.url)).toEqual([expect.stringContaining('/agent-navigation/an-start.html'), target]);
  });

  it('a click that navigates cross-document to a slow page: the next step waits for the new document', async ({
    browser,
    site,
    model,
  }) => {
    await openFrontTab(browser, site.url('/agent-navigation/an-start.html'));
    const seen = play(model, (s) => {
      if (s.url?.includes('via=click')) return doneWith('Arrived via click');
      if (s.previousTools.length > 0) throw new Error(`still on ${s.url} after ${s.previousTools}`);
      return act('click', { ref: control(s, 'link', /trail conditions/i).ref });
    });

    const { result, events } = await runTask(browser.panel, 'Check the trail conditions');

    expectVerifiedEnd(result, events, 'Arrived via click');
    expect(outcomes(events)).toEqual([
      ['click', 'ok'],
      ['done', 'done_accepted'],
    ]);
    expect(seen.map((s) => s.title)).toEqual(['Trail guide start', 'Trail conditions']);
  });

  it('a form submitted by typing with submit: true lands on a slow page', async ({ browser, site, model }) => {
    await openFrontTab(browser, site.url('/agent-navigation/an-form.html'));
    const seen = play(model, (s) => {
      if (s.url?.includes('via=form')) return doneWith('You searched for: ferns');
      if (s.previousTools.length > 0) throw new Error(`still on ${s.url} after ${s.previousTools}`);
      return act('type', { ref: control(s, 'textbox', /search trails/i).ref, text: 'ferns', submit: true });
    });

    const { result, events } = await runTask(browser.panel, 'Search the trails for ferns');

    expectVerifiedEnd(result, events, 'You searched for: ferns');
    expect(outcomes(events)).toEqual([
      ['type', 'ok'],
      ['done', 'done_accepted'],
    ]);
    expect(seen.map((s) => s.title)).toEqual(['Trail search', 'Trail conditions']);
  });

  it('a form submitted with press_key Enter lands on a slow page', async ({ browser, site, model }) => {
    await openFrontTab(browser, site.url('/agent-navigation/an-form.html'));
    play(model, (s) => {
      if (s.url?.includes('via=form')) return doneWith('You searched for: mosses');
      const field = control(s, 'textbox', /search trails/i);
      if (s.previousTools.includes('press_key')) throw new Error(`still on ${s.url} after pressing Enter`);
      if (field.value !== 'mosses') return act('type', { ref: field.ref, text: 'mosses' });
      return act('press_key', { key: 'Enter', ref: field.ref });
    });

    const { result, events } = await runTask(browser.panel, 'Search the trails for mosses');

    expectVerifiedEnd(result, events, 'You searched for: mosses');
    expect(outcomes(events)).toEqual([
      ['type', 'ok'],
      ['press_key', 'ok'],
      ['done', 'done_accepted'],
    ]);
  });

  for (const [kind, path, title] of [
    ['script', '/nav/script-redirect?after=1500&to=', 'Redirecting by script'],
    ['meta refresh', '/nav/meta-refresh?s=2&to=', 'Redirecting by meta refresh'],
  ] as const) {
    it(`a page that moves itself by ${kind} while the agent works: the next step waits for where it lands`, async ({
      browser,
      site,
      model,
    }) => {
      await openFrontTab(browser, site.url('/agent-navigation/an-start.html'));
      const via = kind === 'script' ? 'script' : 'meta';
      const redirecting = site.url(`${path}${encodeURIComponent(slow(2_000, via))}`);
      const since = arrivals.mark;
      const seen = play(model, async (s) => {
        if (s.url?.includes(`via=${via}`)) return doneWith(`Arrived via ${via}`);
        if (s.text.includes(title)) {
          if (s.previousTools.includes('read_page')) throw new Error('the redirect was observed twice');
          // The agent works on; meanwhile the page moves itself and the slow target's first byte is held back.
          await arrivals.next(isVia(via), { since });
          return act('read_page');
        }
        if (s.previousTools.length > 0) throw new Error(`still on ${s.url} after ${s.previousTools}`);
        return act('open_url', { url: redirecting });
      });

      const { result, events } = await runTask(browser.panel, 'Follow the redirect to the trail conditions');

      expectVerifiedEnd(result, events, `Arrived via ${via}`);
      expect(outcomes(events)).toEqual([
        ['open_url', 'ok'],
        ['read_page', expect.stringMatching(/^(ok|execute_error)$/)],
        ['done', 'done_accepted'],
      ]);
      expect(seen.map((s) => s.title)).toEqual(['Trail guide start', title, 'Trail conditions']);
    });
  }

  it('the person reloads the agent’s tab while the task runs: the next step sees the reloaded document', async ({
    browser,
    site,
    model,
  }) => {
    const { tabId } = await openFrontTab(browser, site.url('/nav/visit?key=reload&ms=1500'));
    const isReload = (p: string) => p.startsWith('/nav/visit?key=reload');
    const seen = play(model, async (s) => {
      if (s.text.includes('Visit 2 of reload')) return doneWith('Visit 2 of reload');
      if (s.previousTools.length > 0) throw new Error(`saw ${s.url} again after ${s.previousTools}`);
      const since = arrivals.mark;
      await personNavigates(browser.panel, tabId, { reload: true });
      await arrivals.next(isReload, { since }); // the reload is in flight: 1.5 s to its first byte
      return act('read_page');
    });

    const { result, events } = await runTask(browser.panel, 'Which visit is this?');

    expectVerifiedEnd(result, events, 'Visit 2 of reload');
    expect(seen.map((s) => s.title)).toEqual(['Visit 1 of reload', 'Visit 2 of reload']);
    expect(arrivals.count(isReload)).toBe(2);
  });

  it('the person goes back on the agent’s tab while the task runs: the next step sees the page it went back to', async ({
    browser,
    site,
    model,
  }) => {
    const { tabId, page } = await openFrontTab(browser, site.url('/nav/visit?key=back&ms=1500'));
    await page.goto(site.url('/agent-navigation/an-result.html?via=forward'));
    const isBack = (p: string) => p.startsWith('/nav/visit?key=back');
    const seen = play(model, async (s) => {
      if (s.text.includes('Visit 2 of back')) return doneWith('Visit 2 of back');
      if (s.previousTools.length > 0) throw new Error(`saw ${s.url} again after ${s.previousTools}`);
      const since = arrivals.mark;
      await personNavigates(browser.panel, tabId, { back: true });
      // The page gone back to is no-store, so it is fetched again (not restored from the back/forward cache): the
      // navigation is in flight, 1.5 s from its first byte.
      await arrivals.next(isBack, { since });
      return act('read_page');
    });

    const { result, events } = await runTask(browser.panel, 'Read the page');

    expectVerifiedEnd(result, events, 'Visit 2 of back');
    expect(seen.map((s) => s.title)).toEqual(['Trail conditions', 'Visit 2 of back']);
    expect(arrivals.count(isBack)).toBe(2);
  });

  it('switch_tab to a tab that is still loading: the next step waits for its commit', async ({
    browser,
    site,
    model,
  }) => {
    const { tabId: start } = await openFrontTab(browser, site.url('/agent-navigation/an-start.html'));
    const opener = site.url('/agent-navigation/an-opener.html');
    let popup = -1;
    let listedAs = '';
    play(model, async (s) => {
      if (s.url?.includes('via=popup')) return doneWith('Arrived via popup');
      if (s.index === 0) return act('open_url', { url: opener, newTab: true });
      if (s.index === 1) return act('switch_tab', { tabId: start }); // back from the launcher to the start page
      if (s.index === 2) {
        // The person opens the map from the launcher, a background tab of the task: the task owns the new tab, but
        // the agent stays where it is.
        const launcher = browser.context.pages().find((p) => p.url().includes('/agent-navigation/an-opener.html'));
        await launcher?.evaluate('openMap()');
        await expect.poll(() => ownedTabIds(browser.panel), { timeout: 10_000 }).toHaveLength(3);
        return act('read_page');
      }
      const map = s.tabs.find((t) => t.tabId !== start && !t.url.includes('/agent-navigation/an-opener.html'));
      if (!map || s.index > 3) throw new Error(`no map tab to switch to in: ${s.text.slice(0, 400)}`);
      popup = map.tabId;
      listedAs = map.url;
      return act('switch_tab', { tabId: popup });
    });

    const { result, events } = await runTask(browser.panel, 'Open the trail map and read it');

    expectVerifiedEnd(result, events, 'Arrived via popup');
    expect(outcomes(events)).toEqual([
      ['open_url', 'ok'],
      ['switch_tab', 'ok'],
      ['read_page', 'ok'],
      ['switch_tab', 'ok'],
      ['done', 'done_accepted'],
    ]);
    // The switch happened while the map had not committed yet: listed, and switched to, without its URL (listed as
    // loading, which the observation reader gives as an empty URL, or as about:blank).
    expect(listedAs).toMatch(/^(about:blank)?$/);
    expect(toldAt(model, 4)).toMatch(
      new RegExp(
        `switch_tab: now on tab ${popup}\\. Its URL:\\n${UNTRUSTED_BEGIN}\\w+\\nURL: (loading|about:blank)\\n`,
      ),
    );
  });
});
