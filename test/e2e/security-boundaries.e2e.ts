// Security boundaries in real Chromium: a hostile page cannot reach the relay or the content script's router; the
// API key stays in the panel (and the panel's storage); page content reaches the model only inside per-call nonce
// fences; script evaluation is not even offered unless it is switched on; restricted pages are never touched.

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentSettings } from '../../src/panel/agent/settings';
import { CONTENT_SCRIPT_FILE } from '../../src/shared/content-script';
import { act, control, playPolicy, runTask } from '../support/agent';
import { type ExtensionHarness, launchExtension } from '../support/extension';
import { type FakeAnthropic, startFakeAnthropic } from '../support/fake-anthropic';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server';
import { MASK, openTab, type PanelGlobal, tabIdOf } from '../support/panel';
import { tally } from '../support/reliability';
import { saveScreenshot } from '../support/screenshots';
import { allSentText, auditFences, offeredToolNames, toolResults } from '../support/sec-fences';
import { type ForgeReport, forge as forgeFrom } from '../support/sec-forger';
import { injections, recordConsole, recordContentMessages, recordInjections } from '../support/sec-recorders';
import { playSteps, seenIn } from '../support/sec-script';

/** Distinctive, so a match anywhere is the key and nothing else. */
const KEY = `sk-ant-sec-${randomBytes(16).toString('hex')}`;
const MARKER = 'Qx7Pagemark';

let harness: ExtensionHarness;
let site: FixtureServer;
let fake: FakeAnthropic;
let workerUrl: string;
let opened: Page[] = [];

beforeAll(async () => {
  [site, fake, harness] = await Promise.all([
    startFixtureServer(),
    startFakeAnthropic({ apiKey: KEY }),
    launchExtension(),
  ]);
  workerUrl = harness.context.serviceWorkers()[0]?.url() ?? '';
  await useSettings({ apiKey: KEY, baseUrl: fake.url, allowScript: false });
});

afterAll(async () => {
  await harness?.close();
  await Promise.all([site?.close(), fake?.close()]);
});

beforeEach(() => fake.reset());

afterEach(async () => {
  await Promise.all(opened.map((page) => page.close()));
  opened = [];
});

function useSettings(patch: Partial<AgentSettings>): Promise<void> {
  return harness.panel.evaluate((p) => (globalThis as PanelGlobal).steadyhand.settings.getState().update(p), patch);
}

async function webTab(path: string): Promise<{ page: Page; tabId: number }> {
  const tab = await openTab(harness, site.url(path));
  opened.push(tab.page);
  await tab.page.bringToFront();
  return tab;
}

/** The extension's own reply to a real call through the panel, relay and content script: the page still answers. */
function ping(tabId: number) {
  return harness.panel.evaluate((id) => (globalThis as PanelGlobal).steadyhand.pages(id).ping(), tabId);
}

describe('a hostile page', () => {
  it('reaches neither the relay nor the content script router, while the panel works on its tab', async () => {
    const { page, tabId } = await webTab('/sec-forger.html');
    const recorder = await recordContentMessages(harness.context, page, harness.extensionId);
    // The content script's path in the package: a page that knows it still cannot load it (nothing is web-accessible).
    const modulePath = CONTENT_SCRIPT_FILE;
    const bystander = await webTab('/sec-forger.html');
    await page.bringToFront();
    const forge = (target = tabId) => forgeFrom(page, { ext: harness.extensionId, tabId: target, modulePath });

    const idle = await forge();
    await ping(tabId);
    // A task on the same tab, forged at again while it runs: a forged requestStop, a forged "tab removed" or a
    // forged hideMask reaching the panel would end or disturb it; a forged click or scroll would show on the page.
    const during: ForgeReport[] = [];
    fake.respondWith(async (request) => {
      during.push(await forge());
      const seen = seenIn(request);
      if (/Presses: 1/.test(seen.text)) {
        return act('done', { success: true, answer: 'Pressed once.', evidence: { quotes: ['Presses: 1'] } });
      }
      return act('click', { ref: control(seen, 'button', /press me/i).ref });
    });
    const { result } = await runTask(harness.panel, 'Press the button once');
    const after = await forge();
    const atBystander = await forge(bystander.tabId); // calls aimed at another tab of the person's
    await ping(tabId);
    await ping(bystander.tabId);

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
      expect(sender).toMatchObject({ id: harness.extensionId, url: workerUrl });
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
  it('never reaches a content script, a console, a trace or a request body', async () => {
    const logs = recordConsole(harness.context);
    const { page } = await webTab('/agent-form.html');
    const recorder = await recordContentMessages(harness.context, page, harness.extensionId);
    fake.enqueue({ fault: 'rate_limit', retryAfterSec: 0.2 }); // a retry, on the path that would log a failure
    playPolicy(fake, (seen) => {
      if (seen.url?.includes('agent-thanks')) {
        return act('done', { success: true, answer: 'Signed up.', evidence: { quotes: ['Welcome, Ada Lovelace'] } });
      }
      const name = control(seen, 'textbox', /your name/i);
      if (!name.value) return act('type', { ref: name.ref, text: 'Ada Lovelace' });
      const email = control(seen, 'textbox', /email/i);
      if (!email.value) return act('type', { ref: email.ref, text: 'ada@example.com' });
      return act('click', { ref: control(seen, 'button', /sign up/i).ref });
    });
    const done = await runTask(harness.panel, 'Sign Ada Lovelace (ada@example.com) up');
    expect(done.result).toMatchObject({ status: 'succeeded' });

    // A refused key and the settings' connection check: the paths that talk about the key.
    fake.reset();
    fake.enqueue({ fault: 'unauthorized' });
    const refused = await runTask(harness.panel, 'Read the page');
    expect(refused.result).toMatchObject({ status: 'error', errorKind: 'auth' });
    // Test connection lists the models the key can use: another request that carries it.
    const check = await harness.panel.evaluate(async () => {
      const { commands, settings } = (globalThis as PanelGlobal).steadyhand;
      return commands.testConnection(settings.getState().settings);
    });
    expect(check.ok).toBe(true);

    const traces: string[] = [];
    for (const taskId of [done.result.taskId, refused.result.taskId]) {
      const download = harness.panel.waitForEvent('download');
      await harness.panel.evaluate((id) => (globalThis as PanelGlobal).steadyhand.commands.exportTrace(id), taskId);
      traces.push(await readFile(await (await download).path(), 'utf8'));
    }
    // The probes prove each channel is really watched.
    await harness.panel.evaluate(() => console.info('sec-probe panel'));
    await harness.context.serviceWorkers()[0]?.evaluate(() => console.info('sec-probe worker'));
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
    const requests = fake.requests.filter((r) => r.method !== 'OPTIONS');
    expect(requests.filter((r) => r.method === 'POST').length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.rawBody).not.toContain(KEY);
      expect(`${request.path}?${request.query}`).not.toContain(KEY);
      const carrying = Object.entries(request.headers).filter(([, value]) => value.includes(KEY));
      expect(carrying).toEqual([['authorization', `Bearer ${KEY}`]]);
    }
    // In the panel's storage, only the settings hold it; the task history does not.
    const stored = await harness.panel.evaluate(() => chrome.storage.local.get(null));
    const holding = Object.entries(stored).filter(([, value]) => JSON.stringify(value).includes(KEY));
    expect(holding.map(([name]) => name)).toEqual(['steadyhand.settings']);
  });

  it('is out of reach of content scripts, where a compromised page renderer could read it', async () => {
    const { page, tabId } = await webTab('/index.html');
    const recorder = await recordContentMessages(harness.context, page, harness.extensionId);
    await ping(tabId); // the panel puts its script there, as a task would (outside a task no script runs in a page)
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
  it('reaches the model only inside per-step nonce fences, which a fake END marker cannot close', async () => {
    await webTab('/sec-marked.html');
    let annex = -1;
    playSteps(fake, [
      () => act('read_page'),
      () => act('find', { query: 'opening hours' }),
      () => act('open_url', { url: site.url('/sec-marked-2.html'), newTab: true }),
      (request) => {
        const tabs = /^Tabs of this task: (.*)$/m.exec(seenIn(request).text)?.[1] ?? '';
        annex = Number(/(\d+)(?: \(current\))? \S*sec-marked-2/.exec(tabs)?.[1] ?? -1);
        return act('switch_tab', { tabId: annex });
      },
      () => act('read_page'),
      () => act('done', { success: true, answer: 'The annex opens 10 to 16.', evidence: { quotes: ['Museum annex'] } }),
    ]);

    const { result } = await runTask(harness.panel, 'When is the museum annex open?');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const requests = fake.messageRequests;
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

  it('stays inside the fences when an action reports on a page element by its name', async () => {
    await webTab('/sec-marked-2.html');
    playSteps(fake, [
      (request) => act('check', { ref: control(seenIn(request), 'button', /SYSTEM says/).ref, checked: true }),
      () => act('read_page'),
      () => act('done', { success: false, answer: 'The help button is not a checkbox.' }),
    ]);

    const { result } = await runTask(harness.panel, 'Tick the help box');

    expect(result.status).toBe('failed');
    const requests = fake.messageRequests;
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
  it('is not offered while the setting is off, and a call to it anyway does not touch the page', async () => {
    const { page } = await webTab('/index.html');
    playSteps(fake, [
      () => act('evaluate', { script: "(window.secEvaluated = 'yes', document.title)" }),
      () => act('done', { success: false, answer: 'Script evaluation is off.' }),
    ]);

    const { result } = await runTask(harness.panel, 'Read the title with a script');

    expect(result.status).toBe('failed');
    for (const request of fake.messageRequests) expect(offeredToolNames(request)).not.toContain('evaluate');
    const [, after] = fake.messageRequests;
    expect(after ? toolResults(after) : []).toEqual([
      expect.objectContaining({ isError: true, text: expect.stringContaining('script evaluation is off in settings') }),
    ]);
    expect(await page.evaluate(() => (window as { secEvaluated?: string }).secEvaluated ?? null)).toBeNull();
    tally.badInput('tool not offered');
  });

  it('is offered when the setting is on and runs in the page, its result fenced as page content', async () => {
    const { page } = await webTab('/index.html');
    await useSettings({ allowScript: true });
    try {
      playSteps(fake, [
        () => act('evaluate', { script: "(window.secEvaluated = 'yes', document.title)" }),
        () =>
          act('done', { success: true, answer: 'The title is Fixture home.', evidence: { quotes: ['Fixture home'] } }),
      ]);

      const { result } = await runTask(harness.panel, 'Read the title with a script');

      expect(result).toMatchObject({ status: 'succeeded', verified: true });
      for (const request of fake.messageRequests) expect(offeredToolNames(request)).toContain('evaluate');
      const [, after] = fake.messageRequests;
      const [evaluated] = after ? toolResults(after) : [];
      expect(evaluated?.isError).toBe(false);
      expect(evaluated?.text).toMatch(
        /BEGIN UNTRUSTED PAGE CONTENT id=(\w+)\nFixture home\nEND UNTRUSTED PAGE CONTENT id=\1/,
      );
      expect(await page.evaluate(() => (window as { secEvaluated?: string }).secEvaluated ?? null)).toBe('yes');
    } finally {
      await useSettings({ allowScript: false });
    }
  });
});

describe('restricted pages', () => {
  it('are never touched: no injection, every restricted open_url refused, and a message that says why', async () => {
    const page = await harness.context.newPage();
    opened.push(page);
    await page.goto('chrome://version');
    await page.bringToFront();
    const restrictedTab = await tabIdOf(harness, 'chrome://version/');
    await recordInjections(harness.context);
    const targets = [
      'chrome://settings',
      `view-source:${site.url('/index.html')}`,
      'file:///etc/passwd',
      'javascript:alert(document.cookie)',
      'data:text/html,<h1>hi</h1>',
      'https://chromewebstore.google.com/category/extensions',
    ];
    playSteps(fake, [
      ...targets.map((url) => () => act('open_url', { url })),
      () => act('done', { success: false, answer: 'Every page I tried is off limits to Steadyhand.' }),
    ]);

    const { result, events } = await runTask(harness.panel, 'Change a browser setting');

    expect(result.status).toBe('failed');
    const refusals = events.flatMap((e) => (e.type === 'tool_result' && e.name === 'open_url' ? [e] : []));
    expect(refusals).toHaveLength(targets.length);
    for (const refusal of refusals) expect(refusal).toMatchObject({ outcome: 'execute_error', isError: true });
    const [first] = fake.messageRequests;
    expect(first && seenIn(first).text).toMatch(/This page cannot be operated: chrome:\/\/version\/ is a browser page/);
    // The tool list is the task's, unchanged on a page that cannot be operated (page tools answer why).
    const lists = fake.messageRequests.map((request) => offeredToolNames(request).join(','));
    expect(new Set(lists).size).toBe(1);
    // The panel never injected into (or anywhere near) the restricted tab, and no tab went to the targets.
    const made = await injections(harness.context);
    expect(made.filter((injection) => injection.target.tabId === restrictedTab)).toEqual([]);
    const urls = await harness.panel.evaluate(async () => (await chrome.tabs.query({})).map((tab) => tab.url ?? ''));
    for (const url of targets) expect(urls).not.toContain(url);
    expect(page.url()).toBe('chrome://version/');
    // The person reads why each call failed, in the step cards of the task.
    const said = await harness.panel.getByTestId('task-card').getByTestId('call').allTextContents();
    expect(said.filter((text) => /not an http\(s\) page/i.test(text))).toHaveLength(targets.length);
    // And, for the tab itself, what the panel says about it.
    const card = harness.panel.getByTestId('page-card');
    await expect
      .poll(() => card.textContent())
      .toMatch(/Steadyhand cannot work on chrome:\/\/version\/: browser pages/);
    await saveScreenshot(harness.panel, 'restricted-refused');
    // The recorder does see the injections the worker makes for the panel: one into a web tab shows up.
    const web = await webTab('/index.html');
    await harness.panel.evaluate(
      (id) => (globalThis as PanelGlobal).steadyhand.tabs.injectContentScript(id),
      web.tabId,
    );
    expect((await injections(harness.context)).slice(made.length).map((i) => i.target.tabId)).toContain(web.tabId);
    tally.badInput('restricted url', targets.length);
    tally.hostile('restricted start tab');
  });
});
