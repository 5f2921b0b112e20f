// Parallel bench (issue 28): the demo shop task (9 steps: 8 real page actions and a verified done), played by the
// stand-in of the Messages API with a fixed think time per turn, run by 1, 3 and 6 tasks at once (the setting
// `tasksAtOnce` set to match), all started together through the panel's host (`steadyhand.host.execute`), each on a
// tab of its own on a shop of its own (one origin each: the shop keeps its cart in localStorage). The browser is
// Playwright's launch, where no tab is hidden, so the rounds differ only in how many tasks share the panel, the
// worker and the browser; what a hidden tab costs is the background block's figure, reported here beside them.
// Goals: 6 tasks cost each task ≤ 1.2× its harness time per step alone; hidden ≤ 1.5× visible.
//   rounds.<N>           per round: harness ms per step (step wall time minus the think time), median and p90; the
//                        panel's own harnessMs (wall time minus the model request as it timed it); steps per second
//                        over the round; tasks verified; the look/model/act medians; the panel's long tasks and
//                        the machine's load average as the round began (parallel-figures.ts)
//   harnessRatio<N>      harness median per step at N over N = 1 (p90Ratio6: the same for p90)
//   background           the background block's hidden against visible run (hidden 10 s before the measured steps)

import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { AgentEvent } from '../../src/panel/agent/task/events';
import { demoInstruction } from '../../src/panel/demo/demo-task';
import { type StaticServer, startStaticServer } from '../../src/tooling/static-server';
import { answerConsentsIn } from '../e2e/kit/consent-calls';
import { pointAtModel } from '../e2e/kit/panel-calls';
import { type ExtensionHarness, launchExtension } from '../support/extension';
import { type FakeAnthropic, isFault, startFakeAnthropic } from '../support/fake-anthropic';
import { openTab, type PanelGlobal } from '../support/panel';
import { playShop } from '../support/shop-model';
import type { benchBackground } from './background';
import { type RoundFigures, roundFigures, type Timed } from './parallel-figures';
import { round } from './stats';

const SHOP = resolve(import.meta.dirname, '../../src/tooling/site');
/** What each model turn takes before its first block: shorter than a real model's, so the harness weighs more. */
const THINK_MS = 1000;
const ROUNDS = [1, 3, 6] as const;

type BackgroundFigures = Awaited<ReturnType<typeof benchBackground>>;

/** A round's figures, the panel's long tasks, and the machine's load average (1 min) as the round began. */
type Round = RoundFigures & { panelLongTaskMs: number; loadAverage: number };

interface Started {
  instruction: string;
  tabId: number;
}

async function playRound(
  harness: ExtensionHarness,
  model: FakeAnthropic,
  shops: StaticServer[],
  tasks: number,
): Promise<Round> {
  const tabs = await Promise.all(shops.slice(0, tasks).map((shop) => openTab(harness, shop.url('/'))));
  model.reset();
  model.respondWith(async (request, index) => {
    const turn = await playShop(request, index);
    return isFault(turn) ? turn : { ...turn, thinkMs: THINK_MS };
  });
  const started: Started[] = tabs.map((tab, i) => ({
    instruction: demoInstruction((shops[i] as StaticServer).url('/')),
    tabId: tab.tabId,
  }));
  const load = loadavg()[0] ?? 0;
  const { timed, statuses, busy } = await harness.panel.evaluate(
    async ({ runs, slots }) => {
      const { host, settings } = (globalThis as PanelGlobal).steadyhand;
      settings.getState().update({ tasksAtOnce: slots });
      const kept = new Set(['step_started', 'step_finished', 'tool_call', 'tool_result', 'task_finished']);
      const timed: { at: number; event: AgentEvent }[] = [];
      const off = host.subscribe((event) => {
        if (kept.has(event.type)) timed.push({ at: performance.now(), event });
      });
      // How long the panel's one thread was busy in tasks of 50 ms or more (https://w3c.github.io/longtasks/).
      let busy = 0;
      const longTasks = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) busy += entry.duration;
      });
      longTasks.observe({ type: 'longtask' });
      try {
        const results = await Promise.all(
          runs.map(({ instruction, tabId }) => host.execute(instruction, { startTabId: tabId })),
        );
        const statuses = results.map((r) => (r.status === 'succeeded' ? r.status : `${r.status}: ${r.summary}`));
        return { timed, statuses, busy };
      } finally {
        longTasks.disconnect();
        off();
      }
    },
    { runs: started, slots: tasks },
  );
  await Promise.all(tabs.map((tab) => tab.page.close()));
  const failed = statuses.filter((status) => status !== 'succeeded');
  if (failed.length > 0) throw new Error(`parallel: ${failed.length} of ${tasks} tasks failed: ${failed.join('; ')}`);
  return {
    ...roundFigures(timed as Timed[], tasks, THINK_MS),
    panelLongTaskMs: Math.round(busy),
    loadAverage: round(load, 1),
  };
}

/**
 * Starts sampling the panel's CPU (PARALLEL_PROFILE=file.cpuprofile, for DevTools' Performance panel); the function
 * returned stops and gives the profile.
 */
async function profilePanel(harness: ExtensionHarness): Promise<() => Promise<unknown>> {
  const cdp = await harness.context.newCDPSession(harness.panel);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return async () => (await cdp.send('Profiler.stop')).profile;
}

export async function benchParallel(
  ctx: { log(line: string): void },
  background: () => Promise<BackgroundFigures>,
): Promise<{
  thinkMs: number;
  rounds: Record<string, Round>;
  harnessRatio3: number;
  harnessRatio6: number;
  p90Ratio6: number;
  ownHarnessRatio6: number;
  background: {
    hiddenForMs: number;
    hiddenAtEnd: boolean;
    visibleStepMedianMs: number;
    hiddenStepMedianMs: number;
    stepRatio: number;
  };
}> {
  const shops = await Promise.all(
    ROUNDS.slice(-1).flatMap((n) => Array.from({ length: n }, () => startStaticServer(SHOP))),
  );
  const model = await startFakeAnthropic({});
  const harness = await launchExtension();
  const rounds: Record<string, Round> = {};
  try {
    await pointAtModel(harness.panel, model.url);
    await answerConsentsIn(harness.panel, 'once');
    const profile = process.env.PARALLEL_PROFILE;
    for (const tasks of ROUNDS) {
      const profiling = profile && tasks === ROUNDS[ROUNDS.length - 1] ? await profilePanel(harness) : null;
      rounds[tasks] = await playRound(harness, model, shops, tasks);
      ctx.log(`parallel: ${tasks} at once ${JSON.stringify(rounds[tasks])}`);
      if (profile && profiling) {
        await writeFile(profile, JSON.stringify(await profiling()));
        ctx.log(`parallel: the panel's CPU profile of the last round is in ${profile}`);
      }
    }
  } finally {
    await harness.close();
    await model.close();
    await Promise.all(shops.map((shop) => shop.close()));
  }
  const ratio = (n: number, key: keyof Round) => round((rounds[n]?.[key] ?? 0) / (rounds[1]?.[key] ?? 1), 2);
  const hidden = await background();
  return {
    thinkMs: THINK_MS,
    rounds,
    harnessRatio3: ratio(3, 'harnessMedianMs'),
    harnessRatio6: ratio(6, 'harnessMedianMs'),
    p90Ratio6: ratio(6, 'harnessP90Ms'),
    ownHarnessRatio6: ratio(6, 'ownHarnessMedianMs'),
    background: {
      hiddenForMs: hidden.hiddenForMs,
      hiddenAtEnd: hidden.hidden.hiddenAtEnd,
      visibleStepMedianMs: hidden.visible.stepMedianMs,
      hiddenStepMedianMs: hidden.hidden.stepMedianMs,
      stepRatio: hidden.stepRatio,
    },
  };
}
