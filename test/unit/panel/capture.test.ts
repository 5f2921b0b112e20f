// Screenshots for the vision setting go to the model, so they must only ever show the agent's tab: never the
// person's tab (captureVisibleTab takes whatever the window shows), never a browser page.

import { chrome } from 'jest-chrome';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureAgentTab } from '../../../src/panel/chrome/capture';

const ID = 'extensionidextensionidextensionid';
const signal = new AbortController().signal;
const tab = (over: Partial<chrome.tabs.Tab> = {}) =>
  ({ id: 5, windowId: 2, active: true, url: 'https://shop.test/cart', ...over }) as chrome.tabs.Tab;

beforeEach(() => {
  Object.assign(chrome.runtime, { id: ID });
  chrome.runtime.getURL.mockImplementation((path: string) => `chrome-extension://${ID}/${path}`);
  chrome.tabs.get.mockReset();
  chrome.tabs.captureVisibleTab.mockReset();
  chrome.tabs.captureVisibleTab.mockResolvedValue('data:image/jpeg;base64,QUJD' as never);
});

describe('captureAgentTab', () => {
  it("captures the agent's tab when it is the visible tab of its window", async () => {
    chrome.tabs.get.mockResolvedValue(tab() as never);
    await expect(captureAgentTab(5, { signal })).resolves.toEqual({ mediaType: 'image/jpeg', data: 'QUJD' });
    expect(chrome.tabs.captureVisibleTab).toHaveBeenCalledWith(2, { format: 'jpeg', quality: 70 });
  });

  it('refuses, without capturing, while the person looks at another tab', async () => {
    chrome.tabs.get.mockResolvedValue(tab({ active: false }) as never);
    await expect(captureAgentTab(5, { signal })).rejects.toMatchObject({ code: 'not_allowed' });
    expect(chrome.tabs.captureVisibleTab).not.toHaveBeenCalled();
  });

  it('throws the picture away when the person switched tabs while it was taken', async () => {
    chrome.tabs.get.mockResolvedValueOnce(tab() as never).mockResolvedValueOnce(tab({ active: false }) as never);
    await expect(captureAgentTab(5, { signal })).rejects.toMatchObject({ code: 'not_allowed' });
  });

  it('throws it away when the tab moved to another page meanwhile', async () => {
    chrome.tabs.get
      .mockResolvedValueOnce(tab() as never)
      .mockResolvedValueOnce(tab({ url: 'https://bank.test/account' }) as never);
    await expect(captureAgentTab(5, { signal })).rejects.toMatchObject({ code: 'not_allowed' });
  });

  it('never captures a browser page, and says when the tab is gone', async () => {
    chrome.tabs.get.mockResolvedValue(tab({ url: 'chrome://settings/passwords' }) as never);
    await expect(captureAgentTab(5, { signal })).rejects.toMatchObject({ code: 'restricted' });
    chrome.tabs.get.mockRejectedValue(new Error('No tab with id: 5') as never);
    await expect(captureAgentTab(5, { signal })).rejects.toMatchObject({ code: 'tab_gone' });
    expect(chrome.tabs.captureVisibleTab).not.toHaveBeenCalled();
  });
});
