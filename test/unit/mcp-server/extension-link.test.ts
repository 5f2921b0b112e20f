import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClientSecrets } from '../../../src/mcp-server/client-secrets';
import { ExtensionLink } from '../../../src/mcp-server/extension-link';
import { BRIDGE_PROTOCOL_VERSION, MAX_FRAME_BYTES } from '../../../src/shared/delegation/bridge-protocol';
import { OTHER_ID, OUR_ID, type Peer, peer } from './link-peer';

const SECRET = 'a'.repeat(64);
let link: ExtensionLink;
let port: number;
let file: string;
let secrets: ClientSecrets;
const logs: string[] = [];

beforeEach(async () => {
  file = join(await mkdtemp(join(tmpdir(), 'steadyhand-mcp-')), 'conf', 'mcp-clients.json');
  secrets = new ClientSecrets(file);
  link = new ExtensionLink({
    port: 0,
    extensionId: OUR_ID,
    secrets,
    code: () => 'ABC-123',
    log: (l) => logs.push(l),
    helloTimeoutMs: 200,
  });
  port = await link.listen();
});
afterEach(() => link.close());

async function greeted(p: Peer = peer(port)): Promise<Peer> {
  await p.opened;
  p.send({ type: 'hello', version: BRIDGE_PROTOCOL_VERSION });
  await p.next('welcome');
  return p;
}

const noIo = () => ({ signal: new AbortController().signal, progress: () => {} });

/** The link still serves our extension: what a refusal must never break. */
async function stillServes() {
  const good = await greeted();
  expect(good.frames[0]).toEqual({ type: 'welcome', version: BRIDGE_PROTOCOL_VERSION });
  good.ws.close();
}

describe('the extension link refuses strangers', () => {
  it('refuses a web page’s WebSocket (its Origin), with no socket opened', async () => {
    expect(await peer(port, { origin: `http://127.0.0.1:${port}` }).opened).toEqual({ open: false, status: 403 });
    expect(await peer(port, { origin: null }).opened).toEqual({ open: false, status: 403 });
    await stillServes();
  });

  it('refuses a forged Host (DNS rebinding) and another extension’s Origin', async () => {
    expect(await peer(port, { host: `evil.test:${port}` }).opened).toEqual({ open: false, status: 403 });
    expect(await peer(port, { origin: `chrome-extension://${OTHER_ID}` }).opened).toEqual({ open: false, status: 403 });
    expect(await peer(port, { path: '/' }).opened).toEqual({ open: false, status: 404 });
    await stillServes();
  });

  it('lets another server process join without an Origin, and no page or extension, which always sends one', async () => {
    expect(await peer(port, { path: '/steadyhand/peer', origin: `http://127.0.0.1:${port}` }).opened).toEqual({
      open: false,
      status: 403,
    });
    expect(await peer(port, { path: '/steadyhand/peer' }).opened).toEqual({ open: false, status: 403 });
    expect(await peer(port, { path: '/steadyhand/peer', origin: null, host: `evil.test:${port}` }).opened).toEqual({
      open: false,
      status: 403,
    });
    const joined = peer(port, { path: '/steadyhand/peer', origin: null });
    expect(await joined.opened).toEqual({ open: true });
    const panel = await greeted();
    joined.send({ type: 'join', version: BRIDGE_PROTOCOL_VERSION, name: 'Codex' });
    expect(await panel.next('client')).toMatchObject({ type: 'client', name: 'Codex', secret: null });
    joined.ws.close();
    expect(await panel.next('gone')).toMatchObject({ type: 'gone' });
  });

  it('refuses the wrong protocol version in words, and closes', async () => {
    const p = peer(port);
    await p.opened;
    p.send({ type: 'hello', version: BRIDGE_PROTOCOL_VERSION + 1 });
    const refused = await p.next('refused');
    expect(refused.reason).toMatch(/speaks bridge protocol 1, Steadyhand sent 2: update the older/);
    expect((await p.closed).code).toBe(4002);
    await stillServes();
  });

  it('refuses malformed JSON and an unknown frame without crashing', async () => {
    const p = peer(port);
    await p.opened;
    p.send('{not json');
    expect((await p.next('refused')).reason).toBe('The frame is not JSON.');
    expect((await p.closed).code).toBe(1007);
    const q = await greeted();
    q.send({ type: 'call', id: '1', tool: 'run_task', args: {} }); // the server's frame, not the panel's
    expect((await q.closed).code).toBe(1007);
    await stillServes();
  });

  it('closes a frame over the cap (1 MiB) and goes on serving', async () => {
    const p = await greeted();
    p.send({ type: 'progress', id: '1', progress: 1, message: 'x'.repeat(MAX_FRAME_BYTES) });
    expect((await p.closed).code).toBe(1009);
    await stillServes();
  });

  it('closes a socket that never says hello', async () => {
    const p = peer(port);
    await p.opened;
    expect((await p.closed).code).toBe(4000);
  });
});

describe('the extension link pairs its client', () => {
  it('offers a client with no secret to pair with its code, and answers calls meanwhile with that code', async () => {
    const p = await greeted();
    const conn = link.join('Claude Code');
    expect(await p.next('client')).toEqual({
      type: 'client',
      conn,
      name: 'Claude Code',
      secret: null,
      code: 'ABC-123',
    });
    p.send({ type: 'auth', conn, status: 'pairing' });
    await expect.poll(() => link.state(conn).auth).toBe('pairing');
    const reply = await link.call(conn, 'list_tasks', {}, noIo());
    expect(reply).toMatchObject({ isError: true, data: { reason: 'pairing', code: 'ABC-123' } });
    expect(reply.text).toContain('accept "Claude Code" with the code ABC-123');
  });

  it('keeps the secret the panel gives on acceptance in a file only the person can read, and offers it next time', async () => {
    const p = await greeted();
    const conn = link.join('Claude Code');
    await p.next('client');
    p.send({ type: 'paired', conn, clientId: 'c1', secret: SECRET });
    await expect.poll(() => link.state(conn).auth).toBe('ok');
    await expect
      .poll(async () => JSON.parse(await readFile(file, 'utf8').catch(() => '{}')).clients?.['Claude Code'])
      .toEqual({ clientId: 'c1', secret: SECRET });
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    p.ws.close();
    await p.closed;
    const again = await greeted();
    expect(await again.next('client')).toMatchObject({ secret: SECRET });
  });

  it('forgets a secret the panel refuses (revoked), and says so to the calling agent', async () => {
    await secrets.set('Claude Code', { clientId: 'c1', secret: SECRET });
    const p = await greeted();
    const conn = link.join('Claude Code');
    await p.next('client');
    p.send({ type: 'auth', conn, status: 'refused', reason: 'revoked' });
    await expect.poll(() => link.state(conn).auth).toBe('refused');
    await expect.poll(() => secrets.get('Claude Code')).toBeNull();
    expect((await link.call(conn, 'list_tasks', {}, noIo())).text).toMatch(
      /refused this client's secret: it was revoked/,
    );
  });

  it('says the person denied it, and that Steadyhand is not connected when no panel is', async () => {
    const conn = link.join('Cursor');
    expect((await link.call(conn, 'list_tasks', {}, noIo())).data).toEqual({ reason: 'not_connected' });
    const p = await greeted();
    await p.next('client');
    p.send({ type: 'pair_denied', conn });
    await expect.poll(() => link.state(conn).auth).toBe('denied');
    expect((await link.call(conn, 'list_tasks', {}, noIo())).text).toMatch(/denied this client/);
  });
});

describe('the extension link carries calls', () => {
  async function paired(): Promise<{ p: Peer; conn: string }> {
    const p = await greeted();
    const conn = link.join('Claude Code');
    await p.next('client');
    p.send({ type: 'auth', conn, status: 'ok', clientId: 'c1' });
    await expect.poll(() => link.state(conn).auth).toBe('ok');
    return { p, conn };
  }

  it('forwards a call, relays its progress and returns the panel’s reply', async () => {
    const { p, conn } = await paired();
    const steps: string[] = [];
    const replied = link.call(
      conn,
      'run_task',
      { goal: 'buy tea' },
      { signal: new AbortController().signal, progress: (s) => steps.push(s.message) },
    );
    const call = await p.next('call');
    expect(call).toEqual({ type: 'call', conn, id: call.id, tool: 'run_task', args: { goal: 'buy tea' } });
    p.send({ type: 'progress', id: call.id, progress: 1, message: 'opened the shop' });
    p.send({ type: 'reply', id: call.id, reply: { text: 'succeeded', data: { ending: 'succeeded' } } });
    expect(await replied).toEqual({ text: 'succeeded', data: { ending: 'succeeded' } });
    expect(steps).toEqual(['opened the shop']);
  });

  it('sends a cancel when the client cancels, and ends every call when the panel disconnects', async () => {
    const { p, conn } = await paired();
    const abort = new AbortController();
    const cancelled = link.call(conn, 'run_task', { goal: 'a' }, { signal: abort.signal, progress: () => {} });
    const first = await p.next('call');
    abort.abort();
    expect(await p.next('cancel')).toEqual({ type: 'cancel', id: first.id });
    expect((await cancelled).isError).toBe(true);
    const cut = link.call(conn, 'get_task', { task_id: 't1' }, noIo());
    await expect.poll(() => p.frames.filter((f) => f.type === 'call').length).toBe(2);
    p.ws.close();
    expect(await cut).toEqual({ text: 'Steadyhand disconnected before the call ended.', isError: true });
  });
});
