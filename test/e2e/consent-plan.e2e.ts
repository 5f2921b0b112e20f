// "Ask before acting" in Chromium (decision 0026): the model proposes a plan, the panel shows it as a card, the person
// edits it (removes one of its two sites, rewrites a step) and approves it by keyboard; the task follows the plan with
// no site question for the site the plan kept, and the removed site is asked about when the model goes there; the
// model's request after the approval carries the plan as edited. Cancel ends the task with nothing done on the page.
// Chromium maps *.test to the fixture server, so home.test, shop.test and blog.test are three origins of one server.

import type { Page } from 'playwright-core';
import type { AgentEvent } from '../../src/panel/agent/task/events';
import { hostLog, permissionBox } from '../support/perm-sites';
import { saveScreenshot } from '../support/screenshots';
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
  type Seen,
  test,
  useKit,
} from './kit';
import { expectAccessible } from './panel-a11y-harness';

const log = hostLog();
/** The orders the shop received, as `METHOD host`. */
const orders: string[] = [];

const pages: Route = (req, res, url) => {
  const html = (title: string, body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`);
    return true;
  };
  if (url.pathname === '/plan/home.html') return html('Home', '<h1>Start page</h1><p>Nothing to see here.</p>');
  if (url.pathname === '/plan/shop.html') {
    return html(
      'Fern shop',
      '<h1>Button fern</h1><p>12 EUR</p><p id="status"></p><button type="button" onclick="fetch(\'/plan/placed\', ' +
        "{ method: 'POST' }).then(() => { document.getElementById('status').textContent = 'Order 77 placed.'; })\">" +
        'Place order</button>',
    );
  }
  if (url.pathname === '/plan/placed') {
    orders.push(`${req.method} ${req.headers.host ?? ''}`);
    return html('Order placed', '<h1>Thank you</h1><p>Order 77 placed.</p>');
  }
  if (url.pathname === '/plan/blog.html') return html('Blog', '<h1>Reviews</h1><textarea></textarea>');
  return false;
};

useKit({ hostResolverRules: 'MAP *.test 127.0.0.1', routes: [log.route, pages] });

test.beforeEach(() => {
  log.requests.length = 0;
  orders.length = 0;
});

test.afterEach(async ({ browser }) => {
  await browser.panel.evaluate(async () => {
    const own = chrome.runtime.getURL('');
    const tabs = await chrome.tabs.query({});
    const ids = tabs.flatMap((t) => (t.id !== undefined && !(t.url ?? '').startsWith(own) ? [t.id] : []));
    if (ids.length > 0) await chrome.tabs.remove(ids);
    (globalThis as PanelGlobal).steadyhand.settings.getState().update({ autonomy: 'act' });
  });
});

const ofType = <T extends AgentEvent['type']>(events: AgentEvent[], type: T) =>
  events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);

async function startOn(browser: ExtensionHarness, url: string): Promise<{ tabId: number; url: string }> {
  const { page, tabId } = await openTab(browser, url);
  await page.bringToFront();
  return { tabId, url: page.url() };
}

const setAutonomy = (panel: Page, autonomy: 'ask_first' | 'act') =>
  panel.evaluate(
    (mode) => (globalThis as PanelGlobal).steadyhand.settings.getState().update({ autonomy: mode }),
    autonomy,
  );

const tabUrl = (panel: Page, tabId: number) =>
  panel.evaluate(async (id) => (await chrome.tabs.get(id)).url ?? '', tabId);

function planFor(shop: string, blog: string) {
  return {
    summary: 'Order one Button fern and post a review',
    sites: [shop, blog],
    changes: [
      { site: shop, kind: 'order', what: 'Place the order for one Button fern' },
      { site: blog, kind: 'post', what: 'Post a review of the fern' },
    ],
    steps: '1. Open the fern shop\n2. Place the order\n3. Post a review on the blog',
  };
}

describe('Ask before acting', () => {
  it('shows the plan, the person edits it and approves; the task follows it and asks only about the removed site', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const shop = `http://shop.test:${site.port}`;
    const blog = `http://blog.test:${site.port}`;
    const edited = '1. Open the fern shop\n2. Place the order, nothing else';
    await startOn(browser, `http://home.test:${site.port}/plan/home.html`);
    await setAutonomy(panel, 'ask_first');
    const afterPlan: Seen[] = [];
    play(model, (s) => {
      if (s.index === 0) return act('propose_plan', planFor(shop, blog));
      if (s.previousTools.includes('propose_plan')) {
        afterPlan.push(s);
        return act('open_url', { url: `${shop}/plan/shop.html` });
      }
      if (s.previousTools.includes('open_url') && !s.results[0]?.isError) {
        return act('open_url', { url: `${blog}/plan/blog.html` });
      }
      if (s.results[0]?.text.includes('was not opened')) {
        return act('click', { ref: control(s, 'button', /place order/i).ref });
      }
      if (s.previousTools.includes('click')) {
        return act('done', {
          success: true,
          answer: 'Ordered one Button fern.',
          evidence: { quotes: ['Order 77 placed.'] },
        });
      }
      return giveUp(`Unexpected: ${s.text.slice(0, 200)}`);
    });

    const running = runTask(panel, 'Buy one Button fern and tell the blog what you think of it');
    const card = panel.getByTestId('task-card').getByTestId('plan');
    await card.waitFor();
    expect(await card.getByTestId('plan-summary').textContent()).toBe('Order one Button fern and post a review');
    expect(
      await card.getByTestId('plan-site').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('data-site'))),
    ).toEqual([shop, blog]);
    // axe finds nothing serious on the open plan, light and dark (screenshots a11y-en-<theme>-plan-open).
    await expectAccessible(panel, 'en', 'plan-open');
    // The person edits by keyboard: untick the blog, rewrite the steps, approve.
    await card.getByRole('checkbox', { name: blog, exact: true }).focus();
    await panel.keyboard.press('Space');
    expect(
      await card.getByRole('checkbox', { name: `Post or message on ${blog}: Post a review of the fern` }).isDisabled(),
    ).toBe(true);
    await card.getByLabel('Steps').fill(edited);
    await card.getByRole('button', { name: 'Approve plan' }).focus();
    await panel.keyboard.press('Enter');
    // The removed site is asked about when the model goes there; the person denies it.
    const ask = permissionBox(panel);
    await ask.box.waitFor();
    expect(await ask.origin.textContent()).toBe(blog);
    await saveScreenshot(panel, 'plan-removed-site-asked');
    await ask.deny.click();
    const { result, events } = await running;

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(outcomes(events)).toEqual([
      ['propose_plan', 'ok'],
      ['open_url', 'ok'],
      ['open_url', 'execute_error'],
      ['click', 'ok'],
      ['done', 'done_accepted'],
    ]);
    // No question for the site the plan kept; one for the site the person removed.
    expect(ofType(events, 'permission_request').map((e) => e.origin)).toEqual([blog]);
    expect(ofType(events, 'permission_decided')).toMatchObject([
      { origin: shop, decision: 'once', by: 'plan' },
      { origin: blog, decision: 'deny', by: 'person' },
    ]);
    // The order the plan named is placed without a consent question: the approval covered it.
    expect(ofType(events, 'consent_request')).toEqual([]);
    expect(ofType(events, 'consent_decided')).toMatchObject([{ origin: shop, kind: 'order', by: 'plan' }]);
    expect(orders).toEqual([`POST shop.test:${site.port}`]);
    expect(log.to(blog, '/')).toEqual([]);
    // The model's request after the approval carries the plan as edited, and says what the person changed.
    const answer = afterPlan[0]?.results[0]?.text ?? '';
    expect(answer).toContain(`The person edited the plan before approving it: removed the site(s) ${blog}`);
    expect(answer).toContain(`"sites":["${shop}"]`);
    expect(answer).toContain(`"steps":${JSON.stringify(edited)}`);
    expect(answer).not.toContain('Post a review of the fern"}');
    // Nothing forced the tool: the order is kept by the loop, not by tool_choice (refused with thinking on).
    expect(model.messageRequests.every((request) => request.body?.tool_choice === undefined)).toBe(true);
    const plan = panel.getByTestId('task-card').getByTestId('plan');
    await expect.poll(() => plan.getAttribute('data-status')).toBe('approved');
    expect(await plan.locator('h3').textContent()).toBe('Plan approved with your changes');
    await saveScreenshot(panel, 'plan-approved');
  });

  it('Cancel, with the mode picked by the task box: the task ends and nothing happens on the page', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const shop = `http://shop.test:${site.port}`;
    const start = await startOn(browser, `${shop}/plan/shop.html`);
    play(model, (s) => {
      if (s.index === 0) return act('propose_plan', planFor(shop, `http://blog.test:${site.port}`));
      return giveUp('The plan was cancelled.');
    });

    // Settings say "Act without asking"; the task box picks "Ask before acting" for this task.
    const box = panel.getByTestId('task-box');
    await box.getByRole('combobox', { name: 'Mode' }).selectOption('ask_first');
    await box.getByRole('textbox', { name: 'New task' }).fill('Buy one Button fern');
    await box.getByRole('textbox', { name: 'New task' }).press('Enter');
    const card = panel.getByTestId('task-card').getByTestId('plan');
    await card.waitFor();
    await card.getByRole('button', { name: 'Cancel task' }).click();

    const task = panel.getByTestId('task-card');
    await expect.poll(() => task.getAttribute('data-status')).toBe('stopped');
    expect(await task.getByTestId('final-summary').textContent()).toContain('You cancelled the plan');
    expect(model.messageRequests).toHaveLength(1);
    const tools = (model.messageRequests[0]?.body?.tools ?? []) as { name: string }[];
    expect(tools.map((tool) => tool.name)).toContain('propose_plan');
    expect(orders).toEqual([]);
    expect(await tabUrl(panel, start.tabId)).toBe(start.url);
    await expect.poll(() => card.getAttribute('data-status')).toBe('cancelled');
    await saveScreenshot(panel, 'plan-cancelled');
  });
});
