import { describe, expect, it } from 'vitest';
import { PortTransport } from '../../../src/panel/chrome/port-transport';
import type { RpcCallMessage } from '../../../src/shared/protocol';

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
    for (const fn of this.onMessageListeners) fn({ kind: 'rpc:response', v: 1, id, reply: { ok: true, value } });
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

  it('fails a non-idempotent call with relay_lost instead of repeating it', async () => {
    const { transport, latest } = setup();
    const reply = transport.call(7, 'click', [{ ref: 3, snapshotId: 's1' }]);
    latest().kill();
    await expect(reply).rejects.toMatchObject({ name: 'RelayError', code: 'relay_lost' });
    expect(latest().sent).toHaveLength(0);
  });

  it('retries a read-only call only once', async () => {
    const { transport, latest } = setup();
    const reply = transport.call(7, 'ping', []);
    latest().kill();
    latest().kill();
    await expect(reply).rejects.toMatchObject({ code: 'relay_lost' });
  });

  it('sends any call again when the port was already dead, since it never left', async () => {
    const { transport, ports, latest } = setup();
    transport.open();
    (ports[0] as FakePort).dead = true; // died without the disconnect event having arrived yet
    const reply = transport.call(7, 'click', [{ ref: 3, snapshotId: 's1' }]);
    await tick();
    const sent = latest().sent[0];
    expect(ports).toHaveLength(2);
    latest().answer(sent?.id ?? -1, { ok: true });
    await expect(reply).resolves.toMatchObject({ ok: true });
  });

  it('drops a call that timed out, so a late reply is ignored', async () => {
    const { transport, latest } = setup();
    const reply = transport.call(7, 'ping', [], { timeoutMs: 10 });
    await expect(reply).rejects.toMatchObject({ code: 'timeout' });
    const id = latest().sent[0]?.id ?? -1;
    expect(() => latest().answer(id, 'late')).not.toThrow();
  });
});
