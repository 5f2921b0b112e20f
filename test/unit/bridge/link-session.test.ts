import { beforeEach, describe, expect, it } from 'vitest';
import { type PairingBook, runLinkSession } from '../../../src/panel/bridge/link-session';
import { pairingBook } from '../../../src/panel/bridge/pairing-book';
import { hashSecret } from '../../../src/panel/bridge/secrets';
import { useBridge } from '../../../src/panel/store/bridge';
import type { DelegationCall, DelegationHandler } from '../../../src/shared/delegation/tools';
import { fakeDial } from './fake-server';

const SECRET = 'b'.repeat(64);

beforeEach(() => {
  useBridge.setState({ enabled: false, clients: [], requests: [], status: 'off' });
});

const gone: string[] = [];

function session(
  handler: DelegationHandler = async () => ({ text: 'done' }),
  book: PairingBook = pairingBook(useBridge),
) {
  const server = fakeDial();
  const life = new AbortController();
  const ended = runLinkSession({
    dial: server.dial,
    url: 'ws://127.0.0.1:1/steadyhand',
    handler,
    book,
    signal: life.signal,
    clientGone: (id) => gone.push(id),
  });
  return { server, socket: server.last(), life, ended };
}

async function pairedClient(name = 'Claude Code') {
  useBridge
    .getState()
    .addClient({ id: 'c1', name, secretHash: await hashSecret(SECRET), pairedAt: 1, lastUsedAt: null });
}

describe('the panel’s side of the link', () => {
  it('says hello with its protocol version first, and ends on a server that speaks another', async () => {
    const { socket, ended } = session();
    socket.events.onOpen();
    expect(socket.sent).toEqual([{ type: 'hello', version: 1 }]);
    socket.say({ type: 'welcome', version: 2 });
    expect(await ended).toEqual({ welcomed: false, refusal: 'The MCP server speaks bridge protocol 2, Steadyhand 1.' });
    expect(socket.closed).toBe(1000);
  });

  it('ends on a malformed frame from the server', async () => {
    const { socket, ended } = session();
    socket.events.onOpen();
    socket.say('{oops');
    expect((await ended).refusal).toBe('The frame is not JSON.');
  });

  it('shows a client it has never seen to the person with its code; accepted, it gives the server a secret it keeps only hashed', async () => {
    const { socket } = session();
    socket.welcome({ name: 'Claude Code', secret: null });
    await expect
      .poll(() => useBridge.getState().requests)
      .toEqual([{ id: expect.any(String), name: 'Claude Code', code: 'ABC-123' }]);
    expect(socket.of('auth')).toEqual([{ type: 'auth', conn: '1', status: 'pairing' }]);
    useBridge.getState().answerPairing(useBridge.getState().requests[0]?.id ?? '', true);
    await expect.poll(() => socket.of('paired').length).toBe(1);
    const [paired] = socket.of('paired') as { secret: string; clientId: string }[];
    const [client] = useBridge.getState().clients;
    expect(client).toMatchObject({
      id: paired?.clientId,
      name: 'Claude Code',
      secretHash: await hashSecret(paired?.secret ?? ''),
    });
    expect(JSON.stringify(useBridge.getState())).not.toContain(paired?.secret);
    expect(useBridge.getState().requests).toEqual([]);
  });

  it('tells the server when the person denies a client, and takes no call from it', async () => {
    const calls: DelegationCall[] = [];
    const { socket } = session(async (call) => {
      calls.push(call);
      return { text: 'done' };
    });
    socket.welcome({ name: 'Cursor', secret: null });
    await expect.poll(() => useBridge.getState().requests.length).toBe(1);
    useBridge.getState().answerPairing(useBridge.getState().requests[0]?.id ?? '', false);
    await expect.poll(() => socket.of('pair_denied').length).toBe(1);
    socket.say({ type: 'call', conn: '1', id: '1', tool: 'list_tasks', args: {} });
    await expect
      .poll(() => socket.of('reply'))
      .toEqual([
        { type: 'reply', id: '1', reply: { text: 'This client is not paired with Steadyhand.', isError: true } },
      ]);
    expect(calls).toEqual([]);
    expect(useBridge.getState().clients).toEqual([]);
  });

  it('refuses a secret it does not know, and takes the one it paired', async () => {
    const unknown = session();
    unknown.socket.welcome({ name: 'Claude Code', secret: 'c'.repeat(64) });
    await expect
      .poll(() => unknown.socket.of('auth'))
      .toEqual([
        {
          type: 'auth',
          conn: '1',
          status: 'refused',
          reason: 'Steadyhand does not know this secret (revoked, or never given).',
        },
      ]);
    await pairedClient();
    const known = session();
    known.socket.welcome({ name: 'Claude Code', secret: SECRET });
    await expect
      .poll(() => known.socket.of('auth'))
      .toEqual([{ type: 'auth', conn: '1', status: 'ok', clientId: 'c1' }]);
    expect(useBridge.getState().clients[0]?.lastUsedAt).not.toBeNull();
  });

  it('hands a call to the handler as its client’s, relays progress, and sends the reply', async () => {
    await pairedClient();
    const seen: DelegationCall[] = [];
    const { socket } = session(async (call, io) => {
      seen.push(call);
      io.progress({ progress: 1, message: 'step 1' });
      return { text: 'succeeded', data: { ending: 'succeeded' } };
    });
    socket.welcome({ name: 'Claude Code', secret: SECRET });
    await expect.poll(() => socket.of('auth').length).toBe(1);
    socket.say({ type: 'call', conn: '1', id: '7', tool: 'run_task', args: { goal: 'buy tea' } });
    await expect.poll(() => socket.of('reply').length).toBe(1);
    expect(seen).toEqual([{ client: { id: 'c1', name: 'Claude Code' }, tool: 'run_task', args: { goal: 'buy tea' } }]);
    expect(socket.of('progress')).toEqual([{ type: 'progress', id: '7', progress: 1, message: 'step 1' }]);
    expect(socket.of('reply')).toEqual([
      { type: 'reply', id: '7', reply: { text: 'succeeded', data: { ending: 'succeeded' } } },
    ]);
  });

  it('refuses the calls of a client revoked while connected', async () => {
    await pairedClient();
    const { socket } = session();
    socket.welcome({ name: 'Claude Code', secret: SECRET });
    await expect.poll(() => socket.of('auth').length).toBe(1);
    useBridge.getState().revoke('c1');
    socket.say({ type: 'call', conn: '1', id: '1', tool: 'list_tasks', args: {} });
    await expect
      .poll(() => socket.of('reply'))
      .toEqual([
        { type: 'reply', id: '1', reply: { text: 'This client is not paired with Steadyhand.', isError: true } },
      ]);
    expect(socket.of('auth')[1]).toEqual({
      type: 'auth',
      conn: '1',
      status: 'refused',
      reason: 'This client was revoked in Steadyhand.',
    });
  });

  it('aborts a call’s signal on the server’s cancel, and every call’s when the client disconnects', async () => {
    await pairedClient();
    const signals: AbortSignal[] = [];
    const { socket, ended } = session(
      (_call, io) =>
        new Promise((resolve) => {
          signals.push(io.signal);
          io.signal.addEventListener('abort', () => resolve({ text: 'stopped' }));
        }),
    );
    socket.welcome({ name: 'Claude Code', secret: SECRET });
    await expect.poll(() => socket.of('auth').length).toBe(1);
    socket.say({ type: 'call', conn: '1', id: '1', tool: 'run_task', args: { goal: 'a' } });
    socket.say({ type: 'call', conn: '1', id: '2', tool: 'run_task', args: { goal: 'b' } });
    await expect.poll(() => signals.length).toBe(2);
    socket.say({ type: 'cancel', id: '1' });
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    socket.close(1006);
    expect(signals.map((s) => s.aborted)).toEqual([true, true]);
    expect(await ended).toEqual({ welcomed: true, refusal: null });
  });

  it('takes down a pairing request when the link ends before the person answers', async () => {
    const { socket } = session();
    socket.welcome({ name: 'Claude Code', secret: null });
    await expect.poll(() => useBridge.getState().requests.length).toBe(1);
    socket.close(1006);
    await expect.poll(() => useBridge.getState().requests.length).toBe(0);
    expect(useBridge.getState().clients).toEqual([]);
  });

  it('carries several clients on one connection, each its own, and lets one go when the server says it left', async () => {
    await pairedClient();
    gone.length = 0;
    const seen: string[] = [];
    const signals: AbortSignal[] = [];
    const { socket } = session(async (call, io) => {
      seen.push(call.client.name);
      signals.push(io.signal);
      return new Promise((resolve) => io.signal.addEventListener('abort', () => resolve({ text: 'stopped' })));
    });
    socket.welcome({ name: 'Claude Code', secret: SECRET, conn: '1' });
    socket.say({ type: 'client', conn: '2', name: 'Codex', secret: null, code: 'XYZ-789' });
    await expect.poll(() => useBridge.getState().requests).toMatchObject([{ name: 'Codex', code: 'XYZ-789' }]);
    await expect.poll(() => socket.of('auth').length).toBe(2);
    socket.say({ type: 'call', conn: '1', id: '10', tool: 'list_tasks', args: {} });
    socket.say({ type: 'call', conn: '2', id: '11', tool: 'list_tasks', args: {} });
    await expect.poll(() => seen).toEqual(['Claude Code']);
    expect(socket.of('reply')).toEqual([
      { type: 'reply', id: '11', reply: { text: 'This client is not paired with Steadyhand.', isError: true } },
    ]);
    socket.say({ type: 'gone', conn: '2' });
    await expect.poll(() => useBridge.getState().requests).toEqual([]);
    socket.say({ type: 'gone', conn: '1' });
    expect(signals[0]?.aborted).toBe(true);
    expect(gone).toEqual(['c1']);
  });
});
