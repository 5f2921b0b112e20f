// Closing the panel mid-task (docs/testing.md, Faults and security): the agent lives in the panel and ends with it. The
// mask leaves the agent's tab on its own within its lease (nothing renews it any more), the task comes back
// `interrupted` with the steps it took, and nothing else is lost: the settings, the earlier tasks, and no action done
// twice.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, control, runTask, useFakeModel } from '../support/agent';
import { type ExtensionHarness, launchExtension } from '../support/extension';
import { type FakeAnthropic, startFakeAnthropic } from '../support/fake-anthropic';
import {
  HeldModel,
  openPanel,
  startTask,
  storedHistory,
  waitForAgentEvent,
  waitForMask,
} from '../support/fault-harness';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server';
import { openTab, type PanelGlobal } from '../support/panel';
import { tally } from '../support/reliability';

let harness: ExtensionHarness;
let site: FixtureServer;
let fake: FakeAnthropic;

beforeAll(async () => {
  [site, fake, harness] = await Promise.all([startFixtureServer(), startFakeAnthropic(), launchExtension()]);
  await useFakeModel(harness.panel, fake);
});

afterAll(async () => {
  await harness?.close();
  await Promise.all([site?.close(), fake?.close()]);
});

beforeEach(() => fake.reset());

/** The agent's tab: the work bench, in front, where the next task starts. */
async function workTab(): Promise<{ page: Page; tabId: number }> {
  const opened = await openTab(harness, site.url('/fault-work.html'));
  await opened.page.bringToFront();
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
  const id = await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.controller.taskId);
  if (!id) throw new Error('No task is running in the panel.');
  return id;
}

/** The task card of the reopened panel, as the person sees it. */
function card(panel: Page) {
  const root = panel.getByTestId('task-card');
  return { root, steps: root.getByTestId('step-card'), calls: root.getByTestId('call') };
}

describe('closing the panel mid-task', () => {
  it('while the agent waits for the model: the mask goes, the task is interrupted with its steps, nothing else is lost', async () => {
    // Something to lose: a changed setting and an earlier task.
    await harness.panel.evaluate(() =>
      (globalThis as PanelGlobal).steadyhand.settings.getState().update({ maxSteps: 17 }),
    );
    const earlier = await workTab();
    fake.respondWith(() =>
      act('done', { success: true, answer: 'A work bench.', evidence: { quotes: ['Work bench'] } }),
    );
    const { result: earlierResult } = await runTask(harness.panel, 'What is this page?');
    expect(earlierResult.status).toBe('succeeded');
    await earlier.page.close();

    const { page } = await workTab();
    const model = new HeldModel(fake);
    await startTask(harness.panel, 'Write a note and count once');
    const first = await model.next();
    model.answer(act('type', { ref: control(first, 'textbox', /note/i).ref, text: 'hello' }));
    await waitForAgentEvent(harness.panel, { type: 'tool_result', name: 'type' });
    await model.next(); // step 2: the agent waits for the model now
    await waitForMask(page, true);
    const taskId = await runningTaskId(harness.panel);

    await harness.panel.close();
    await waitForMask(page, false, 15_000);

    const panel = await openPanel(harness);
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
    expect(settings).toMatchObject({ maxSteps: 17, baseUrl: fake.url, apiKey: 'test-key' });
    expect(await pageLog(page)).toMatchObject({ note: 'hello', clicks: 0 });
    tally.fault('panel_closed');
    tally.tasks(1, 0);
    await page.close();
  });

  it('while an action runs in the page: the action is not repeated, the task is interrupted with that step', async () => {
    const { page } = await workTab();
    const model = new HeldModel(fake);
    await startTask(harness.panel, 'Start the report and wait for it');
    const first = await model.next();
    model.answer(act('click', { ref: control(first, 'button', /start report/i).ref }));
    await model.next();
    model.answer(act('wait_for', { text: 'Report ready', timeoutMs: 15_000 }));
    await waitForAgentEvent(harness.panel, { type: 'tool_call', name: 'wait_for' });
    await waitForMask(page, true);
    const taskId = await runningTaskId(harness.panel);

    await harness.panel.close();
    await waitForMask(page, false, 15_000);

    const panel = await openPanel(harness);
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
    expect(await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.controller.isRunning)).toBe(false);
    expect(await pageLog(page)).toMatchObject({ reports: 1 });
    tally.fault('panel_closed');
    tally.actions(1, 0);
    tally.tasks(1, 0);
    await page.close();
  });

  it('when the panel dies without closing (crash): the mask lease runs out and the page is usable again', async () => {
    const { page } = await workTab();
    const model = new HeldModel(fake);
    await startTask(harness.panel, 'Count once');
    const first = await model.next();
    model.answer(act('click', { ref: control(first, 'button', /^count$/i).ref }));
    await model.next();
    await waitForMask(page, true);
    const taskId = await runningTaskId(harness.panel);
    // A crash loses what the store had not written yet (it coalesces writes for 300 ms): wait for step 2 on disk.
    await expect.poll(async () => (await storedHistory(harness.panel)).tasks[taskId]?.steps.length ?? 0).toBe(2);

    const dead = harness.panel;
    const crashed = dead.waitForEvent('crash');
    const cdp = await harness.context.newCDPSession(dead);
    void cdp.send('Page.crash').catch(() => {});
    await crashed;
    // No pagehide, no interrupt: only the lease the panel stopped renewing takes the mask away.
    await waitForMask(page, false, 15_000);
    // The person can use the page again: their click reaches it.
    await page.click('#count');
    expect(await pageLog(page)).toMatchObject({ clicks: 2 });

    const panel = await openPanel(harness);
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
