// Closing the panel mid-task (docs/testing.md, Faults and security): the agent lives in the panel and ends with it. The
// mask leaves the agent's tab on its own within its lease (nothing renews it any more), the task comes back
// `interrupted` with the steps it took, and nothing else is lost: the settings, the earlier tasks, and no action done
// twice.

import type { Page } from 'playwright-core';
import { openPanel, storedHistory, waitForMask } from '../support/fault-harness';
import { tally } from '../support/reliability';
import {
  act,
  control,
  describe,
  type ExtensionHarness,
  expect,
  type FixtureServer,
  hold,
  it,
  openFrontTab,
  type PanelGlobal,
  play,
  runTask,
  startTask,
  waitForAgentEvent,
} from './kit';

/** The agent's tab: the work bench, in front, where the next task starts. */
async function workTab(browser: ExtensionHarness, site: FixtureServer): Promise<{ page: Page; tabId: number }> {
  const opened = await openFrontTab(browser, site.url('/fault/fault-work.html'));
  return opened;
}

/** What the page itself counted of the agent's actions. */
function pageLog(page: Page): Promise<{ clicks: number; reports: number; note: string }> {
  return page.evaluate(() => {
    const log = (window as unknown as { faultLog: { clicks: number; reports: number } }).faultLog;
    return { ...log, note: (document.getElementById('note') as HTMLInputElement).value };
  });
}

/** The id of the task the panel is running. */
async function runningTaskId(panel: Page): Promise<string> {
  const id = await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.host.latest()?.controller.taskId);
  if (!id) throw new Error('No task is running in the panel.');
  return id;
}

/** The task card of the reopened panel, as the person sees it. */
function card(panel: Page) {
  const root = panel.getByTestId('task-card');
  return { root, steps: root.getByTestId('step-card'), calls: root.getByTestId('call') };
}

describe('closing the panel mid-task', () => {
  it('while the agent waits for the model: the mask goes, the task is interrupted with its steps, nothing else is lost', async ({
    browser,
    site,
    model,
  }) => {
    // Something to lose: a changed setting and an earlier task.
    await browser.panel.evaluate(() =>
      (globalThis as PanelGlobal).steadyhand.settings.getState().update({ maxSteps: 17 }),
    );
    const earlier = await workTab(browser, site);
    play(model, () =>
      act('done', { success: true, kind: 'reading', answer: 'A work bench.', evidence: { quotes: ['Work bench'] } }),
    );
    const { result: earlierResult } = await runTask(browser.panel, 'What is this page?');
    expect(earlierResult.status).toBe('succeeded');
    await earlier.page.close();

    const { page } = await workTab(browser, site);
    const held = hold(model);
    await startTask(browser.panel, 'Write a note and count once');
    const first = await held.next();
    held.answer(act('type', { ref: control(first, 'textbox', /note/i).ref, text: 'hello' }));
    await waitForAgentEvent(browser.panel, { type: 'tool_result', name: 'type' });
    await held.next(); // step 2: the agent waits for the model now
    await waitForMask(page, true);
    const taskId = await runningTaskId(browser.panel);

    await browser.panel.close();
    await waitForMask(page, false, 15_000);

    const panel = await openPanel(browser);
    const view = card(panel);
    expect(await view.root.getAttribute('data-task-id')).toBe(taskId);
    expect(await view.root.getAttribute('data-status')).toBe('interrupted');
    expect(await view.steps.count()).toBe(2);
    expect(await view.calls.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-tool')))).toEqual(['type']);
    // On disk: the task with both its steps, written as the panel closed; the earlier task as it was.
    const stored = await storedHistory(panel);
    expect(stored.tasks[taskId]?.steps).toHaveLength(2);
    expect(stored.order).toEqual([taskId, earlierResult.taskId]);
    expect(stored.tasks[earlierResult.taskId]).toMatchObject({ status: 'succeeded', steps: [{ step: 1 }] });
    const settings = await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.settings.getState().settings);
    expect(settings).toMatchObject({ maxSteps: 17, baseUrl: model.url, apiKey: 'test-key' });
    expect(await pageLog(page)).toMatchObject({ note: 'hello', clicks: 0 });
    tally.fault('panel_closed');
    tally.tasks(1, 0);
    await page.close();
  });

  it('while an action runs in the page: the action is not repeated, the task is interrupted with that step', async ({
    browser,
    site,
    model,
  }) => {
    const { page } = await workTab(browser, site);
    const held = hold(model);
    await startTask(browser.panel, 'Start the report and wait for it');
    const first = await held.next();
    held.answer(act('click', { ref: control(first, 'button', /start report/i).ref }));
    await held.next();
    held.answer(act('wait_for', { text: 'Report ready', timeoutMs: 15_000 }));
    await waitForAgentEvent(browser.panel, { type: 'tool_call', name: 'wait_for' });
    await waitForMask(page, true);
    const taskId = await runningTaskId(browser.panel);

    await browser.panel.close();
    await waitForMask(page, false, 15_000);

    const panel = await openPanel(browser);
    const view = card(panel);
    expect(await view.root.getAttribute('data-task-id')).toBe(taskId);
    expect(await view.root.getAttribute('data-status')).toBe('interrupted');
    expect(await view.steps.count()).toBe(2);
    expect(await view.calls.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-tool')))).toEqual([
      'click',
      'wait_for',
    ]);
    // Nothing takes the task up again behind the person's back, and the click that started the report was made once.
    await page.evaluate(() => (window as unknown as { finishReport(): void }).finishReport());
    expect(await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.host.running > 0)).toBe(false);
    expect(await pageLog(page)).toMatchObject({ reports: 1 });
    tally.fault('panel_closed');
    tally.actions(1, 0);
    tally.tasks(1, 0);
    await page.close();
  });

  it('when the panel dies without closing (crash): the mask lease runs out and the page is usable again', async ({
    browser,
    site,
    model,
  }) => {
    const { page } = await workTab(browser, site);
    const held = hold(model);
    await startTask(browser.panel, 'Count once');
    const first = await held.next();
    held.answer(act('click', { ref: control(first, 'button', /^count$/i).ref }));
    await held.next();
    await waitForMask(page, true);
    const taskId = await runningTaskId(browser.panel);
    // A crash loses what the store had not written yet (it coalesces writes for 300 ms): wait for step 2 on disk.
    await expect.poll(async () => (await storedHistory(browser.panel)).tasks[taskId]?.steps.length ?? 0).toBe(2);

    const dead = browser.panel;
    const crashed = dead.waitForEvent('crash');
    const cdp = await browser.context.newCDPSession(dead);
    void cdp.send('Page.crash').catch(() => {});
    await crashed;
    // No pagehide, no interrupt: only the lease the panel stopped renewing takes the mask away.
    await waitForMask(page, false, 15_000);
    // The person can use the page again: their click reaches it.
    await page.click('#count');
    expect(await pageLog(page)).toMatchObject({ clicks: 2 });

    const panel = await openPanel(browser);
    await dead.close();
    const view = card(panel);
    expect(await view.root.getAttribute('data-task-id')).toBe(taskId);
    expect(await view.root.getAttribute('data-status')).toBe('interrupted');
    expect(await view.steps.count()).toBe(2);
    tally.fault('panel_closed');
    tally.tasks(1, 0);
    await page.close();
  });
});
