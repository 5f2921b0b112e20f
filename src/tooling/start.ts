// `npm start`: the extension working, end to end, for a newcomer. It serves the demo shop on 127.0.0.1, starts
// Chromium with Steadyhand loaded, the shop in a tab and the panel open.
// - With ANTHROPIC_API_KEY (and optional ANTHROPIC_BASE_URL, STEADYHAND_MODEL) the settings are prefilled and the
//   real model works; without, the offline demo model (labelled in the panel) plays the prepared shop task.
// - With a display, the browser stays open for the person; with none (no DISPLAY, or --headless), it runs the demo
//   task, prints each step as it happens, saves screenshots of the panel and the page, and exits 0 only when the
//   task ends `succeeded`. Before the order, the panel asks the person (decision 0026): headless, the script answers
//   Allow once in the panel's box, as the person would; with a display, the person does.

import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { AgentEvent } from '../panel/agent';
import { demoInstruction } from '../panel/demo/demo-task';
import { DEMO_SHOP_KEY } from '../panel/store/storage-keys';
import { describeEvent } from './describe-event';
import { launchWithExtension } from './launch-browser';
import { openPanelTab, openSidePanel, type PanelHandleGlobal } from './open-panel';
import { startStaticServer } from './static-server';

const SITE = resolve(import.meta.dirname, 'site');
const OUT = resolve(import.meta.dirname, '../../test-results/start');

const headless = process.argv.includes('--headless') || !process.env.DISPLAY;
const apiKey = process.env.ANTHROPIC_API_KEY?.trim() ?? '';

async function prefillSettings(panel: Page): Promise<void> {
  const patch = apiKey
    ? {
        apiKey,
        ...(process.env.ANTHROPIC_BASE_URL ? { baseUrl: process.env.ANTHROPIC_BASE_URL } : {}),
        ...(process.env.STEADYHAND_MODEL ? { model: process.env.STEADYHAND_MODEL } : {}),
      }
    : { apiKey: '' };
  await panel.evaluate((p) => (globalThis as PanelHandleGlobal).steadyhand.settings.getState().update(p), patch);
}

/** Types the task into the panel's task box and presses Enter, as a person would; resolves when the task ends. */
async function runDemoTask(
  panel: Page,
  shop: Page,
  instruction: string,
): Promise<AgentEvent & { type: 'task_finished' }> {
  let resolveFinished: (event: AgentEvent & { type: 'task_finished' }) => void = () => {};
  const finished = new Promise<AgentEvent & { type: 'task_finished' }>((done) => {
    resolveFinished = done;
  });
  // Exposed before the panel subscribes (and before the task starts), so no event, the first and the last included,
  // can reach the page before the reporter is there to take it.
  await panel.exposeFunction('steadyhandReport', (event: AgentEvent) => {
    const line = describeEvent(event);
    if (line) console.log(line);
    if (event.type === 'consent_request') {
      void panel
        .locator(`[data-testid="consent"][data-request-id="${event.requestId}"]`)
        .getByTestId('consent-once')
        .click()
        .catch((error: unknown) => console.error('Could not answer the question in the panel:', error));
    }
    if (event.type === 'task_finished') resolveFinished(event);
  });
  await panel.evaluate(() => {
    const g = globalThis as PanelHandleGlobal & { steadyhandReport(event: AgentEvent): void };
    g.steadyhand.host.subscribe((event) => g.steadyhandReport(event));
  });
  await panel.bringToFront();
  await panel.getByRole('textbox').first().fill(instruction);
  await panel.getByRole('textbox').first().press('Enter');
  // Watch the shop, as the person would: the agent's tab in front shows the mask while it works.
  await shop.bringToFront();
  return finished;
}

async function main(): Promise<void> {
  const site = await startStaticServer(SITE, [], Number(process.env.STEADYHAND_DEMO_PORT ?? 0));
  const shopUrl = site.url('/');
  const browser = await launchWithExtension({ headless });
  const close = async () => {
    await browser.close();
    await site.close();
  };
  process.once('SIGINT', () => void close().then(() => process.exit(130)));

  const panel = await openPanelTab(browser.context, browser.extensionId);
  await prefillSettings(panel);
  // The demo model plays one task, on this shop: the panel offers it as its example.
  await panel.evaluate(([key, url]) => chrome.storage.local.set({ [key]: url }), [DEMO_SHOP_KEY, shopUrl] as const);
  const shop = await browser.context.newPage();
  await shop.goto(shopUrl);
  const instruction = demoInstruction(shopUrl);
  console.log(`Demo shop: ${shopUrl}`);
  console.log(apiKey ? 'Model: your Anthropic API key (from ANTHROPIC_API_KEY).' : 'Model: the offline demo model.');

  if (!headless) {
    await shop.bringToFront();
    if (await openSidePanel(browser.context, panel, instruction)) {
      console.log('Chromium is open with Steadyhand in the side panel, the task in its task box: press Enter there.');
    } else {
      const setDraft = (text: string) => (globalThis as PanelHandleGlobal).steadyhand.ui.getState().setDraft(text);
      await panel.evaluate(setDraft, instruction);
      console.log('Chromium is open with Steadyhand in a tab, the task in its task box: press Enter there.');
    }
    console.log('Close the browser (or press Ctrl+C here) to finish.');
    await new Promise<void>((done) => browser.context.once('close', () => done()));
    await site.close();
    return;
  }

  console.log(`Task: ${instruction}`);
  const result = await runDemoTask(panel, shop, instruction);
  mkdirSync(OUT, { recursive: true });
  await shop.screenshot({ path: join(OUT, 'page.png') });
  await panel.bringToFront();
  await panel.screenshot({ path: join(OUT, 'panel.png'), fullPage: true });
  console.log(`Screenshots: ${join(OUT, 'panel.png')} and ${join(OUT, 'page.png')}`);
  await close();
  process.exit(result.status === 'succeeded' ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
