// A document being left refuses actions: from the start of a navigation away (beforeunload, which Chrome fires at
// the start of the person's reload too) until it is gone, or the navigation is known to have failed, or a hold runs
// out for one that was cancelled without a word. Reads still answer.

import { chrome } from 'jest-chrome';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEPARTURE_HOLD_MS, Departure } from '../../../src/content/departure';
import { handleRpc } from '../../../src/content/router';
import type { PageApi } from '../../../src/shared/protocol';

const ID = 'extensionidextensionidextensionid';

function fakeWindow() {
  const win = new EventTarget() as EventTarget & { navigation: EventTarget };
  win.navigation = new EventTarget();
  let now = 0;
  const departure = new Departure(win as unknown as Window, () => now);
  return {
    departure,
    advance: (ms: number) => {
      now += ms;
    },
    fire: (type: string, extra: Record<string, unknown> = {}) =>
      win.dispatchEvent(Object.assign(new Event(type), extra)),
    fireNavigation: (type: string) => win.navigation.dispatchEvent(new Event(type)),
  };
}

beforeAll(() => {
  Object.assign(chrome.runtime, { id: ID });
});

describe('Departure', () => {
  it('is leaving from beforeunload on, and says for how long', () => {
    const w = fakeWindow();
    expect(w.departure.leavingForMs()).toBeNull();
    w.fire('beforeunload');
    w.advance(1_200);
    expect(w.departure.leavingForMs()).toBe(1_200);
  });

  it('stays when the navigation failed, the page came back from the cache, or the hold ran out', () => {
    const w = fakeWindow();
    w.fire('beforeunload');
    w.fireNavigation('navigateerror');
    expect(w.departure.leavingForMs()).toBeNull();
    w.fire('beforeunload');
    w.fire('pageshow', { persisted: true });
    expect(w.departure.leavingForMs()).toBeNull();
    w.fire('beforeunload');
    w.advance(DEPARTURE_HOLD_MS + 1);
    expect(w.departure.leavingForMs()).toBeNull();
  });
});

describe('the router while the document is being left', () => {
  it('refuses an action without running it, and still answers reads', async () => {
    let clicks = 0;
    const controller = {
      click: async () => {
        clicks++;
        return { ok: true, verified: true, effects: [] };
      },
      getPageInfo: () => ({ url: 'https://a.test/', title: 'A', readyState: 'complete' }),
    } as unknown as PageApi;
    const leaving = { leavingForMs: () => 800 };
    const send = (method: string, args: unknown[]) =>
      new Promise<unknown>((resolve) => {
        handleRpc(controller, { kind: 'cs:rpc', v: 1, method, args }, { id: ID }, resolve, undefined, leaving);
      });
    expect(await send('click', [{ ref: 3, snapshotId: 's' }])).toMatchObject({
      ok: false,
      error: { code: 'page_changing', message: expect.stringMatching(/^The page is being replaced: .* 800 ms ago/) },
    });
    expect(clicks).toBe(0);
    expect(await send('getPageInfo', [])).toMatchObject({ ok: true });
  });
});
