// The loop never looks at, nor acts on, the page being left: after an action that navigated it waits for that
// navigation before the next look (Chrome may show a form submission in flight as a `complete` tab without a
// `pendingUrl`), tells the model when it never comes, and treats an action refused because its page was already
// being replaced the same way.

import { describe, expect, it } from 'vitest';
import { NAVIGATION_TIMEOUT_MS } from '../../../src/panel/agent/observe/tab-check';
import { NAVIGATION_DID_NOT_HAPPEN } from '../../../src/panel/agent/run/look';
import { PageError } from '../../../src/shared/errors';
import type { Site } from './fakes/browser';
import { setupAgent } from './fakes/harness';
import { call, lastUserText, toolResults } from './fakes/scripted-model';

const FORM = 'https://shop.test/checkout';
const THANKS = 'https://shop.test/thanks';
const giveUp = call('done', { success: false, answer: 'Stopping.' });

/** A checkout whose "Place order" starts a navigation Chrome shows as nothing in flight until it commits. */
function checkout(afterMs: number | 'never', hideInFlight: (tabId: number) => void): Site {
  return {
    [FORM]: () => ({
      title: 'Checkout',
      text: 'Review your order.',
      elements: [{ ref: 1, role: 'button', name: 'Place order' }],
      act(_action, ctx) {
        ctx.navigate(THANKS, afterMs);
        hideInFlight(ctx.tabId);
        return { ok: true, verified: true, effects: ['navigation'] };
      },
    }),
    [THANKS]: () => ({ title: 'Thanks', text: 'Thank you for your order.' }),
  };
}

describe('a navigation in flight after an action', () => {
  it('is waited for before the next look, so the old page is never seen again', async () => {
    let hide: (tabId: number) => void = () => {};
    const h = setupAgent({ site: checkout(800, (tabId) => hide(tabId)), turns: [call('click', { ref: 1 }), giveUp] });
    hide = (tabId) => {
      const tab = h.browser.tab(tabId);
      tab.pendingUrl = undefined;
      tab.status = 'complete';
    };
    await h.controller.execute('Place the order');
    expect(h.navigation.navigationWaits).toEqual([h.tabId]);
    expect(lastUserText(h.model.requests[1])).toContain('Thank you for your order.');
    expect(lastUserText(h.model.requests[1])).not.toContain('Review your order.');
  });

  it('tells the model when the navigation never comes, after the capped wait', async () => {
    let hide: (tabId: number) => void = () => {};
    const h = setupAgent({
      site: checkout('never', (tabId) => hide(tabId)),
      turns: [call('click', { ref: 1 }), giveUp],
    });
    hide = (tabId) => {
      const tab = h.browser.tab(tabId);
      tab.pending = null;
      tab.pendingUrl = undefined;
      tab.status = 'complete';
    };
    const start = h.clock.now();
    await h.controller.execute('Place the order');
    expect(h.clock.now() - start).toBeGreaterThanOrEqual(NAVIGATION_TIMEOUT_MS);
    expect(lastUserText(h.model.requests[1])).toContain(NAVIGATION_DID_NOT_HAPPEN);
  });

  it('waits the same way after an action refused because the page was already being replaced', async () => {
    const site: Site = {
      [FORM]: () => ({
        title: 'Checkout',
        elements: [{ ref: 1, role: 'button', name: 'Place order' }],
        act: () => {
          throw new PageError('page_changing', 'The page is being replaced: a navigation away from it started.');
        },
      }),
    };
    const h = setupAgent({ site, turns: [call('click', { ref: 1 }), giveUp] });
    await h.controller.execute('Place the order');
    expect(toolResults(h.model.requests[1])[0]).toMatchObject({ isError: true });
    expect(toolResults(h.model.requests[1])[0]?.text).toContain('click was not run: the page was being left');
    expect(h.navigation.navigationWaits).toEqual([h.tabId]);
  });

  it('does not wait after an action that changed nothing but the page', async () => {
    const h = setupAgent({
      site: { [FORM]: () => ({ title: 'Checkout', elements: [{ ref: 1, role: 'button', name: 'Place order' }] }) },
      turns: [call('click', { ref: 1 }), giveUp],
    });
    await h.controller.execute('Place the order');
    expect(h.navigation.navigationWaits).toEqual([]);
  });
});
