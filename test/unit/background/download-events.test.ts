// The worker forwards the browser's downloads to the panel as tab events, only the fields the panel uses and only
// the fields that changed, and keeps nothing (decision 0022: which task a download belongs to is the panel's call).

import { chrome } from 'jest-chrome';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerDownloadForwarding } from '../../../src/background/download-events';

beforeAll(() => registerDownloadForwarding());

beforeEach(() => {
  chrome.runtime.sendMessage.mockReset();
  chrome.runtime.sendMessage.mockResolvedValue(undefined);
});

describe('download forwarding', () => {
  it('forwards a new download with its URL, referrer, name and state', () => {
    const item = {
      id: 3,
      url: 'https://a.test/r.csv',
      finalUrl: 'https://a.test/r.csv',
      referrer: 'https://a.test/reports',
      filename: '',
      mime: 'text/csv',
      totalBytes: 12,
      fileSize: 0,
      state: 'in_progress',
      danger: 'safe',
      incognito: false,
    } as unknown as chrome.downloads.DownloadItem;
    chrome.downloads.onCreated.callListeners(item);
    expect(chrome.runtime.sendMessage).toHaveBeenCalledWith({
      kind: 'tab:event',
      v: 1,
      event: {
        type: 'downloadCreated',
        download: {
          id: 3,
          url: 'https://a.test/r.csv',
          finalUrl: 'https://a.test/r.csv',
          referrer: 'https://a.test/reports',
          filename: '',
          mime: 'text/csv',
          totalBytes: 12,
          fileSize: 0,
          state: 'in_progress',
        },
      },
    });
  });

  it('forwards only what changed, and a failure with its reason', () => {
    // jest-chrome's DownloadDelta types every field as present; Chrome sends only the ones that changed.
    type Delta = Parameters<typeof chrome.downloads.onChanged.callListeners>[0];
    chrome.downloads.onChanged.callListeners({
      id: 3,
      state: { previous: 'in_progress', current: 'interrupted' },
      error: { current: 'NETWORK_FAILED' },
    } as unknown as Delta);
    expect(chrome.runtime.sendMessage).toHaveBeenCalledWith({
      kind: 'tab:event',
      v: 1,
      event: { type: 'downloadChanged', change: { id: 3, state: 'interrupted', error: 'NETWORK_FAILED' } },
    });
  });
});
