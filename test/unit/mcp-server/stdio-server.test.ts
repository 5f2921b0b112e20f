// The built server (`npm run build`'s build/mcp-server/steadyhand-mcp.js) spawned over stdio by the official SDK's
// own Client and StdioClientTransport, with the panel's real link session (src/panel/bridge/) dialling it as our
// extension would: pairing, a call and its reply, progress, cancellation, disconnection, revocation, bad input.

import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bridgeUrl, startBridge } from '../../../src/panel/bridge/connector';
import { runLinkSession } from '../../../src/panel/bridge/link-session';
import { pairingBook } from '../../../src/panel/bridge/pairing-book';
import { useBridge } from '../../../src/panel/store/bridge';
import { DELEGATION_TOOL_NAMES, type DelegationHandler } from '../../../src/shared/delegation/tools';
import { buildServer, freePort } from './built-server';
import { OUR_ID } from './link-peer';
import { nodeDial } from './node-dial';

let file: string;
let home: string;
let port: number;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(() => {
  file = buildServer('build/mcp-server-test');
}, 60_000);
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'steadyhand-mcp-home-'));
  port = await freePort();
  useBridge.setState({ enabled: true, clients: [], requests: [], status: 'off' });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function client(name: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [file, '--port', String(port), '--extension-id', OUR_ID],
    env: { ...(process.env as Record<string, string>), STEADYHAND_MCP_HOME: home },
    stderr: 'pipe',
  });
  const c = new Client({ name, version: '1.0.0' });
  await c.connect(transport);
  cleanups.push(() => c.close());
  return c;
}

/** The panel's side, as the connector runs it, with `handler` answering. */
function extension(handler: DelegationHandler) {
  const life = new AbortController();
  const ended = runLinkSession({
    dial: nodeDial(`chrome-extension://${OUR_ID}`),
    url: bridgeUrl(port),
    handler,
    book: pairingBook(useBridge),
    signal: life.signal,
  });
  cleanups.push(async () => {
    life.abort();
    await ended;
  });
  return { life, ended };
}

/** The panel's connector itself, dialling again with its backoff while the switch is on. */
function connector(handler: DelegationHandler) {
  const life = new AbortController();
  useBridge.setState({ port });
  startBridge({
    adapters: { dial: nodeDial(`chrome-extension://${OUR_ID}`), holdLock: (_name, _signal, work) => work() },
    store: useBridge,
    book: pairingBook(useBridge),
    handler,
    signal: life.signal,
  });
  cleanups.push(() => life.abort());
}

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

async function acceptPairing() {
  await expect.poll(() => useBridge.getState().requests.length).toBe(1);
  const request = useBridge.getState().requests[0];
  useBridge.getState().answerPairing(request?.id ?? '', true);
  await expect.poll(() => useBridge.getState().clients.length).toBe(1);
  return request;
}

// Each test starts Node processes: on a loaded machine that takes seconds.
describe('steadyhand-mcp over stdio, with the SDK’s own client', { timeout: 60_000 }, () => {
  it('lists every delegation tool, pairs once in the panel, and carries a call with its progress', async () => {
    const agent = await client('Claude Code');
    expect((await agent.listTools()).tools.map((t) => t.name).sort()).toEqual([...DELEGATION_TOOL_NAMES].sort());
    const steps: string[] = [];
    extension(async (call, io) => {
      io.progress({ progress: 1, message: 'opened the shop' });
      // A task reports its steps while it runs. (The SDK client drops a progress notification it handles after the
      // result, which it may when both come in one read: the reply waits until the step was seen.)
      if (call.tool === 'run_task' && call.args.goal === 'buy tea' && steps.length === 0)
        await expect.poll(() => steps.length).toBe(1);
      return {
        text: `${call.client.name} asked ${call.tool}: ${String(call.args.goal)}`,
        data: { ending: 'succeeded' },
      };
    });
    await expect.poll(() => useBridge.getState().requests[0]).toMatchObject({ name: 'Claude Code' });
    const waiting = await agent.callTool({ name: 'run_task', arguments: { goal: 'buy tea' } });
    const code = useBridge.getState().requests[0]?.code ?? '';
    expect(waiting.isError).toBe(true);
    expect(text(waiting)).toContain(`accept "Claude Code" with the code ${code}`);
    await acceptPairing();
    await expect.poll(async () => (await agent.callTool({ name: 'list_tasks', arguments: {} })).isError).toBeFalsy();
    const result = await agent.callTool({ name: 'run_task', arguments: { goal: 'buy tea' } }, undefined, {
      onprogress: (p) => steps.push(p.message ?? ''),
    });
    expect(text(result)).toBe('Claude Code asked run_task: buy tea');
    expect(result.structuredContent).toEqual({ ending: 'succeeded' });
    expect(steps).toEqual(['opened the shop']);
  });

  it('aborts the panel’s call when the client cancels it, and when the client goes away', async () => {
    const agent = await client('Codex');
    const signals: AbortSignal[] = [];
    extension(
      (_call, io) =>
        new Promise((resolve) => {
          signals.push(io.signal);
          io.signal.addEventListener('abort', () => resolve({ text: 'stopped' }));
        }),
    );
    await acceptPairing();
    const cancel = new AbortController();
    const cancelled = agent.callTool({ name: 'run_task', arguments: { goal: 'a' } }, undefined, {
      signal: cancel.signal,
    });
    await expect.poll(() => signals.length, { timeout: 20_000 }).toBe(1);
    cancel.abort();
    await expect(cancelled).rejects.toThrow();
    await expect.poll(() => signals[0]?.aborted).toBe(true);
    void agent.callTool({ name: 'run_task', arguments: { goal: 'b' } }).catch(() => {});
    await expect.poll(() => signals.length).toBe(2);
    await agent.close();
    await expect.poll(() => signals[1]?.aborted, { timeout: 20_000 }).toBe(true);
  });

  it('refuses a client whose secret was revoked, after its restart', async () => {
    const first = await client('Gemini CLI');
    const panel = extension(async () => ({ text: 'ok' }));
    await acceptPairing();
    await first.close();
    await panel.ended;
    useBridge.getState().revoke(useBridge.getState().clients[0]?.id ?? '');
    const again = await client('Gemini CLI');
    extension(async () => ({ text: 'ok' }));
    await expect
      .poll(async () => text(await again.callTool({ name: 'list_tasks', arguments: {} })), { timeout: 20_000 })
      .toMatch(/refused this client's secret: it was revoked/);
    expect(useBridge.getState().requests).toEqual([]);
  });

  it('carries two clients at once over one port, each as its own, and the second takes over when the first quits', async () => {
    const claude = await client('Claude Code');
    const codex = await client('Codex'); // the port is taken: it joins the first server
    const seen: string[] = [];
    const handler: DelegationHandler = async (call) => {
      seen.push(call.client.name);
      return { text: `for ${call.client.name}` };
    };
    connector(handler);
    await expect
      .poll(() =>
        useBridge
          .getState()
          .requests.map((r) => r.name)
          .sort(),
      )
      .toEqual(['Claude Code', 'Codex']);
    for (const request of useBridge.getState().requests) useBridge.getState().answerPairing(request.id, true);
    await expect.poll(() => useBridge.getState().clients.length).toBe(2);
    await expect
      .poll(async () => text(await claude.callTool({ name: 'list_tasks', arguments: {} })))
      .toBe('for Claude Code');
    await expect.poll(async () => text(await codex.callTool({ name: 'list_tasks', arguments: {} }))).toBe('for Codex');
    // Claude Code quits: its server (the hub) goes; Codex's takes the port, and the panel dials it again.
    await claude.close();
    await expect
      .poll(async () => text(await codex.callTool({ name: 'list_tasks', arguments: {} })), { timeout: 20_000 })
      .toBe('for Codex');
    expect(useBridge.getState().requests).toEqual([]);
    expect(seen).toEqual(['Claude Code', 'Codex', 'Codex']);
  });

  it('refuses oversized arguments and survives a malformed request', async () => {
    const agent = await client('Cursor');
    extension(async () => ({ text: 'ok' }));
    await acceptPairing();
    const huge = await agent.callTool({ name: 'run_task', arguments: { goal: 'x'.repeat(100_000) } });
    expect(huge.isError).toBe(true);
    expect(text(huge)).toMatch(/Input validation error/);
    const raw = spawn(process.execPath, [file, '--port', String(await freePort()), '--extension-id', OUR_ID], {
      env: { ...process.env, STEADYHAND_MCP_HOME: home },
    });
    cleanups.push(() => void raw.kill());
    const lines: string[] = [];
    raw.stdout.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    raw.stdin.write('{this is not json\n');
    raw.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n`,
    );
    await expect.poll(() => lines.some((l) => JSON.parse(l).id === 1), { timeout: 20_000 }).toBe(true);
    expect(raw.exitCode).toBeNull();
  });
});
