// The offline demo's refusal in Chinese (docs/contracts.md U-DEMO): the sentence naming the one task it can play comes
// from the zh_CN catalogue, and the notice offers that task in Chinese.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEMO_SHOP_KEY } from '../../src/panel/store/storage-keys';
import { saveScreenshot } from '../support/screenshots';
import { startSlowShop } from '../support/slow-shop';
import { describe, expect, it, useKit } from './kit';
import { expectStatus, newTaskId, PANEL_VIEWPORT, submitTask, taskView, textOf } from './panel-harness';

useKit({ viewport: PANEL_VIEWPORT, apiKey: null, locale: 'zh-CN' });

const ZH = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../public/_locales/zh_CN/messages.json'), 'utf8'),
) as Record<string, { message: string }>;

describe('the offline demo listens, in Chinese', () => {
  it('refuses another task with the Chinese sentence naming its task, and offers the task', async ({
    browser,
    panel,
  }) => {
    const shop = await startSlowShop();
    try {
      await panel.evaluate(([key, url]) => chrome.storage.local.set({ [key]: url }), [
        DEMO_SHOP_KEY,
        shop.url('/'),
      ] as const);
      const page = await browser.context.newPage();
      await page.goto(shop.url('/'));
      await page.bringToFront();
      const example = panel.getByTestId('demo-notice').getByTestId('demo-example');
      await expect.poll(() => textOf(example)).toBe(ZH.demoExample?.message);

      await submitTask(panel, '把最便宜的蕨类植物加入购物车');
      await newTaskId(panel, null);
      const view = taskView(panel);
      await expect
        .poll(() => textOf(view.final.getByTestId('final-summary')), { timeout: 20_000 })
        .toBe(ZH.demoRefusal?.message);
      await expectStatus(panel, 'failed');
      expect(shop.hits.filter((hit) => hit.startsWith('/product.html'))).toEqual([]);
      await saveScreenshot(panel, 'demo-refused-zh');
      await page.close();
    } finally {
      await shop.close();
    }
  }, 60_000);
});
