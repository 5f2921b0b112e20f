import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF, startBridge } from '../../../src/panel/bridge/connector';
import { pairingBook } from '../../../src/panel/bridge/pairing-book';
import { holdWebLock } from '../../../src/panel/chrome/web-locks';
import { useBridge } from '../../../src/panel/store/bridge';
import { FakeLockManager } from '../../support/fake-locks';
import { fakeDial } from './fake-server';

beforeEach(() => {
  useBridge.setState({ enabled: false, port: 47615, clients: [], requests: [], status: 'off' });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A panel: its own dialler and lifetime, the lock manager every panel of the browser shares. */
function panel(locks: FakeLockManager) {
  const server = fakeDial();
  const life = new AbortController();
  startBridge({
    adapters: { dial: server.dial, holdLock: holdWebLock(locks) },
    store: useBridge,
    book: pairingBook(useBridge),
    handler: async () => ({ text: 'done' }),
    signal: life.signal,
  });
  return { server, life };
}

describe('the panel’s connector', () => {
  it('neither dials nor holds the lock while the switch is off (the default), and dials once it is turned on', async () => {
    const locks = new FakeLockManager();
    const { server } = panel(locks);
    await Promise.resolve();
    expect(server.sockets).toEqual([]);
    expect(locks.heldNames).toEqual([]);
    useBridge.getState().setEnabled(true);
    await expect.poll(() => server.sockets.length).toBe(1);
    expect(server.last().url).toBe('ws://127.0.0.1:47615/steadyhand');
    expect(locks.heldNames).toEqual(['steadyhand.bridge']);
    useBridge.getState().setEnabled(false);
    await expect.poll(() => locks.heldNames).toEqual([]);
    expect(server.last().closed).toBe(1000);
    expect(useBridge.getState().status).toBe('off');
  });

  it('connects from exactly one of several panels, and another takes over when that panel goes', async () => {
    const locks = new FakeLockManager();
    useBridge.getState().setEnabled(true);
    const first = panel(locks);
    const second = panel(locks);
    await expect.poll(() => first.server.sockets.length).toBe(1);
    await Promise.resolve();
    expect(second.server.sockets).toEqual([]);
    first.life.abort();
    await expect.poll(() => second.server.sockets.length).toBe(1);
    expect(first.server.sockets).toHaveLength(1);
  });

  it('dials again after a backoff that doubles while it fails and starts over after a welcome', async () => {
    vi.useFakeTimers();
    const locks = new FakeLockManager();
    useBridge.getState().setEnabled(true);
    const { server } = panel(locks);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sockets).toHaveLength(1);
    server.last().close(1006); // refused: no server listening
    await vi.advanceTimersByTimeAsync(BACKOFF.firstMs * 2 - 1);
    expect(server.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sockets).toHaveLength(2);
    server.last().close(1006);
    await vi.advanceTimersByTimeAsync(BACKOFF.firstMs * 4 - 1);
    expect(server.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sockets).toHaveLength(3);
    server.last().welcome();
    expect(useBridge.getState().status).toBe('connected');
    server.last().close(1006);
    await vi.advanceTimersByTimeAsync(BACKOFF.firstMs);
    expect(server.sockets).toHaveLength(4);
    // Never past the cap, however long it fails.
    for (let i = 0; i < 10; i++) {
      server.last().close(1006);
      await vi.advanceTimersByTimeAsync(BACKOFF.maxMs);
    }
    expect(server.sockets).toHaveLength(14);
  });

  it('dials the new port when the person changes it', async () => {
    const locks = new FakeLockManager();
    useBridge.getState().setEnabled(true);
    const { server } = panel(locks);
    await expect.poll(() => server.sockets.length).toBe(1);
    useBridge.getState().setPort(50_000);
    await expect.poll(() => server.sockets.length).toBe(2);
    expect(server.sockets[0]?.closed).toBe(1000);
    expect(server.last().url).toBe('ws://127.0.0.1:50000/steadyhand');
  });
});
