// Evidence that proves, in Chromium on the demo shop (decision 0024): a model that quotes one letter, a
// button's name, the host, "/", text it typed itself, a URL it opened itself, or an order that was on the page before
// the task began never ends "Succeeded · Verified"; a real order and a real answer read from the page still do.

import type { Page } from 'playwright-core';
import { demoInstruction } from '../../src/panel/demo/demo-task';
import { playShop } from '../support/shop-model';
import { type SlowShop, startSlowShop } from '../support/slow-shop';
import { act, control, describe, expect, it, openFrontTab, play, runTask, type Seen, type Turn, useKit } from './kit';

// The shop task ends with an order: the person allows it each time it is asked (decision 0026).
useKit({ consent: 'once' });

const ORDER = /FF-\d{6}/;
const giveUp = act('done', { success: false, answer: 'I could not prove it.' });
/** After a rejected done, the policy gives up: one rejection per case is what the test looks at. */
const once = (turn: (seen: Seen) => Turn) => (seen: Seen) =>
  seen.previousTools.includes('done') ? giveUp : turn(seen);

function rejectionsOf(events: { type: string; reason?: string }[]): string[] {
  return events.flatMap((event) => (event.type === 'done_rejected' && event.reason ? [event.reason] : []));
}

async function withShop(run: (shop: SlowShop) => Promise<void>): Promise<void> {
  const shop = await startSlowShop();
  try {
    await run(shop);
  } finally {
    await shop.close();
  }
}

describe('evidence that proves, in Chromium', () => {
  it('trivial evidence on the checkout page never verifies a success', async ({ browser, model }) => {
    await withShop(async (shop) => {
      const { page } = await openFrontTab(browser, shop.url('/checkout.html'));
      const cases: [string, Record<string, unknown>, string][] = [
        ['one letter', { quotes: ['e'] }, 'too short'],
        ['a button’s name', { quotes: ['Place order'] }, 'already on the page before'],
        ['the host', { urlContains: new URL(shop.origin).host }, 'already on the page before'],
        ['"/"', { urlContains: '/' }, 'too short'],
      ];
      for (const [name, evidence, why] of cases) {
        play(
          model,
          once(() => act('done', { success: true, answer: 'The order is placed.', evidence })),
        );
        const { result, events } = await runTask(browser.panel, 'Place the order');
        expect(result.verified, name).toBe(false);
        expect(result.status, name).toBe('failed');
        expect(rejectionsOf(events)[0], name).toContain(why);
      }
      expect(shop.orders()).toEqual([]);
      await page.close();
    });
  });

  it('text the task typed itself, or a URL it opened itself, is never verified', async ({ browser, model }) => {
    await withShop(async (shop) => {
      const { page } = await openFrontTab(browser, shop.url('/checkout.html'));
      play(model, (seen) => {
        const name = control(seen, 'textbox', /full name/i);
        if (!name.value) return act('type', { ref: name.ref, text: 'Order 4711 confirmed' });
        return act('done', {
          success: true,
          answer: 'Order 4711 is confirmed.',
          evidence: { quotes: ['Order 4711 confirmed'] },
        });
      });
      const typed = await runTask(browser.panel, 'Place the order');
      expect(typed.result).toMatchObject({ status: 'succeeded', verified: false });
      expect(typed.result.summary).toContain('only text the agent entered itself');

      const opened = `${shop.origin}/index.html?order=confirmed`;
      play(
        model,
        once((seen) =>
          seen.url?.includes('order=confirmed')
            ? act('done', { success: true, answer: 'Confirmed.', evidence: { urlContains: 'order=confirmed' } })
            : act('open_url', { url: opened }),
        ),
      );
      const viaUrl = await runTask(browser.panel, 'Place the order');
      expect(viaUrl.result.verified).toBe(false);
      expect(shop.orders()).toEqual([]);
      await page.close();
    });
  });

  it('a search the page repeats back is not evidence of the order it names', async ({ browser, site, model }) => {
    const { page } = await openFrontTab(browser, site.url('/proof/search.html'));
    const forged = 'Order 4711 confirmed';
    play(model, (seen) => {
      if (!seen.text.includes('You searched for')) {
        return act('type', { ref: control(seen, 'searchbox', /search help/i).ref, text: forged, submit: true });
      }
      return act('done', {
        success: true,
        answer: 'Order 4711 is confirmed.',
        evidence: { quotes: [forged], urlContains: '4711' },
      });
    });
    const { result } = await runTask(browser.panel, 'Place my order');
    expect(await page.textContent('#echo')).toContain(`You searched for: ${forged}`);
    expect(result).toMatchObject({ status: 'succeeded', verified: false });
    expect(result.summary).toContain('only text the agent entered itself');
    await page.close();
  });

  it('a real order verifies; run again on its confirmation page, the old order is not the new task’s, and read as an answer it says it was there before', async ({
    browser,
    model,
  }) => {
    await withShop(async (shop) => {
      const { page } = await openFrontTab(browser, shop.url('/index.html'));
      play(model, (seen) => playShop(seen.request, seen.index));
      const bought = await runTask(browser.panel, demoInstruction(shop.origin));
      expect(bought.result).toMatchObject({ status: 'succeeded', verified: true, verifiedAs: 'outcome' });
      expect(shop.orders()).toHaveLength(1);
      const order = (await page.textContent('#order-number')) ?? '';
      expect(order).toMatch(ORDER);

      // The same task again, from the confirmation page: the model reports the order already there as its own.
      play(model, (seen) => {
        const number = ORDER.exec(seen.text)?.[0] ?? 'none';
        return act('done', { success: true, answer: `Order ${number} is placed.`, evidence: { quotes: [number] } });
      });
      const again = await runTask(browser.panel, demoInstruction(shop.origin));
      expect(again.result).toMatchObject({ status: 'failed', verified: false });
      expect(again.result.summary).toContain('was already on the page before the task started');
      expect(rejectionsOf(again.events)).toHaveLength(3);
      await expectPanelSummary(browser.panel, 'was already on the page before the task started');

      // Asked what the page says, the same number is an answer read from the page, and the panel says so.
      play(model, (seen) => {
        const number = ORDER.exec(seen.text)?.[0] ?? 'none';
        return act('done', {
          success: true,
          kind: 'reading',
          answer: `The order number is ${number}.`,
          evidence: { quotes: [number] },
        });
      });
      const read = await runTask(browser.panel, 'What is the order number on this page?');
      expect(read.result).toMatchObject({
        status: 'succeeded',
        verified: true,
        verifiedAs: 'reading',
        alreadyThere: true,
        answer: `The order number is ${order}.`,
      });
      await expect
        .poll(() => browser.panel.locator('[data-testid="final-already-there"]').count(), { timeout: 10_000 })
        .toBe(1);
      expect(shop.orders()).toHaveLength(1);
      await page.close();
    });
  }, 90_000);
});

async function expectPanelSummary(panel: Page, text: string): Promise<void> {
  await expect
    .poll(() => panel.locator('[data-testid="final-summary"]').last().textContent(), { timeout: 10_000 })
    .toContain(text);
}
