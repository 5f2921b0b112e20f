import { chrome } from 'jest-chrome';
import { describe, expect, it } from 'vitest';
import { CallMemory, handleRpc } from '../../../src/content/router';
import { PortTransport } from '../../../src/panel/chrome/port-transport';
import type { PageApi, Reply, RpcCallMessage } from '../../../src/shared/protocol';

/** A chrome.runtime.Port stand-in: records what the panel sends and lets the test answer or kill it. */
class FakePort {
  name = 'steadyhand-panel';
  sent: RpcCallMessage[] = [];
  dead = false;
  private onMessageListeners: ((m: unknown) => void)[] = [];
  private onDisconnectListeners: ((p: FakePort) => void)[] = [];
  onMessage = { addListener: (fn: (m: unknown) => void) => this.onMessageListeners.push(fn) };
  onDisconnect = { addListener: (fn: (p: FakePort) => void) => this.onDisconnectListeners.push(fn) };
  postMessage(message: RpcCallMessage) {
    if (this.dead) throw new Error('Attempting to use a disconnected port object');
    this.sent.push(message);
  }
  answer(id: number, value: unknown) {
    this.reply(id, { ok: true, value });
  }
  reply(id: number, reply: Reply<unknown>) {
    if (this.dead) return; // the worker that would have carried it is gone
    for (const fn of this.onMessageListeners) fn({ kind: 'rpc:response', v: 1, id, reply });
  }
  /** The service worker died. */
  kill() {
    this.dead = true;
    for (const fn of this.onDisconnectListeners) fn(this);
  }
}

function setup() {
  const ports: FakePort[] = [];
  const transport = new PortTransport(() => {
    const port = new FakePort();
    ports.push(port);
    return port as unknown as chrome.runtime.Port;
  });
  const latest = () => ports[ports.length - 1] as FakePort;
  return { transport, ports, latest };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('PortTransport', () => {
  it('sends a call over the port and resolves with the matching reply', async () => {
    const { transport, latest } = setup();
    const reply = transport.call(7, 'getPageInfo', []);
    const sent = latest().sent[0];
    expect(sent).toMatchObject({ kind: 'rpc:call', v: 1, tabId: 7, method: 'getPageInfo', args: [] });
    latest().answer(sent?.id ?? -1, { title: 'x' });
    expect(await reply).toEqual({ ok: true, value: { title: 'x' } });
  });

  it('tells the caller once that a call went out, and never for one stopped before it was sent', async () => {
    const { transport, ports, latest } = setup();
    const told: string[] = [];
    const stop = new AbortController();
    const reply = transport.call(7, 'click', [{ ref: 3, snapshotId: 's1' }], {
      signal: stop.signal,
      onSent: (method) => told.push(method),
    });
    expect(told).toEqual(['click']);
    // Stop after it went out: only the wait ends, and the re-send after a lost worker is the same call, not told again.
    (ports[0] as FakePort).kill();
    expect(told).toEqual(['click']);
    stop.abort();
    await expect(reply).rejects.toMatchObject({ code: 'aborted' });
    const stopped = transport.call(7, 'click', [{ ref: 3, snapshotId: 's1' }], {
      signal: stop.signal,
      onSent: (method) => told.push(method),
    });
    await expect(stopped).rejects.toMatchObject({ code: 'aborted' });
    expect(told).toEqual(['click']);
    expect(latest().sent.filter((m) => m.method === 'click')).toHaveLength(1);
  });

  it('reconnects at once when the worker dies, even with nothing pending', () => {
    const { transport, ports, latest } = setup();
    transport.open();
    latest().kill();
    expect(ports).toHaveLength(2);
    expect(transport.reconnects).toBe(1);
  });

  it('sends a read-only call again on the new port when the worker died before answering', async () => {
    const { transport, ports, latest } = setup();
    const reply = transport.call(7, 'snapshot', [{}]);
    const first = ports[0] as FakePort;
    first.kill();
    const resent = latest().sent[0];
    expect(latest()).not.toBe(first);
    expect(resent).toMatchObject({ method: 'snapshot' });
    latest().answer(resent?.id ?? -1, 'fresh');
    expect(await reply).toEqual({ ok: true, value: 'fresh' });
  });

  it('sends a lost action once more with the same call tag, marked as the second attempt', async () => {
    const { transport, ports, latest } = setup();
    const reply = transport.call(7, 'click', [{ ref: 3, snapshotId: 's1' }]);
    const first = (ports[0] as FakePort).sent[0];
    (ports[0] as FakePort).kill();
    const again = latest().sent[0];
    expect(again).toMatchObject({ method: 'click', args: [{ ref: 3, snapshotId: 's1' }] });
    expect(again?.call).toEqual({ ...first?.call, attempt: 2 });
    expect(first?.call.attempt).toBe(1);
    expect(transport.resent).toEqual({ click: 1 });
    latest().answer(again?.id ?? -1, { ok: true, verified: true, effects: ['dom_change'] });
    await expect(reply).resolves.toMatchObject({ ok: true, value: { verified: true } });
  });

  it('fails with relay_lost when the second send is lost too, for reads and actions alike', async () => {
    const { transport, latest } = setup();
    const read = transport.call(7, 'ping', []);
    const action = transport.call(7, 'type', [{ ref: 1, snapshotId: 's1', text: 'x' }]);
    latest().kill();
    expect(latest().sent.map((m) => m.call.attempt)).toEqual([2, 2]);
    latest().kill();
    await expect(read).rejects.toMatchObject({ name: 'RelayError', code: 'relay_lost' });
    await expect(action).rejects.toMatchObject({ name: 'RelayError', code: 'relay_lost' });
    expect(latest().sent).toHaveLength(0);
  });

  it('reports a re-sent action that finds no content script as relay_lost, so it is not injected and run afresh', async () => {
    const { transport, latest } = setup();
    const action = transport.call(7, 'pressKey', [{ key: 'Enter' }]);
    const read = transport.call(7, 'snapshot', [{}]);
    latest().kill();
    const noReceiver = {
      ok: false as const,
      error: { name: 'RelayError', message: 'none', code: 'no_receiver' as const },
    };
    for (const message of latest().sent) latest().reply(message.id, noReceiver);
    await expect(action).resolves.toMatchObject({ ok: false, error: { code: 'relay_lost' } });
    await expect(read).resolves.toEqual(noReceiver); // a read may be injected for and asked again
  });

  it('passes no_receiver through on a first send: nothing ran, so the page proxy may inject and call again', async () => {
    const { transport, latest } = setup();
    const action = transport.call(7, 'click', [{ ref: 3, snapshotId: 's1' }]);
    const noReceiver = {
      ok: false as const,
      error: { name: 'RelayError', message: 'none', code: 'no_receiver' as const },
    };
    latest().reply(latest().sent[0]?.id ?? -1, noReceiver);
    await expect(action).resolves.toEqual(noReceiver);
  });

  it('tags every call uniquely, with a prefix no other panel session shares', () => {
    const a = setup();
    const b = setup();
    for (const transport of [a.transport, a.transport, b.transport]) {
      void transport.call(7, 'ping', [], { timeoutMs: 50 }).catch(() => {});
    }
    const ids = [...a.latest().sent, ...b.latest().sent].map((m) => m.call.id);
    expect(new Set(ids).size).toBe(3);
    const prefix = (id: string) => id.slice(0, id.lastIndexOf('-'));
    expect(prefix(ids[0] ?? '')).toBe(prefix(ids[1] ?? ''));
    expect(prefix(ids[0] ?? '')).not.toBe(prefix(ids[2] ?? ''));
  });

  it('stamps the call with the time it was made, the same on every send', () => {
    let now = 1_000;
    const ports: FakePort[] = [];
    const transport = new PortTransport(
      () => {
        const port = new FakePort();
        ports.push(port);
        return port as unknown as chrome.runtime.Port;
      },
      () => now,
    );
    void transport.call(7, 'click', [{ ref: 3, snapshotId: 's1' }]).catch(() => {});
    now = 5_000;
    (ports[0] as FakePort).kill();
    expect(ports.map((p) => p.sent[0]?.call.issuedAt)).toEqual([1_000, 1_000]);
  });

  it('sends any call again when the port was already dead, as a first attempt, since it never left', async () => {
    const { transport, ports, latest } = setup();
    transport.open();
    (ports[0] as FakePort).dead = true; // died without the disconnect event having arrived yet
    const reply = transport.call(7, 'click', [{ ref: 3, snapshotId: 's1' }]);
    await tick();
    const sent = latest().sent[0];
    expect(ports).toHaveLength(2);
    expect(sent?.call.attempt).toBe(1);
    latest().answer(sent?.id ?? -1, { ok: true });
    await expect(reply).resolves.toMatchObject({ ok: true });
  });

  it('re-sends what went out on a port whose disconnect came after a failed send had already replaced it', async () => {
    const { transport, ports, latest } = setup();
    const inFlight = transport.call(7, 'click', [{ ref: 3, snapshotId: 's1' }]);
    const first = ports[0] as FakePort;
    first.dead = true; // the worker died; the renderer knows before the disconnect event is dispatched
    const later = transport.call(7, 'ping', []);
    await tick();
    expect(ports).toHaveLength(2);
    const second = ports[1] as FakePort;
    expect(second.sent.map((m) => m.method)).toEqual(['ping']);

    first.kill(); // now the old port's disconnect arrives
    expect(transport.reconnects).toBe(1);
    expect(ports).toHaveLength(2); // the open port is kept
    expect(second.sent.map((m) => [m.method, m.call.attempt])).toEqual([
      ['ping', 1],
      ['click', 2],
    ]);
    for (const message of latest().sent) latest().answer(message.id, message.method);
    await expect(inFlight).resolves.toEqual({ ok: true, value: 'click' });
    await expect(later).resolves.toEqual({ ok: true, value: 'ping' });
  });

  it('drops a call that timed out, so a late reply is ignored', async () => {
    const { transport, latest } = setup();
    const reply = transport.call(7, 'ping', [], { timeoutMs: 10 });
    await expect(reply).rejects.toMatchObject({ code: 'timeout' });
    const id = latest().sent[0]?.id ?? -1;
    expect(() => latest().answer(id, 'late')).not.toThrow();
  });
});

describe('PortTransport with the content router behind a worker that dies (decision 0011)', () => {
  it('applies a click once when the worker dies while it runs, and resolves with its result', async () => {
    Object.assign(chrome.runtime, { id: 'extensionidextensionidextensionid' });
    const page = { clicks: 0, finish: () => {} };
    const controller = {
      click: () =>
        new Promise((resolve) => {
          page.clicks += 1;
          page.finish = () => resolve({ ok: true, verified: true, effects: ['dom_change'] });
        }),
    } as unknown as PageApi;
    const memory = new CallMemory();
    const ports: FakePort[] = [];
    // Each port is one worker's life: it hands every call to the page and carries the reply back if still alive.
    const transport = new PortTransport(() => {
      const port = new FakePort();
      const post = port.postMessage.bind(port);
      port.postMessage = (message) => {
        post(message);
        const { v, method, args, call } = message;
        handleRpc(
          controller,
          { kind: 'cs:rpc', v, method, args, call },
          { id: chrome.runtime.id },
          (reply) => port.reply(message.id, reply),
          memory,
        );
      };
      ports.push(port);
      return port as unknown as chrome.runtime.Port;
    });

    const reply = transport.call(7, 'click', [{ ref: 3, snapshotId: 's1' }]);
    (ports[0] as FakePort).kill(); // the worker dies while the click waits for the page to settle
    page.finish();

    await expect(reply).resolves.toEqual({ ok: true, value: { ok: true, verified: true, effects: ['dom_change'] } });
    expect(ports).toHaveLength(2);
    expect(page.clicks).toBe(1);
  });
});
