// Saved tasks replayed (issue 30) in real Chromium against the strict stand-in: the demo shop's order is run once by
// the model, saved with a {plant} variable, then replayed on the shop as it is and on copies changed in one place.
// The stand-in counts every model request: none for a replay the page agrees with, and only from the changed step on
// otherwise. The model that heals is a scripted shopper that reads only what it is shown.

import type { Page } from 'playwright-core';
import { type ReplayReport, type SavedTask, valuesFor } from '../../src/panel/agent';
import { fillText } from '../../src/panel/agent/replay/variables';
import type { AgentEvent, TaskResult } from '../../src/panel/agent/task/events';
import { demoInstruction } from '../../src/panel/demo/demo-task';
import { type ReplayShop, type ShopVariant, startReplayShop } from '../support/replay-shop';
import { playShop } from '../support/shop-model';
import {
  act,
  answerConsentsIn,
  control,
  describe,
  type ExtensionHarness,
  expect,
  type FakeAnthropic,
  giveUp,
  it,
  openTab,
  type PanelGlobal,
  type Policy,
  play,
  runTask,
  type Seen,
  test,
  useKit,
} from './kit';

// The order's "Place order" is a consequential step (decision 0026): the person allows it, in the replay too.
useKit({ consent: 'once' });

let shop: ReplayShop;
let saved: SavedTask | null = null;
/** The model's run the saved task was made from. */
let recordedTaskId = '';

test.beforeAll(async () => {
  shop = await startReplayShop();
});
test.afterAll(() => shop.close());

/** The model's order on the shop as it is, saved with the plant as {plant}; once per file. */
async function savedOrder(browser: ExtensionHarness, model: FakeAnthropic): Promise<SavedTask> {
  if (saved) return saved;
  shop.become('same');
  play(model, (seen) => playShop(seen.request, seen.index));
  const { page } = await openTab(browser, shop.url('/index.html'));
  const { result } = await runTask(browser.panel, demoInstruction(shop.origin));
  await page.close();
  expect(result).toMatchObject({ status: 'succeeded', verified: true });
  recordedTaskId = result.taskId;
  const made = await browser.panel.evaluate(
    ({ taskId }) =>
      (globalThis as PanelGlobal).steadyhand.commands.saveTask(taskId, {
        title: 'Weekly plant order',
        variables: [{ name: 'plant', value: 'Monstera' }],
      }),
    { taskId: result.taskId },
  );
  if (!('savedId' in made)) throw new Error(`not saved: ${made.refused.code}`);
  saved = await browser.panel.evaluate(
    (id) => (globalThis as PanelGlobal).steadyhand.savedTasks.getState().tasks.find((task) => task.id === id) ?? null,
    made.savedId,
  );
  if (!saved) throw new Error('the saved task is not in the store');
  model.reset();
  return saved;
}

interface Replayed {
  result: TaskResult;
  events: AgentEvent[];
  report: ReplayReport;
  page: Page;
  /** The shop's requests during the replay. */
  hits: string[];
}

/** Replays the saved order for `plant` on a fresh tab of the shop as `variant`. */
async function replay(browser: ExtensionHarness, task: SavedTask, plant: string, variant: ShopVariant) {
  shop.become(variant);
  const { page, tabId } = await openTab(browser, shop.url('/index.html'));
  // The shop keeps its cart in the browser: an earlier test's unfinished order must not be in this one's.
  await page.evaluate(() => localStorage.clear());
  const from = shop.hits.length;
  const values = valuesFor(task.variables, { plant });
  const instruction = fillText(task.instruction, values);
  const run = await browser.panel.evaluate(
    async ({ task, values, instruction, tabId }) => {
      const { host, history } = (globalThis as PanelGlobal).steadyhand;
      const events: AgentEvent[] = [];
      const off = host.subscribe((event) => events.push(event));
      try {
        const result = await host.execute(instruction, { startTabId: tabId, replay: { saved: task, values } });
        const report = history.getState().tasks[result.taskId]?.replay ?? null;
        return { result, events: events.filter((event) => event.taskId === result.taskId), report };
      } finally {
        off();
      }
    },
    { task, values, instruction, tabId },
  );
  if (!run.report) throw new Error('the replay left no report on its record');
  return { ...run, report: run.report, page, hits: shop.hits.slice(from) } satisfies Replayed;
}

/** The index of the saved step that acts on `name`. */
const stepOn = (task: SavedTask, name: RegExp) => task.steps.findIndex((step) => name.test(step.target?.name ?? ''));
const firstText = (seen: Seen) => JSON.stringify(seen.request.body?.messages?.[0] ?? '');

/**
 * The person's model, as it heals: a shopper that goes on from whatever page it is shown. It gives up after pressing
 * an add button that changed nothing.
 */
function shopper(): Policy {
  let adds = 0;
  return (seen) => {
    const path = new URL(seen.url ?? 'about:blank').pathname;
    const cookies = seen.controls.find((c) => c.role === 'button' && /accept cookies/i.test(c.name));
    if (cookies) return act('click', { ref: cookies.ref });
    if (path.startsWith('/product')) {
      if (/is in your cart/i.test(seen.text)) return act('click', { ref: control(seen, 'link', /^cart/i).ref });
      if (adds++ >= 1) return giveUp('The add button does nothing on this page.');
      return act('click', { ref: control(seen, 'button', /add to (cart|basket)/i).ref });
    }
    if (path.startsWith('/cart')) return act('click', { ref: control(seen, 'link', /checkout/i).ref });
    if (path.startsWith('/checkout')) {
      const name = control(seen, 'textbox', /full name/i);
      if (!name.value) return act('type', { ref: name.ref, text: 'Ada Lovelace' });
      const email = control(seen, 'textbox', /email/i);
      if (!email.value) return act('type', { ref: email.ref, text: 'ada@example.com' });
      const terms = control(seen, 'checkbox', /terms/i);
      if (!terms.checked) return act('check', { ref: terms.ref, checked: true });
      return act('click', { ref: control(seen, 'button', /place order/i).ref });
    }
    if (path.startsWith('/confirmation')) {
      const number = /(FF-\d{6}|REF \d{6})/.exec(seen.text)?.[1];
      if (!number) return giveUp('No order number on the confirmation page.');
      return act('done', {
        success: true,
        answer: `Ordered; the order number is ${number}.`,
        evidence: { quotes: [number] },
      });
    }
    return giveUp(`Lost on ${seen.url}`);
  };
}

/** The test of a shop changed in one place: the replay hands over at exactly that step and the task ends verified. */
function healsAt(variant: ShopVariant, changed: RegExp, why: RegExp) {
  return async ({ browser, model }: { browser: ExtensionHarness; model: FakeAnthropic }) => {
    const task = await savedOrder(browser, model);
    const seen = play(model, shopper());
    const run = await replay(browser, task, 'Fiddle-leaf fig', variant);
    expect(run.result).toMatchObject({ status: 'succeeded', verified: true });
    const at = stepOn(task, changed);
    expect(at).toBeGreaterThan(0);
    expect(run.report).toMatchObject({ healedAt: at, stepsReplayed: at });
    expect(run.report.healReason).toMatch(why);
    // Every request came from the healed step on: the first starts the model's conversation afresh, telling it
    // what the replay did and why it stopped, and each request after it was a turn of the model's own.
    expect(model.messageRequests.length).toBe(run.report.modelCalls);
    expect(seen[0]?.request.body?.messages?.[0]?.role).toBe('user');
    expect(firstText(seen[0] as Seen)).toContain('The replay stopped, and you take over from here');
    expect(model.rejections).toHaveLength(0);
    expect(run.hits.filter((hit) => hit.startsWith('/confirmation.html?'))).toHaveLength(1);
    expect(await run.page.locator('#summary').textContent()).toContain('1 × Fiddle-leaf fig');
    await run.page.close();
  };
}

describe('a saved task replayed in real Chromium (issue 30)', () => {
  it('replays the saved order for another plant with no model request, verified on the page', async ({
    browser,
    model,
  }) => {
    const task = await savedOrder(browser, model);
    expect(task.variables).toEqual([{ name: 'plant', example: 'Monstera' }]);
    expect(task.steps.some((step) => step.target?.name === 'View {plant}')).toBe(true);
    expect(task.steps.find((step) => /place order/i.test(step.target?.name ?? ''))?.sideEffect).toBe(true);

    const run = await replay(browser, task, 'Snake plant', 'same');
    expect(model.messageRequests).toHaveLength(0);
    expect(run.result).toMatchObject({ status: 'succeeded', verified: true });
    expect(await run.page.locator('#summary').textContent()).toContain('1 × Snake plant');
    expect(run.hits.filter((hit) => hit.startsWith('/confirmation.html?'))).toHaveLength(1);
    expect(run.report).toMatchObject({ stepsReplayed: task.steps.length, healedAt: null, modelCalls: 0 });
    expect(run.report.tokensSaved).toBeGreaterThan(0);
    // The answer is the replay's own, never the saved run's: its order number was another.
    expect(run.result.answer).not.toMatch(/FF-\d{6}/);
    expect(run.result.evidence?.quotes?.[0]).toMatch(/^FF-\d{6}$/);
    await run.page.close();
  });

  it("is saved from the history through the panel's form, and run from the Saved view in a new tab", async ({
    browser,
    model,
  }) => {
    await savedOrder(browser, model);
    shop.become('same');
    const { panel } = browser;
    await panel.getByTestId('nav-history').click();
    await panel
      .locator(`[data-testid="history-item"][data-task-id="${recordedTaskId}"] [data-testid="history-open"]`)
      .click();
    const form = panel.getByTestId('save-task');
    await form.locator('summary').click();
    await form.getByTestId('save-task-title').fill('Plants from the panel');
    await form.getByTestId('save-task-add').click();
    await form.getByLabel('Variable name').fill('plant');
    await form.getByLabel('Its value in this run').fill('Monstera');
    await form.getByTestId('save-task-save').click();
    expect(await form.getByTestId('save-task-said').textContent()).toBe('Saved. Find it under Saved.');

    await panel.getByTestId('nav-saved').click();
    const item = panel.getByTestId('saved-item').filter({ hasText: 'Plants from the panel' });
    await item.getByLabel('{plant}', { exact: true }).fill('Fiddle-leaf fig');
    const before = await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.history.getState().order.length);
    await item.getByTestId('saved-run-new').click();
    // The replay's record, once it has ended.
    const ended = await panel.waitForFunction(
      (count) => {
        const history = (globalThis as PanelGlobal).steadyhand.history.getState();
        const record = history.order.length > count ? history.tasks[history.order[0] ?? ''] : undefined;
        return record && record.status !== 'running' ? record : null;
      },
      before,
      { timeout: 60_000 },
    );
    const record = (await ended.jsonValue()) as { status: string; verified: boolean; replay?: { modelCalls: number } };
    expect(record).toMatchObject({ status: 'succeeded', verified: true, replay: { modelCalls: 0, healedAt: null } });
    expect(model.messageRequests).toHaveLength(0);
    await panel.getByTestId('nav-saved').click();
    expect(await item.getByTestId('saved-last-run').textContent()).toMatch(/no step needed the model; ended verified$/);
  });

  it(
    'heals through the model at exactly the changed step (renamed) and ends verified',
    healsAt('renamed', /^add to cart$/i, /add to cart/i),
  );
  it(
    'heals through the model at exactly the changed step (cookies) and ends verified',
    healsAt('cookies', /^add to cart$/i, /add to cart/i),
  );
  it(
    'heals through the model at exactly the changed step (no-cart) and ends verified',
    healsAt('no-cart', /go to checkout/i, /checkout/i),
  );

  it('notices a replayed click the page ignored, and does not report success', async ({ browser, model }) => {
    const task = await savedOrder(browser, model);
    play(model, shopper());
    const run = await replay(browser, task, 'Snake plant', 'dead-button');
    expect(run.result.status === 'succeeded' && run.result.verified).toBe(false);
    expect(run.report.healedAt).toBe(stepOn(task, /^add to cart$/i));
    expect(run.report.healReason).toMatch(/add to cart/i);
    expect(run.hits.filter((hit) => hit.startsWith('/confirmation.html?'))).toHaveLength(0);
    await run.page.close();
  });

  it('does not submit again when the page after the order changed; the model finishes from there', async ({
    browser,
    model,
  }) => {
    const task = await savedOrder(browser, model);
    const seen = play(model, shopper());
    const run = await replay(browser, task, 'Snake plant', 'new-confirmation');
    expect(run.report.healedAt).toBe(task.steps.length);
    expect(run.report.stepsReplayed).toBe(task.steps.length);
    expect(firstText(seen[0] as Seen)).toMatch(/Already done, and it acts outside the page: .*Do not do it again/);
    expect(model.messageRequests).toHaveLength(1);
    expect(run.result).toMatchObject({ status: 'succeeded', verified: true });
    expect(run.result.evidence?.quotes?.[0]).toMatch(/^REF \d{6}$/);
    expect(run.hits.filter((hit) => hit.startsWith('/confirmation.html?'))).toHaveLength(1);
    await run.page.close();
  });

  it('stops before acting on a site the person has blocked since', async ({ browser, model }) => {
    const task = await savedOrder(browser, model);
    play(model, shopper());
    await browser.panel.evaluate(
      (origin) => (globalThis as PanelGlobal).steadyhand.settings.getState().update({ blockedSites: [origin] }),
      shop.origin,
    );
    try {
      const run = await replay(browser, task, 'Snake plant', 'same');
      expect(run.result.status).not.toBe('succeeded');
      const acted = run.events.filter((e) => e.type === 'tool_result' && e.outcome === 'ok' && e.name !== 'done');
      expect(acted).toEqual([]);
      expect(run.hits.filter((hit) => !hit.startsWith('/index.html'))).toEqual([]);
      expect(model.messageRequests).toHaveLength(0);
      await run.page.close();
    } finally {
      await browser.panel.evaluate(() =>
        (globalThis as PanelGlobal).steadyhand.settings.getState().update({ blockedSites: [] }),
      );
    }
  });

  it('runs a scheduled saved task once when its alarm rings, in one of two open panels', async ({ browser, model }) => {
    const task = await savedOrder(browser, model);
    shop.become('same');
    const second = await browser.context.newPage();
    await second.goto(browser.panel.url());
    await second.waitForFunction(() => 'steadyhand' in globalThis);
    // Whichever panel runs it, its "Place order" asks the person there (decision 0026), who allows it.
    await answerConsentsIn(second, 'once');
    const from = shop.hits.length;
    const before = await browser.panel.evaluate(
      (id) =>
        Object.values((globalThis as PanelGlobal).steadyhand.history.getState().tasks).filter(
          (record) => record.replay?.savedId === id,
        ).length,
      task.id,
    );
    try {
      // Due in two seconds, then every minute: the worker sets the alarm from storage, and it rings in both panels.
      await browser.panel.evaluate(
        (id) =>
          (globalThis as PanelGlobal).steadyhand.savedTasks
            .getState()
            .setSchedule(id, { everyMinutes: 1, firstAt: Date.now() + 2_000 }, Date.now()),
        task.id,
      );
      const ended = await browser.panel.waitForFunction(
        ({ id, before }) => {
          const runs = Object.values((globalThis as PanelGlobal).steadyhand.history.getState().tasks).filter(
            (record) => record.replay?.savedId === id,
          );
          return runs.length > before && runs.every((record) => record.status !== 'running') ? runs.length : null;
        },
        { id: task.id, before },
        { timeout: 60_000 },
      );
      expect(await ended.jsonValue()).toBe(before + 1);
      expect(shop.orders(from)).toHaveLength(1);
      expect(model.messageRequests).toHaveLength(0);
      // The run is marked on the saved task, which the other panel reads too: it would not run it again.
      await expect
        .poll(() =>
          second.evaluate(
            (id) =>
              (globalThis as PanelGlobal).steadyhand.savedTasks.getState().tasks.find((t) => t.id === id)?.schedule
                ?.lastRunAt ?? 0,
            task.id,
          ),
        )
        .toBeGreaterThan(0);
    } finally {
      await browser.panel.evaluate(
        (id) => (globalThis as PanelGlobal).steadyhand.savedTasks.getState().setSchedule(id, null, Date.now()),
        task.id,
      );
      await second.close();
    }
  });

  it('shows the runs a schedule missed while no panel was open, and runs it now on request', async ({
    browser,
    model,
  }) => {
    const task = await savedOrder(browser, model);
    shop.become('same');
    const hour = 60 * 60_000;
    // Set while no panel ran it: due three hours and a minute ago, every hour, never run.
    await browser.panel.evaluate(
      ({ id, firstAt }) =>
        (globalThis as PanelGlobal).steadyhand.savedTasks
          .getState()
          .setSchedule(id, { everyMinutes: 60, firstAt }, Date.now()),
      { id: task.id, firstAt: Date.now() - 3 * hour - 60_000 },
    );
    try {
      const { panel } = browser;
      await panel.getByTestId('nav-saved').click();
      const item = panel.locator(`[data-testid="saved-item"][data-saved-id="${task.id}"]`);
      expect(await item.getByTestId('saved-missed').textContent()).toMatch(
        /^Missed 4 runs since .+ \(no Steadyhand panel was open\)\./,
      );
      expect(await item.getByTestId('saved-schedule-on').textContent()).toMatch(/^Runs every 60 minutes in a new tab/);
      const from = shop.hits.length;
      await item.getByTestId('saved-run-now').click();
      await expect.poll(() => shop.orders(from).length, { timeout: 30_000 }).toBe(1);
      await panel.getByTestId('nav-saved').click();
      expect(await item.getByTestId('saved-missed').count()).toBe(0);
    } finally {
      await browser.panel.evaluate(
        (id) => (globalThis as PanelGlobal).steadyhand.savedTasks.getState().setSchedule(id, null, Date.now()),
        task.id,
      );
    }
  });
});
