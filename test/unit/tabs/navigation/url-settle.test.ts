import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createUrlSettle, type SettleTab } from '../../../../src/panel/tabs/navigation/url-settle';
import { TabEventBus } from '../../../../src/panel/tabs/tab-event-bus';
import { FakeTimers, flush } from '../fakes';

const ORIGIN = 'https://docs.example.com';
const loading: SettleTab = { url: '', pendingUrl: `${ORIGIN}/start`, status: 'loading' };

let bus: TabEventBus;
let timers: FakeTimers;
let tabs: Map<number, SettleTab | Error>;

function settle() {
  return createUrlSettle({
    bus,
    timers,
    getTab: async (tabId) => {
      const tab = tabs.get(tabId);
      if (tab instanceof Error) throw tab;
      return tab ?? null;
    },
  });
}

function commit(tabId: number, url: string, frameId = 0) {
  bus.emit({ type: 'committed', tabId, frameId, url, transitionType: 'typed', timeStamp: 0 });
}

beforeEach(() => {
  bus = new TabEventBus();
  timers = new FakeTimers();
  tabs = new Map([
    [42, loading],
    [43, loading],
  ]);
});

describe('waitForUrlSettle', () => {
  it('resolves committed when frame 0 commits to the expected origin', async () => {
    const wait = settle()(42, ORIGIN, 5_000);
    await flush();
    commit(42, `${ORIGIN}/guide`);
    await expect(wait).resolves.toEqual({ committed: true, url: `${ORIGIN}/guide` });
  });

  it('reports origin-mismatch with the URL it saw when the commit lands elsewhere', async () => {
    const wait = settle()(42, ORIGIN, 5_000);
    await flush();
    commit(42, 'https://login.other.com/sso');
    await expect(wait).resolves.toEqual({
      committed: false,
      reason: 'origin-mismatch',
      observedUrl: 'https://login.other.com/sso',
    });
  });

  it('times out when nothing commits within the limit', async () => {
    const wait = settle()(42, ORIGIN, 5_000);
    let result: unknown;
    void wait.then((r) => {
      result = r;
    });
    await timers.advance(4_999);
    expect(result).toBeUndefined();
    await timers.advance(1);
    expect(result).toEqual({ committed: false, reason: 'timeout' });
  });

  it('reports tab-gone when reading the tab fails or the tab does not exist', async () => {
    tabs.set(42, new Error('No tab with id: 42.'));
    await expect(settle()(42, ORIGIN, 5_000)).resolves.toEqual({ committed: false, reason: 'tab-gone' });
    await expect(settle()(7, ORIGIN, 5_000)).resolves.toEqual({ committed: false, reason: 'tab-gone' });
  });

  it('settles without the commit event when the new document announces itself (a commit lost with the worker)', async () => {
    const wait = settle()(42, ORIGIN, 5_000);
    await flush();
    tabs.set(42, { url: `${ORIGIN}/guide`, status: 'loading' });
    bus.emit({ type: 'contentReady', tabId: 42, url: `${ORIGIN}/guide`, documentToken: 'd1' });
    await expect(wait).resolves.toEqual({ committed: true, url: `${ORIGIN}/guide` });
  });

  it('looks at the tab again when its status or URL changes, and keeps waiting while it is in flight', async () => {
    const wait = settle()(42, ORIGIN, 5_000);
    let result: unknown;
    void wait.then((r) => {
      result = r;
    });
    await flush();
    bus.emit({ type: 'updated', tabId: 42, status: 'loading' });
    await flush();
    expect(result).toBeUndefined();
    tabs.set(42, { url: `${ORIGIN}/guide`, status: 'complete' });
    bus.emit({ type: 'updated', tabId: 42, url: `${ORIGIN}/guide`, status: 'complete' });
    await flush();
    expect(result).toEqual({ committed: true, url: `${ORIGIN}/guide` });
  });

  it('reports tab-gone when the tab is closed while it waits', async () => {
    const wait = settle()(42, ORIGIN, 5_000);
    await flush();
    bus.emit({ type: 'removed', tabId: 42, windowId: 1, isWindowClosing: false });
    await expect(wait).resolves.toMatchObject({ committed: false, reason: 'tab-gone' });
  });

  it('returns aborted at once when the signal aborts, and when it was aborted already', async () => {
    const stop = new AbortController();
    const wait = settle()(42, ORIGIN, 5_000, stop.signal);
    await flush();
    stop.abort();
    await expect(wait).resolves.toEqual({ committed: false, reason: 'aborted' });
    await expect(settle()(42, ORIGIN, 5_000, stop.signal)).resolves.toEqual({ committed: false, reason: 'aborted' });
    expect(bus.size).toBe(0);
  });

  it('removes its listener, timer and abort handler after a commit', async () => {
    const stop = new AbortController();
    const removed = vi.spyOn(stop.signal, 'removeEventListener');
    const wait = settle()(42, ORIGIN, 5_000, stop.signal);
    await flush();
    expect(bus.size).toBe(1);
    expect(timers.pending).toBe(1);
    commit(42, `${ORIGIN}/guide`);
    await wait;
    expect(bus.size).toBe(0);
    expect(timers.pending).toBe(0);
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  it('removes its listener and abort handler after a timeout', async () => {
    const stop = new AbortController();
    const removed = vi.spyOn(stop.signal, 'removeEventListener');
    const wait = settle()(42, ORIGIN, 5_000, stop.signal);
    await timers.advance(5_000);
    await expect(wait).resolves.toMatchObject({ reason: 'timeout' });
    expect(bus.size).toBe(0);
    expect(timers.pending).toBe(0);
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  it('keeps two tabs waiting at once apart', async () => {
    const wait = settle();
    const first = wait(42, ORIGIN, 5_000);
    const second = wait(43, 'https://shop.example.net', 5_000);
    await flush();
    expect(bus.size).toBe(2);
    commit(43, 'https://shop.example.net/cart');
    await expect(second).resolves.toEqual({ committed: true, url: 'https://shop.example.net/cart' });
    expect(bus.size).toBe(1); // the first is still waiting, untouched by the other tab's commit
    commit(42, `${ORIGIN}/a`);
    await expect(first).resolves.toEqual({ committed: true, url: `${ORIGIN}/a` });
    expect(bus.size).toBe(0);
  });

  it('resolves at once when the commit happened before it was asked', async () => {
    tabs.set(42, { url: `${ORIGIN}/already`, status: 'loading' });
    await expect(settle()(42, ORIGIN, 5_000)).resolves.toEqual({ committed: true, url: `${ORIGIN}/already` });
    expect(timers.pending).toBe(0);
  });

  it('does not settle on the old page while a navigation of the same tab is pending', async () => {
    tabs.set(42, { url: `${ORIGIN}/old`, pendingUrl: `${ORIGIN}/new`, status: 'loading' });
    const wait = settle()(42, ORIGIN, 5_000);
    let result: unknown;
    void wait.then((r) => {
      result = r;
    });
    await flush();
    expect(result).toBeUndefined();
    commit(42, `${ORIGIN}/new`);
    await expect(wait).resolves.toEqual({ committed: true, url: `${ORIGIN}/new` });
  });

  it('ignores about:blank commits and subframe commits, and keeps waiting', async () => {
    const wait = settle()(42, ORIGIN, 5_000);
    await flush();
    commit(42, 'about:blank');
    commit(42, 'https://ads.example.org/frame', 3);
    await timers.advance(1_000);
    commit(42, `${ORIGIN}/done`);
    await expect(wait).resolves.toEqual({ committed: true, url: `${ORIGIN}/done` });
  });

  it('says what it last saw when it times out', async () => {
    const wait = settle()(42, ORIGIN, 5_000);
    await flush();
    commit(42, 'about:blank');
    await timers.advance(5_000);
    await expect(wait).resolves.toEqual({ committed: false, reason: 'timeout', observedUrl: 'about:blank' });
  });

  it('follows the tab when Chrome replaces it with a prerendered one', async () => {
    const wait = settle()(42, ORIGIN, 5_000);
    await flush();
    tabs.set(77, { url: `${ORIGIN}/prerendered`, status: 'complete' });
    bus.emit({ type: 'replaced', addedTabId: 77, removedTabId: 42 });
    await expect(wait).resolves.toEqual({ committed: true, url: `${ORIGIN}/prerendered` });
  });
});
