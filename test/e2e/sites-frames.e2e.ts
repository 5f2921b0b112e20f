// Read and act tiers in Chromium (decision 0025): a shop on http://shop.test embeds a card form from http://pay.test
// that sends what is typed to its server as it is typed. Typing in that frame asks first, naming both sites; denied,
// nothing reaches the frame or pay.test and the model is told; allowed once, the typing happens. A page allowed to
// read only is read, and a click there asks. A file name in the task ("report.zip") allows no site, and a task
// started on a blank page is asked about the first site it opens. Chromium maps *.test and *.zip to the fixture
// server (--host-resolver-rules), so each host is its own origin; the host log shows every request with its host.

import type { Page } from 'playwright-core';
import { hostLog, permissionBox } from '../support/perm-sites';
import {
  act,
  control,
  describe,
  expect,
  type FixtureServer,
  giveUp,
  it,
  openFrontTab,
  outcomes,
  type PanelGlobal,
  play,
  runTask,
  test,
  useKit,
} from './kit';

const log = hostLog();

useKit({ hostResolverRules: 'MAP *.test 127.0.0.1, MAP *.zip 127.0.0.1', routes: [log.route] });

test.afterEach(async ({ browser }) => {
  // A task a failed test left waiting ends; every web tab goes, so the next task starts on a tab of its own.
  await browser.panel.evaluate(async () => {
    (globalThis as PanelGlobal).steadyhand.host.stopAll();
    const own = chrome.runtime.getURL('');
    const tabs = await chrome.tabs.query({});
    const ids = tabs.flatMap((t) => (t.id !== undefined && !(t.url ?? '').startsWith(own) ? [t.id] : []));
    if (ids.length > 0) await chrome.tabs.remove(ids);
    (globalThis as PanelGlobal).steadyhand.settings.getState().update({ allowedSites: [], blockedSites: [] });
  });
});

const at = (site: FixtureServer, host: string) => `http://${host}:${site.port}`;
const CARD = '4242424242424242';

/** The checkout on shop.test, as the person's front tab, once the card frame from pay.test has its field. */
async function checkout(browser: Parameters<typeof openFrontTab>[0], site: FixtureServer): Promise<Page> {
  const { page } = await openFrontTab(browser, `${at(site, 'shop.test')}/sites/shop-checkout.html`);
  await page.frameLocator('#card').locator('#number').waitFor();
  return page;
}

/** The scripted model types the card number into the frame's field, then gives up with what it saw. */
function typeTheCard(model: Parameters<typeof play>[0]) {
  return play(model, (seen) => {
    if (seen.previousTools.includes('type')) {
      return giveUp(seen.results[0]?.isError ? 'I was not allowed to type the card number.' : 'Typed it.');
    }
    return act('type', { ref: control(seen, 'textbox', /^card number$/i).ref, text: CARD }, 'The card number.');
  });
}

describe('acting in a frame of another site', () => {
  it('asks before typing into the pay.test frame, naming both sites; denied, nothing reaches the frame or pay.test', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const page = await checkout(browser, site);
    const seen = typeTheCard(model);
    const pay = at(site, 'pay.test');

    const running = runTask(panel, 'Pay for order 2048 with my card 4242 4242 4242 4242');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(await ask.origin.textContent()).toBe(pay);
    expect(await ask.why.textContent()).toBe(
      `Steadyhand wants to type in a frame from pay.test:${site.port} inside shop.test:${site.port}. Nothing is ` +
        'sent to the frame until you allow it.',
    );
    expect(await panel.getByTestId('task-card').getByTestId('permission').locator('legend').textContent()).toBe(
      'Let the agent act on this site?',
    );
    await ask.deny.click();
    const { result, events } = await running;

    expect(outcomes(events)).toEqual([
      ['type', 'execute_error'],
      ['done', 'done_accepted'],
    ]);
    expect(result.status).toBe('failed');
    // The model is told, as data: the person did not allow pay.test.
    expect(seen[1]?.results[0]?.text).toContain(`the person did not allow ${pay} for this task`);
    expect(seen[1]?.results[0]?.text).toContain('not_allowed');
    // Nothing was typed, and pay.test heard nothing from the field.
    expect(await page.frameLocator('#card').locator('#number').inputValue()).toBe('');
    expect(log.to(pay, '/sites/pay-log')).toEqual([]);
    // Denied, the frame's site is not read afterwards either.
    expect(seen[1]?.text).toMatch(/\(not read: the person did not allow this site for this task\)/);
    expect(seen[1]?.text).not.toContain('Card number');
    expect(events.filter((e) => e.type === 'permission_decided')).toMatchObject([
      { origin: pay, decision: 'deny', by: 'person' },
    ]);
  });

  it('Allow once: the typing happens, and pay.test gets what was typed', async ({ browser, site, model, panel }) => {
    const page = await checkout(browser, site);
    typeTheCard(model);
    const pay = at(site, 'pay.test');

    const running = runTask(panel, 'Pay for order 2048 with my card 4242 4242 4242 4242');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(log.to(pay, '/sites/pay-log')).toEqual([]);
    await ask.allowOnce.click();
    const { events } = await running;

    expect(outcomes(events)).toEqual([
      ['type', 'ok'],
      ['done', 'done_accepted'],
    ]);
    expect(await page.frameLocator('#card').locator('#number').inputValue()).toBe(CARD);
    // The frame sends on input and change, as the page's own fetches: they reach the server in their own time.
    await expect.poll(() => log.to(pay, '/sites/pay-log').some((line) => line.includes(`value=${CARD}`))).toBe(true);
    expect(events.filter((e) => e.type === 'permission_request')).toHaveLength(1);
  });
});

describe('a page allowed to read only', () => {
  it('is read, and a click there asks; kept read only, nothing is clicked', async ({ browser, site, model, panel }) => {
    await openFrontTab(browser, `${at(site, 'shop.test')}/sites/coupon.html`);
    const deals = at(site, 'deals.test');
    const seen = play(model, (view) => {
      if (view.previousTools.includes('click')) return giveUp('I may only read the deals page.');
      if (view.text.includes('Desk lamps are 20% off')) {
        return act('click', { ref: control(view, 'button', /claim the deal/i).ref });
      }
      return act('open_url', { url: `${deals}/sites/deal.html` });
    });

    const running = runTask(panel, 'Find this week’s lamp deal and claim it');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(await ask.why.textContent()).toBe(`It wants to open ${deals}/sites/deal.html.`);
    await ask.readOnly.click();
    await expect
      .poll(() => ask.why.textContent())
      .toBe(`Steadyhand wants to click on deals.test:${site.port}, which you allowed to read only.`);
    expect(log.to(deals, '/sites/deal-log')).toEqual([]);
    await ask.readOnly.click();
    const { events } = await running;

    expect(outcomes(events)).toEqual([
      ['open_url', 'ok'],
      ['click', 'execute_error'],
      ['done', 'done_accepted'],
    ]);
    expect(seen[2]?.results[0]?.text).toContain(`the person allowed ${deals} to be read only in this task`);
    expect(log.to(deals, '/sites/deal-log')).toEqual([]);
    expect(await ask.records.allTextContents()).toEqual([
      `Step 1 · ${deals}: allowed by you to read only`,
      `Step 2 · ${deals}: allowed by you to read only`,
    ]);
  });
});

describe('named sites and the start page', () => {
  it('"Download report.zip" allows no site: opening http://report.zip is asked about', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    await openFrontTab(browser, `${at(site, 'shop.test')}/sites/coupon.html`);
    const zip = at(site, 'report.zip');
    play(model, (seen) =>
      seen.previousTools.includes('open_url')
        ? giveUp('The person did not allow that site.')
        : act('open_url', { url: `${zip}/sites/deal.html` }),
    );

    const running = runTask(panel, 'Download report.zip');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(await ask.origin.textContent()).toBe(zip);
    await ask.deny.click();
    await running;
    expect(log.to(zip, '/')).toEqual([]);
  });

  it('a task started on about:blank is asked about the first site it opens, unless the task names it', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const blank = await browser.context.newPage();
    await blank.bringToFront();
    const deals = at(site, 'deals.test');
    play(model, (seen) =>
      seen.previousTools.includes('open_url')
        ? giveUp('Done looking.')
        : act('open_url', { url: `${deals}/sites/deal.html?t=blank` }),
    );

    const running = runTask(panel, 'Find a desk lamp deal');
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(await ask.origin.textContent()).toBe(deals);
    await ask.deny.click();
    const { events } = await running;
    expect(outcomes(events)[0]).toEqual(['open_url', 'execute_error']);
    expect(log.to(deals, '/sites/deal.html?t=blank')).toEqual([]);

    // Named in the task, the same site is opened without a question.
    const named = await runTask(panel, `Find a desk lamp deal on deals.test:${site.port}`);
    expect(named.events.filter((e) => e.type === 'permission_request')).toEqual([]);
    expect(outcomes(named.events)[0]).toEqual(['open_url', 'ok']);
    expect(log.to(deals, '/sites/deal.html?t=blank')).toHaveLength(1);
  });
});
