// A yes from the person before a consequential step (decision 0026): on fixture pages for a checkout, a comment form, a
// sign-up, a sign-in, a script-driven delete and an account setting, the step waits for the person in the panel;
// Deny leaves the page and the server untouched and the model is told; Allow once lets it through; "not again on
// this site for this task" and the always list let it through without a question. A search box, a filter, a cart
// quantity and a newsletter checkbox are not asked about. Chromium maps *.test to the fixture server; the host log
// keeps every request with the host it went to.

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { AgentEvent } from '../../src/panel/agent/task/events';
import { hostLog } from '../support/perm-sites';
import { saveScreenshot } from '../support/screenshots';
import { openSettingsSection } from '../support/settings-form';
import {
  act,
  answerConsent,
  consentBox,
  control,
  describe,
  type ExtensionHarness,
  expect,
  giveUp,
  it,
  openTab,
  type PanelGlobal,
  play,
  type Route,
  runTask,
  type Seen,
  test,
  useKit,
} from './kit';

const log = hostLog();
const FIXTURES = new URL('../fixtures/site/consent/', import.meta.url);

/** The consent pages, with the port the request came in on; and the endpoints the steps send to. */
const pages: Route = (req, res, url) => {
  if (!url.pathname.startsWith('/consent/')) return false;
  const port = (req.headers.host ?? '').split(':')[1] ?? '';
  const html = (body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
    return true;
  };
  const name = url.pathname.slice('/consent/'.length);
  if (name.endsWith('.html')) {
    return html(readFileSync(new URL(name, FIXTURES), 'utf8').replaceAll('__PORT__', port));
  }
  const page = (title: string) =>
    html(`<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`);
  if (name === 'api/delete') {
    res.writeHead(204);
    res.end();
    return true;
  }
  if (name === 'search') return page(`Results for ${url.searchParams.get('q') ?? ''}`);
  return page(`Received: ${name}`);
};

useKit({ hostResolverRules: 'MAP *.test 127.0.0.1', routes: [log.route, pages] });

test.beforeEach(() => {
  log.requests.length = 0;
});

test.afterEach(async ({ browser }) => {
  await browser.panel.evaluate(async () => {
    const own = chrome.runtime.getURL('');
    const tabs = await chrome.tabs.query({});
    const ids = tabs.flatMap((t) => (t.id !== undefined && !(t.url ?? '').startsWith(own) ? [t.id] : []));
    if (ids.length > 0) await chrome.tabs.remove(ids);
    (globalThis as PanelGlobal).steadyhand.settings.getState().update({ actWithoutAskingSites: [] });
  });
});

const ofType = <T extends AgentEvent['type']>(events: AgentEvent[], type: T) =>
  events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);

async function onPage(browser: ExtensionHarness, url: string): Promise<Page> {
  const { page } = await openTab(browser, url);
  await page.bringToFront();
  return page;
}

/** What a step would change on the page: the fields' values and the list's rows (the mask's shadow host aside). */
const stateOf = (tab: Page) =>
  tab.evaluate(() =>
    [...document.querySelectorAll('input, textarea, select, li')].map((element) =>
      element.localName === 'li' ? element.textContent : (element as HTMLInputElement).value,
    ),
  );

/** The requests of the steps themselves: posts to the endpoints (page loads and searches left out). */
const sent = () => log.requests.filter((request) => /\/consent\/(?!.*\.html)(?!search)/.test(request));

interface Case {
  kind: string;
  page: string;
  /** The control the model presses, by role and name. */
  press: [string, RegExp];
  /** Where the step sends: host and path. */
  sends: (port: number) => string;
  /** Words the question shows (the button, a field, masked values), and words it must never show. */
  shows: string[];
  hides?: string[];
}

const CASES: Case[] = [
  {
    kind: 'payment',
    page: 'checkout.html',
    press: ['button', /place order/i],
    sends: (port) => `http://pay.test:${port}/consent/charge`,
    shows: ['Place order', 'Card number', '•••• 4242', 'Sends the form to pay.test'],
    hides: ['4242 4242', '123'],
  },
  {
    kind: 'post',
    page: 'comment.html',
    press: ['button', /post comment/i],
    sends: (port) => `http://shop.test:${port}/consent/comment`,
    shows: ['Post comment', 'Thanks, this worked for my Boston fern.'],
  },
  {
    kind: 'signup',
    page: 'signup.html',
    press: ['button', /create account/i],
    sends: (port) => `http://shop.test:${port}/consent/signup`,
    shows: ['Create account', 'ann@example.test', '••••'],
    hides: ['s3cret-Pass'],
  },
  {
    kind: 'signin',
    page: 'signin.html',
    press: ['button', /sign in/i],
    sends: (port) => `http://shop.test:${port}/consent/signin`,
    shows: ['Sign in', '••••'],
    hides: ['s3cret-Pass'],
  },
  {
    kind: 'delete',
    page: 'items.html',
    press: ['button', /delete fern pot/i],
    sends: (port) => `http://shop.test:${port}/consent/api/delete?id=1`,
    shows: ['Delete Fern pot'],
  },
  {
    kind: 'account',
    page: 'account.html',
    press: ['button', /save changes/i],
    sends: (port) => `http://shop.test:${port}/consent/account`,
    shows: ['Save changes', 'ann.new@example.test'],
  },
];

/** Presses the case's control at the first two requests, then ends when the step went through. */
function pressTwice(c: Case): (s: Seen) => ReturnType<typeof act> {
  return (s) => {
    if (s.index <= 1) return act('click', { ref: control(s, ...c.press).ref });
    return giveUp('Stopping here.');
  };
}

describe('each consequential step waits for the person', () => {
  for (const c of CASES) {
    it(`${c.kind} (${c.page}): Deny leaves page and server untouched and tells the model; Allow once sends it once`, async ({
      browser,
      site,
      model,
      panel,
    }) => {
      const tab = await onPage(browser, `http://shop.test:${site.port}/consent/${c.page}`);
      const before = await stateOf(tab);
      const seen = play(model, pressTwice(c));

      const running = runTask(panel, 'Do the step on this page');
      await consentBox(panel).waitFor();
      await saveScreenshot(panel, `consent-${c.kind}`);
      const denied = await answerConsent(panel, 'deny');
      expect(denied.kind).toBe(c.kind);
      for (const words of c.shows) expect(denied.text).toContain(words);
      for (const words of c.hides ?? []) expect(denied.text).not.toContain(words);
      // The model was told and pressed again: the second question is up, and the first step left no trace.
      await consentBox(panel).waitFor();
      expect(sent()).toEqual([]);
      expect(tab.url()).toContain(`/consent/${c.page}`);
      expect(await stateOf(tab)).toEqual(before);
      const allowed = await answerConsent(panel, 'once');
      expect(allowed.kind).toBe(c.kind);
      const { events } = await running;

      const refusal = seen[1]?.results[0]?.text ?? '';
      expect(refusal).toContain('the person was asked and declined it, so it was not done');
      expect(refusal).toContain('Do not try to do it another way');
      await expect.poll(sent).toEqual([c.sends(site.port)]);
      // At most one question per step: two steps, two questions, and no site question for the payment's site.
      expect(ofType(events, 'consent_request')).toHaveLength(2);
      expect(ofType(events, 'permission_request')).toEqual([]);
      expect(ofType(events, 'consent_decided').map((e) => [e.decision, e.by])).toEqual([
        ['deny', 'person'],
        ['once', 'person'],
      ]);
    });
  }
});

describe('a message sent by Enter in a chat box with no form', () => {
  it('waits for the person: Deny sends nothing and the box keeps its text; Allow once sends it once', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const tab = await onPage(browser, `http://shop.test:${site.port}/consent/chat.html`);
    const before = await stateOf(tab);
    const seen = play(model, (s) => {
      if (s.index <= 1) return act('press_key', { key: 'Enter', ref: control(s, 'textbox', /message #plants/i).ref });
      return giveUp('Stopping here.');
    });
    const running = runTask(panel, 'Tell the team I will water the ferns at 5');
    const denied = await answerConsent(panel, 'deny');
    expect(denied.kind).toBe('post');
    expect(denied.text).toContain('I will water them at 5.');
    await consentBox(panel).waitFor();
    expect(sent()).toEqual([]);
    expect(await stateOf(tab)).toEqual(before);
    await answerConsent(panel, 'once');
    const { events } = await running;
    expect(seen[1]?.results[0]?.text ?? '').toContain('the person was asked and declined it, so it was not done');
    await expect.poll(sent).toEqual([`http://shop.test:${site.port}/consent/chat`]);
    expect(ofType(events, 'consent_request')).toHaveLength(2);
  });
});

describe('act without asking', () => {
  it('"not again on this site for this task": the next delete there goes without a question', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const tab = await onPage(browser, `http://shop.test:${site.port}/consent/items.html`);
    play(model, (s) => {
      if (s.index === 0) return act('click', { ref: control(s, 'button', /delete fern pot/i).ref });
      if (s.index === 1) return act('click', { ref: control(s, 'button', /delete moss ball/i).ref });
      return giveUp('Done deleting.');
    });
    const running = runTask(panel, 'Delete the fern pot and the moss ball');
    await answerConsent(panel, 'task');
    const { events } = await running;
    expect(ofType(events, 'consent_request')).toHaveLength(1);
    expect(ofType(events, 'consent_decided').map((e) => [e.decision, e.by])).toEqual([
      ['task', 'person'],
      ['task', 'task'],
    ]);
    await expect.poll(() => tab.locator('li').count()).toBe(1);
    expect(sent()).toHaveLength(2);
  });

  it('"always": the site joins the settings list; the next task posts without a question; Remove takes it off', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const shop = `http://shop.test:${site.port}`;
    const post: (s: Seen) => ReturnType<typeof act> = (s) =>
      s.index === 0 ? act('click', { ref: control(s, 'button', /post comment/i).ref }) : giveUp('Posted.');
    await onPage(browser, `${shop}/consent/comment.html`);
    play(model, post);
    const first = runTask(panel, 'Post my comment');
    await answerConsent(panel, 'always');
    await first;
    const stored = () =>
      panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.settings.getState().settings.actWithoutAskingSites);
    expect(await stored()).toEqual([shop]);

    model.reset();
    await onPage(browser, `${shop}/consent/comment.html`);
    play(model, post);
    const { events } = await runTask(panel, 'Post my comment again');
    expect(ofType(events, 'consent_request')).toEqual([]);
    expect(ofType(events, 'consent_decided')).toMatchObject([{ by: 'act_without_asking', decision: 'always' }]);
    expect(sent()).toEqual([`${shop}/consent/comment`, `${shop}/consent/comment`]);

    await openSettingsSection(panel, 'sites');
    const list = panel.getByTestId('act-without-asking');
    await expect.poll(() => list.getByTestId('act-without-asking-site').textContent()).toContain(shop);
    await list.getByRole('button', { name: `Remove ${shop}` }).click();
    await expect.poll(stored).toEqual([]);
    await list.getByTestId('act-without-asking-empty').waitFor();
    await panel.getByRole('navigation').getByRole('button', { name: 'Task' }).click();
  });
});

describe('steps that are not asked about', () => {
  it('a search box, a filter, a cart quantity and a newsletter checkbox go through without a question', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const shop = `http://shop.test:${site.port}`;
    const checkout = await onPage(browser, `${shop}/consent/checkout.html`);
    play(model, (s) => {
      if (s.index === 0)
        return act('type', { ref: control(s, 'searchbox', /search plants/i).ref, text: 'moss', submit: true });
      if (s.index === 1) return act('go_back');
      if (s.index === 2) return act('type', { ref: control(s, 'spinbutton', /quantity/i).ref, text: '2' });
      if (s.index === 3) return act('click', { ref: control(s, 'button', /update cart/i).ref });
      if (s.index === 4) return act('open_url', { url: `${shop}/consent/comment.html` });
      if (s.index === 5) return act('click', { ref: control(s, 'button', /apply filter/i).ref });
      if (s.index === 6) return act('open_url', { url: `${shop}/consent/signup.html` });
      if (s.index === 7) return act('click', { ref: control(s, 'checkbox', /newsletter/i).ref });
      return giveUp('Looked around.');
    });
    const { events } = await runTask(panel, 'Look around the shop');
    expect(ofType(events, 'consent_request')).toEqual([]);
    expect(ofType(events, 'consent_decided')).toEqual([]);
    expect(log.to(shop, '/consent/search?q=moss')).toHaveLength(1);
    expect(log.to(shop, '/consent/cart')).toHaveLength(1);
    expect(log.to(shop, '/consent/comment.html?sort=')).toHaveLength(1);
    expect(checkout.isClosed()).toBe(false);
  });
});
