// The panel's page view in Chromium: it shows the tab the person is looking at, follows it live, never shows the
// panel itself, and says when a page is off limits. The panel is left as a new user has it (no key).

import { describe, expect, it, openTab, useKit } from './kit';

useKit({ apiKey: null });

describe('panel page view', () => {
  it('shows the tab the person is looking at and follows it live', async ({ browser, panel, site }) => {
    const first = await openTab(browser, site.url('/index.html'));
    await first.page.bringToFront();
    await expect.poll(() => panel.getByTestId('page-title').textContent()).toBe('Fixture home');
    expect(await panel.getByTestId('page-tab-id').textContent()).toBe(`Tab ${first.tabId}`);
    expect(await panel.getByTestId('page-ready-state').textContent()).toBe('complete');

    // A navigation in that tab reaches the view through the forwarded events.
    await first.page.goto(site.url('/page2.html'));
    await expect.poll(() => panel.getByTestId('page-title').textContent()).toBe('Fixture page two');

    // Switching tabs moves the view; the panel (opened as a tab here) never shows itself.
    const second = await openTab(browser, site.url('/index.html'));
    await second.page.bringToFront();
    await expect.poll(() => panel.getByTestId('page-tab-id').textContent()).toBe(`Tab ${second.tabId}`);
    await panel.bringToFront();
    await expect.poll(() => panel.getByTestId('page-tab-id').textContent()).toBe(`Tab ${second.tabId}`);

    // Closing the viewed tab falls back to another web tab of the window.
    await second.page.close();
    await expect.poll(() => panel.getByTestId('page-tab-id').textContent()).toBe(`Tab ${first.tabId}`);
    await first.page.close();
  });

  it('says plainly when the page is off limits', async ({ browser, panel }) => {
    const { page } = await openTab(browser, 'chrome://version/');
    await page.bringToFront();
    await expect.poll(() => panel.getByTestId('page-card').getAttribute('data-status')).toBe('restricted');
    expect(await panel.getByTestId('page-card').textContent()).toContain(
      'browser pages and the Web Store are off limits',
    );
    await page.close();
  });
});
