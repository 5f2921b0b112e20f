// The worker clears the toolbar badge when the last panel goes (src/background/no-panel-badge.ts): a closing panel's
// own last call may never reach the browser, and with no panel left nothing can wait for the person. While another
// panel is open it leaves the badge to that panel.

import { chrome } from 'jest-chrome';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBadgeIfNoPanel } from '../../../src/background/no-panel-badge';

const PANEL = 'chrome-extension://steadyhand/src/panel/index.html';
type Context = Partial<chrome.runtime.ExtensionContext>;

const action = {
  getBadgeText: vi.fn<() => Promise<string>>(),
  setBadgeText: vi.fn(async (_details: { text: string }) => {}),
  setTitle: vi.fn(async (_details: { title: string }) => {}),
};
const getContexts = vi.fn<(filter: unknown) => Promise<Context[]>>();

beforeEach(() => {
  Object.assign(chrome, { action });
  Object.assign(chrome.runtime, { getContexts });
  chrome.runtime.getURL.mockImplementation((path: string) => `chrome-extension://steadyhand/${path}`);
  chrome.i18n.getMessage.mockImplementation((key: string) => (key === 'actionTitle' ? 'Open Steadyhand' : key));
  for (const mock of [...Object.values(action), getContexts]) mock.mockReset();
  action.getBadgeText.mockResolvedValue('1');
});

describe('the badge when a panel goes', () => {
  it('is cleared, with the tooltip back to its default, when the closed tab was the last panel', async () => {
    getContexts.mockResolvedValue([{ contextType: 'TAB', tabId: 7, windowId: 1, documentUrl: PANEL }]);
    await clearBadgeIfNoPanel({ tabId: 7 });
    expect(action.setBadgeText).toHaveBeenCalledWith({ text: '' });
    expect(action.setTitle).toHaveBeenCalledWith({ title: 'Open Steadyhand' });
  });

  it('is cleared when the last window’s side panel closed, even while the browser still lists it', async () => {
    getContexts.mockResolvedValue([
      { contextType: 'SIDE_PANEL', tabId: -1, windowId: 4, documentUrl: `${PANEL}?window=4` },
      { contextType: 'TAB', tabId: 8, windowId: 4, documentUrl: 'chrome-extension://steadyhand/options.html' },
    ]);
    await clearBadgeIfNoPanel({ sidePanelOfWindow: 4 });
    expect(action.setBadgeText).toHaveBeenCalledWith({ text: '' });
  });

  it('is left to the panels still open: another window’s side panel, or a panel opened as a tab', async () => {
    getContexts.mockResolvedValue([{ contextType: 'SIDE_PANEL', tabId: -1, windowId: 2, documentUrl: PANEL }]);
    await clearBadgeIfNoPanel({ sidePanelOfWindow: 4 });
    getContexts.mockResolvedValue([{ contextType: 'TAB', tabId: 3, windowId: 2, documentUrl: PANEL }]);
    await clearBadgeIfNoPanel({ tabId: 7 });
    expect(action.setBadgeText).not.toHaveBeenCalled();
  });

  it('asks nothing more when no badge shows, and a failure is only logged', async () => {
    action.getBadgeText.mockResolvedValue('');
    await clearBadgeIfNoPanel({ tabId: 7 });
    expect(getContexts).not.toHaveBeenCalled();

    action.getBadgeText.mockRejectedValue(new Error('No action'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(clearBadgeIfNoPanel({ tabId: 7 })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('[steadyhand] could not clear the toolbar badge:', 'No action');
  });
});
