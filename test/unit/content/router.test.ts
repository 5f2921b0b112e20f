import { chrome } from 'jest-chrome';
import { beforeAll, describe, expect, it } from 'vitest';
import { CallMemory, handleRpc, REMEMBERED_CALLS } from '../../../src/content/router';
import type { PageApi } from '../../../src/shared/protocol';

const ID = 'extensionidextensionidextensionid';
const ours = { id: ID } as chrome.runtime.MessageSender;

const controller = {
  ping: () => ({ pong: true, protocol: 1, build: 'test', documentToken: 'd' }),
  getPageInfo: () => ({ url: 'https://a.test/', title: 'A', readyState: 'complete' }),
} as unknown as PageApi;

function call(message: unknown, sender = ours) {
  return new Promise<{ handled: boolean; reply?: unknown }>((resolve) => {
    let replied: { reply: unknown } | undefined;
    let handled = false;
    // sendResponse may run synchronously (inside handleRpc) or later; resolve once both are known.
    handled = handleRpc(controller, message, sender, (reply) => {
      replied = { reply };
      queueMicrotask(() => resolve({ handled, reply }));
    });
    if (!handled) setTimeout(() => resolve(replied ? { handled, reply: replied.reply } : { handled }), 10);
  });
}

beforeAll(() => {
  Object.assign(chrome.runtime, { id: ID });
});

describe('content router', () => {
  it('serves a PageApi call from our extension as an envelope', async () => {
    const { handled, reply } = await call({ kind: 'cs:rpc', v: 1, method: 'getPageInfo', args: [] });
    expect(handled).toBe(true);
    expect(reply).toEqual({ ok: true, value: { url: 'https://a.test/', title: 'A', readyState: 'complete' } });
  });

  it('answers a call from another protocol version with version_mismatch', async () => {
    const { reply } = await call({ kind: 'cs:rpc', v: 99, method: 'ping', args: [] });
    expect(reply).toMatchObject({ ok: false, error: { code: 'version_mismatch', name: 'RelayError' } });
  });

  it('ignores messages from other extensions and messages it does not serve', async () => {
    expect(await call({ kind: 'cs:rpc', v: 1, method: 'ping', args: [] }, { id: 'other' })).toEqual({
      handled: false,
    });
    expect(await call({ kind: 'tab:event', v: 1, event: {} })).toEqual({ handled: false });
    expect(await call('hello')).toEqual({ handled: false });
  });

  it('refuses methods that are not part of PageApi', async () => {
    const { reply } = await call({ kind: 'cs:rpc', v: 1, method: 'constructor', args: [] });
    expect(reply).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });
});

describe('content router: each action at most once (decision 0011)', () => {
  /** A page whose click counts how often it really ran, and finishes when the test says so. */
  function countingPage() {
    const page = { clicks: 0, reads: 0, finish: () => {} };
    const api = {
      click: () =>
        new Promise((resolve) => {
          page.clicks += 1;
          page.finish = () => resolve({ ok: true, verified: true, effects: ['dom_change'], n: page.clicks });
        }),
      getPageInfo: () => {
        page.reads += 1;
        return { url: 'https://a.test/', title: 'A', readyState: 'complete', n: page.reads };
      },
    } as unknown as PageApi;
    return { page, api };
  }

  function deliver(api: PageApi, memory: CallMemory | undefined, message: Record<string, unknown>) {
    return new Promise<unknown>((resolve) => {
      handleRpc(api, { kind: 'cs:rpc', v: 1, args: [{}], ...message }, ours, resolve, memory);
    });
  }

  const tag = (attempt: number, issuedAt = 2_000, id = 's-1') => ({ id, attempt, issuedAt });

  it('answers a re-sent action with the reply of its first run, even while that run is still going', async () => {
    const { page, api } = countingPage();
    const memory = new CallMemory(() => 1_000);
    const first = deliver(api, memory, { method: 'click', call: tag(1) });
    const again = deliver(api, memory, { method: 'click', call: tag(2) });
    page.finish();
    const expected = { ok: true, value: { ok: true, verified: true, effects: ['dom_change'], n: 1 } };
    expect(await first).toEqual(expected);
    expect(await again).toEqual(expected);
    expect(await deliver(api, memory, { method: 'click', call: tag(2) })).toEqual(expected);
    expect(page.clicks).toBe(1);
  });

  it('runs a new call of the same action again', async () => {
    const { page, api } = countingPage();
    const memory = new CallMemory(() => 1_000);
    const first = deliver(api, memory, { method: 'click', call: tag(1, 2_000, 's-1') });
    page.finish();
    await first;
    const second = deliver(api, memory, { method: 'click', call: tag(1, 2_000, 's-2') });
    page.finish();
    expect(await second).toMatchObject({ value: { n: 2 } });
    expect(page.clicks).toBe(2);
  });

  it('runs a repeated read again instead of remembering it', async () => {
    const { page, api } = countingPage();
    const memory = new CallMemory(() => 1_000);
    await deliver(api, memory, { method: 'getPageInfo', args: [], call: tag(1) });
    expect(await deliver(api, memory, { method: 'getPageInfo', args: [], call: tag(2) })).toMatchObject({
      value: { n: 2 },
    });
    expect(page.reads).toBe(2);
  });

  it('runs a second attempt it never saw when the document was there before the call: the first never arrived', async () => {
    const { page, api } = countingPage();
    const memory = new CallMemory(() => 1_000);
    const reply = deliver(api, memory, { method: 'click', call: tag(2, 2_000) });
    page.finish();
    expect(await reply).toMatchObject({ ok: true, value: { n: 1 } });
    expect(page.clicks).toBe(1);
  });

  it('does not run a second attempt in a document that came after the call, and keeps that answer', async () => {
    const { page, api } = countingPage();
    const memory = new CallMemory(() => 3_000); // this document booted after the call was made at 2000
    const reply = await deliver(api, memory, { method: 'click', call: tag(2, 2_000) });
    expect(reply).toMatchObject({ ok: false, error: { name: 'RelayError', code: 'relay_lost' } });
    expect((reply as { error: { message: string } }).error.message).toMatch(/page changed while click/);
    // A first send delivered late must not run it either: the panel was told its fate is unknown.
    expect(await deliver(api, memory, { method: 'click', call: tag(1, 2_000) })).toEqual(reply);
    expect(page.clicks).toBe(0);
  });

  it('counts a page restored from the back/forward cache as a new document for calls made before', async () => {
    const { page, api } = countingPage();
    let now = 1_000;
    const memory = new CallMemory(() => now);
    now = 3_000;
    memory.activated();
    expect(await deliver(api, memory, { method: 'click', call: tag(2, 2_000) })).toMatchObject({
      error: { code: 'relay_lost' },
    });
    expect(page.clicks).toBe(0);
  });

  it(`remembers the last ${REMEMBERED_CALLS} actions only`, async () => {
    const { page, api } = countingPage();
    const memory = new CallMemory(() => 1_000);
    for (let i = 0; i <= REMEMBERED_CALLS; i++) {
      const reply = deliver(api, memory, { method: 'click', call: tag(1, 2_000, `s-${i}`) });
      page.finish();
      await reply;
    }
    const forgotten = deliver(api, memory, { method: 'click', call: tag(2, 2_000, 's-0') });
    page.finish();
    await forgotten;
    const kept = await deliver(api, memory, { method: 'click', call: tag(2, 2_000, `s-${REMEMBERED_CALLS}`) });
    expect(kept).toMatchObject({ value: { n: REMEMBERED_CALLS + 1 } });
    expect(page.clicks).toBe(REMEMBERED_CALLS + 2);
  });

  it('runs every delivery of a call without a well-formed tag, as before', async () => {
    const { page, api } = countingPage();
    const memory = new CallMemory(() => 1_000);
    for (const call of [undefined, { id: '', attempt: 1, issuedAt: 1 }, { id: 'x', attempt: 0, issuedAt: 1 }]) {
      for (let i = 0; i < 2; i++) {
        const reply = deliver(api, memory, call ? { method: 'click', call } : { method: 'click' });
        page.finish();
        await reply;
      }
    }
    expect(page.clicks).toBe(6);
  });
});
