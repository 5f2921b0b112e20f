// Parallel bench (issue 28): the demo shop task (9 steps: 8 real page actions and a verified done), played by the
// stand-in of the Messages API with a fixed think time per turn, run by 1, 3 and 6 tasks at once (the setting
// `tasksAtOnce` set to match), all started together through the panel's host (`steadyhand.host.execute`), each on a
// tab of its own on a shop of its own (one origin each: the shop keeps its cart in localStorage). Two layouts:
// `front`, Playwright's launch, where no tab is hidden (every task's tab drawn, as if each had a window); `behind`, the
// throttled browser with the tasks' tabs behind the person's own tab, as Chrome has them when the person works.
// Goals: 6 tasks cost each task ≤ 1.2× its harness time per step alone; hidden ≤ 1.5× visible.
//   rounds.<N>           per round: harness ms per step (step wall time minus the think time), median and p90; the
//                        panel's own harnessMs (wall time minus the model request as it timed it); steps per second
//                        over the round; tasks verified; the look/model/act medians; the panel's long tasks and
//                        the machine's load average as the round began (parallel-figures.ts); the CPU the browser's
//                        processes spent per step, by process type, and its share of the machine's cores over the
//                        round (browser-cpu.ts): near 1, the round waited on the cores, not on the harness
//   harnessRatio<N>      harness median per step at N over N = 1 (p90Ratio6: the same for p90)
//   behind               the same rounds and ratios with the tabs behind the person's
//   floor                the order placed by Playwright alone in 1 tab, then in 6 tabs at once, each action after the
//                        think time: the browser's CPU per action and per task beside the agent's 6-task round (what
//                        any agent's actions cost; the rest is the agent's own), and the raw action's median time
//                        alone and at 6, with their ratio (actionRatioN: what sharing the cores costs with no agent)
//   background           the background block's hidden against visible run (hidden 10 s before the measured steps)

import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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
import { BrowserCpu, type CpuFigures } from './browser-cpu';
import { movePanelToOwnWindow } from './panel-window';
import { type RoundFigures, roundFigures, type Timed } from './parallel-figures';
import { RAW_ORDER_ACTIONS, rawOrder } from './raw-order';
import { median, round } from './stats';

const SHOP = resolve(import.meta.dirname, '../../src/tooling/site');
/** What each model turn takes before its first block: shorter than a real model's, so the harness weighs more. */
const THINK_MS = 1000;
const ROUNDS = [1, 3, 6] as const;

type BackgroundFigures = Awaited<ReturnType<typeof benchBackground>>;

/** A round's figures, the panel's long tasks, and the machine's load average (1 min) as the round began. */
type Round = RoundFigures & CpuFigures & { panelLongTaskMs: number; loadAverage: number };

interface Started {
  instruction: string;
  tabId: number;
}

/**
 * Where a round's task tabs are. `front`: each in a page of its own that Playwright keeps visible (every task's tab
 * drawn, as if each had a window of its own). `behind`: in the throttled browser, in one window behind the person's
 * tab, as Chrome has them when the person works in their own tab: hidden, throttled, not drawn.
 */
type Layout = 'front' | 'behind';

interface RoundTabs {
  ids: number[];
  close(): Promise<unknown>;
}

/**
 * Opens each url in a tab behind the others of `windowId` and resolves with their ids once each has loaded. A string
 * for the panel to run: tsx would wrap the named listener in a helper the panel does not have.
 */
const openedBehind = (urls: string[], windowId: number) => `(async () => {
  const loaded = new Set();
  const waiting = new Map();
  const onUpdated = (id, change) => {
    if (change.status !== 'complete') return;
    loaded.add(id);
    waiting.get(id)?.();
  };
  chrome.tabs.onUpdated.addListener(onUpdated);
  try {
    return await Promise.all(${JSON.stringify(urls)}.map(async (url) => {
      const tab = await chrome.tabs.create({ windowId: ${windowId}, url, active: false });
      if (!loaded.has(tab.id)) await new Promise((resolve) => waiting.set(tab.id, resolve));
      return tab.id;
    }));
  } finally {
    chrome.tabs.onUpdated.removeListener(onUpdated);
  }
})()`;

/** `window`: the person's window, where a `behind` round opens its tabs. */
async function openTaskTabs(harness: ExtensionHarness, urls: string[], window: number | null): Promise<RoundTabs> {
  if (window === null) {
    const tabs = await Promise.all(urls.map((url) => openTab(harness, url)));
    return { ids: tabs.map((tab) => tab.tabId), close: () => Promise.all(tabs.map((tab) => tab.page.close())) };
  }
  const ids = (await harness.panel.evaluate(openedBehind(urls, window))) as number[];
  return { ids, close: () => harness.panel.evaluate((tabIds) => chrome.tabs.remove(tabIds), ids) };
}

async function playRound(
  harness: ExtensionHarness,
  model: FakeAnthropic,
  shops: StaticServer[],
  tasks: number,
  window: number | null,
  cpu: BrowserCpu,
): Promise<Round> {
  const tabs = await openTaskTabs(
    harness,
    shops.slice(0, tasks).map((shop) => shop.url('/')),
    window,
  );
  model.reset();
  model.respondWith(async (request, index) => {
    const turn = await playShop(request, index);
    return isFault(turn) ? turn : { ...turn, thinkMs: THINK_MS };
  });
  const started: Started[] = tabs.ids.map((tabId, i) => ({
    instruction: demoInstruction((shops[i] as StaticServer).url('/')),
    tabId,
  }));
  const load = loadavg()[0] ?? 0;
  const cpuBefore = await cpu.read();
  const wallStart = performance.now();
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
  const figures = roundFigures(timed as Timed[], tasks, THINK_MS);
  // Read before the tabs close: a closed tab's process takes its CPU time with it.
  const spent = await cpu.since(cpuBefore, figures.steps, (performance.now() - wallStart) / 1000);
  await tabs.close();
  const failed = statuses.filter((status) => status !== 'succeeded');
  if (failed.length > 0) throw new Error(`parallel: ${failed.length} of ${tasks} tasks failed: ${failed.join('; ')}`);
  return {
    ...figures,
    ...spent,
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

/** The ratios of one layout's rounds: harness per step at N tasks over one task alone. */
interface Ratios {
  harnessRatio3: number;
  harnessRatio6: number;
  p90Ratio6: number;
  ownHarnessRatio6: number;
}

function ratios(rounds: Record<string, Round>): Ratios {
  const ratio = (n: number, key: 'harnessMedianMs' | 'harnessP90Ms' | 'ownHarnessMedianMs') =>
    round((rounds[n]?.[key] ?? 0) / (rounds[1]?.[key] ?? 1), 2);
  return {
    harnessRatio3: ratio(3, 'harnessMedianMs'),
    harnessRatio6: ratio(6, 'harnessMedianMs'),
    p90Ratio6: ratio(6, 'harnessP90Ms'),
    ownHarnessRatio6: ratio(6, 'ownHarnessMedianMs'),
  };
}

/**
 * The throttled browser set up as a person has it: their own tab (`?person`) in front of the window the tasks' tabs
 * open behind, the panel in a window of its own (in front, so its timers run at full speed, as a side panel's do).
 */
async function behindPerson(harness: ExtensionHarness, personUrl: string): Promise<number> {
  const windowId = await harness.panel.evaluate(async (url) => {
    const panelTab = await chrome.tabs.getCurrent();
    if (panelTab?.id === undefined) throw new Error('the panel is not a tab here');
    await chrome.tabs.create({ windowId: panelTab.windowId, url, active: true });
    return panelTab.windowId;
  }, personUrl);
  await movePanelToOwnWindow(harness);
  return windowId;
}

/**
 * The floor: the same order placed by Playwright alone in `tasks` tabs at once, each action after the think time, no
 * agent. What the browser spends on it per action is what any agent's actions cost the pages, the browser and
 * Playwright; the rounds' figures above it are the agent's own.
 */
async function playFloor(
  harness: ExtensionHarness,
  shops: StaticServer[],
  tasks: number,
  cpu: BrowserCpu,
): Promise<FloorRound> {
  const tabs = await Promise.all(shops.slice(0, tasks).map((shop) => openTab(harness, shop.url('/'))));
  const actionMs: number[] = [];
  const before = await cpu.read();
  const started = performance.now();
  await Promise.all(
    tabs.map((tab) =>
      rawOrder(
        tab.page,
        'Monstera',
        'keys',
        () => sleep(THINK_MS),
        (ms) => actionMs.push(ms),
      ),
    ),
  );
  const spent = await cpu.since(before, tasks * RAW_ORDER_ACTIONS, (performance.now() - started) / 1000);
  await Promise.all(tabs.map((tab) => tab.page.close()));
  return { cpu: spent, actionMedianMs: round(median(actionMs)) };
}

/** One floor round: the browser's CPU, and the median time of one raw action (the think time not counted). */
interface FloorRound {
  cpu: CpuFigures;
  actionMedianMs: number;
}

async function playRounds(
  ctx: { log(line: string): void },
  layout: Layout,
  shops: StaticServer[],
): Promise<{ rounds: Record<string, Round>; floor: { alone: FloorRound; most: FloorRound } | null }> {
  const model = await startFakeAnthropic({});
  const harness = await launchExtension({ background: layout === 'behind' });
  const rounds: Record<string, Round> = {};
  let floor: { alone: FloorRound; most: FloorRound } | null = null;
  try {
    await pointAtModel(harness.panel, model.url);
    await answerConsentsIn(harness.panel, 'once');
    const browser = harness.context.browser();
    if (!browser) throw new Error('parallel: no browser to read CPU times from');
    const cpu = await BrowserCpu.open(browser);
    const window =
      layout === 'behind' ? await behindPerson(harness, `${(shops[0] as StaticServer).url('/')}?person`) : null;
    const profile = process.env.PARALLEL_PROFILE;
    for (const tasks of ROUNDS) {
      const last = tasks === ROUNDS[ROUNDS.length - 1];
      const profiling = profile && layout === 'front' && last ? await profilePanel(harness) : null;
      rounds[tasks] = await playRound(harness, model, shops, tasks, window, cpu);
      ctx.log(`parallel: ${tasks} at once, tabs ${layout} ${JSON.stringify(rounds[tasks])}`);
      if (profile && profiling) {
        await writeFile(profile, JSON.stringify(await profiling()));
        ctx.log(`parallel: the panel's CPU profile of the last round is in ${profile}`);
      }
    }
    // Playwright cannot act in a hidden tab (its stability checks wait on animation frames): the floor is front only.
    const most = ROUNDS[ROUNDS.length - 1] as number;
    if (layout === 'front') {
      floor = { alone: await playFloor(harness, shops, 1, cpu), most: await playFloor(harness, shops, most, cpu) };
      ctx.log(`parallel: floor, 1 and ${most} raw orders at once ${JSON.stringify(floor)}`);
    }
  } finally {
    await harness.close();
    await model.close();
  }
  return { rounds, floor };
}

/** The floor beside the agent's round of as many tasks: the browser's CPU per task, each way. */
interface Floor {
  tasks: number;
  cpuMsPerAction: Record<string, number>;
  coreShare: number;
  /** The browser's CPU per task: the agent's (its round) and Playwright's raw order (the floor). */
  agentCpuMsPerTask: number;
  floorCpuMsPerTask: number;
  /**
   * The median time of one raw action with one order alone and with `tasks` at once, and their ratio: what sharing
   * the machine's cores costs an action with no agent at all (docs/testing.md, the parallel bench).
   */
  actionMedianMs1: number;
  actionMedianMsN: number;
  actionRatioN: number;
}

function floorFigures(both: { alone: FloorRound; most: FloorRound }, rounds: Record<string, Round>): Floor {
  const floor = both.most.cpu;
  const tasks = ROUNDS[ROUNDS.length - 1] as number;
  const inRound = rounds[tasks];
  const agent = inRound ? ((inRound.cpuMsPerStep.all ?? 0) * inRound.steps) / tasks : Number.NaN;
  return {
    tasks,
    cpuMsPerAction: floor.cpuMsPerStep,
    coreShare: floor.coreShare,
    agentCpuMsPerTask: round(agent),
    floorCpuMsPerTask: round((floor.cpuMsPerStep.all ?? 0) * RAW_ORDER_ACTIONS),
    actionMedianMs1: both.alone.actionMedianMs,
    actionMedianMsN: both.most.actionMedianMs,
    actionRatioN: round(both.most.actionMedianMs / both.alone.actionMedianMs),
  };
}

export async function benchParallel(
  ctx: { log(line: string): void },
  background: () => Promise<BackgroundFigures>,
): Promise<
  Ratios & {
    thinkMs: number;
    rounds: Record<string, Round>;
    behind: Ratios & { rounds: Record<string, Round> };
    floor: Floor | null;
    background: {
      hiddenForMs: number;
      hiddenAtEnd: boolean;
      visibleStepMedianMs: number;
      hiddenStepMedianMs: number;
      stepRatio: number;
    };
  }
> {
  const shops = await Promise.all(
    ROUNDS.slice(-1).flatMap((n) => Array.from({ length: n }, () => startStaticServer(SHOP))),
  );
  let front: Awaited<ReturnType<typeof playRounds>>;
  let behind: Record<string, Round>;
  try {
    front = await playRounds(ctx, 'front', shops);
    behind = (await playRounds(ctx, 'behind', shops)).rounds;
  } finally {
    await Promise.all(shops.map((shop) => shop.close()));
  }
  const hidden = await background();
  return {
    thinkMs: THINK_MS,
    rounds: front.rounds,
    ...ratios(front.rounds),
    behind: { rounds: behind, ...ratios(behind) },
    floor: front.floor && floorFigures(front.floor, front.rounds),
    background: {
      hiddenForMs: hidden.hiddenForMs,
      hiddenAtEnd: hidden.hidden.hiddenAtEnd,
      visibleStepMedianMs: hidden.visible.stepMedianMs,
      hiddenStepMedianMs: hidden.hidden.stepMedianMs,
      stepRatio: hidden.stepRatio,
    },
  };
}
