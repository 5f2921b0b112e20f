// The task's group is the ground truth of what it may touch (issue 28, docs/contracts.md O-OWN-9..12), with the real
// loop in Chromium: a scripted task works across two tabs of its `Task(<id>)` group while the person takes one back
// (chrome.tabs.ungroup from the test, as dragging the tab out of the group does; or moving it alone to another window)
// or closes one. The task lets go of that tab (its lock, its mask), nothing of it reaches the tab again, the model's
// next request says so, and the task goes on in its other tab and succeeds.

import type { Page } from 'playwright-core';
import { tabLockName } from '../../src/panel/tabs/ownership/tab-locks';
import { maskCount } from '../support/fault-harness';
import { personOpens, tabFacts } from './agent-tabs-browser';
import { actionsIn, pageLog, pollFor, taskIdOf } from './agent-tabs-harness';
import { agentTabsSuite, clickCount, clicksOf, finish, nameOf, stepPage } from './agent-tabs-suite';
import {
  act,
  describe,
  type ExtensionHarness,
  expect,
  type FakeAnthropic,
  type FixtureServer,
  it,
  lastUserText,
  type PanelGlobal,
  play,
  runTask,
  type Seen,
} from './kit';

const suite = agentTabsSuite();

/** The tab locks the panel holds now (navigator.locks is shared by every page of the extension). */
function heldLocks(panel: Page): Promise<string[]> {
  return panel.evaluate(async () => ((await navigator.locks.query()).held ?? []).map((lock) => lock.name ?? ''));
}

function owns(browser: ExtensionHarness, tabId: number): Promise<boolean> {
  return browser.panel.evaluate(
    (id) => (globalThis as PanelGlobal).steadyhand.host.latest()?.manager()?.isOwned(id) ?? false,
    tabId,
  );
}

/** Waits until the running task no longer owns the tab (its TabsManager heard of the person's move). */
async function untilLetGo(browser: ExtensionHarness, tabId: number): Promise<void> {
  const owned = await pollFor(
    () => owns(browser, tabId),
    (still) => !still,
  );
  if (owned) throw new Error(`The task still owns tab ${tabId}`);
}

interface Scene {
  /** The tab the task opened and worked on when the person took it (or closed it). */
  second: number | null;
  /** Locks held while the model was asked after the move, and the request that told it. */
  locksAfter: string[];
  told: string;
  /** The second tab's page, and its mask when the model was told. */
  secondPage: Page | null;
  maskAfter: number;
}

/**
 * The task: on the person's tab ("origin"), open a second tab and click there; while the model decides its second
 * click there, `personMoves` takes the tab away; the task then clicks once on the origin tab and finishes there.
 */
function scriptTask(
  browser: ExtensionHarness,
  fixtures: { model: FakeAnthropic; site: FixtureServer },
  personMoves: (tabId: number) => Promise<void>,
): Scene {
  const scene: Scene = { second: null, locksAfter: [], told: '', secondPage: null, maskAfter: -1 };
  play(fixtures.model, async (seen: Seen) => {
    const name = nameOf(seen);
    if (name === 'origin' && scene.second === null) {
      return act('open_url', { url: stepPage(fixtures.site, 'second'), newTab: true });
    }
    if (name === 'second') {
      scene.second = seen.tabId;
      if (clicksOf(seen) === 0) return clickCount(seen);
      scene.secondPage =
        browser.context.pages().find((p) => new URL(p.url()).searchParams.get('name') === name) ?? null;
      await personMoves(seen.tabId ?? -1);
      await untilLetGo(browser, seen.tabId ?? -1);
      return clickCount(seen); // meant for the tab that left: it must never land there
    }
    if (name === 'origin') {
      if (!scene.told) {
        scene.told = lastUserText(seen.request);
        scene.locksAfter = await heldLocks(browser.panel);
        if (scene.secondPage) scene.maskAfter = await maskCount(scene.secondPage);
      }
      return clicksOf(seen) === 0 ? clickCount(seen) : finish('Clicks: 1');
    }
    throw new Error(`The agent is on an unexpected page: ${seen.url}`);
  });
  return scene;
}

/** The pages the at-steps pages saw a click on, in order, once `count` clicks arrived (they report by beacon). */
async function clickedPages(site: FixtureServer, count: number): Promise<string[]> {
  const read = async () => actionsIn(pageLog(site, suite.logStart)).map((entry) => entry.page);
  return pollFor(read, (pages) => pages.length >= count);
}

describe('the group is the ground truth', () => {
  it('lets go of a tab the person drags out of the group; the model is told, and the task succeeds in its other tab', async ({
    browser,
    site,
    model,
  }) => {
    const origin = await personOpens(browser, stepPage(site, 'origin'));
    const scene = scriptTask(browser, { model, site }, async (tabId) => {
      await browser.panel.evaluate((id) => chrome.tabs.ungroup(id), tabId);
    });

    const { result, events } = await runTask(browser.panel, 'Count once in a second tab, then once here.');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const second = scene.second ?? -1;
    expect(scene.told).toContain(
      `The person took tab ${second} back (dragged it out of the task's group): it is no longer yours; you are now ` +
        `on tab ${origin.tabId}, another of your tabs; go on there or ask.`,
    );
    expect(scene.told).toContain(`Agent's tab: ${origin.tabId}`);
    // Let go: its lock, its mask; the origin tab's lock held while the task goes on there.
    expect(scene.locksAfter).toContain(tabLockName(origin.tabId));
    expect(scene.locksAfter).not.toContain(tabLockName(second));
    expect(scene.maskAfter).toBe(0);
    // No action reached it after the move: one click there (before), one on the origin tab (after).
    expect(await clickedPages(site, 2)).toEqual(['second', 'origin']);
    // The person's tab stays out of the group; the origin tab is still in it.
    const taskId = taskIdOf(events);
    expect((await tabFacts(browser, second))?.groupId).toBe(-1);
    expect((await tabFacts(browser, origin.tabId))?.groupTitle).toBe(`Task(${taskId})`);
    expect(await heldLocks(browser.panel)).not.toContain(tabLockName(origin.tabId)); // the run's end let go
  });

  it('lets go of a tab the person moves alone to another window, as leaving the group', async ({
    browser,
    site,
    model,
  }) => {
    const origin = await personOpens(browser, stepPage(site, 'origin'));
    let windowId = -1;
    const scene = scriptTask(browser, { model, site }, async (tabId) => {
      windowId = await browser.panel.evaluate(
        async (id) => (await chrome.windows.create({ tabId: id, focused: false }))?.id ?? -1,
        tabId,
      );
    });

    const { result } = await runTask(browser.panel, 'Count once in a second tab, then once here.');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const second = scene.second ?? -1;
    expect(scene.told).toContain(`The person took tab ${second} back (moved it to another window)`);
    expect(scene.locksAfter).not.toContain(tabLockName(second));
    expect(await tabFacts(browser, second)).toMatchObject({ windowId, groupId: -1 });
    expect(await clickedPages(site, 2)).toEqual(['second', 'origin']);
    expect(origin.tabId).not.toBe(second);
  });

  it('goes on in its other tab when the person closes the tab of its group it works on', async ({
    browser,
    site,
    model,
  }) => {
    const origin = await personOpens(browser, stepPage(site, 'origin'));
    const scene = scriptTask(browser, { model, site }, async (tabId) => {
      await browser.panel.evaluate((id) => chrome.tabs.remove(id), tabId);
    });

    const { result } = await runTask(browser.panel, 'Count once in a second tab, then once here.');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const second = scene.second ?? -1;
    expect(scene.told).toContain(
      `The person closed tab ${second}: you are now on tab ${origin.tabId}, another of your tabs; go on there or ask.`,
    );
    expect(scene.locksAfter).not.toContain(tabLockName(second));
    expect(await tabFacts(browser, second)).toBeNull();
    expect(await clickedPages(site, 2)).toEqual(['second', 'origin']);
  });
});
