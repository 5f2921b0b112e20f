// The task's tabs (docs/contracts.md, Seeds 001 and 003) with the real agent loop: one scripted task clicks its way
// through a chain of fixture pages while the person, at seeded random moments, activates other tabs, opens tabs, leaves
// the window and comes back. Every action must land on the agent's tab (the pages' own log says which tab each came
// from), the mask must follow its rule in every tab's DOM all along and be gone at the end, and afterwards the panel
// shows the person's tab.

import type { Page } from 'playwright-core';
import { navRoutes } from '../support/nav-routes';
import {
  activate,
  comeBackFrom,
  focusOtherWindow,
  maskDiagnosis,
  maskMismatches,
  type OpenTab,
  panelWindowId,
  personOpens,
  tabKey,
} from './agent-tabs-browser';
import {
  actionsIn,
  type LogEntry,
  pageLog,
  pollFor,
  randomMoment,
  runSeed,
  seededRandom,
  shuffle,
  stepTabs,
  Turns,
  toolResultsOf,
} from './agent-tabs-harness';
import {
  act,
  control,
  describe,
  type ExtensionHarness,
  expect,
  type FakeAnthropic,
  type FixtureServer,
  it,
  MASK,
  openTab,
  type PanelGlobal,
  play,
  recordEvents,
  runTask,
  type TaskRun,
  test,
  useKit,
} from './kit';

useKit({ routes: navRoutes() });

/** The agent clicks through at least this many pages (two actions each). */
const PAGES = 6;
type Move = 'open-tab' | 'activate-person' | 'activate-agent' | 'activate-panel' | 'leave-window' | 'come-back';
/** The person's moves, shuffled per seed; each `leave-window` is followed later by a `come-back`. */
const MOVES: Move[] = [
  'open-tab',
  'open-tab',
  'open-tab',
  'activate-person',
  'activate-person',
  'activate-agent',
  'activate-agent',
  'activate-panel',
  'leave-window',
  'leave-window',
];

/** What the busy run left for the assertions below. */
interface BusyRun extends TaskRun {
  agent: OpenTab;
  person: OpenTab[];
  moves: Move[];
  checks: number;
  /** Errors of the person's moves (the scripted model's own errors fail the first test through the e2e setup). */
  failures: string[];
  log: LogEntry[];
  /** While the person had `front` in front, the tab the panel's task view was on. */
  views: { front: number; view: number | null }[];
  /** Masks on the agent's tab as the model was asked its last question (it was in front then). */
  maskedAtEnd: number;
  masksAfter: { url: string; masks: number }[];
}
let busy: BusyRun;

// The one run the tests below read: made once, with the file's browser and the stand-in itself (the test-scoped
// `model` is not there yet in a beforeAll).
test.beforeAll(async ({ browser, site, standIn }) => {
  await browser.panel.evaluate(() =>
    (globalThis as PanelGlobal).steadyhand.settings.getState().update({ maxSteps: 200 }),
  );
  busy = await runBusyTask(browser, site, standIn);
}, 180_000);

async function runBusyTask(browser: ExtensionHarness, site: FixtureServer, model: FakeAnthropic): Promise<BusyRun> {
  const random = seededRandom(runSeed('agent-tabs-lock'));
  await recordEvents(browser.panel);
  const home = await panelWindowId(browser);
  const logStart = site.hits.length;
  const agent = await personOpens(browser, site.url('/agent-tabs/at-steps.html?name=agent&n=1'));
  const person: OpenTab[] = [];
  const failures: string[] = [];
  const turns = new Turns();
  const plan = shuffle(MOVES, random);
  // At least once the person leaves while looking at the agent's tab (the focus alone must then hide the mask, and
  // bring it back), wherever the shuffle put the first departure.
  plan.splice(plan.indexOf('leave-window'), 0, 'activate-agent');
  const moves: Move[] = [];
  let away: number | null = null;
  let finished = false;
  let checks = 0;
  const views: BusyRun['views'] = [];
  let maskedAtEnd = -1;
  const viewTabId = () =>
    browser.panel.evaluate(
      async () => (await (globalThis as PanelGlobal).steadyhand.host.latest()?.manager()?.viewTabId()) ?? null,
    );
  const frontTab = () =>
    browser.panel.evaluate(
      async (windowId) => (await chrome.tabs.query({ active: true, windowId }))[0]?.id ?? -1,
      home,
    );

  /** The mask rule holds in every tab (it may take the panel a moment to apply a change: poll). */
  const checkMask = async (agentTabId: number | null) => {
    const wrong = await pollFor(
      () => maskMismatches(browser, { agentTabId }),
      (found) => found.length === 0,
    );
    if (wrong.length > 0) {
      const debug = await maskDiagnosis(browser);
      throw new Error(`The mask breaks its rule after ${moves.join(', ') || 'no move'}: ${wrong} ${debug}`);
    }
    checks++;
  };

  const openPersonTab = async () => {
    // Not through personOpens: the person opens it while the agent works, with whatever tab is in front.
    const opened = await openTab(browser, site.url(`/agent-tabs/at-steps.html?name=person-${person.length + 1}&n=1`));
    await opened.page.waitForFunction(() => window.name.startsWith('at-tab-'));
    person.push({ ...opened, key: await tabKey(opened.page) });
  };
  const doMove = async (move: Move): Promise<Move> => {
    const someone = person[Math.floor(random() * person.length)];
    switch (move) {
      case 'activate-person':
        if (!someone) {
          await openPersonTab(); // nothing to switch to yet: opening one is the person's move
          return 'open-tab';
        }
        await activate(browser, someone.page, someone.tabId);
        return move;
      case 'activate-agent':
        await activate(browser, agent.page, agent.tabId);
        return move;
      case 'activate-panel':
        await browser.panel.bringToFront();
        return move;
      case 'leave-window':
        away = await focusOtherWindow(browser);
        return move;
      case 'come-back':
        if (away !== null) await comeBackFrom(browser, away, home);
        away = null;
        return move;
      case 'open-tab':
        await openPersonTab();
        return move;
    }
  };

  const person$ = (async () => {
    while (!finished) {
      await randomMoment(random, 100, 900);
      await turns.run(async () => {
        if (finished) return;
        const next = away !== null ? 'come-back' : plan.shift();
        if (!next) return;
        moves.push(await doMove(next));
        await checkMask(agent.tabId);
        if (away === null) views.push({ front: await frontTab(), view: await viewTabId() });
      });
      if (away === null && plan.length === 0) return;
    }
  })().catch((error: unknown) => {
    failures.push(`the person's moves: ${error instanceof Error ? error.message : String(error)}`);
  });

  play(model, (seen) =>
    turns.run(async () => {
      // The agent waits for the model here: a stable moment to hold its tab against the rule.
      await checkMask(seen.tabId);
      const n = Number(new URL(seen.url ?? 'http://x/').searchParams.get('n') ?? 0);
      if (n >= PAGES && plan.length === 0 && away === null) {
        // The person watches the last step: the mask is on the agent's tab when the task ends, so only the end
        // of the task can take it away.
        await activate(browser, agent.page, agent.tabId);
        await checkMask(seen.tabId);
        maskedAtEnd = await agent.page.locator(MASK).count();
        finished = true;
        return act('done', {
          success: true,
          answer: `Reached step ${n}.`,
          evidence: { quotes: [`Step ${n} of agent`] },
        });
      }
      const clicks = Number(/Clicks:\s*(\d+)/.exec(seen.text)?.[1] ?? 0);
      if (clicks === 0) return act('click', { ref: control(seen, 'button', /^count$/i).ref });
      return act('click', { ref: control(seen, 'link', /next page/i).ref });
    }),
  );

  const run = await runTask(browser.panel, 'Count once on each step page, then go to the next one.');
  finished = true;
  await person$;
  await browser.panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.masksIdle());
  const masksAfter = await Promise.all(
    browser.context
      .pages()
      .filter((page: Page) => page !== browser.panel && page.url().startsWith('http'))
      .map(async (page: Page) => ({ url: page.url(), masks: await page.locator(MASK).count() })),
  );
  // Beacons are sent asynchronously: wait until every action the agent reports has reached the server.
  const clicked = toolResultsOf(run.events).filter((r) => r.name === 'click' && r.outcome === 'ok').length;
  await pollFor(
    async () => actionsIn(pageLog(site, logStart)).length,
    (count) => count >= clicked,
  );
  return {
    ...run,
    agent,
    person,
    moves,
    checks,
    failures,
    log: pageLog(site, logStart),
    views,
    maskedAtEnd,
    masksAfter,
  };
}

const personKeys = () => busy.person.map((tab) => tab.key);

describe('one task while the person uses the browser', () => {
  it('ran to the end with the person moving at least 10 times', () => {
    console.log(`[agent-tabs-lock] moves: ${busy.moves.join(', ')}; mask checks: ${busy.checks}`);
    expect(busy.failures).toEqual([]);
    expect(busy.result).toMatchObject({ status: 'succeeded', verified: true });
    expect(busy.moves.length).toBeGreaterThanOrEqual(10);
    for (const move of ['open-tab', 'activate-person', 'activate-agent', 'leave-window', 'come-back'] as const) {
      expect(busy.moves).toContain(move);
    }
  });

  it("lands every action on the agent's tab and none on the person's tabs", () => {
    const { agent, log, events } = busy;
    // The agent never left its tab: every step observed it, whatever the person had in front.
    const tabs = stepTabs(events);
    expect(tabs.length).toBeGreaterThanOrEqual((PAGES - 1) * 2 + 1);
    expect(new Set(tabs)).toEqual(new Set([agent.tabId]));

    const calls = events.flatMap((e) => (e.type === 'tool_call' && e.name === 'click' ? [e.target] : []));
    const results = toolResultsOf(events).filter((r) => r.name === 'click');
    expect(results.every((r) => r.outcome === 'ok')).toBe(true);
    const actions = actionsIn(log);
    // One logged action per click, in order, each from the agent's tab and its own pages.
    expect(actions.map((a) => (a.event === 'click' ? 'Count' : 'Next page'))).toEqual(calls);
    expect(actions.every((a) => a.tab === agent.key && a.page === 'agent')).toBe(true);
    expect(personKeys().length).toBeGreaterThanOrEqual(1);
    expect(personKeys()).not.toContain(agent.key);
    expect(actions.filter((a) => personKeys().includes(a.tab))).toEqual([]);
  });

  it('keeps the mask on the rule through every switch, focus change and navigation, and removes it at the end', () => {
    const { agent, log } = busy;
    // The checks ran after every move of the person and at every step (each new page of the agent's tab).
    expect(busy.checks).toBeGreaterThanOrEqual(busy.moves.length + (PAGES - 1) * 2 + 1);
    // The pages' own record: the mask came and went on the agent's tab, and never touched a person's tab.
    const agentMask = log.filter((e) => e.tab === agent.key && e.event.startsWith('mask-'));
    expect(agentMask.some((e) => e.event === 'mask-on')).toBe(true);
    expect(log.filter((e) => personKeys().includes(e.tab) && e.event === 'mask-on')).toEqual([]);
    // The mask was on the agent's tab when the task ended, and was gone from every tab as soon as it had ended:
    // the end of the task took it away, long before its lease would have run out.
    expect(busy.maskedAtEnd).toBe(1);
    expect(busy.masksAfter.length).toBeGreaterThanOrEqual(2);
    expect(busy.masksAfter.filter((p) => p.masks !== 0)).toEqual([]);
  });

  it("shows the person's active tab in the panel after the task", async ({ browser }) => {
    const { agent, person, views } = busy;
    // While the task ran, the panel stayed on the agent's tab whatever the person had in front ...
    expect(views.some((v) => v.front !== agent.tabId)).toBe(true);
    expect(views.filter((v) => v.view !== agent.tabId)).toEqual([]);
    // ... and now that it has ended, it follows the person: to the tab they go to, not the agent's.
    const last = person.at(-1);
    if (!last) throw new Error('The person opened no tab.');
    await activate(browser, last.page, last.tabId);
    const view = await browser.panel.evaluate(
      async () => (await (globalThis as PanelGlobal).steadyhand.host.latest()?.manager()?.viewTabId()) ?? null,
    );
    expect(view).toBe(last.tabId);
    await expect.poll(() => browser.panel.getByTestId('page-tab-id').textContent()).toBe(`Tab ${last.tabId}`);
  });
});
