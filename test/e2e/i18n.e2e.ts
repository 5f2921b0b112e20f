import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionHarness, launchExtension } from '../support/extension';

let harness: ExtensionHarness;

beforeAll(async () => {
  harness = await launchExtension({ locale: 'zh-CN' });
});

afterAll(async () => {
  await harness?.close();
});

describe('localisation', () => {
  it('renders the panel in Simplified Chinese when the browser is set to it', async () => {
    expect(await harness.panel.evaluate(() => chrome.i18n.getUILanguage())).toMatch(/^zh/);
    await expect.poll(() => harness.panel.locator('#page-heading').textContent()).toBe('当前标签页');
    // The manifest is localised by Chrome through the same catalogue.
    const description = await harness.panel.evaluate(() => chrome.runtime.getManifest().description);
    expect(description).toContain('侧边栏里的浏览器智能体');
    expect(await harness.panel.evaluate(() => chrome.i18n.getMessage('actionTitle'))).toBe('打开 Steadyhand');
  });
});
