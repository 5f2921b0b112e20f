// Replay bench (issue 30): the demo shop's order, in real Chromium, three ways in one run:
//   modelDrivenMs   the model plays it (the stand-in answering each turn after a fixed think time, thinkMs)
//   replayMs        the same task saved with {plant} and replayed for another plant: every step checked, no model
//   rawInputMs      the same actions sent by raw input, nothing checked: Playwright's clicks, and its key presses for
//                   the text (CDP Input events, as a person's keyboard; the replay types key by key too)
//   fillInputMs     the same, but the text set by Playwright's fill (one input event, no keys): what this figure was
//                   until 2026-11-28, kept so the two can be compared
//   replayOverRaw   replayMs / rawInputMs; goal ≤ 1.3 (replayOverFill: against fillInputMs)
//   replayModelRequests  requests the replay made (0 when the page agrees with the saved run)
// Each is the median of `ROUNDS` runs, on a fresh tab each time.

import type { Page } from 'playwright-core';
import type { SavedTask } from '../../src/panel/agent';
import { fillText, valuesFor } from '../../src/panel/agent';
import type { TaskResult } from '../../src/panel/agent/task/events';
import { demoInstruction } from '../../src/panel/demo/demo-task';
import { answerConsentsIn } from '../e2e/kit/consent-calls';
import { pointAtModel } from '../e2e/kit/panel-calls';
import { startFakeAnthropic } from '../support/fake-anthropic';
import { openTab, type PanelGlobal } from '../support/panel';
import { startReplayShop } from '../support/replay-shop';
import { playShop } from '../support/shop-model';
import type { BenchContext } from './context';
import { rawOrder } from './raw-order';
import { median, round } from './stats';

const ROUNDS = 3;
const THINK_MS = 1_500;
const PLANTS = ['Snake plant', 'Fiddle-leaf fig', 'Monstera'];

async function execute(page: Page, instruction: string, options: Record<string, unknown>): Promise<TaskResult> {
  return page.evaluate(
    ({ instruction, options }) => (globalThis as PanelGlobal).steadyhand.host.execute(instruction, options),
    { instruction, options },
  );
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

export async function benchReplay(ctx: BenchContext) {
  const { harness } = ctx;
  const shop = await startReplayShop();
  const model = await startFakeAnthropic();
  try {
    await pointAtModel(harness.panel, model.url);
    await answerConsentsIn(harness.panel, 'once');
    const fresh = async () => {
      const { page, tabId } = await openTab(harness, shop.url('/index.html'));
      await page.evaluate(() => localStorage.clear());
      return { page, tabId };
    };

    const driven: number[] = [];
    let taskId = '';
    model.respondWith(async (request, index) => ({ ...(await playShop(request, index)), thinkMs: THINK_MS }));
    for (let i = 0; i < ROUNDS; i++) {
      const { page, tabId } = await fresh();
      const run = await timed(() => execute(harness.panel, demoInstruction(shop.origin), { startTabId: tabId }));
      if (run.value.status !== 'succeeded') throw new Error(`the model-driven order ended ${run.value.status}`);
      driven.push(run.ms);
      taskId = run.value.taskId;
      await page.close();
    }
    model.respondWith(undefined);

    const saved = await harness.panel.evaluate((id) => {
      const { commands, savedTasks } = (globalThis as PanelGlobal).steadyhand;
      const made = commands.saveTask(id, { title: 'Bench order', variables: [{ name: 'plant', value: 'Monstera' }] });
      return 'savedId' in made ? (savedTasks.getState().tasks.find((t) => t.id === made.savedId) ?? null) : null;
    }, taskId);
    if (!saved) throw new Error('the model-driven order could not be saved');

    const replayed: number[] = [];
    const raw: number[] = [];
    const filled: number[] = [];
    let healed = 0;
    const before = model.messageRequests.length;
    for (let i = 0; i < ROUNDS; i++) {
      const plant = PLANTS[i % PLANTS.length] as string;
      const values = valuesFor(saved.variables, { plant });
      const { page, tabId } = await fresh();
      const run = await timed(() =>
        execute(harness.panel, fillText(saved.instruction, values), {
          startTabId: tabId,
          replay: { saved: saved as SavedTask, values },
        }),
      );
      if (!(run.value.status === 'succeeded' && run.value.verified)) healed += 1;
      replayed.push(run.ms);
      await page.close();
      const other = await fresh();
      raw.push((await timed(() => rawOrder(other.page, plant, 'keys'))).ms);
      await other.page.close();
      const third = await fresh();
      filled.push((await timed(() => rawOrder(third.page, plant, 'fill'))).ms);
      await third.page.close();
    }
    const figures = {
      rounds: ROUNDS,
      thinkMs: THINK_MS,
      steps: saved.steps.length,
      modelDrivenMs: Math.round(median(driven)),
      replayMs: Math.round(median(replayed)),
      rawInputMs: Math.round(median(raw)),
      fillInputMs: Math.round(median(filled)),
      replayOverRaw: round(median(replayed) / median(raw), 2),
      replayOverFill: round(median(replayed) / median(filled), 2),
      replayOverModelDriven: round(median(replayed) / median(driven), 2),
      replayModelRequests: model.messageRequests.length - before,
      replaysNotVerified: healed,
    };
    ctx.log(`replay: ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await model.close();
    await shop.close();
  }
}
