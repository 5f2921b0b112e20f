// Plain http sites (decision 0025): a page on http://shop.test:PORT/ is not a secure context (not https, not
// localhost or 127.0.0.1), so APIs marked [SecureContext] such as crypto.randomUUID are missing there, and a content
// script that used one never started. Chromium maps *.test to the fixture server (--host-resolver-rules), so the
// page is served from a real non-localhost plain-http origin.

import { act, control, describe, expect, it, openTab, play, runTask, useKit } from './kit';

useKit({ hostResolverRules: 'MAP *.test 127.0.0.1' });

describe('a task on a plain http site', () => {
  it('types and clicks on an http://shop.test page and succeeds with the text the click showed', async ({
    browser,
    site,
    model,
  }) => {
    const { page } = await openTab(browser, `http://shop.test:${site.port}/sites/coupon.html`);
    await page.bringToFront();
    // The setup is what it claims: an insecure context, where crypto.randomUUID does not exist.
    expect(await page.evaluate(() => [isSecureContext, typeof crypto.randomUUID])).toEqual([false, 'undefined']);
    play(model, (seen) => {
      if (seen.text.includes('Discount applied')) {
        return act('done', {
          success: true,
          answer: 'The coupon SPRING is applied: 10% off.',
          evidence: { quotes: ['Discount applied: 10% off your order'] },
        });
      }
      const coupon = control(seen, 'textbox', /coupon code/i);
      if (!coupon.value) return act('type', { ref: coupon.ref, text: 'SPRING' }, 'Typing the coupon.');
      return act('click', { ref: control(seen, 'button', /apply coupon/i).ref });
    });

    const { result, events } = await runTask(browser.panel, 'Apply the coupon SPRING to my basket');

    const explained = `${result.summary}\n${JSON.stringify(events.filter((e) => e.type === 'tool_result'))}`;
    expect(result, explained).toMatchObject({ status: 'succeeded', verified: true });
    expect(events.flatMap((e) => (e.type === 'tool_result' ? [[e.name, e.outcome]] : []))).toEqual([
      ['type', 'ok'],
      ['click', 'ok'],
      ['done', 'done_accepted'],
    ]);
    expect(events.find((e) => e.type === 'step_started')).toMatchObject({
      url: expect.stringMatching(/^http:\/\/shop\.test:\d+\/sites\/coupon\.html/),
    });
    expect(await page.locator('#status').textContent()).toBe('Discount applied: 10% off your order');
    await page.close();
  });
});
