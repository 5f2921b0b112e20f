import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDocumentReady, type ReadyPage } from '../../../../src/panel/tabs/navigation/document-ready';
import { DocumentTracker } from '../../../../src/panel/tabs/navigation/document-tracker';
import type { SettleTab } from '../../../../src/panel/tabs/navigation/url-settle';
import { TabEventBus } from '../../../../src/panel/tabs/tab-event-bus';
import { RelayError, TabError } from '../../../../src/shared/errors';
import { FakeTimers, flush, OWN_ORIGIN } from '../fakes';

const URL_A = 'https://docs.example.com/a';

let bus: TabEventBus;
let timers: FakeTimers;
let tracker: DocumentTracker;
let tabs: Map<number, SettleTab>;
let page: { ping: ReturnType<typeof vi.fn>; waitForQuiet: ReturnType<typeof vi.fn> };

function ready() {
  return createDocumentReady({
    bus,
    tracker,
    timers,
    ownOrigin: OWN_ORIGIN,
    pages: () => page as unknown as ReadyPage,
    getTab: async (tabId) => tabs.get(tabId) ?? null,
  });
}

function commit(tabId: number, url: string) {
  tabs.set(tabId, { url, status: 'loading' });
  bus.emit({ type: 'committed', tabId, frameId: 0, url, transitionType: 'link', timeStamp: 0 });
}

function announce(tabId: number, url: string, documentToken: string) {
  bus.emit({ type: 'contentReady', tabId, url, documentToken });
}

/** Settles the promise into a probe, so a test can ask "has it resolved yet?" without awaiting it. */
function probe(promise: Promise<void>) {
  const state: { done: boolean; error?: unknown } = { done: false };
  promise.then(
    () => {
      state.done = true;
    },
    (error: unknown) => {
      state.done = true;
      state.error = error;
    },
  );
  return state;
}

beforeEach(() => {
  bus = new TabEventBus();
  timers = new FakeTimers();
  tracker = new DocumentTracker(bus);
  tabs = new Map();
  page = {
    ping: vi.fn(async () => {
      throw new RelayError('no_receiver', 'not up yet');
    }),
    waitForQuiet: vi.fn(async () => ({ quiet: true, lastMutationAt: 0 })),
  };
});

describe('waitForDocumentReady', () => {
  it('waits for the new document to announce itself, then for a short quiet window', async () => {
    announce(42, 'https://docs.example.com/old', 'old-token');
    commit(42, URL_A);
    const state = probe(ready()(42, { timeoutMs: 5_000 }));
    await flush();
    expect(state.done).toBe(false);
    expect(page.waitForQuiet).not.toHaveBeenCalled();

    announce(42, URL_A, 'new-token');
    await flush();
    expect(state).toEqual({ done: true });
    expect(page.waitForQuiet).toHaveBeenCalledWith({ quietMs: 50, maxMs: 1_000 }, expect.any(Object));
    expect(timers.monotonic()).toBe(0); // no time had to pass: events, not sleeps
  });

  it('resolves at once when the announcement came before anyone waited', async () => {
    commit(42, URL_A);
    announce(42, `${URL_A}#section`, 'token');
    await ready()(42, { timeoutMs: 5_000 });
    expect(page.ping).not.toHaveBeenCalled();
  });

  it('does not take the announcement of a page that redirected away for the new document', async () => {
    commit(42, 'https://docs.example.com/redirecting');
    commit(42, URL_A);
    announce(42, 'https://docs.example.com/redirecting', 'late-token');
    const state = probe(ready()(42, { timeoutMs: 5_000 }));
    await flush();
    expect(state.done).toBe(false);
    announce(42, URL_A, 'token-a');
    await flush();
    expect(state).toEqual({ done: true });
  });

  it('falls back to a ping, and accepts only a document token it has not seen before the commit', async () => {
    announce(42, 'https://docs.example.com/old', 'old-token');
    commit(42, URL_A);
    page.ping.mockResolvedValue({ pong: true, protocol: 1, build: 'x', documentToken: 'old-token' });
    const state = probe(ready()(42, { timeoutMs: 5_000 }));
    await flush();
    await timers.advance(750);
    expect(page.ping).toHaveBeenCalledTimes(1);
    expect(state.done).toBe(false);

    page.ping.mockResolvedValue({ pong: true, protocol: 1, build: 'x', documentToken: 'fresh-token' });
    await timers.advance(750);
    expect(state).toEqual({ done: true });
  });

  it('pings at once for a tab whose commit it never saw', async () => {
    tabs.set(42, { url: URL_A, status: 'complete' });
    page.ping.mockResolvedValue({ pong: true, protocol: 1, build: 'x', documentToken: 't' });
    await ready()(42, { timeoutMs: 5_000 });
    expect(page.ping).toHaveBeenCalledTimes(1);
    expect(timers.monotonic()).toBe(0);
  });

  it('fails with a timeout that names the tab when the page never comes up', async () => {
    commit(42, URL_A);
    const state = probe(ready()(42, { timeoutMs: 3_000 }));
    await flush();
    await timers.advance(3_000);
    expect(state.error).toMatchObject({ name: 'RelayError', code: 'timeout' });
    expect(String(state.error)).toContain('tab 42');
    expect(bus.size).toBe(1); // only the tracker's own subscription is left
    expect(timers.pending).toBe(0);
  });

  it('ends the wait when the extension may not run on the page’s site (yet): no script will come', async () => {
    commit(42, URL_A);
    page.ping.mockRejectedValue(new TabError('not_allowed', 'Steadyhand does not run on this site yet.'));
    const state = probe(ready()(42, { timeoutMs: 10_000 }));
    await flush();
    await timers.advance(750);
    await flush();
    expect(state.error).toMatchObject({ code: 'not_allowed' });
    expect(timers.monotonic()).toBeLessThan(10_000);
  });

  it('stops at once when aborted', async () => {
    commit(42, URL_A);
    const stop = new AbortController();
    const state = probe(ready()(42, { timeoutMs: 5_000, signal: stop.signal }));
    await flush();
    stop.abort();
    await flush();
    expect(state.error).toMatchObject({ code: 'aborted' });
    expect(bus.size).toBe(1);
  });

  it('fails with tab_gone when the tab closes while it waits, and for a tab that does not exist', async () => {
    commit(42, URL_A);
    const state = probe(ready()(42, { timeoutMs: 5_000 }));
    await flush();
    bus.emit({ type: 'removed', tabId: 42, windowId: 1, isWindowClosing: false });
    await flush();
    expect(state.error).toMatchObject({ name: 'TabError', code: 'tab_gone' });
    await expect(ready()(9, { timeoutMs: 5_000 })).rejects.toMatchObject({ code: 'tab_gone' });
  });

  it('fails with restricted at once on a page no extension may script', async () => {
    commit(42, 'chrome://version/');
    await expect(ready()(42, { timeoutMs: 5_000 })).rejects.toMatchObject({ code: 'restricted' });
    expect(timers.monotonic()).toBe(0);
  });

  it('waits for the next document when the page replaces itself during the quiet window', async () => {
    commit(42, 'https://docs.example.com/meta-refresh');
    announce(42, 'https://docs.example.com/meta-refresh', 't1');
    page.waitForQuiet.mockImplementationOnce(async () => {
      commit(42, URL_A); // the refresh fires while we wait for quiet; the old document's call fails
      throw new RelayError('relay_lost', 'unloaded');
    });
    const state = probe(ready()(42, { timeoutMs: 5_000 }));
    await flush();
    expect(state.done).toBe(false);
    announce(42, URL_A, 't2');
    await flush();
    expect(state).toEqual({ done: true });
    expect(page.waitForQuiet).toHaveBeenCalledTimes(2);
  });

  it('does not take the document a tab is leaving for the one it is loading', async () => {
    commit(42, 'https://docs.example.com/old');
    announce(42, 'https://docs.example.com/old', 'old');
    tabs.set(42, { url: 'https://docs.example.com/old', pendingUrl: URL_A, status: 'loading' });
    page.ping.mockResolvedValue({ pong: true, protocol: 1, build: 'x', documentToken: 'old' });
    const state = probe(ready()(42, { timeoutMs: 5_000 }));
    await flush();
    await timers.advance(1_500); // the ping fallback reaches the old document: it must not count
    expect(state.done).toBe(false);
    commit(42, URL_A);
    announce(42, URL_A, 'new');
    await flush();
    expect(state).toEqual({ done: true });
  });

  it('waits for the next document when the old one goes away before its successor commits', async () => {
    commit(42, 'https://docs.example.com/meta-refresh');
    announce(42, 'https://docs.example.com/meta-refresh', 't1');
    page.waitForQuiet.mockImplementationOnce(async () => {
      // The old document unloads; the panel hears of the new commit only later.
      tabs.set(42, { url: 'https://docs.example.com/meta-refresh', pendingUrl: URL_A, status: 'loading' });
      throw new RelayError('internal', 'The message channel closed before a response was received');
    });
    const state = probe(ready()(42, { timeoutMs: 5_000 }));
    await flush();
    expect(state.done).toBe(false);
    commit(42, URL_A);
    announce(42, URL_A, 't2');
    await flush();
    expect(state).toEqual({ done: true });
  });

  it('fails with restricted at once when the tab is on its way to a restricted page', async () => {
    tabs.set(42, { url: '', pendingUrl: 'chrome://settings/', status: 'loading' });
    await expect(ready()(42, { timeoutMs: 5_000 })).rejects.toMatchObject({ code: 'restricted' });
  });

  it('passes on a failure of the quiet wait when the document did not change', async () => {
    commit(42, URL_A);
    announce(42, URL_A, 't');
    page.waitForQuiet.mockRejectedValueOnce(new RelayError('unknown_method', 'No such method: waitForQuiet.'));
    await expect(ready()(42, { timeoutMs: 5_000 })).rejects.toMatchObject({ code: 'unknown_method' });
  });
});
