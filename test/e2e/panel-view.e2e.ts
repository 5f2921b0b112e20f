import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionHarness, launchExtension } from '../support/extension';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server';
import { openTab } from '../support/panel';

let harness: ExtensionHarness;
let site: FixtureServer;

beforeAll(async () => {
  site = await startFixtureServer();
  harness = await launchExtension();
});

afterAll(async () => {
  await harness?.close();
  await site?.close();
});

const text = (testId: string) => harness.panel.getByTestId(testId);

describe('panel page view', () => {
  it('shows the tab the person is looking at and follows it live', async () => {
    const first = await openTab(harness, site.url('/index.html'));
    await first.page.bringToFront();
    await expect.poll(() => text('page-title').textContent()).toBe('Fixture home');
    expect(await text('page-tab-id').textContent()).toBe(`Tab ${first.tabId}`);
    expect(await text('page-ready-state').textContent()).toBe('complete');

    // A navigation in that tab reaches the view through the forwarded events.
    await first.page.goto(site.url('/page2.html'));
    await expect.poll(() => text('page-title').textContent()).toBe('Fixture page two');

    // Switching tabs moves the view; the panel (opened as a tab here) never shows itself.
    const second = await openTab(harness, site.url('/index.html'));
    await second.page.bringToFront();
    await expect.poll(() => text('page-tab-id').textContent()).toBe(`Tab ${second.tabId}`);
    await harness.panel.bringToFront();
    await expect.poll(() => text('page-tab-id').textContent()).toBe(`Tab ${second.tabId}`);

    // Closing the viewed tab falls back to another web tab of the window.
    await second.page.close();
    await expect.poll(() => text('page-tab-id').textContent()).toBe(`Tab ${first.tabId}`);
    await first.page.close();
  });

  it('says plainly when the page is off limits', async () => {
    const { page } = await openTab(harness, 'chrome://version/');
    await page.bringToFront();
    await expect.poll(() => text('page-card').getAttribute('data-status')).toBe('restricted');
    expect(await text('page-card').textContent()).toContain('browser pages and the Web Store are off limits');
    await page.close();
  });
});
