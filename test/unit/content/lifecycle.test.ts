// The lifecycle events the content script tells the panel about count only when the browser made them (decision 0025):
// a forged `pageshow` with `persisted: true` would announce a new document (the mask and the ready wait start over)
// and drop the call memory that keeps a re-sent action from running twice (decision 0011); a forged
// `prerenderingchange` would do the second.

import { describe, expect, it } from 'vitest';
import { onPrerenderActivated, onRestoredFromCache } from '../../../src/content/lifecycle';

/**
 * An event as the browser makes it. In a browser `isTrusted` is an own unforgeable property, so no page script can
 * do this (https://dom.spec.whatwg.org/#dom-event-istrusted); Node keeps it on the prototype, so a test can stand in
 * for the browser.
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

describe('onRestoredFromCache', () => {
  it('hears only the browser’s pageshow for a restored document', () => {
    const win = new EventTarget() as unknown as Window;
    const scope = new AbortController();
    let restored = 0;
    onRestoredFromCache(win, () => restored++, scope.signal);
    win.dispatchEvent(pageEvent('pageshow', { persisted: true }));
    expect(restored).toBe(0);
    win.dispatchEvent(browserEvent('pageshow', { persisted: false }));
    expect(restored).toBe(0);
    win.dispatchEvent(browserEvent('pageshow', { persisted: true }));
    expect(restored).toBe(1);
    scope.abort();
    win.dispatchEvent(browserEvent('pageshow', { persisted: true }));
    expect(restored).toBe(1);
  });
});

describe('onPrerenderActivated', () => {
  it('hears only the browser’s prerenderingchange, once', () => {
    const doc = new EventTarget() as unknown as Document;
    let activated = 0;
    onPrerenderActivated(doc, () => activated++);
    doc.dispatchEvent(pageEvent('prerenderingchange'));
    expect(activated).toBe(0);
    doc.dispatchEvent(browserEvent('prerenderingchange'));
    doc.dispatchEvent(browserEvent('prerenderingchange'));
    expect(activated).toBe(1);
  });
});
