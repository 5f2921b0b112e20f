// Three tasks at once in one panel, with Chrome's real background throttling (test/support/throttled-browser.ts):
// the demo shop order, a form on another site and a read-and-report task, each in its own tab and `Task(<id>)` group,
// while the person types in a fourth tab and switches between tabs. Steadyhand activates no tab and focuses no
// window; the mask is on a task's tab exactly while the person looks at it and its task works. Then the faults: the
// worker killed mid-way, one task stopped, a group tab closed by the person and one dragged out of its group: the
// others go on, nothing doubled.
//
// The panel stands for the side panel of the tabs' window: it is moved to a window of its own (a side panel is never
// a hidden tab; a panel tab behind the person's would be throttled as no side panel is), and keeps the tabs' window
// as its own (createPanel's windowId), so it follows that window's active tab as the side panel does.

import type { Page } from 'playwright-core';
import type { AgentEvent, TaskResult } from '../../src/panel/agent/task/events';
import { demoInstruction } from '../../src/panel/demo/demo-task';
import { killWorker } from '../support/kill-harness';
import type { PanelGlobal } from '../support/panel';
import { playShop } from '../support/shop-model';
import { type SlowShop, startSlowShop } from '../support/slow-shop';
import {
  act,
  byTask,
  control,
  describe,
  type ExtensionHarness,
  expect,
  hideBehind,
  it,
  lookAt,
  MASK,
  openTab,
  type Policy,
  play,
  test,
  useKit,
  visibilityOf,
} from './kit';

useKit({ background: true, consent: 'once' });

const FORM = 'Note down that the blue fern needs deep shade';
const READ = 'Tell me when the copper rose flowers';
const PERSON_TEXT = 'Dear diary, three tasks ran while I wrote this.';

type HostGlobal = PanelGlobal & {
  /** The panel's own window (createPanel's windowId): the tabs' window, as a side panel's. */
  homeWindow?: number;
  activations?: number[];
  focusChanges?: number[];
  hostEvents?: AgentEvent[];
  results?: Record<string, Promise<TaskResult>>;
};

/** A gate the test opens: the policy waits on it, so the test acts while a task is certainly mid-way. */
function gate(): { open(): void; opened: Promise<void> } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** Moves the panel to a window of its own, once per browser, and starts counting activations and focus changes. */
async function panelApart(browser: ExtensionHarness): Promise<void> {
  await browser.panel.evaluate(async () => {
    const g = globalThis as HostGlobal;
    if (g.activations) return;
    const tab = await chrome.tabs.getCurrent();
    if (tab?.id === undefined) throw new Error('the panel is not a tab');
    g.homeWindow = tab.windowId;
    // The window keeps a tab of its own when the panel leaves it, so it stays open.
    await chrome.tabs.create({ windowId: tab.windowId, url: 'about:blank', active: false });
    await chrome.windows.create({ tabId: tab.id, focused: false });
    g.activations = [];
    g.focusChanges = [];
    g.hostEvents = [];
    g.results = {};
    chrome.tabs.onActivated.addListener(({ tabId }) => g.activations?.push(tabId));
    chrome.windows.onFocusChanged.addListener((windowId) => g.focusChanges?.push(windowId));
    g.steadyhand.host.subscribe((event) => {
      if (event.type !== 'model_text' && event.type !== 'model_thinking' && event.type !== 'metrics') {
        g.hostEvents?.push(event);
      }
    });
  });
}

/** Starts a task on `tabId` as the composer does for the tab the person looks at; keyed by `key` for taskResult. */
async function start(panel: Page, key: string, instruction: string, tabId: number): Promise<void> {
  await panel.evaluate(
    ({ key, instruction, tabId }) => {
      const g = globalThis as HostGlobal;
      const results = g.results ?? {};
      results[key] = g.steadyhand.host.execute(instruction, { startTabId: tabId });
      g.results = results;
    },
    { key, instruction, tabId },
  );
}

function result(panel: Page, key: string): Promise<TaskResult> {
  return panel.evaluate(async (k) => {
    const found = (globalThis as HostGlobal).results?.[k];
    if (!found) throw new Error(`no task ${k}`);
    return found;
  }, key);
}

/** The tabs of each `Task(<id>)` group, by title. */
function groups(panel: Page): Promise<Record<string, number[]>> {
  return panel.evaluate(async () => {
    const out: Record<string, number[]> = {};
    for (const group of await chrome.tabGroups.query({})) {
      const tabs = await chrome.tabs.query({ groupId: group.id });
      out[group.title ?? ''] = tabs.flatMap((tab) => (tab.id === undefined ? [] : [tab.id])).sort((a, b) => a - b);
    }
    return out;
  });
}

function hasMask(page: Page): Promise<boolean> {
  return page.evaluate((selector) => document.querySelector(selector) !== null, MASK);
}

/** The person brings `page` to the front of its window (one of their own moves), recorded to compare. */
async function personLooksAt(page: Page, tabId: number, moves: number[]): Promise<void> {
  moves.push(tabId);
  await lookAt(page);
}

/** The form task: types the note and saves it, then reports it done on the saved line. */
const formPolicy: Policy = (seen) => {
  if (seen.text.includes('Saved: Deep shade')) {
    return act('done', {
      success: true,
      answer: 'The note says the blue fern needs deep shade.',
      evidence: { quotes: ['Saved: Deep shade'] },
    });
  }
  const note = control(seen, 'textbox', /^note$/i);
  if (note.value !== 'Deep shade') return act('type', { ref: note.ref, text: 'Deep shade' });
  return act('click', { ref: control(seen, 'button', /save note/i).ref });
};

/** The read-and-report task: reads the page and answers from it. */
const readPolicy: Policy = (seen) => {
  if (seen.index === 0) return act('read_page', {});
  return act('done', {
    success: true,
    answer: 'The copper rose flowers in June.',
    kind: 'reading',
    evidence: { quotes: ['The copper rose flowers in June.'] },
  });
};

let shop: SlowShop | null = null;
let opened: Page[] = [];

test.afterEach(async ({ browser }) => {
  await browser.panel.evaluate(() => {
    const { host, settings } = (globalThis as HostGlobal).steadyhand;
    host.stopAll();
    settings.getState().update({ tasksAtOnce: 3 });
  });
  await Promise.all(opened.map((page) => page.close()));
  opened = [];
  await shop?.close();
  shop = null;
});

/** Opens a tab in the panel's home window (a new page opens in the window created last: the panel's). */
async function tab(browser: ExtensionHarness, url: string): Promise<{ page: Page; tabId: number }> {
  const made = await openTab(browser, url);
  opened.push(made.page);
  await browser.panel.evaluate(async (id) => {
    const home = (globalThis as HostGlobal).homeWindow;
    if (home !== undefined) await chrome.tabs.move(id, { windowId: home, index: -1 });
  }, made.tabId);
  return made;
}

describe('three tasks at once', () => {
  it('runs three tasks in hidden tabs while the person types in a fourth: each its own group, no focus taken', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    await panelApart(browser);
    shop = await startSlowShop();
    const shopTab = await tab(browser, shop.url('/index.html'));
    const formTab = await tab(browser, site.url('/panel/ui-garden.html'));
    const readTab = await tab(browser, `${site.otherOrigin}/panel/ui-garden.html`);
    const personTab = await tab(browser, site.url('/page/pc-form.html'));
    const moves: number[] = [];
    await personLooksAt(personTab.page, personTab.tabId, moves);
    await panel.evaluate(() => {
      const g = globalThis as HostGlobal;
      g.activations = [];
      g.focusChanges = [];
    });
    expect(await visibilityOf(panel)).toBe('visible');

    const go = gate();
    const shopMidway = gate();
    const shopGoesOn = gate();
    play(
      model,
      byTask([
        [
          /Fern & Fig|Monstera/i,
          async (seen) => {
            if (seen.index === 0) await go.opened;
            if (seen.index === 2) {
              shopMidway.open();
              await shopGoesOn.opened;
            }
            return playShop(seen.request, seen.index);
          },
        ],
        [
          /Note down that the blue fern/,
          async (seen) => {
            if (seen.index === 0) await go.opened;
            return formPolicy(seen);
          },
        ],
        [
          /Tell me when the copper rose/,
          async (seen) => {
            if (seen.index === 0) await go.opened;
            return readPolicy(seen);
          },
        ],
      ]),
    );

    await start(panel, 'shop', demoInstruction(shop.origin), shopTab.tabId);
    await start(panel, 'form', FORM, formTab.tabId);
    await start(panel, 'read', READ, readTab.tabId);
    expect(await panel.evaluate(() => (globalThis as HostGlobal).steadyhand.host.running)).toBe(3);
    expect(await visibilityOf(shopTab.page)).toBe('hidden');

    // The person types in their own tab while the three tasks go.
    await personTab.page.getByLabel('About you').click();
    go.open();
    await personTab.page.keyboard.type(PERSON_TEXT, { delay: 15 });

    // Mid-way through the shop task, the person looks at its tab: masked there (its task works), not on theirs.
    await shopMidway.opened;
    await personLooksAt(shopTab.page, shopTab.tabId, moves);
    await expect.poll(() => hasMask(shopTab.page), { timeout: 10_000 }).toBe(true);
    expect(await hasMask(personTab.page)).toBe(false);
    await personLooksAt(personTab.page, personTab.tabId, moves);
    await expect.poll(() => hasMask(shopTab.page), { timeout: 10_000 }).toBe(false);
    expect(await hasMask(personTab.page)).toBe(false);
    expect(await visibilityOf(shopTab.page)).toBe('hidden');
    shopGoesOn.open();

    const [shopResult, formResult, readResult] = await Promise.all([
      result(panel, 'shop'),
      result(panel, 'form'),
      result(panel, 'read'),
    ]);
    expect(shopResult).toMatchObject({ status: 'succeeded', verified: true });
    expect(formResult).toMatchObject({ status: 'succeeded', verified: true });
    expect(readResult, readResult.summary).toMatchObject({
      status: 'succeeded',
      verified: true,
      verifiedAs: 'reading',
      answer: 'The copper rose flowers in June.',
    });

    // Each group holds exactly its task's tabs; the person's tab is in none.
    const byGroup = await groups(panel);
    expect(byGroup[`Task(${shopResult.taskId})`]).toEqual([shopTab.tabId]);
    expect(byGroup[`Task(${formResult.taskId})`]).toEqual([formTab.tabId]);
    expect(byGroup[`Task(${readResult.taskId})`]).toEqual([readTab.tabId]);
    // Nothing reached another task's tab or the person's: one order, the note only where the form task typed it, the
    // person's text exactly as typed.
    expect(shop.orders()).toHaveLength(1);
    expect(await formTab.page.inputValue('#note')).toBe('Deep shade');
    expect(await readTab.page.inputValue('#note')).toBe('');
    expect(await personTab.page.inputValue('#bio')).toBe(PERSON_TEXT);
    // Every activation was one of the person's moves, and no window changed focus.
    const counted = await panel.evaluate(() => {
      const g = globalThis as HostGlobal;
      return { activations: g.activations ?? [], focusChanges: g.focusChanges ?? [] };
    });
    expect(counted.activations).toEqual(moves.slice(1));
    expect(counted.focusChanges).toEqual([]);
    await hideBehind(shopTab.page, personTab.page);
  }, 180_000);

  it('goes on with the others when the worker is killed, a task is stopped, a group tab closed and one dragged out: nothing doubled', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    await panelApart(browser);
    await panel.evaluate(() => (globalThis as HostGlobal).steadyhand.settings.getState().update({ tasksAtOnce: 4 }));
    shop = await startSlowShop();
    const shopTab = await tab(browser, shop.url('/index.html'));
    const formTab = await tab(browser, site.url('/panel/ui-garden.html'));
    const readTab = await tab(browser, `${site.otherOrigin}/panel/ui-garden.html`);
    const idleTab = await tab(browser, site.url('/page2.html'));
    const personTab = await tab(browser, site.url('/page/pc-form.html'));
    await lookAt(personTab.page);
    await panel.evaluate(() => {
      (globalThis as HostGlobal).hostEvents = [];
    });

    const [shopMidway, shopGoesOn, formMidway, formGoesOn, readMidway, readGoesOn, idleMidway, idleHeld] = [
      1, 2, 3, 4, 5, 6, 7, 8,
    ].map(gate);
    const formSecond = site.url('/page2.html?second=form');
    const readSecond = `${site.otherOrigin}/page2.html?second=read`;
    let readToldTakenBack = false;
    play(
      model,
      byTask([
        [
          /Fern & Fig|Monstera/i,
          async (seen) => {
            if (seen.index === 2) {
              shopMidway?.open();
              await shopGoesOn?.opened;
            }
            return playShop(seen.request, seen.index);
          },
        ],
        [
          /Note down that the blue fern/,
          async (seen) => {
            // A second tab in the task's group, then back to the form, where the task waits for the test.
            if (seen.index === 0) return act('open_url', { url: formSecond, newTab: true });
            if (seen.index === 1) return act('switch_tab', { tabId: formTab.tabId });
            if (seen.index === 2) {
              formMidway?.open();
              await formGoesOn?.opened;
            }
            return formPolicy(seen);
          },
        ],
        [
          /Tell me when the copper rose/,
          async (seen) => {
            if (seen.index === 0) return act('open_url', { url: readSecond, newTab: true });
            if (seen.index === 1) return act('switch_tab', { tabId: readTab.tabId });
            if (seen.index === 2) {
              readMidway?.open();
              await readGoesOn?.opened;
              return act('read_page', {});
            }
            if (seen.text.includes('The person took tab')) readToldTakenBack = true;
            return readPolicy(seen);
          },
        ],
        [
          /Wait on the second page/,
          async (seen) => {
            idleMidway?.open();
            await idleHeld?.opened;
            return readPolicy(seen);
          },
        ],
      ]),
    );

    await start(panel, 'shop', demoInstruction(shop.origin), shopTab.tabId);
    await start(panel, 'form', FORM, formTab.tabId);
    await start(panel, 'read', READ, readTab.tabId);
    await start(panel, 'idle', 'Wait on the second page until I say so', idleTab.tabId);
    await Promise.all([shopMidway?.opened, formMidway?.opened, readMidway?.opened, idleMidway?.opened]);

    // The worker goes away mid-way; the panel reconnects.
    await killWorker(browser);
    // The person stops one task.
    const idleId = await panel.evaluate(() => {
      const g = globalThis as HostGlobal;
      const started = g.hostEvents?.find((e) => e.type === 'task_started' && e.instruction.startsWith('Wait on'));
      if (started) g.steadyhand.host.stop(started.taskId);
      return started?.taskId ?? null;
    });
    expect(idleId).not.toBeNull();
    // The person closes the form task's second tab, and drags the read task's second tab out of its group.
    const pageAt = (url: string) => browser.context.pages().find((page) => page.url().startsWith(url));
    await pageAt(formSecond)?.close();
    const dragged = await panel.evaluate(async (url) => {
      const [found] = await chrome.tabs.query({ url: `${url}*` });
      if (found?.id !== undefined) await chrome.tabs.ungroup(found.id);
      return found?.id ?? -1;
    }, readSecond);
    expect(dragged).toBeGreaterThan(0);
    shopGoesOn?.open();
    formGoesOn?.open();
    readGoesOn?.open();

    const [shopResult, formResult, readResult, idleResult] = await Promise.all([
      result(panel, 'shop'),
      result(panel, 'form'),
      result(panel, 'read'),
      result(panel, 'idle'),
    ]);
    idleHeld?.open();
    expect(idleResult).toMatchObject({ taskId: idleId, status: 'stopped', stopCause: 'person' });
    expect(shopResult, shopResult.summary).toMatchObject({ status: 'succeeded', verified: true });
    expect(formResult, formResult.summary).toMatchObject({ status: 'succeeded', verified: true });
    expect(readResult, readResult.summary).toMatchObject({ status: 'succeeded', verified: true });
    // The read task was told the person took its tab back, and that tab is nobody's now.
    expect(readToldTakenBack).toBe(true);
    const lockHeld = await panel.evaluate(async (id) => {
      const { held = [] } = await navigator.locks.query();
      return held.some((lock) => lock.name === `steadyhand.tab.${id}`);
    }, dragged);
    expect(lockHeld).toBe(false);
    // Nothing doubled: one order, one save; each group holds the tabs its task kept.
    expect(shop.orders()).toHaveLength(1);
    const saves = await panel.evaluate((taskId) => {
      const events = (globalThis as HostGlobal).hostEvents ?? [];
      return events.filter((e) => e.type === 'tool_call' && e.taskId === taskId && e.name === 'click').length;
    }, formResult.taskId);
    expect(saves).toBe(1);
    expect(await formTab.page.inputValue('#note')).toBe('Deep shade');
    const byGroup = await groups(panel);
    expect(byGroup[`Task(${formResult.taskId})`]).toEqual([formTab.tabId]);
    expect(byGroup[`Task(${readResult.taskId})`]).toEqual([readTab.tabId]);
    expect(await readTab.page.inputValue('#note')).toBe('');
    await pageAt(readSecond)?.close();
  }, 180_000);
});
