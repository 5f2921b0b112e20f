// The panel as a list of threads (issue 28), driven as a person drives it: two tasks started from the composer on two
// tabs both run and are listed with their status; a click on the other row opens its thread; Stop on a row stops that
// task only; with "Tasks at once" set to 2 in Settings, a third task waits (the composer says so before it is sent,
// the list after) and starts when a running one ends. The stand-in model tells the tasks apart by their instruction
// and holds each task's first request until the test ends that task.

import type { Page } from 'playwright-core';
import { openSettingsSection } from '../support/settings-form';
import {
  describe,
  type ExtensionHarness,
  expect,
  type FakeAnthropic,
  type FixtureServer,
  giveUp,
  it,
  openFrontTab,
  type PanelGlobal,
  play,
  type Turn,
  test,
  useKit,
} from './kit';
import { currentTaskId, newTaskId, PANEL_VIEWPORT, requestText, submitTask, taskView } from './panel-harness';

useKit({ viewport: PANEL_VIEWPORT });

const ERRANDS = ['alpha', 'beta', 'gamma', 'delta'] as const;
type Errand = (typeof ERRANDS)[number];
const instruction = (errand: Errand) => `Read the ${errand} errand notes`;

/** The stand-in answers each task's requests when the test ends that task; until then the task waits for its model. */
function heldPerTask(model: FakeAnthropic) {
  const held = new Map<Errand, (turn: Turn) => void>();
  play(model, (seen) => {
    const text = requestText(seen.request);
    const errand = ERRANDS.find((name) => text.includes(instruction(name)));
    if (!errand) throw new Error('A model request of no task this test started.');
    return new Promise<Turn>((resolve) => held.set(errand, resolve));
  });
  return {
    /** Resolves once the task's model request arrived (the task runs and waits for its model). */
    asked: (errand: Errand) => expect.poll(() => held.has(errand), { timeout: 20_000 }).toBe(true),
    end(errand: Errand) {
      held.get(errand)?.(giveUp(`Ended the ${errand} errand.`));
      held.delete(errand);
    },
    endAll() {
      for (const errand of [...held.keys()]) this.end(errand);
    },
  };
}

const row = (panel: Page, taskId: string) => panel.locator(`[data-testid="thread-row"][data-task-id="${taskId}"]`);

/** Whether the task's runner owns the tab (its TabsManager: the task started there). */
function owns(panel: Page, taskId: string, tabId: number): Promise<boolean> {
  return panel.evaluate(
    ([id, tab]) => (globalThis as PanelGlobal).steadyhand.host.runnerOf(id)?.manager()?.isOwned(tab) ?? false,
    [taskId, tabId] as const,
  );
}

const SOON = { timeout: 20_000 };

/**
 * The person looks at a new tab of the fixture site and asks for `errand` from the composer: with a thread open,
 * through "New task" first (Enter would follow that thread up). Resolves once the task was asked for, with the tab.
 */
async function askOnNewTab(browser: ExtensionHarness, site: FixtureServer, panel: Page, errand: Errand) {
  const tab = await openFrontTab(browser, site.url(`/panel/ui-garden.html?${errand}`));
  opened.push(tab.page);
  const box = taskView(panel).box;
  if ((await box.getByTestId('new-task').count()) > 0) {
    await box.getByTestId('new-task').click();
    await expect.poll(() => box.getAttribute('data-action'), SOON).toBe('run');
  }
  await submitTask(panel, instruction(errand));
  return tab;
}

const statusOf = (panel: Page, taskId: string) => row(panel, taskId).getAttribute('data-status');

let ending: (() => void) | null = null;
const opened: Page[] = [];

test.afterEach(async ({ browser }) => {
  ending?.();
  ending = null;
  await browser.panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.host.stopAll());
  await Promise.all(opened.splice(0).map((page) => page.close()));
});

describe('the panel as a list of threads', () => {
  it('runs two tasks from the composer on two tabs, opens either thread, and stops one from its row only', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const tasks = heldPerTask(model);
    ending = () => tasks.endAll();
    const view = taskView(panel);

    // The first task, on the tab the person looks at: one task, so no list (the panel as calm as with one task).
    const tabA = await askOnNewTab(browser, site, panel, 'alpha');
    const alpha = await newTaskId(panel);
    await tasks.asked('alpha');
    expect(await panel.getByTestId('thread-list').count()).toBe(0);

    // A second one while the first runs: "New task", then Enter starts it on the tab the person now looks at.
    const tabB = await askOnNewTab(browser, site, panel, 'beta');
    const beta = await newTaskId(panel, alpha);
    await tasks.asked('beta');
    expect(await owns(panel, alpha, tabA.tabId)).toBe(true);
    expect(await owns(panel, beta, tabB.tabId)).toBe(true);
    expect(await owns(panel, beta, tabA.tabId)).toBe(false);

    // Both listed running, newest first, the new one open, each with its status line.
    const live = panel.getByTestId('threads-live').getByTestId('thread-row');
    await expect
      .poll(() => live.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-task-id'))), SOON)
      .toEqual([beta, alpha]);
    for (const id of [alpha, beta]) expect(await statusOf(panel, id)).toBe('running');
    expect(await row(panel, beta).getByTestId('thread-open').getAttribute('aria-current')).toBe('true');
    expect(await row(panel, alpha).getByTestId('thread-status').textContent()).toMatch(/Step \d+ of \d+/);

    // One click opens the other thread; the composer follows that one up now.
    await row(panel, alpha).getByTestId('thread-open').click();
    await expect.poll(() => view.card.getAttribute('data-task-id'), SOON).toBe(alpha);
    expect(await row(panel, alpha).getByTestId('thread-open').getAttribute('aria-current')).toBe('true');
    expect(await row(panel, beta).getByTestId('thread-open').getAttribute('aria-current')).toBeNull();
    expect(await view.box.getAttribute('data-action')).toBe('followUpRunning');

    // Stop on beta's row stops beta only.
    await row(panel, beta).getByTestId('thread-stop').click();
    await expect.poll(() => statusOf(panel, beta), SOON).toBe('stopped');
    expect(await statusOf(panel, alpha)).toBe('running');
    expect(await view.card.getAttribute('data-status')).toBe('running');
  }, 120_000);

  it('with Tasks at once set to 2, a third task waits, says so, and starts when a running one ends', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const tasks = heldPerTask(model);
    ending = () => tasks.endAll();
    const view = taskView(panel);

    // Two tasks at once, set in Settings as a person does.
    const form = await openSettingsSection(panel, 'behaviour');
    await form.locator('#setting-tasksAtOnce').fill('2');
    const slots = () =>
      panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.settings.getState().settings.tasksAtOnce);
    await expect.poll(slots, SOON).toBe(2);
    await panel.getByTestId('nav-task').click();

    // Two running tasks fill the slots ...
    const before = await currentTaskId(panel);
    await askOnNewTab(browser, site, panel, 'gamma');
    await tasks.asked('gamma');
    const gamma = await newTaskId(panel, before);
    await askOnNewTab(browser, site, panel, 'alpha');
    await tasks.asked('alpha');
    const alpha = await newTaskId(panel, gamma);

    // ... so a third waits: the composer says so before it is sent, the list after.
    const tabC = await openFrontTab(browser, site.url('/panel/ui-garden.html?delta'));
    opened.push(tabC.page);
    await view.box.getByTestId('new-task').click();
    await expect
      .poll(() => view.box.getByTestId('compose-will-wait').textContent(), SOON)
      .toBe('2 tasks are running: this one starts when one ends.');
    await submitTask(panel, instruction('delta'));
    const queued = panel.getByTestId('thread-queued');
    await expect.poll(() => queued.count(), SOON).toBe(1);
    expect(await queued.textContent()).toContain(instruction('delta'));
    expect(await queued.textContent()).toContain('Waiting for a free slot');

    // gamma ends: delta leaves the queue and runs, on the tab the person asked from; alpha runs on.
    tasks.end('gamma');
    await expect.poll(() => statusOf(panel, gamma), SOON).toBe('failed');
    await tasks.asked('delta');
    await expect.poll(() => queued.count(), SOON).toBe(0);
    const deltaRow = panel
      .getByTestId('threads-live')
      .getByTestId('thread-row')
      .filter({ hasText: instruction('delta') });
    await expect.poll(() => deltaRow.getAttribute('data-status'), SOON).toBe('running');
    const delta = (await deltaRow.getAttribute('data-task-id')) ?? '';
    expect(await owns(panel, delta, tabC.tabId)).toBe(true);
    expect(await statusOf(panel, alpha)).toBe('running');
  }, 120_000);
});
