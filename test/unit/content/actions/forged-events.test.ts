// @vitest-environment jsdom
// What an action reports comes from events the browser made (issue 24): a page can dispatch `beforeunload`,
// `pagehide`, `popstate`, `hashchange` or `visibilitychange` itself, and none of those may make an action that did
// nothing report a navigation or a new tab, or end its settle wait early.

import { afterEach, describe, expect, it } from 'vitest';
import { EffectWatch } from '../../../../src/content/actions/effects/effects';

/** An event as a page script makes it: `new Event(type)`, isTrusted false, whatever else it likes. */
function pageEvent(type: string): Event {
  return new Event(type);
}

function watch(): EffectWatch {
  const button = document.createElement('button');
  document.body.append(button);
  return new EffectWatch(document, button);
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('EffectWatch and events the page dispatched itself', () => {
  it('reports no navigation for a forged beforeunload, pagehide, popstate or hashchange', () => {
    for (const type of ['beforeunload', 'pagehide', 'popstate', 'hashchange']) {
      const forged = watch();
      expect(pageEvent(type).isTrusted).toBe(false);
      window.dispatchEvent(pageEvent(type));
      expect(forged.effects(), type).not.toContain('navigation');
      forged.dispose();
    }
  });

  it('still reports the navigation the browser announces (a fragment change: a trusted hashchange)', async () => {
    const real = watch();
    const heard = new Promise<boolean>((resolve) => {
      window.addEventListener('hashchange', (event) => resolve(event.isTrusted), { once: true });
    });
    window.location.hash = `#moved-${Date.now()}`;
    expect(await heard).toBe(true);
    expect(real.effects()).toContain('navigation');
    real.dispose();
  });

  it('ends no settle wait for a forged beforeunload', async () => {
    const forged = watch();
    window.dispatchEvent(pageEvent('beforeunload'));
    let settled = false;
    const waiting = forged.settle({ quietMs: 0, maxMs: 150, untilFirst: true }).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A cross-document navigation would have ended it at once; a forged one is nothing, so it waits its cap.
    expect(settled).toBe(false);
    await waiting;
    forged.dispose();
  });

  it('reports no new tab for a forged visibilitychange', () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      const forged = watch();
      document.dispatchEvent(pageEvent('visibilitychange'));
      expect(forged.effects()).not.toContain('new_window');
      forged.dispose();
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });
});
