import { describe, expect, it, vi } from 'vitest';
import { createRemotePage, type Relay, type TabAccess } from '../../../src/panel/page/remote-page';
import { RelayError } from '../../../src/shared/errors';
import type { Reply } from '../../../src/shared/protocol';

const OWN = 'chrome-extension://ownid';

function relayAnswering(...replies: Reply<unknown>[]): Relay & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    call: vi.fn(async (...args: unknown[]) => {
      calls.push(args);
      const next = replies.shift();
      if (!next) throw new Error('no scripted reply');
      return next;
    }),
  };
}

const fail = (code: 'no_receiver' | 'version_mismatch' | 'stale_ref'): Reply<unknown> => ({
  ok: false,
  error: new RelayError(code, code).toWire(),
});

function tabs(url: string | null): TabAccess & { injected: number[] } {
  const injected: number[] = [];
  return {
    ownOrigin: OWN,
    injected,
    getTab: async () => (url === null ? null : { url, status: 'complete' }),
    injectContentScript: async (tabId) => {
      injected.push(tabId);
    },
  };
}

describe('RemotePage', () => {
  it('passes arguments and call options separately to the relay', async () => {
    const relay = relayAnswering({ ok: true, value: { pong: true } });
    const page = createRemotePage(5, relay, tabs('https://a.test/'));
    const signal = new AbortController().signal;
    await page.ping(undefined, { timeoutMs: 123, signal });
    expect(relay.calls[0]).toEqual([5, 'ping', [], { timeoutMs: 123, signal }]);
  });

  it('injects the content script and retries when nothing answers', async () => {
    const relay = relayAnswering(fail('no_receiver'), { ok: true, value: { title: 'T' } });
    const access = tabs('https://a.test/');
    const page = createRemotePage(5, relay, access);
    await expect(page.getPageInfo()).resolves.toEqual({ title: 'T' });
    expect(access.injected).toEqual([5]);
  });

  it('re-injects when an older build answers with version_mismatch', async () => {
    const relay = relayAnswering(fail('version_mismatch'), { ok: true, value: 'ok' });
    const access = tabs('https://a.test/');
    await expect(createRemotePage(5, relay, access).ping()).resolves.toBe('ok');
    expect(access.injected).toEqual([5]);
  });

  it('fails at once with `restricted` on a browser page, without injecting', async () => {
    const relay = relayAnswering(fail('no_receiver'));
    const access = tabs('chrome://settings/');
    await expect(createRemotePage(5, relay, access).ping()).rejects.toMatchObject({
      name: 'TabError',
      code: 'restricted',
    });
    expect(access.injected).toEqual([]);
  });

  it('fails with `tab_gone` when the tab is closed', async () => {
    const relay = relayAnswering(fail('no_receiver'));
    await expect(createRemotePage(5, relay, tabs(null)).ping()).rejects.toMatchObject({ code: 'tab_gone' });
  });

  it('passes other errors through untouched', async () => {
    const relay = relayAnswering(fail('stale_ref'));
    const access = tabs('https://a.test/');
    await expect(createRemotePage(5, relay, access).ping()).rejects.toMatchObject({ code: 'stale_ref' });
    expect(access.injected).toEqual([]);
  });
});
