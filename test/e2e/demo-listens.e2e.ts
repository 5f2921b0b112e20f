// The offline demo model listens (docs/contracts.md U-DEMO): without an API key the panel plays one prepared task and
// says so. A different task ends at once with the sentence naming the task it can play, the demo notice offers that
// task, and one click on it plays the whole chain on the demo shop to a verified success.

import { DEMO_SHOP_KEY } from '../../src/panel/store/storage-keys';
import { saveScreenshot } from '../support/screenshots';
import { type SlowShop, startSlowShop } from '../support/slow-shop';
import { answerConsent, describe, expect, it, type PanelGlobal, useKit } from './kit';
import { currentTaskId, expectStatus, newTaskId, PANEL_VIEWPORT, submitTask, taskView, textOf } from './panel-harness';

useKit({ viewport: PANEL_VIEWPORT, apiKey: null });

const REFUSAL =
  'The offline demo can play only one task, buying one Monstera deliciosa for Ada Lovelace with standard shipping ' +
  'on the Fern & Fig demo shop: run its example, or add an API key in Settings for anything else.';

describe('the offline demo listens', () => {
  it('refuses another task in one sentence, offers its example, and plays the example to a verified success', async ({
    browser,
    panel,
  }) => {
    const shop: SlowShop = await startSlowShop();
    try {
      // What `npm start` does: it tells the panel where the demo shop is, and opens it in front.
      await panel.evaluate(([key, url]) => chrome.storage.local.set({ [key]: url }), [
        DEMO_SHOP_KEY,
        shop.url('/'),
      ] as const);
      const page = await browser.context.newPage();
      await page.goto(shop.url('/'));
      await page.bringToFront();
      const notice = panel.getByTestId('demo-notice');
      const example = notice.getByRole('button', { name: 'Run the demo task: buy a Monstera' });
      await expect.poll(() => example.count()).toBe(1);

      const view = taskView(panel);
      const refusedWith = async (instruction: string) => {
        await submitTask(panel, instruction);
        await expect.poll(() => textOf(view.final.getByTestId('final-summary')), { timeout: 20_000 }).toBe(REFUSAL);
        await expectStatus(panel, 'failed');
        expect(await textOf(view.status)).toBe('Failed');
      };
      await refusedWith('Add the cheapest fern to the cart');
      expect(shop.hits.filter((hit) => hit.startsWith('/product.html'))).toEqual([]);
      expect(await example.isEnabled()).toBe(true);
      await saveScreenshot(panel, 'demo-refused');

      const refused = await currentTaskId(panel);
      await example.click();
      const played = await newTaskId(panel, refused);
      // The person's yes before the order is part of the chain (decision 0026): nothing is bought before it.
      const asked = await answerConsent(panel, 'once');
      expect(asked.kind).toBe('order');
      await expectStatus(panel, 'succeeded', 60_000);
      expect(await textOf(view.final.getByTestId('final-verified'))).toBe('Verified');
      expect(await textOf(view.final.getByTestId('final-summary'))).toMatch(/order number is FF-\d{6}/);
      expect(await view.final.getByTestId('evidence').count()).toBe(1);
      expect(await view.steps.count()).toBeGreaterThan(5);
      expect(shop.orders()).toHaveLength(1);
      await saveScreenshot(panel, 'demo-example-played');

      // A follow-up on the same task is not the demo task either: refused, and nothing more is bought.
      await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.ui.getState().setComposeMode('followUp'));
      await refusedWith('use express shipping');
      expect(await currentTaskId(panel)).toBe(played);
      expect(shop.orders()).toHaveLength(1);
      await page.close();
    } finally {
      await shop.close();
    }
  }, 120_000);
});
