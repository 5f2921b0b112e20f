import { chrome } from 'jest-chrome';
import { beforeAll, describe, expect, it } from 'vitest';
import { handleRpc } from '../../../src/content/router';
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
