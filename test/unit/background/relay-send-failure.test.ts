// How the relay names a failed tabs.sendMessage: the back/forward cache's closed channel (the page was left with the
// call in flight) is `relay_lost`, never `internal` (docs/contracts.md P-TURN).

import { chrome } from 'jest-chrome';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeSendFailure, forwardRpc } from '../../../src/background/relay';
import { PROTOCOL_VERSION, type RpcCallMessage } from '../../../src/shared/protocol';

/** Chrome's own words (extensions messaging), as a rejected tabs.sendMessage carries them. */
const BFCACHE_TEXT =
  'The page keeping the extension port is moved into back/forward cache, so the message channel is closed.';

/** What Chromium says when the person navigates the tab while a call runs (test/e2e/proof-turns.e2e.ts). */
const CLOSED_TEXT =
  'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received';

beforeEach(() => {
  chrome.tabs.sendMessage.mockReset();
});

describe('describeSendFailure', () => {
  it("reports Chrome's back/forward cache channel-closed error as relay_lost, not internal", () => {
    for (const text of [BFCACHE_TEXT, CLOSED_TEXT]) {
      const error = describeSendFailure(7, new Error(text), 0);
      expect(error.code).toBe('relay_lost');
      expect(error.message).toBe(
        'The page in tab 7 was left (unloaded or kept in the back/forward cache) before it answered.',
      );
    }
  });

  it('answers a click whose page went into the back/forward cache with relay_lost', async () => {
    chrome.tabs.sendMessage.mockRejectedValue(new Error(BFCACHE_TEXT));
    const call: RpcCallMessage = {
      kind: 'rpc:call',
      v: PROTOCOL_VERSION,
      id: 1,
      tabId: 7,
      method: 'click',
      args: [{ ref: 3, snapshotId: 's1' }],
      call: { id: 'p-1', attempt: 1, issuedAt: 1 },
    };
    const reply = await forwardRpc(call);
    expect(reply).toMatchObject({ ok: false, error: { code: 'relay_lost' } });
  });

  it('keeps an unknown failure internal', () => {
    expect(describeSendFailure(7, new Error('Something else broke'), 0).code).toBe('internal');
  });
});
