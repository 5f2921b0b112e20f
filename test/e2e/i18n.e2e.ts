// The panel in another UI language: with the browser set to Simplified Chinese, the panel and the manifest speak it.
// The panel is left as a new user has it (no key).

import { describe, expect, it, useKit } from './kit';

useKit({ locale: 'zh-CN', apiKey: null });

describe('localisation', () => {
  it('renders the panel in Simplified Chinese when the browser is set to it', async ({ panel }) => {
    expect(await panel.evaluate(() => chrome.i18n.getUILanguage())).toMatch(/^zh/);
    await expect.poll(() => panel.locator('#page-heading').textContent()).toBe('当前标签页');
    // The manifest is localised by Chrome through the same catalogue.
    const description = await panel.evaluate(() => chrome.runtime.getManifest().description);
    expect(description).toContain('侧边栏里的浏览器智能体');
    expect(await panel.evaluate(() => chrome.i18n.getMessage('actionTitle'))).toBe('打开 Steadyhand');
  });
});
