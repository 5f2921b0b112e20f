// Another agent hands Steadyhand a task over MCP (issue 29), end to end: the built server (`npm run build`'s
// build/mcp-server/steadyhand-mcp.js) spawned over stdio by the official MCP SDK's own Client, the extension in real
// Chromium dialling it. Pairing is accepted in the panel; run_task on the demo shop (its order played by the
// stand-in, test/support/shop-model.ts) asks the shop's site in the panel, waits for the person's yes before the
// order, and returns succeeded with the evidence it checked, in a group of its own, on a background tab; stop_task and
// a client that goes away mid-task leave nothing running and no mask up; two clients at once each get a group of their
// own, and no step of either lands on a tab outside it.

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { demoInstruction } from '../../src/panel/demo/demo-task';
import { playShop } from '../support/shop-model';
import { type SlowShop, startSlowShop } from '../support/slow-shop';
import {
  act,
  answerConsent,
  describe,
  type ExtensionHarness,
  expect,
  freePort,
  giveUp,
  it,
  letOtherAgentsIn,
  MASK,
  mcpHome,
  openFrontTab,
  type PanelGlobal,
  play,
  startMcpClient,
  useKit,
} from './kit';
import { PANEL_VIEWPORT, taskView } from './panel-harness';

useKit({ viewport: PANEL_VIEWPORT });

let shop: SlowShop;
let port = 0;
let home = '';
const clients: Client[] = [];

beforeAll(async () => {
  shop = await startSlowShop();
  port = await freePort();
  home = await mcpHome();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await shop.close();
});

/** An MCP client as Claude Code is one: the SDK's own, starting the server over stdio. */
async function connect(name: string, extensionId: string): Promise<Client> {
  const client = await startMcpClient({ name, port, extensionId, home });
  clients.push(client);
  return client;
}

/** The person turns "Let other agents use Steadyhand" on, on the server's port, and goes back to the task view. */
async function letAgentsIn(panel: Page): Promise<void> {
  await letOtherAgentsIn(panel, port);
  await panel.getByTestId('nav-task').click();
}

/** The client is accepted in the panel, as a person does: its name and code shown, Accept pressed. */
async function pairInPanel(panel: Page, client: Client, name: string): Promise<void> {
  const request = panel.getByTestId('pairing-request');
  await request.waitFor({ timeout: 20_000 });
  expect(await request.textContent()).toContain(name);
  await request.getByTestId('pairing-accept').click();
  await expect
    .poll(async () => (await client.callTool({ name: 'list_tasks', arguments: {} })).isError ?? false, {
      timeout: 10_000,
    })
    .toBe(false);
}

const dataOf = (result: unknown) => (result as CallToolResult).structuredContent as Record<string, unknown>;

function hostState(panel: Page) {
  return panel.evaluate(() => {
    const { host } = (globalThis as PanelGlobal).steadyhand;
    return {
      running: host.running,
      masked: host.runners().filter((runner) => runner.mask.inputs().agentRunning).length,
    };
  });
}

/** The shop's pages that show Steadyhand's mask now. */
async function maskedShopPages(browser: ExtensionHarness): Promise<number> {
  let masked = 0;
  for (const page of browser.context.pages()) {
    if (!page.url().startsWith(shop.origin)) continue;
    if (await page.evaluate((selector) => document.querySelector(selector) !== null, MASK)) masked += 1;
  }
  return masked;
}

/** The tabs of the group `Task(<id>)`, and the tabs the task's record says it owned. */
function taskTabs(panel: Page, taskId: string) {
  return panel.evaluate(async (id) => {
    const [group] = await chrome.tabGroups.query({ title: `Task(${id})` });
    const grouped = group ? (await chrome.tabs.query({ groupId: group.id })).map((tab) => tab.id ?? -1) : [];
    const record = (globalThis as PanelGlobal).steadyhand.host.runnerOf(id)?.manager()?.record;
    return { grouped: grouped.sort(), owned: [...(record?.ownedTabIds ?? [])].sort() };
  }, taskId);
}

describe('tasks handed over MCP by another agent', () => {
  it('pairs in the panel, runs the demo shop order in a group of its own, asks the site and the order in the panel, and returns succeeded with its evidence', async ({
    browser,
    panel,
    model,
  }) => {
    const person = await openFrontTab(browser, shop.url('/'));
    const client = await connect('Claude Code', browser.extensionId);
    await letAgentsIn(panel);
    await pairInPanel(panel, client, 'Claude Code');
    await panel.evaluate(() => {
      const g = globalThis as PanelGlobal & { activations?: number[] };
      g.activations = [];
      chrome.tabs.onActivated.addListener(({ tabId }) => g.activations?.push(tabId));
    });
    play(model, (seen) => playShop(seen.request, seen.index));

    const steps: string[] = [];
    const running = client.callTool(
      { name: 'run_task', arguments: { goal: demoInstruction(shop.url('/')) } },
      undefined,
      { onprogress: (p) => steps.push(p.message ?? ''), timeout: 120_000 },
    );
    // The goal names the shop, but the client is not the person: the shop is asked in the panel before it loads.
    const view = taskView(panel);
    const permission = view.card.getByTestId('permission');
    await permission.waitFor({ timeout: 30_000 });
    expect(await permission.getByTestId('permission-origin').textContent()).toContain(shop.origin);
    await permission.getByTestId('permission-once').click();
    // "Ask before acting for other agents" is on by default: the order waits for the person's yes.
    const asked = await answerConsent(panel, 'once');
    expect(asked.kind).toBe('order');

    const result = await running;
    const data = dataOf(result);
    expect(result.isError).toBeFalsy();
    expect(data).toMatchObject({ state: 'ended', ending: 'succeeded', verified: true });
    expect(data.evidence).toBeTruthy();
    expect(String(data.answer)).toMatch(/FF-\d{6}/);
    expect(data.trace_id).toBe(data.task_id);
    expect(steps.some((step) => /^step \d+: click /.test(step))).toBe(true);
    expect(shop.orders()).toHaveLength(1);

    // Its own group holds exactly the tabs it owned; the person's tab is in none and was never activated by it.
    const taskId = String(data.task_id);
    const tabs = await taskTabs(panel, taskId);
    expect(tabs.grouped).toEqual(tabs.owned);
    expect(tabs.owned).not.toContain(person.tabId);
    expect(tabs.owned.length).toBeGreaterThan(0);
    const activations = await panel.evaluate(
      () => (globalThis as PanelGlobal & { activations?: number[] }).activations,
    );
    expect(activations).toEqual([]);
    expect(await hostState(panel)).toEqual({ running: 0, masked: 0 });
    await person.page.close();
    // The next test starts its own server on the port: this one goes, and the panel dials again.
    await client.close();
  }, 180_000);

  it('stop_task and a client gone mid-task leave nothing running and no mask up', async ({ browser, panel, model }) => {
    const client = await connect('Claude Code', browser.extensionId);
    // Paired in the first test: the stored secret is accepted without a question.
    await expect
      .poll(async () => (await client.callTool({ name: 'list_tasks', arguments: {} })).isError ?? false, {
        timeout: 30_000,
      })
      .toBe(false);
    await panel.evaluate((origin) => {
      const { settings } = (globalThis as PanelGlobal).steadyhand;
      settings.getState().update({ allowedSites: [origin] });
    }, shop.origin);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Each task reads the page once, then thinks until released: it is mid-task, its step under way.
    let thinking = 0;
    play(model, async (seen) => {
      if (seen.index % 2 === 0) return act('read_page', {});
      thinking += 1;
      await released;
      return giveUp('Released.');
    });

    const midway = async (goal: string) => {
      const before = thinking;
      const call = client.callTool({ name: 'run_task', arguments: { goal, start_url: shop.url('/') } }, undefined, {
        timeout: 60_000,
      });
      await expect.poll(() => thinking, { timeout: 30_000 }).toBe(before + 1);
      expect(await hostState(panel)).toMatchObject({ running: 1, masked: 1 });
      // Wrapped: an async function returning the call itself would wait for it.
      return { call };
    };

    const stopped = (await midway('Look around the shop, then stop.')).call;
    const listed = dataOf(await client.callTool({ name: 'list_tasks', arguments: {} })) as {
      tasks: { task_id: string; state: string }[];
    };
    const live = listed.tasks.find((task) => task.state === 'running');
    expect(live).toBeTruthy();
    const stop = await client.callTool({ name: 'stop_task', arguments: { task_id: live?.task_id ?? '' } });
    expect(dataOf(stop)).toMatchObject({ state: 'ended', ending: 'stopped' });
    expect(dataOf(await stopped)).toMatchObject({ ending: 'stopped' });
    expect(await hostState(panel)).toEqual({ running: 0, masked: 0 });
    expect(await maskedShopPages(browser)).toBe(0);

    const gone = (await midway('Look around the shop until I leave.')).call;
    void gone.catch(() => {});
    await client.close();
    await expect.poll(() => hostState(panel), { timeout: 15_000 }).toEqual({ running: 0, masked: 0 });
    expect(await maskedShopPages(browser)).toBe(0);
    const stillRunning = await panel.evaluate(() =>
      (globalThis as PanelGlobal).steadyhand.host.runners().filter((runner) => runner.controller.isRunning),
    );
    expect(stillRunning).toHaveLength(0);
    release();
  }, 120_000);

  it('runs two clients at once, each task in its own group, no step on a tab outside it', async ({
    browser,
    panel,
    model,
  }) => {
    const code = await connect('Claude Code', browser.extensionId);
    const cursor = await connect('Cursor', browser.extensionId);
    await pairInPanel(panel, cursor, 'Cursor');
    await expect
      .poll(async () => (await code.callTool({ name: 'list_tasks', arguments: {} })).isError ?? false, {
        timeout: 30_000,
      })
      .toBe(false);
    await panel.evaluate((origin) => {
      const g = globalThis as PanelGlobal & { stepTabs?: [string, number | null][] };
      g.stepTabs = [];
      g.steadyhand.settings.getState().update({ allowedSites: [origin] });
      g.steadyhand.host.subscribe((event) => {
        if (event.type === 'step_started') g.stepTabs?.push([event.taskId, event.tabId]);
      });
    }, shop.origin);
    play(model, (seen) => (seen.previousTools.length === 0 ? act('read_page', {}) : giveUp('Looked around.')));

    const run = (client: Client, goal: string) =>
      client.callTool({ name: 'run_task', arguments: { goal, start_url: shop.url('/') } }, undefined, {
        timeout: 60_000,
      });
    const [one, two] = (await Promise.all([run(code, 'Look at the shop for me.'), run(cursor, 'Look too.')])).map(
      dataOf,
    );
    expect(one).toMatchObject({ state: 'ended', ending: 'failed', answer: 'Looked around.' });
    expect(two).toMatchObject({ state: 'ended', ending: 'failed', answer: 'Looked around.' });
    const ids = [String(one?.task_id), String(two?.task_id)];
    expect(new Set(ids).size).toBe(2);
    const [tabsOne, tabsTwo] = await Promise.all(ids.map((id) => taskTabs(panel, id)));
    expect(tabsOne?.grouped).toEqual(tabsOne?.owned);
    expect(tabsTwo?.grouped).toEqual(tabsTwo?.owned);
    expect(tabsOne?.owned.filter((tab) => tabsTwo?.owned.includes(tab))).toEqual([]);
    const stepTabs = await panel.evaluate(
      () => (globalThis as PanelGlobal & { stepTabs?: [string, number | null][] }).stepTabs ?? [],
    );
    const outside = stepTabs.filter(([taskId, tabId]) => {
      const own = taskId === ids[0] ? tabsOne?.owned : taskId === ids[1] ? tabsTwo?.owned : [];
      return tabId !== null && !own?.includes(tabId);
    });
    expect(stepTabs.length).toBeGreaterThanOrEqual(4);
    expect(outside).toEqual([]);
    // Each client sees only its own task.
    const listed = dataOf(await cursor.callTool({ name: 'list_tasks', arguments: {} })) as {
      tasks: { task_id: string }[];
    };
    expect(listed.tasks.map((task) => task.task_id)).toEqual([ids[1]]);
    expect(await hostState(panel)).toEqual({ running: 0, masked: 0 });
  }, 120_000);
});
