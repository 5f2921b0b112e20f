// A page-level session (issue 29) driven by a real MCP client: the built local server started over stdio by the
// official SDK's own Client, paired in the panel, then open_session, page_snapshot, a click verified on the page, a
// tab outside the session refused, close_session; and a client that goes away mid-session leaves no mask and no task.

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from 'playwright-core';
import {
  describe,
  type ExtensionHarness,
  expect,
  freePort,
  it,
  letOtherAgentsIn,
  lookAt,
  MASK,
  mcpHome,
  openFrontTab,
  type PanelGlobal,
  resultText,
  startMcpClient,
  test,
} from './kit';

let port: number;
const clients: Client[] = [];

test.beforeAll(async () => {
  port = await freePort();
});
test.afterEach(async ({ browser }) => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  for (const page of browser.context.pages()) if (page !== browser.panel) await page.close();
});

/** A coding agent named `name` starts the server, and the person accepts its pairing in the panel. */
async function pairedAgent(browser: ExtensionHarness, panel: Page, name: string): Promise<Client> {
  const client = await startMcpClient({ name, port, extensionId: browser.extensionId, home: await mcpHome() });
  clients.push(client);
  await letOtherAgentsIn(panel, port);
  const request = panel.getByTestId('pairing-request');
  await expect.poll(() => request.count(), { timeout: 10_000 }).toBe(1);
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => panel.getByTestId('bridge-client').filter({ hasText: name }).count()).toBe(1);
  // Paired, and the link carries its calls: a harmless call is answered by the panel.
  await expect.poll(async () => (await callTool(client, 'list_tasks', {})).isError, { timeout: 10_000 }).toBe(false);
  return client;
}

async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { text: resultText(result), data: result.structuredContent ?? {}, isError: result.isError === true };
}

function refIn(text: string, role: string, name: string): number {
  const match = new RegExp(`\\[(\\d+)\\] ${role} "${name}"`).exec(text);
  if (!match) throw new Error(`No ${role} "${name}" in: ${text.slice(0, 600)}`);
  return Number(match[1]);
}

function pageOf(browser: ExtensionHarness, url: string): Promise<Page> {
  const open = browser.context.pages().find((page) => page.url() === url);
  return open ? Promise.resolve(open) : browser.context.waitForEvent('page', (page) => page.url() === url);
}

/** How many of the panel's tasks run (a session is one while it is open). */
function running(): number {
  return (globalThis as PanelGlobal).steadyhand.host.runners().filter((runner) => runner.controller.isRunning).length;
}

describe('a page-level session over MCP', () => {
  it('snapshots and clicks with a verified result, is refused a tab outside its group, and closes', async ({
    browser,
    panel,
    site,
  }) => {
    const person = await openFrontTab(browser, site.url('/page2.html'));
    await panel.evaluate(
      (origin) => (globalThis as PanelGlobal).steadyhand.settings.getState().update({ allowedSites: [origin] }),
      new URL(site.url('/')).origin,
    );
    const claude = await pairedAgent(browser, panel, 'Claude Code');
    const start = site.url('/page/pc-menu.html');
    const open = await callTool(claude, 'open_session', { start_url: start });
    expect(open).toMatchObject({ isError: false });
    const sessionId = String(open.data.session_id);
    expect(open.data).toMatchObject({ url: start });

    const snapshot = await callTool(claude, 'page_snapshot', { session_id: sessionId });
    expect(snapshot.text).toContain('button "Actions"');
    const clicked = await callTool(claude, 'page_action', {
      session_id: sessionId,
      action: 'click',
      input: { ref: refIn(snapshot.text, 'button', 'Actions') },
    });
    expect(clicked.data).toMatchObject({ action: 'click', outcome: 'ok', verified: true });
    expect(clicked.text).toMatch(/menuitem "Rename"/);
    expect(await (await pageOf(browser, start)).getAttribute('#menu-button', 'aria-expanded')).toBe('true');

    const outside = await callTool(claude, 'page_action', {
      session_id: sessionId,
      action: 'switch_tab',
      input: { tabId: person.tabId },
    });
    expect(outside.isError).toBe(true);
    expect(outside.text).toContain(`tab ${person.tabId} is not one of this session's tabs`);
    expect(await panel.evaluate((id) => chrome.tabs.get(id).then((tab) => tab.active), person.tabId)).toBe(true);

    const closed = await callTool(claude, 'close_session', { session_id: sessionId });
    expect(closed.text).toContain(`Session ${sessionId} is closed`);
    await expect.poll(() => panel.evaluate(running)).toBe(0);
  });

  it('closes the session of a client that goes away: no mask, no task left running', async ({
    browser,
    panel,
    site,
  }) => {
    const codex = await pairedAgent(browser, panel, 'Codex');
    const start = site.url('/page/pc-menu.html');
    const open = await callTool(codex, 'open_session', { start_url: start });
    expect(open).toMatchObject({ isError: false });
    const tab = await pageOf(browser, start);
    await lookAt(tab);
    await tab.waitForSelector(MASK, { state: 'attached', timeout: 5_000 });
    await codex.close();
    await tab.waitForSelector(MASK, { state: 'detached', timeout: 10_000 });
    await expect.poll(() => panel.evaluate(running)).toBe(0);
  });
});
