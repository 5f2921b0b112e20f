// Other agents over MCP (issue 29, decision 0030), in real Chromium with the extension loaded: the built local MCP
// server started over stdio by the official SDK's own client, the switch turned on in Settings, the pairing accepted
// (or denied) in the panel, a call reaching the panel's handler and its reply reaching the client; and every stranger
// the transport must refuse: a web page's WebSocket, a forged Host, another extension's Origin, the wrong protocol
// version, malformed and oversized requests, a client never paired, a revoked one.

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import NodeWebSocket from 'ws';
import {
  describe,
  expect,
  freePort,
  it,
  letOtherAgentsIn,
  mcpHome,
  openTab,
  resultText,
  startMcpClient,
  test,
  useKit,
} from './kit';

useKit({ apiKey: null });

let port: number;
let claudeHome: string;
const clients: Client[] = [];

test.beforeAll(async () => {
  port = await freePort();
  claudeHome = await mcpHome();
});
test.afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function agent(name: string, extensionId: string, home: string): Promise<Client> {
  const client = await startMcpClient({ name, port, extensionId, home });
  clients.push(client);
  return client;
}

/** A WebSocket to the server from Node, with whatever Host and Origin a stranger would forge. */
function stranger(headers: { host?: string; origin?: string }) {
  const ws = new NodeWebSocket(`ws://127.0.0.1:${port}/steadyhand`, {
    ...(headers.origin ? { origin: headers.origin } : {}),
    headers: headers.host ? { host: headers.host } : {},
  });
  ws.on('error', () => {});
  const frames: string[] = [];
  ws.on('message', (data) => frames.push(data.toString()));
  const outcome = new Promise<{ status?: number; close?: number }>((resolve) => {
    ws.once('unexpected-response', (_request, response) => resolve({ status: response.statusCode }));
    ws.once('close', (code) => resolve({ close: code }));
  });
  return { ws, frames, outcome };
}

describe('other agents over MCP', () => {
  it('connects only once switched on, pairs a client in the panel, and carries its call to the panel and back', async ({
    browser,
    panel,
  }) => {
    const claude = await agent('Claude Code', browser.extensionId, claudeHome);
    // Off by default: the panel neither connects nor answers.
    expect(resultText(await claude.callTool({ name: 'list_tasks', arguments: {} }))).toMatch(
      /^Steadyhand is not connected/,
    );
    await letOtherAgentsIn(panel, port);
    const request = panel.getByTestId('pairing-request');
    await expect.poll(() => request.count(), { timeout: 10_000 }).toBe(1);
    expect(await request.getByRole('heading').textContent()).toBe('Claude Code asks to use Steadyhand');
    const code = (await request.getByTestId('pairing-code').textContent()) ?? '';
    expect(code).toMatch(/^[0-9A-Z]{3}-[0-9A-Z]{3}$/);
    // The calling agent is given the same code, to tell the person to accept it in Steadyhand.
    const waiting = await claude.callTool({ name: 'list_tasks', arguments: {} });
    expect(waiting.isError).toBe(true);
    expect(resultText(waiting)).toContain(`accept "Claude Code" with the code ${code}`);

    await request.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => panel.getByTestId('bridge-client').textContent()).toMatch(/^Claude Code/);
    expect(await panel.getByTestId('bridge-status').textContent()).toBe('On: connected to the local MCP server.');
    // The call reaches the panel's delegation service (createDelegation), and its reply comes back to the client.
    await expect
      .poll(async () => resultText(await claude.callTool({ name: 'list_tasks', arguments: {} })))
      .toBe('This client has no tasks.');
    await expect.poll(() => panel.getByTestId('bridge-client').textContent()).toMatch(/last used/);
  });

  it('refuses a web page’s WebSocket, a forged Host, another extension, the wrong version, malformed and huge requests', async ({
    browser,
    panel,
    site,
  }) => {
    const claude = await agent('Claude Code', browser.extensionId, claudeHome);
    await letOtherAgentsIn(panel, port);
    await expect
      .poll(async () => resultText(await claude.callTool({ name: 'list_tasks', arguments: {} })), { timeout: 10_000 })
      .toMatch(/^This client has no tasks\./);

    // A web page (the fixture site) dials the server's port: refused at the upgrade, never opened.
    const { page } = await openTab(browser, site.url('/'));
    const fromPage = await page.evaluate(
      (url) =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          const ws = new WebSocket(url);
          ws.onopen = () => seen.push('open');
          ws.onerror = () => seen.push('error');
          ws.onclose = () => resolve([...seen, 'close']);
        }),
      `ws://127.0.0.1:${port}/steadyhand`,
    );
    expect(fromPage).toEqual(['error', 'close']);
    await page.close();

    const ours = `chrome-extension://${browser.extensionId}`;
    expect(await stranger({ origin: ours, host: `evil.test:${port}` }).outcome).toEqual({ status: 403 });
    expect(await stranger({ origin: `chrome-extension://${'p'.repeat(32)}` }).outcome).toEqual({ status: 403 });
    expect(await stranger({}).outcome).toEqual({ status: 403 });

    const oldPeer = stranger({ origin: ours });
    oldPeer.ws.once('open', () => oldPeer.ws.send(JSON.stringify({ type: 'hello', version: 0 })));
    expect(await oldPeer.outcome).toEqual({ close: 4002 });
    expect(JSON.parse(oldPeer.frames[0] ?? '{}').reason).toMatch(/speaks bridge protocol 1, Steadyhand sent 0/);

    const garbled = stranger({ origin: ours });
    garbled.ws.once('open', () => garbled.ws.send('{not json'));
    expect(await garbled.outcome).toEqual({ close: 1007 });

    const huge = await claude.callTool({ name: 'run_task', arguments: { goal: 'x'.repeat(100_000) } });
    expect(huge.isError).toBe(true);
    expect(resultText(huge)).toMatch(/Input validation error/);

    // None of it disturbed the panel's link: the paired client is still answered.
    expect(resultText(await claude.callTool({ name: 'list_tasks', arguments: {} }))).toMatch(
      /^This client has no tasks\./,
    );
  });

  it('tells a client the person denied, and refuses a revoked client’s secret without asking again', async ({
    browser,
    panel,
  }) => {
    await letOtherAgentsIn(panel, port);
    const cursor = await agent('Cursor', browser.extensionId, await mcpHome());
    const request = panel.getByTestId('pairing-request');
    await expect.poll(() => request.count(), { timeout: 10_000 }).toBe(1);
    await request.getByRole('button', { name: 'Deny' }).click();
    await expect
      .poll(async () => resultText(await cursor.callTool({ name: 'list_tasks', arguments: {} })))
      .toMatch(/^The person denied this client in Steadyhand/);
    await cursor.close();

    await panel.getByRole('button', { name: 'Revoke Claude Code: its secret is refused from now on' }).click();
    await expect.poll(() => panel.getByTestId('bridge-no-clients').count()).toBe(1);
    const claude = await agent('Claude Code', browser.extensionId, claudeHome);
    await expect
      .poll(async () => resultText(await claude.callTool({ name: 'list_tasks', arguments: {} })), { timeout: 10_000 })
      .toMatch(/refused this client's secret: it was revoked/);
    expect(await request.count()).toBe(0);
  });

  it('pairs and carries two agents at once over the one port, each its own client', async ({ browser, panel }) => {
    await letOtherAgentsIn(panel, port);
    const home = await mcpHome();
    const gemini = await agent('Gemini CLI', browser.extensionId, home);
    const codex = await agent('Codex', browser.extensionId, home); // the port is taken: it joins Gemini's server
    const requests = panel.getByTestId('pairing-request');
    await expect.poll(() => requests.count(), { timeout: 10_000 }).toBe(2);
    expect((await requests.getByRole('heading').allTextContents()).sort()).toEqual([
      'Codex asks to use Steadyhand',
      'Gemini CLI asks to use Steadyhand',
    ]);
    await requests.first().getByRole('button', { name: 'Accept' }).click();
    await requests.first().getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => panel.getByTestId('bridge-client').count()).toBe(2);
    for (const client of [gemini, codex])
      await expect
        .poll(async () => resultText(await client.callTool({ name: 'list_tasks', arguments: {} })))
        .toBe('This client has no tasks.');
  });
});
