// Fair counting in real Chromium (docs/contracts.md P-TURN): the person reloads the agent's slow tab twice at the
// shop's order step, each time while the model thinks, so each of the agent's "Place order" clicks reaches a page being
// left and is refused without running (src/content/departure.ts). Those refusals are nobody's failure: no repair is
// spent, they are no repeat, and the task places exactly one order and succeeds. The same holds for a call whose page
// the person leaves while it runs: Chrome closes its message channel (src/background/relay.ts), and that is
// `relay_lost`, not an internal error.

import type { MessageParam } from '../../src/panel/agent/model/agent-model';
import { demoMove } from '../../src/panel/demo/demo-model';
import { demoInstruction } from '../../src/panel/demo/demo-task';
import { playShop } from '../support/shop-model';
import { type SlowShop, startSlowShop } from '../support/slow-shop';
import {
  act,
  describe,
  expect,
  giveUp,
  inOrder,
  it,
  openTab,
  play,
  runTask,
  startTask,
  taskResult,
  useKit,
  waitForAgentEvent,
} from './kit';

// The shop task ends with an order: the person allows it each time it is asked (decision 0026).
useKit({ consent: 'once' });

/** Pages this slow keep the person's reload in flight while the model's answer arrives. */
const SLOW_MS = 1_000;
const RELOADS = 2;

describe('the person reloads the agent’s tab during a checkout', () => {
  it('the person reloading the agent’s slow tab twice during a checkout still ends with exactly one order, succeeded, no repair spent', async ({
    browser,
    model,
  }) => {
    const shop: SlowShop = await startSlowShop();
    try {
      const { page } = await openTab(browser, shop.url('/index.html'));
      await page.bringToFront();
      const cdp = await browser.context.newCDPSession(page);
      let reloads = 0;
      play(model, async (seen) => {
        const messages = (seen.request.view?.messages ?? seen.request.body?.messages ?? []) as MessageParam[];
        const move = demoMove(messages);
        if (reloads < RELOADS && move.tool === 'click' && /placing the order/.test(move.say)) {
          // The person reloads while the model is still thinking; the model answers once the reload is in flight.
          reloads++;
          shop.slowFrom(SLOW_MS);
          const requested = shop.nextPageRequest();
          void cdp.send('Page.reload', {}).catch(() => {});
          await requested;
        }
        return playShop(seen.request, seen.index);
      });

      const { result, events } = await runTask(browser.panel, demoInstruction(shop.origin));

      const calls = events.flatMap((e) => (e.type === 'tool_result' ? [`${e.step} ${e.name}: ${e.summary}`] : []));
      const explained = `${result.summary}\n${calls.join('\n')}`;
      expect(reloads, explained).toBe(RELOADS);
      expect(result.status, explained).toBe('succeeded');
      expect(shop.orders()).toHaveLength(1);
      expect(result.metrics.repairs, explained).toBe(0);
      expect(events.filter((e) => e.type === 'repair')).toEqual([]);
      // Both reloads were met: two Place order clicks were refused by the page being left, then one ran.
      const interrupted = events.filter((e) => e.type === 'tool_result' && /interrupted/.test(e.summary));
      expect(interrupted, explained).toHaveLength(RELOADS);
      await cdp.detach().catch(() => {});
      await page.close();
    } finally {
      await shop.close();
    }
  }, 120_000);
});

describe('the person leaves the agent’s page while a call runs on it', () => {
  it('answers the call relay_lost (the channel closed), costs no repair, and the next observation shows the new page', async ({
    browser,
    site,
    model,
  }) => {
    const { page } = await openTab(browser, site.url('/index.html'));
    await page.bringToFront();
    play(model, inOrder([act('wait_for', { text: 'Never on this page', timeoutMs: 8_000 }), giveUp('Nothing came.')]));

    await startTask(browser.panel, 'Wait for the message');
    await waitForAgentEvent(browser.panel, { type: 'tool_call', name: 'wait_for' });
    await page.goto(site.url('/page2.html'));
    const { result, events } = await taskResult(browser.panel);

    const waited = events.find((e) => e.type === 'tool_result' && e.name === 'wait_for');
    expect(waited).toMatchObject({
      isError: true,
      summary: expect.stringMatching(/^interrupted by a page change \(relay_lost\): The page in tab \d+ was left/),
    });
    expect(events.filter((e) => e.type === 'repair')).toEqual([]);
    expect(result.metrics.repairs).toBe(0);
    const next = events.find((e) => e.type === 'step_started' && e.step === 2);
    expect(next).toMatchObject({ url: site.url('/page2.html') });
    await page.close();
  }, 60_000);
});
