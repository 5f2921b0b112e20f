// Steadyhand only in a task's tabs (decision 0015). A page the person opens outside a task carries no
// trace of the extension: no script in it, no mark in its DOM, nothing of the package it could load, no message
// from it. Inside a task the tabs have the script from the moment the task takes them, a reload gets the script and
// the mask back without the agent taking a step, and a popup the task adopts is scripted as it joins.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { CONTENT_SCRIPT_FILE } from '../../src/shared/content-script';
import { DIST } from '../support/extension';
import { waitForMask } from '../support/fault-harness';
import {
  describe,
  domTrace,
  expect,
  giveUp,
  hold,
  it,
  openTab,
  type PanelGlobal,
  scriptToken,
  startTask,
  tabIdOf,
  taskResult,
  test,
  vi,
} from './kit';

type MessageLog = typeof globalThis & { fromTabs: { tabId: number; what: string }[] };

test.beforeAll(async ({ browser }) => {
  // Every message a content script sends reaches the extension's pages as well as the worker: the panel sees them.
  await browser.panel.evaluate(() => {
    const g = globalThis as MessageLog;
    g.fromTabs = [];
    chrome.runtime.onMessage.addListener((message, sender) => {
      if (sender.tab?.id !== undefined) g.fromTabs.push({ tabId: sender.tab.id, what: String(message?.kind) });
      return false;
    });
    chrome.runtime.onConnect.addListener((port) => {
      const tabId = port.sender?.tab?.id;
      if (tabId !== undefined) g.fromTabs.push({ tabId, what: `connect:${port.name}` });
    });
  });
});

const messagesFrom = (panel: Page, tabId: number) =>
  panel.evaluate((id) => (globalThis as MessageLog).fromTabs.filter((m) => m.tabId === id), tabId);

/** Every file of the built extension, as paths inside the package. */
async function packageFiles(dir = DIST, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? packageFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : Promise.resolve([`${prefix}${entry.name}`]),
    ),
  );
  return nested.flat();
}

describe('outside a task', () => {
  it('leaves no trace in a page: no script, no mark, nothing it can load, no message', async ({
    browser,
    panel,
    site,
  }) => {
    const manifest = JSON.parse(await readFile(path.join(DIST, 'manifest.json'), 'utf8'));
    expect(manifest.content_scripts).toBeUndefined();
    expect(manifest.web_accessible_resources).toBeUndefined();

    const { page, tabId } = await openTab(browser, site.url('/index.html'));
    await page.click('a[href="/page2.html"]');
    await page.waitForURL(/page2/);
    await page.goBack();
    await page.reload();
    await page.waitForLoadState('load');

    expect(await scriptToken(panel, tabId)).toBeNull();
    expect(await domTrace(page)).toEqual({ htmlAttributes: ['lang'], besideHeadAndBody: 0, namesMentioningUs: [] });
    // Every file of the package, the content script's among them, asked for by its exact address: all refused.
    const files = await packageFiles();
    expect(files).toContain(CONTENT_SCRIPT_FILE);
    const loads = await page.evaluate(
      ({ ext, files }) =>
        Promise.all(
          files.map((file) =>
            fetch(`chrome-extension://${ext}/${file}`).then(
              () => `${file}: loaded`,
              () => 'refused',
            ),
          ),
        ),
      { ext: browser.extensionId, files },
    );
    expect(loads.filter((outcome) => outcome !== 'refused')).toEqual([]);
    expect(await messagesFrom(panel, tabId)).toEqual([]);
    await page.close();
  });
});

describe('inside a task', () => {
  it('scripts the task’s tab only, once; a reload gets the script and the mask back, and an adopted popup its script, without a step', async ({
    browser,
    panel,
    site,
    model,
  }) => {
    const person = await openTab(browser, site.url('/index.html?person'));
    const agent = await openTab(browser, site.url('/fault/fault-work.html'));
    await agent.page.bringToFront();
    const held = hold(model);
    await startTask(panel, 'Look at the page');
    await held.next();
    await waitForMask(agent.page, true);
    const first = await scriptToken(panel, agent.tabId);
    expect(first).toEqual(expect.any(String));
    expect(await scriptToken(panel, person.tabId)).toBeNull();
    // Injected again into the same document, the script starts nothing new: the running instance stays.
    await panel.evaluate((id) => (globalThis as PanelGlobal).steadyhand.tabs.injectContentScript(id), agent.tabId);
    expect(await scriptToken(panel, agent.tabId)).toBe(first);
    const requests = model.requests.length;

    // The person reloads the agent's tab while the model thinks (its answer is held: no step runs meanwhile).
    await agent.page.reload();
    await waitForMask(agent.page, true);
    const second = await scriptToken(panel, agent.tabId);
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);

    // The agent's page opens a popup: the task adopts it, and it gets the script as it joins.
    const opened = browser.context.waitForEvent('page');
    const popupUrl = site.url('/page2.html?popup');
    await agent.page.evaluate((url) => window.open(url, '_blank'), popupUrl);
    const popup = await opened;
    await popup.waitForLoadState('load');
    const popupTab = await tabIdOf(browser, popupUrl);
    await vi.waitFor(async () => expect(await scriptToken(panel, popupTab)).toEqual(expect.any(String)), {
      timeout: 10_000,
    });
    expect(model.requests.length).toBe(requests);

    // Messages came from the task's tabs, none from the person's.
    expect((await messagesFrom(panel, agent.tabId)).length).toBeGreaterThan(0);
    expect(await messagesFrom(panel, person.tabId)).toEqual([]);
    expect(await domTrace(person.page)).toEqual({
      htmlAttributes: ['lang'],
      besideHeadAndBody: 0,
      namesMentioningUs: [],
    });

    held.answer(giveUp('Enough for this test.'));
    await taskResult(panel);
    await waitForMask(agent.page, false);
    // After the task, a new document in what was its tab is the person's again: no script goes there.
    await agent.page.goto(site.url('/index.html?after'));
    expect(await scriptToken(panel, agent.tabId)).toBeNull();
    expect(await domTrace(agent.page)).toEqual({
      htmlAttributes: ['lang'],
      besideHeadAndBody: 0,
      namesMentioningUs: [],
    });
    for (const page of [popup, agent.page, person.page]) await page.close();
  });
});
