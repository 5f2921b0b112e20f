// A document being left refuses actions: from the start of a navigation away (beforeunload, which Chrome fires at
// the start of the person's reload too) until it is gone, or the navigation is known to have failed, or a hold runs
// out for one that was cancelled without a word. Reads still answer. Only events the browser made count: a page's own
// `new Event('beforeunload')` changes nothing.

import { chrome } from 'jest-chrome';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEPARTURE_HOLD_MS, Departure } from '../../../src/content/departure';
import { handleRpc } from '../../../src/content/router';
import type { PageApi } from '../../../src/shared/protocol';

const ID = 'extensionidextensionidextensionid';

/**
 * An event as the browser makes it. `new Event()` is never trusted; in a browser `isTrusted` is an own unforgeable
 * property, so no page script can do this (https://dom.spec.whatwg.org/#dom-event-istrusted). Node keeps it on the
 * prototype, so a test can stand in for the browser.
 */
function browserEvent(type: string, extra: Record<string, unknown> = {}): Event {
  return Object.defineProperties(new Event(type), {
    isTrusted: { value: true },
    ...Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, { value }])),
  });
}

/** An event as a page script makes it: `new Event(type)` and whatever fields it likes, isTrusted false. */
function pageEvent(type: string, extra: Record<string, unknown> = {}): Event {
  return Object.assign(new Event(type), extra);
}

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
    fire: (type: string, extra: Record<string, unknown> = {}) => win.dispatchEvent(browserEvent(type, extra)),
    forge: (type: string, extra: Record<string, unknown> = {}) => win.dispatchEvent(pageEvent(type, extra)),
    fireNavigation: (type: string) => win.navigation.dispatchEvent(browserEvent(type)),
    forgeNavigation: (type: string) => win.navigation.dispatchEvent(pageEvent(type)),
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

  it('ignores a beforeunload the page dispatched itself', () => {
    const w = fakeWindow();
    expect(pageEvent('beforeunload').isTrusted).toBe(false);
    w.forge('beforeunload');
    expect(w.departure.leavingForMs()).toBeNull();
    // The same event made by the browser counts: the only difference is isTrusted.
    w.fire('beforeunload');
    expect(w.departure.leavingForMs()).toBe(0);
  });

  it('keeps leaving when the page forges the events that would end the hold', () => {
    const w = fakeWindow();
    w.fire('beforeunload');
    w.forge('pageshow', { persisted: true });
    w.forgeNavigation('navigateerror');
    w.advance(300);
    expect(w.departure.leavingForMs()).toBe(300);
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
