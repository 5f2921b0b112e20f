// Background bench: the demo shop task, played by the stand-in of the Messages API, in Chromium with Chrome's real
// background throttling (test/support/throttled-browser.ts), once with the agent's tab in front and once with it
// behind the person's tab, hidden for 10 s before the agent goes on (long enough for Chrome's budget-based timer
// throttling, https://developer.chrome.com/blog/timer-throttling-in-chrome-88). The panel sits in a window of its own,
// in front there, so its own timers run at full speed in both runs. Goal: hidden ≤ 1.5× visible (the ratios).
//   actionMedianMs   per page action (tool_call to tool_result, in the panel's clock), median; actionMeanMs, mean
//   stepMedianMs     per step (one step_started to the next), median; the stand-in answers at once
//   hiddenAtEnd      the agent's tab was hidden when the task ended (the hidden run is what it says)
//   actions          each page action's tool and milliseconds, in order

import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { AgentEvent } from '../../src/panel/agent/task/events';
import { demoInstruction } from '../../src/panel/demo/demo-task';
import { startStaticServer } from '../../src/tooling/static-server';
import { answerConsentsIn } from '../e2e/kit/consent-calls';
import { pointAtModel } from '../e2e/kit/panel-calls';
import { type ExtensionHarness, launchExtension } from '../support/extension';
import { type FakeAnthropic, startFakeAnthropic, toolTurn } from '../support/fake-anthropic';
import type { PanelGlobal } from '../support/panel';
import { playShop } from '../support/shop-model';
import { movePanelToOwnWindow } from './panel-window';
import { median, round } from './stats';

const SHOP = resolve(import.meta.dirname, '../../src/tooling/site');
const HIDDEN_FOR_MS = 10_000;
/** Resolves in the page once its document is hidden. */
const HIDDEN = `new Promise((done) => {
  const check = () => document.visibilityState === 'hidden' && done();
  document.addEventListener('visibilitychange', check);
  check();
})`;

interface RunFigures {
  status: string;
  steps: number;
  actionMedianMs: number;
  actionMeanMs: number;
  stepMedianMs: number;
  hiddenAtEnd: boolean;
  /** Each page action: its tool and milliseconds, in order. */
  actions: string[];
}

type Timed = { at: number; event: AgentEvent };

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** Opens `url` as the active tab of `windowId` and returns its page and tab id. */
async function openIn(harness: ExtensionHarness, windowId: number, url: string): Promise<{ page: Page; id: number }> {
  const appeared = harness.context.waitForEvent('page', (page) => page.url() === url || page.url() === 'about:blank');
  const id = await harness.panel.evaluate(
    async ([win, href]) => (await chrome.tabs.create({ windowId: win, url: href, active: true })).id ?? -1,
    [windowId, url] as const,
  );
  const page = await appeared;
  await page.waitForLoadState('load');
  return { page, id };
}

function figures(timed: Timed[], status: string, hiddenAtEnd: boolean): RunFigures {
  const calls = new Map<string, number>();
  const actions: number[] = [];
  const named: string[] = [];
  const starts: number[] = [];
  for (const { at, event } of timed) {
    if (event.type === 'step_started') starts.push(at);
    if (event.type === 'tool_call') calls.set(event.callId, at);
    if (event.type === 'tool_result' && event.name !== 'done' && event.name !== 'wait_for') {
      const began = calls.get(event.callId);
      if (began !== undefined) {
        actions.push(at - began);
        named.push(`${event.name} ${Math.round(at - began)}`);
      }
    }
  }
  // The first step is the 10 s wait: left out.
  const steps = starts.slice(2).map((at, i) => at - (starts[i + 1] ?? at));
  return {
    status,
    steps: starts.length,
    actionMedianMs: round(median(actions)),
    actionMeanMs: round(mean(actions)),
    stepMedianMs: round(median(steps)),
    hiddenAtEnd,
    actions: named,
  };
}

async function run(
  harness: ExtensionHarness,
  model: FakeAnthropic,
  shopUrl: string,
  windowId: number,
  hide: boolean,
): Promise<RunFigures> {
  const agent = await openIn(harness, windowId, shopUrl);
  const person = hide ? await openIn(harness, windowId, `${shopUrl}?person`) : null;
  if (person) {
    // The task starts on the tab the person looks at: the shop, in front again until the first model request.
    await harness.panel.evaluate((id) => chrome.tabs.update(id, { active: true }), agent.id);
  }
  model.reset();
  model.respondWith(async (request, index) => {
    if (index > 0) return playShop(request, index);
    if (person) {
      await harness.panel.evaluate((id) => chrome.tabs.update(id, { active: true }), person.id);
      // A string, not a function: tsx would wrap a named function in a helper the page does not have.
      await agent.page.evaluate(HIDDEN);
    }
    // A first step that waits 10 s on the page (for text that never comes), in both runs: the figures are for a tab
    // Chrome has throttled for a while. The model's own request cannot be held that long (the client gives up).
    return toolTurn('wait_for', { text: 'a text this shop never shows', timeoutMs: HIDDEN_FOR_MS });
  });
  const { status, timed } = await harness.panel.evaluate(async (instruction) => {
    const { host } = (globalThis as PanelGlobal).steadyhand;
    const timed: { at: number; event: AgentEvent }[] = [];
    const off = host.subscribe((event) => {
      if (event.type !== 'model_text' && event.type !== 'metrics') timed.push({ at: performance.now(), event });
    });
    try {
      const result = await host.execute(instruction);
      return { status: result.status === 'succeeded' ? result.status : `${result.status}: ${result.summary}`, timed };
    } finally {
      off();
    }
  }, demoInstruction(shopUrl));
  const hiddenAtEnd = (await agent.page.evaluate(() => document.visibilityState)) === 'hidden';
  await agent.page.close();
  await person?.page.close();
  return figures(timed, status, hiddenAtEnd);
}

export async function benchBackground(ctx: { log(line: string): void }): Promise<{
  visible: RunFigures;
  hidden: RunFigures;
  hiddenForMs: number;
  actionRatio: number;
  actionMeanRatio: number;
  stepRatio: number;
}> {
  const shop = await startStaticServer(SHOP);
  const model = await startFakeAnthropic({});
  const harness = await launchExtension({ background: true });
  try {
    await pointAtModel(harness.panel, model.url);
    await answerConsentsIn(harness.panel, 'once');
    const shopUrl = shop.url('/');
    const windowId = await harness.panel.evaluate(async () => (await chrome.tabs.getCurrent())?.windowId ?? -1);
    // A tab the panel's window keeps when the panel moves out (a window with no tab closes).
    const keep = await openIn(harness, windowId, `${shopUrl}?keep`);
    await movePanelToOwnWindow(harness);
    const visible = await run(harness, model, shopUrl, windowId, false);
    ctx.log(`background: visible ${JSON.stringify(visible)}`);
    const hidden = await run(harness, model, shopUrl, windowId, true);
    ctx.log(`background: hidden ${JSON.stringify(hidden)}`);
    await keep.page.close();
    return {
      visible,
      hidden,
      hiddenForMs: HIDDEN_FOR_MS,
      actionRatio: round(hidden.actionMedianMs / visible.actionMedianMs),
      actionMeanRatio: round(hidden.actionMeanMs / visible.actionMeanMs),
      stepRatio: round(hidden.stepMedianMs / visible.stepMedianMs),
    };
  } finally {
    await harness.close();
    await model.close();
    await shop.close();
  }
}
