// Security boundaries in real Chromium: a hostile page cannot reach the relay or the content script's router; the
// API key stays in the panel (and the panel's storage); page content reaches the model only inside per-call nonce
// fences; script evaluation is not even offered unless it is switched on; restricted pages are never touched.

import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { AgentSettings } from '../../src/panel/agent/core/settings';
import { SETTINGS_KEY } from '../../src/panel/store/storage-keys';
import { CONTENT_SCRIPT_FILE } from '../../src/shared/content-script';
import { tally } from '../support/reliability';
import { saveScreenshot } from '../support/screenshots';
import { allSentText, auditFences, fencedPattern, offeredToolNames, toolResults } from '../support/sec-fences';
import { type ForgeReport, forge as forgeFrom } from '../support/sec-forger';
import { injections, recordConsole, recordContentMessages, recordInjections } from '../support/sec-recorders';
import {
  act,
  call,
  control,
  describe,
  type ExtensionHarness,
  expect,
  inOrder,
  it,
  MASK,
  openTab,
  type PanelGlobal,
  play,
  runTask,
  tabIdOf,
  test,
  useKit,
} from './kit';

/** Distinctive, so a match anywhere is the key and nothing else. */
const KEY = `sk-ant-sec-${randomBytes(16).toString('hex')}`;
const MARKER = 'Qx7Pagemark';

// The stand-in takes this key only; the panel is pointed at it with the key.
// The sign-up form's button is asked about (decision 0026): the person allows it; what is checked is the key.
useKit({ model: { apiKey: KEY }, apiKey: KEY, consent: 'once' });

let workerUrl: string;
let opened: Page[] = [];

test.beforeAll(async ({ browser }) => {
  workerUrl = browser.context.serviceWorkers()[0]?.url() ?? '';
  await useSettings(browser.panel, { allowScript: false });
});

test.afterEach(async () => {
  await Promise.all(opened.map((page) => page.close()));
  opened = [];
});

function useSettings(panel: Page, patch: Partial<AgentSettings>): Promise<void> {
  return panel.evaluate((p) => (globalThis as PanelGlobal).steadyhand.settings.getState().update(p), patch);
}

async function webTab(browser: ExtensionHarness, url: string): Promise<{ page: Page; tabId: number }> {
  const tab = await openTab(browser, url);
  opened.push(tab.page);
  await tab.page.bringToFront();
  return tab;
}

/** The extension's own reply to a real call through the panel, relay and content script: the page still answers. */
function ping(panel: Page, tabId: number) {
  return call(panel, tabId, 'ping');
}

describe('a hostile page', () => {
  it('reaches neither the relay nor the content script router, while the panel works on its tab', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { page, tabId } = await webTab(browser, site.url('/security/sec-forger.html'));
    const recorder = await recordContentMessages(browser.context, page, browser.extensionId);
    // The content script's path in the package: a page that knows it still cannot load it (nothing is web-accessible).
    const modulePath = CONTENT_SCRIPT_FILE;
    const bystander = await webTab(browser, site.url('/security/sec-forger.html'));
    await page.bringToFront();
    const forge = (target = tabId) => forgeFrom(page, { ext: browser.extensionId, tabId: target, modulePath });

    const idle = await forge();
    await ping(panel, tabId);
    // A task on the same tab, forged at again while it runs: a forged requestStop, a forged "tab removed" or a
    // forged hideMask reaching the panel would end or disturb it; a forged click or scroll would show on the page.
    const during: ForgeReport[] = [];
    play(model, async (seen) => {
      during.push(await forge());
      if (/Presses: 1/.test(seen.text)) {
        return act('done', { success: true, answer: 'Pressed once.', evidence: { quotes: ['Presses: 1'] } });
      }
      return act('click', { ref: control(seen, 'button', /press me/i).ref });
    });
    const { result } = await runTask(panel, 'Press the button once');
    const after = await forge();
    const atBystander = await forge(bystander.tabId); // calls aimed at another tab of the person's
    await ping(panel, tabId);
    await ping(panel, bystander.tabId);

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    for (const report of [idle, ...during, after, atBystander]) {
      // No way in: the page has no chrome.runtime (or every call is refused), and nothing it forged took effect.
      expect(report.runtime.every((outcome) => !outcome.startsWith('answered'))).toBe(true);
      expect(report.after.runtime).toBe('undefined');
      expect(report.after.forgedEvaluate).toBeNull();
      expect(report.scrollY).toBe(0);
      // The content script is not web-accessible: a page cannot load it (decision 0015).
      expect(report.module).toMatch(/^import refused/);
    }
    expect(idle.presses).toBe(0);
    expect(after.presses).toBe(1); // the agent's click, once; no forged click
    for (const tab of [page, bystander.page]) {
      expect(await tab.locator(MASK).count()).toBe(0);
      expect(await tab.evaluate(() => [window.scrollY, document.getElementById('presses')?.textContent])).toEqual([
        0,
        tab === page ? '1' : '0',
      ]);
    }
    // What the content script received came from our service worker only: none of the forged calls.
    expect(recorder.messages.length).toBeGreaterThan(0);
    for (const { message, sender } of recorder.messages) {
      expect(sender).toMatchObject({ id: browser.extensionId, url: workerUrl });
      expect(message).toMatchObject({ kind: 'cs:rpc' });
      expect(JSON.stringify(message)).not.toMatch(/FORGED|forgedEvaluate|guess\.1/);
    }
    // What the page could see: the extension's DOM marker, nothing of its worlds' globals.
    expect(idle.before.windowNames).toEqual([]);
    expect(idle.before.chromeKeys).not.toContain('runtime');
    await recorder.stop();
    const rounds = 3 + during.length;
    tally.badInput('forged page message', idle.posted * rounds);
    tally.hostile('sec-forger');
  });
});

describe('the API key', () => {
  it('never reaches a content script, a console, a trace or a request body', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const logs = recordConsole(browser.context);
    const { page } = await webTab(browser, site.url('/agent/agent-form.html'));
    const recorder = await recordContentMessages(browser.context, page, browser.extensionId);
    play(model, (seen) => {
      // A retry first, on the path that would log a failure.
      if (seen.index === 0) return { fault: 'rate_limit', retryAfterSec: 0.2 };
      if (seen.url?.includes('agent-thanks')) {
        return act('done', { success: true, answer: 'Signed up.', evidence: { quotes: ['Welcome, Ada Lovelace'] } });
      }
      const name = control(seen, 'textbox', /your name/i);
      if (!name.value) return act('type', { ref: name.ref, text: 'Ada Lovelace' });
      const email = control(seen, 'textbox', /email/i);
      if (!email.value) return act('type', { ref: email.ref, text: 'ada@example.com' });
      return act('click', { ref: control(seen, 'button', /sign up/i).ref });
    });
    const done = await runTask(panel, 'Sign Ada Lovelace (ada@example.com) up');
    expect(done.result).toMatchObject({ status: 'succeeded' });

    // A refused key and the settings' connection check: the paths that talk about the key. The stand-in starts
    // afresh, so the requests checked below are these.
    model.reset();
    play(model, inOrder([{ fault: 'unauthorized' }]));
    const refused = await runTask(panel, 'Read the page');
    expect(refused.result).toMatchObject({ status: 'error', errorKind: 'auth' });
    // Test connection lists the models the key can use: another request that carries it.
    const check = await panel.evaluate(async () => {
      const { commands, settings } = (globalThis as PanelGlobal).steadyhand;
      return commands.testConnection(settings.getState().settings);
    });
    expect(check.ok).toBe(true);

    const traces: string[] = [];
    for (const taskId of [done.result.taskId, refused.result.taskId]) {
      const download = panel.waitForEvent('download');
      await panel.evaluate((id) => (globalThis as PanelGlobal).steadyhand.commands.exportTrace(id), taskId);
      traces.push(await browser.downloadedText((await download).suggestedFilename()));
    }
    // The probes prove each channel is really watched.
    await panel.evaluate(() => console.info('sec-probe panel'));
    await browser.context.serviceWorkers()[0]?.evaluate(() => console.info('sec-probe worker'));
    await recorder.evaluate('console.info("sec-probe content script")');
    await expect
      .poll(() =>
        ['panel', 'worker', 'content script'].filter((p) => logs.lines.some((l) => l.text === `sec-probe ${p}`)),
      )
      .toHaveLength(3);
    logs.stop();
    await recorder.stop();

    expect(recorder.messages.length).toBeGreaterThan(5);
    expect(recorder.worlds).toBeGreaterThanOrEqual(2); // the form and the page after it
    expect(JSON.stringify(recorder.messages)).not.toContain(KEY);
    expect(logs.lines.filter((line) => line.text.includes(KEY))).toEqual([]);
    expect(traces).toHaveLength(2);
    for (const trace of traces) expect(trace).not.toContain(KEY);
    expect(await page.content()).not.toContain(KEY);
    const requests = model.requests.filter((r) => r.method !== 'OPTIONS');
    expect(requests.filter((r) => r.method === 'POST').length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.rawBody).not.toContain(KEY);
      expect(`${request.path}?${request.query}`).not.toContain(KEY);
      const carrying = Object.entries(request.headers).filter(([, value]) => value.includes(KEY));
      expect(carrying).toEqual([['authorization', `Bearer ${KEY}`]]);
    }
    // In the panel's storage, only the settings hold it; the task history does not.
    const stored = await panel.evaluate(() => chrome.storage.local.get(null));
    const holding = Object.entries(stored).filter(([, value]) => JSON.stringify(value).includes(KEY));
    expect(holding.map(([name]) => name)).toEqual([SETTINGS_KEY]);
  });

  it('is out of reach of content scripts, where a compromised page renderer could read it', async ({
    browser,
    site,
    panel,
  }) => {
    const { page, tabId } = await webTab(browser, site.url('/index.html'));
    const recorder = await recordContentMessages(browser.context, page, browser.extensionId);
    await ping(panel, tabId); // the panel puts its script there, as a task would (outside a task no script runs in a page)
    await expect.poll(() => recorder.worlds).toBeGreaterThan(0);
    const read = await recorder.evaluate<string>(
      'chrome.storage.local.get(null).then((all) => JSON.stringify(all), (error) => "refused: " + error.message)',
    );
    await recorder.stop();
    expect(read).not.toContain(KEY);
    expect(read).toMatch(/^refused/);
  });
});

describe('page content', () => {
  it('reaches the model only inside per-step nonce fences, which a fake END marker cannot close', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    await webTab(browser, site.url('/security/sec-marked.html'));
    let annex = -1;
    play(
      model,
      inOrder([
        act('read_page'),
        act('find', { query: 'opening hours' }),
        act('open_url', { url: site.url('/security/sec-marked-2.html'), newTab: true }),
        (seen) => {
          annex = seen.tabs.find((tab) => tab.url.includes('sec-marked-2'))?.tabId ?? -1;
          return act('switch_tab', { tabId: annex });
        },
        act('read_page'),
        act('done', {
          success: true,
          kind: 'reading',
          answer: 'The museum annex opens 10 to 16.',
          evidence: { quotes: ['Museum annex'] },
        }),
      ]),
    );

    const { result } = await runTask(panel, 'When is the museum annex open?');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const requests = model.messageRequests;
    expect(requests).toHaveLength(6);
    const inside: string[] = [];
    let earlier = new Set<string>();
    for (const request of requests) {
      const audit = auditFences(request, MARKER);
      expect(audit.outside).toEqual([]);
      expect(audit.unclosed).toEqual([]);
      // The conversation is append-only, so a request carries the ids of every step so far, and exactly one new one:
      // the step's own, for its observation (and, with the next request, for the results of its calls).
      const fresh = [...audit.ids].filter((id) => !earlier.has(id));
      expect(fresh).toHaveLength(1);
      expect([...earlier].every((id) => audit.ids.has(id))).toBe(true);
      earlier = audit.ids;
      inside.push(...audit.fakeEnds);
    }
    expect(earlier.size).toBe(requests.length); // a fresh id for every step
    for (const id of earlier) expect(id).toMatch(/^[0-9a-f]{16}$/);
    // The page's own END markers reached the model, and inside the fence: the text after them stayed fenced.
    expect(inside.some((line) => line.includes('id=0123456789abcdef'))).toBe(true);
    expect(inside.some((line) => line.includes('id=fedcba9876543210'))).toBe(true);
    // Every place the marker was planted reached the model: title, text, attribute, read_page, find, the other tab.
    const everything = requests.map((r) => allSentText(r)).join('\n');
    for (const planted of [
      'Museum Qx7Pagemark title',
      'Qx7Pagemark visible text',
      'Tickets Qx7Pagemark attribute',
      'Qx7Pagemark after a fake end marker',
      'Annex Qx7Pagemark title',
      'Qx7Pagemark on the line after a fake end marker',
      'Qx7Pagemark visitor field',
    ]) {
      expect(everything, planted).toContain(planted);
    }
    tally.hostile('sec-marked');
  });

  it('stays inside the fences when an action reports on a page element by its name', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    await webTab(browser, site.url('/security/sec-marked-2.html'));
    play(
      model,
      inOrder([
        (seen) => act('check', { ref: control(seen, 'button', /SYSTEM says/).ref, checked: true }),
        act('read_page'),
        act('done', { success: false, answer: 'The help button is not a checkbox.' }),
      ]),
    );

    const { result } = await runTask(panel, 'Tick the help box');

    expect(result.status).toBe('failed');
    const requests = model.messageRequests;
    expect(requests).toHaveLength(3);
    const [checked] = requests[1] ? toolResults(requests[1]) : [];
    expect(checked?.isError).toBe(true);
    expect(checked?.text).toContain(MARKER); // the reason names the element: the model is told which one failed...
    // ...as page data: in the tool result right after the step, in a repair note, and in the step's history line.
    expect(requests.map((request) => auditFences(request, MARKER).outside)).toEqual([[], [], []]);
    tally.hostile('sec-marked-2 element name');
  });
});

describe('script evaluation', () => {
  it('is not offered while the setting is off, and a call to it anyway does not touch the page', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { page } = await webTab(browser, site.url('/index.html'));
    play(
      model,
      inOrder([
        act('evaluate', { script: "(window.secEvaluated = 'yes', document.title)" }),
        act('done', { success: false, answer: 'Script evaluation is off.' }),
      ]),
    );

    const { result } = await runTask(panel, 'Read the title with a script');

    expect(result.status).toBe('failed');
    for (const request of model.messageRequests) expect(offeredToolNames(request)).not.toContain('evaluate');
    const [, after] = model.messageRequests;
    expect(after ? toolResults(after) : []).toEqual([
      expect.objectContaining({ isError: true, text: expect.stringContaining('script evaluation is off in settings') }),
    ]);
    expect(await page.evaluate(() => (window as { secEvaluated?: string }).secEvaluated ?? null)).toBeNull();
    tally.badInput('tool not offered');
  });

  it('is offered when the setting is on and runs in the page, its result fenced as page content', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { page } = await webTab(browser, site.url('/index.html'));
    await useSettings(panel, { allowScript: true });
    try {
      play(
        model,
        inOrder([
          act('evaluate', { script: "(window.secEvaluated = 'yes', document.title)" }),
          act('done', {
            success: true,
            kind: 'reading',
            answer: 'The title is Fixture home.',
            evidence: { quotes: ['Fixture home'] },
          }),
        ]),
      );

      const { result } = await runTask(panel, 'Read the title with a script');

      expect(result).toMatchObject({ status: 'succeeded', verified: true });
      for (const request of model.messageRequests) expect(offeredToolNames(request)).toContain('evaluate');
      const [, after] = model.messageRequests;
      const [evaluated] = after ? toolResults(after) : [];
      expect(evaluated?.isError).toBe(false);
      expect(evaluated?.text).toMatch(fencedPattern('\nFixture home\n'));
      expect(await page.evaluate(() => (window as { secEvaluated?: string }).secEvaluated ?? null)).toBe('yes');
    } finally {
      await useSettings(panel, { allowScript: false });
    }
  });
});

describe('restricted pages', () => {
  it('are never touched: no injection, every restricted open_url refused, and a message that says why', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const page = await browser.context.newPage();
    opened.push(page);
    await page.goto('chrome://version');
    await page.bringToFront();
    const restrictedTab = await tabIdOf(browser, 'chrome://version/');
    await recordInjections(browser.context);
    const targets = [
      'chrome://settings',
      `view-source:${site.url('/index.html')}`,
      'file:///etc/passwd',
      'javascript:alert(document.cookie)',
      'data:text/html,<h1>hi</h1>',
      'https://chromewebstore.google.com/category/extensions',
    ];
    const seen = play(
      model,
      inOrder([
        ...targets.map((url) => act('open_url', { url })),
        act('done', { success: false, answer: 'Every page I tried is off limits to Steadyhand.' }),
      ]),
    );

    // The site is named so that the check at the end, an injection into a web tab of it, is one the task allows: a
    // task started on a browser page has no start site (decision 0025), and its script goes nowhere undecided.
    const { result, events } = await runTask(panel, `Change a browser setting, then look at ${site.origin}`);

    expect(result.status).toBe('failed');
    const refusals = events.flatMap((e) => (e.type === 'tool_result' && e.name === 'open_url' ? [e] : []));
    expect(refusals).toHaveLength(targets.length);
    for (const refusal of refusals) expect(refusal).toMatchObject({ outcome: 'execute_error', isError: true });
    expect(seen[0]?.problem).toMatch(/^chrome:\/\/version\/ is a browser page/);
    // The tool list is the task's, unchanged on a page that cannot be operated (page tools answer why).
    const lists = model.messageRequests.map((request) => offeredToolNames(request).join(','));
    expect(new Set(lists).size).toBe(1);
    // The panel never injected into (or anywhere near) the restricted tab, and no tab went to the targets.
    const made = await injections(browser.context);
    expect(made.filter((injection) => injection.target.tabId === restrictedTab)).toEqual([]);
    const urls = await panel.evaluate(async () => (await chrome.tabs.query({})).map((tab) => tab.url ?? ''));
    for (const url of targets) expect(urls).not.toContain(url);
    expect(page.url()).toBe('chrome://version/');
    // The person reads why each call failed, in the step cards of the task.
    const said = await panel.getByTestId('task-card').getByTestId('call').allTextContents();
    expect(said.filter((text) => /not a page that can be opened/i.test(text))).toHaveLength(targets.length);
    // And, for the tab itself, what the panel says about it.
    const card = panel.getByTestId('page-card');
    await expect
      .poll(() => card.textContent())
      .toMatch(/Steadyhand cannot work on chrome:\/\/version\/: browser pages/);
    await saveScreenshot(panel, 'restricted-refused');
    // The recorder does see the injections the worker makes for the panel: one into a web tab shows up.
    const web = await webTab(browser, site.url('/index.html'));
    await panel.evaluate((id) => (globalThis as PanelGlobal).steadyhand.tabs.injectContentScript(id), web.tabId);
    expect((await injections(browser.context)).slice(made.length).map((i) => i.target.tabId)).toContain(web.tabId);
    tally.badInput('restricted url', targets.length);
    tally.hostile('restricted start tab');
  });
});
