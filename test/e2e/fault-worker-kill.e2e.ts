// The service worker killed mid-task (docs/testing.md, Faults and security): scripted tasks on fixture pages, each run
// once without kills for the reference ending, then again with the worker killed (CDP ServiceWorker.stopAllWorkers) at
// points chosen by a seeded random source: between steps (while the model answers), during an action (while the page
// holds the save the agent's click or typing started) and during a navigation wait (while the server holds the next
// page back). Every run must end as the reference did: same status and answer, the same calls succeeding, no result
// telling the model that a call was lost with the worker, the same page state, every action applied once, and the
// navigation wait resolved.
//
// The model is naive on purpose: it trusts the results of its own calls and repeats a call that came back as an
// error, as a real model tends to. A lost action reported as an error would therefore be done twice, and show.
//
// Replay a failing run with KILL_SEED=<the seed in the suite's name>.

import type { Page } from 'playwright-core';
import type { AgentEvent } from '../../src/panel/agent/task/events';
import { PAGE_METHODS, type PageMethod } from '../../src/shared/protocol';
import {
  killWorker,
  pick,
  recordAgentEvents,
  resentCalls,
  seededRandom,
  waitForActionsSettled,
} from '../support/kill-harness';
import { type Gate, type HeldRequest, killRoutes } from '../support/kill-routes';
import { tally } from '../support/reliability';
import {
  act,
  control,
  describe,
  type ExtensionHarness,
  expect,
  type FakeAnthropic,
  type FixtureServer,
  it,
  openTab,
  type PanelGlobal,
  type Policy,
  play,
  recordEvents,
  runTask,
  type Seen,
  type Turn,
  test,
  useKit,
} from './kit';

const SEED = Number(process.env.KILL_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Runs with kills per scenario, and the share of each kind of point that gets a kill in such a run. */
const KILL_ROUNDS = 2;
const KILL_SHARE = 0.7;

type Where = 'between steps' | 'during an action' | 'during a navigation wait';
type Point = 'request' | HeldRequest;

interface Scenario {
  name: string;
  start: string;
  task: string;
  /** Where the task goes through a navigation wait, if it does. */
  arrival?: string;
  /** The naive model: decides from the page it is shown and the calls it believes succeeded. */
  policy(seen: Seen, made: Record<string, number>, site: FixtureServer): Turn;
  /** What the task left behind: the tab's page and what the server was sent during the run. */
  state(page: Page, hits: string[]): Promise<Record<string, unknown>>;
  /** The actions the state counts (each must have happened exactly once). */
  actions(state: Record<string, unknown>): { checked: number; doubled: number };
}

const openGate: Gate = () => Promise.resolve();
let gate: Gate = openGate;
const killed: Record<Where, number> = { 'between steps': 0, 'during an action': 0, 'during a navigation wait': 0 };

// The message form's Send is asked about (decision 0026): the person allows it; what is checked is the worker's death.
useKit({ routes: killRoutes(() => gate), consent: 'once' });

test.beforeAll(({ browser }) => recordEvents(browser.panel));

const countHits = (hits: string[], prefix: string) => hits.filter((hit) => hit.startsWith(prefix)).length;
const textOf = (page: Page, selector: string) => page.locator(selector).textContent({ timeout: 5_000 });

const SCENARIOS: Scenario[] = [
  {
    name: 'types a name and sends the form to a slow page',
    start: '/fault/kill-form.html',
    task: 'Send the message form as Ada Lovelace',
    arrival: 'kill-sent.html',
    policy(seen, made) {
      if (seen.url?.includes('kill-sent.html')) {
        const quote = 'Message sent by Ada Lovelace.';
        return act('done', { success: true, answer: 'Sent as Ada Lovelace.', evidence: { quotes: [quote] } });
      }
      // clear: false appends, so a name typed twice reads twice.
      const name = control(seen, 'textbox', /your name/i);
      if (!made.type) return act('type', { ref: name.ref, text: 'Ada Lovelace', clear: false });
      return act('click', { ref: control(seen, 'button', /^send$/i).ref });
    },
    async state(page, hits) {
      const url = new URL(page.url());
      return {
        path: url.pathname,
        name: url.searchParams.get('name'),
        shown: await textOf(page, '#sent'),
        nameChecks: countHits(hits, '/kill/hold?what=type'),
        sends: countHits(hits, '/kill/slow?'),
      };
    },
    actions: (state) => ({
      checked: 2,
      doubled: (state.name === 'Ada Lovelace' ? 0 : 1) + Math.max(0, Number(state.sends) - 1),
    }),
  },
  {
    name: 'clicks a counter three times',
    start: '/fault/kill-counter.html',
    task: 'Add three to the tally',
    policy(seen, made) {
      if ((made.click ?? 0) >= 3) {
        return act('done', { success: true, answer: 'The tally is 3.', evidence: { quotes: ['Clicked 3 times'] } });
      }
      return act('click', { ref: control(seen, 'button', /add one/i).ref });
    },
    async state(page, hits) {
      return {
        path: new URL(page.url()).pathname,
        shown: await textOf(page, '#count'),
        saves: countHits(hits, '/kill/hold?what=click&page=counter'),
      };
    },
    actions: (state) => ({ checked: 3, doubled: Math.max(0, Number(state.saves) - 3) }),
  },
  {
    name: 'opens a slow page by URL and confirms there',
    start: '/fault/kill-home.html',
    task: 'Confirm my booking on the booking page',
    arrival: 'kill-arrival.html',
    policy(seen, made, site) {
      if (!seen.url?.includes('kill-arrival.html')) {
        return act('open_url', { url: site.url('/kill/slow?page=/fault/kill-arrival.html') });
      }
      if (!made.click) return act('click', { ref: control(seen, 'button', /confirm booking/i).ref });
      return act('done', { success: true, answer: 'Booking confirmed.', evidence: { quotes: ['Confirmed once'] } });
    },
    async state(page, hits) {
      return {
        path: new URL(page.url()).pathname,
        shown: await textOf(page, '#state'),
        loads: countHits(hits, '/kill/slow?'),
        saves: countHits(hits, '/kill/hold?what=click&page=arrival'),
      };
    },
    actions: (state) => ({
      checked: 2,
      doubled: Math.max(0, Number(state.loads) - 1) + Math.max(0, Number(state.saves) - 1),
    }),
  },
];

type Plan = Record<Point, Set<number>> & { releaseFirst: Set<number> };

/** A random share of each kind of point the reference run went through. */
function planKills(random: () => number, points: Record<Point, number>): Plan {
  const share = (n: number) => (n === 0 ? 0 : Math.max(1, Math.round(n * KILL_SHARE)));
  return {
    request: pick(random, points.request, share(points.request)),
    action: pick(random, points.action, share(points.action)),
    navigation: pick(random, points.navigation, share(points.navigation)),
    // Some navigation kills let the page go first, so the commit lands while the worker is down or starting.
    releaseFirst: pick(random, points.navigation, Math.round(random() * points.navigation)),
  };
}

interface Run {
  result: Awaited<ReturnType<typeof runTask>>['result'];
  events: AgentEvent[];
  state: Record<string, unknown>;
  kills: Where[];
  problems: string[];
  points: Record<Point, number>;
  tabEvents: { type: string; url?: string }[];
}

/**
 * The naive model as a policy: it counts the calls it believes succeeded (those of the previous turn whose result is
 * no error), lets the run act first (a kill between steps), then decides as the scenario does.
 */
function naiveModel(scenario: Scenario, site: FixtureServer, beforeAnswer: () => Promise<void>): Policy {
  const made: Record<string, number> = {};
  return async (seen) => {
    for (const [i, name] of seen.previousTools.entries()) {
      if (seen.results[i]?.isError === false) made[name] = (made[name] ?? 0) + 1;
    }
    await beforeAnswer();
    return scenario.policy(seen, made, site);
  };
}

interface Fixtures {
  browser: ExtensionHarness;
  site: FixtureServer;
  model: FakeAnthropic;
}

async function run({ browser, site, model }: Fixtures, scenario: Scenario, plan: Plan | null): Promise<Run> {
  model.reset();
  await recordAgentEvents(browser.panel);
  const points: Record<Point, number> = { request: 0, action: 0, navigation: 0 };
  const kills: Where[] = [];
  const problems: string[] = [];
  const pending: Promise<void>[] = [];
  const mark = site.hits.length;

  const kill = async (where: Where) => {
    try {
      await killWorker(browser);
      kills.push(where);
    } catch (error) {
      problems.push(`kill ${where}: ${(error as Error).message}`);
    }
  };

  gate = async (kind) => {
    const index = points[kind]++;
    if (!plan?.[kind].has(index)) return;
    if (kind === 'action') return kill('during an action'); // the page's spinner keeps the action running
    // Past the action that started the navigation: the panel is now waiting for the new page.
    await waitForActionsSettled(browser.panel).catch((error: Error) => problems.push(error.message));
    if (plan.releaseFirst.has(index)) pending.push(kill('during a navigation wait'));
    else await kill('during a navigation wait');
  };
  play(
    model,
    naiveModel(scenario, site, async () => {
      const index = points.request++;
      if (plan?.request.has(index)) await kill('between steps');
    }),
  );

  const { page, tabId } = await openTab(browser, site.url(scenario.start));
  await browser.panel.evaluate(() => {
    const events = (globalThis as PanelGlobal).recordedEvents;
    if (events) events.length = 0;
  });
  await page.bringToFront();
  try {
    const { result, events } = await runTask(browser.panel, scenario.task);
    await Promise.all(pending);
    const state = await scenario.state(page, site.hits.slice(mark));
    const tabEvents = await browser.panel.evaluate(
      (id) =>
        ((globalThis as PanelGlobal).recordedEvents ?? [])
          .filter((e) => 'tabId' in e && e.tabId === id)
          .map((e) => ({ type: e.type, url: 'url' in e ? e.url : undefined })),
      tabId,
    );
    return { result, events, state, kills, problems, points, tabEvents };
  } finally {
    gate = openGate;
    await page.close();
  }
}

/**
 * What must not change with kills: the ending, and the calls that succeeded, in order. Failed calls are left out:
 * a run without kills can have one too, from a race that has nothing to do with the worker (the observation after a
 * click that submits a form can still show the page being left, and a second click there fails).
 */
function ending(r: Run) {
  return {
    status: r.result.status,
    verified: r.result.verified,
    answer: r.result.answer,
    succeeded: r.events.flatMap((e) =>
      e.type === 'tool_result' && (e.outcome === 'ok' || e.outcome === 'done_accepted') ? [e.name] : [],
    ),
  };
}

/** Results that told the model a call was lost with the worker (its fate unknown): none may reach it. */
const toldOfKill = (r: Run) =>
  r.events.flatMap((e) => (e.type === 'tool_result' && /service worker/i.test(e.summary) ? [e.summary] : []));

/** The navigation wait resolved: the new page announced itself to the panel and the next step observed it. */
function reachedArrival(r: Run, arrival: string): boolean {
  const ready = r.tabEvents.some((e) => e.type === 'contentReady' && e.url?.includes(arrival));
  const observed = r.events.some((e) => e.type === 'step_started' && e.url?.includes(arrival));
  return ready && observed;
}

/**
 * Chrome can drop a webNavigation event dispatched just as the worker is killed (about one in thirty commits that
 * land on a kill), which no code in the extension can prevent; the waits must resolve without it. Counted, not
 * asserted, for kill runs; a run without kills must see it.
 */
const sawCommit = (r: Run, arrival: string) =>
  r.tabEvents.some((e) => e.type === 'committed' && e.url?.includes(arrival));
let commitsMissed = 0;

/** Re-sent calls of methods that act on the page. */
const actionMethods = (resent: Record<string, number>) =>
  Object.entries(resent)
    .filter(([method]) => PAGE_METHODS[method as PageMethod]?.idempotent === false)
    .reduce((sum, [, n]) => sum + n, 0);

describe(`service worker killed mid-task (seed ${SEED}; replay with KILL_SEED=${SEED})`, () => {
  for (const [index, scenario] of SCENARIOS.entries()) {
    it(`${scenario.name}: ends as it does without kills`, async ({ browser, site, model }) => {
      // One random source per scenario, so a run of one scenario (-t) replays its kill points too.
      const random = seededRandom(SEED + index);
      const reference = await run({ browser, site, model }, scenario, null);
      expect(reference.problems).toEqual([]);
      expect(reference.result).toMatchObject({ status: 'succeeded', verified: true });
      expect(scenario.actions(reference.state).doubled).toBe(0);
      if (scenario.arrival) {
        expect(reachedArrival(reference, scenario.arrival)).toBe(true);
        expect(sawCommit(reference, scenario.arrival)).toBe(true);
      }

      for (let round = 0; round < KILL_ROUNDS; round++) {
        const plan = planKills(random, reference.points);
        const planned = plan.request.size + plan.action.size + plan.navigation.size;
        const resentBefore = actionMethods(await resentCalls(browser.panel));
        const killedRun = await run({ browser, site, model }, scenario, plan);
        const said = killedRun.events.flatMap((e) => (e.type === 'tool_result' ? [e.summary] : []));
        const label = `round ${round + 1}, kills ${JSON.stringify(killedRun.kills)}, results ${JSON.stringify(said)}`;

        expect(killedRun.problems, label).toEqual([]);
        expect(killedRun.kills, label).toHaveLength(planned);
        expect(toldOfKill(killedRun), label).toEqual([]);
        expect(ending(killedRun), label).toEqual(ending(reference));
        expect(killedRun.state, label).toEqual(reference.state);
        const { checked, doubled } = scenario.actions(killedRun.state);
        expect(doubled, label).toBe(0);
        // Each kill during an action caught that action in flight, and the panel sent it again (the page answered
        // the repeat with the first run's result, or the state above would show it twice).
        const actionKills = killedRun.kills.filter((where) => where === 'during an action').length;
        expect(actionMethods(await resentCalls(browser.panel)) - resentBefore, label).toBe(actionKills);
        // The navigation wait resolved: the new page's announcement reached the panel, and the task went on from
        // the page it waited for.
        if (scenario.arrival) {
          expect(reachedArrival(killedRun, scenario.arrival), label).toBe(true);
          if (!sawCommit(killedRun, scenario.arrival)) commitsMissed += 1;
        }

        for (const where of killedRun.kills) {
          killed[where] += 1;
          tally.kill(where);
        }
        tally.actions(checked, doubled);
        tally.tasks(1, 0);
      }
    });
  }

  it('killed the worker at least 20 times, during actions and navigation waits among them', () => {
    const total = Object.values(killed).reduce((a, b) => a + b, 0);
    console.info(
      `fault-worker-kill: seed ${SEED}, kills ${JSON.stringify(killed)}, commit events lost with a killed worker ${commitsMissed}`,
    );
    expect(total).toBeGreaterThanOrEqual(20);
    expect(killed['during an action']).toBeGreaterThanOrEqual(KILL_ROUNDS * 3);
    expect(killed['during a navigation wait']).toBeGreaterThanOrEqual(KILL_ROUNDS * 2);
    expect(killed['between steps']).toBeGreaterThanOrEqual(KILL_ROUNDS * 3);
  });
});
