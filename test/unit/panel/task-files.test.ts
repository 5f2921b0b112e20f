// The bytes upload_file sends: an attached file from memory, a download fetched again from its URL, and the honest
// errors for what cannot be read (a blob: URL only its page could read, a download that did not complete, a failed
// fetch, a file over the cap).

import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../src/panel/agent/files';
import { createTaskFiles } from '../../../src/panel/chrome/task-files';
import { DownloadTracker } from '../../../src/panel/tabs/downloads';
import { TabEventBus } from '../../../src/panel/tabs/tab-event-bus';
import { toBase64 } from '../../../src/shared/base64';
import type { DownloadInfo } from '../../../src/shared/protocol';

const PAGE = 'https://shop.test/orders';
const signal = new AbortController().signal;

const download = (extra: Partial<DownloadInfo>): DownloadInfo => ({
  id: 1,
  url: 'https://shop.test/r.csv',
  finalUrl: 'https://shop.test/r.csv',
  referrer: PAGE,
  filename: '/d/r.csv',
  mime: 'text/csv',
  totalBytes: 3,
  fileSize: 3,
  state: 'complete',
  ...extra,
});

async function withDownload(info: DownloadInfo, fetcher?: typeof fetch) {
  const bus = new TabEventBus();
  const tracker = new DownloadTracker({ bus, taskUrls: async () => [PAGE], signal });
  bus.emit({ type: 'downloadCreated', download: info });
  await tracker.after(0, { maxMs: 0, signal });
  return createTaskFiles({ attachments: () => [], tracker, ...(fetcher ? { fetch: fetcher } : {}) });
}

describe('task files', () => {
  it('reads an attached file from memory as base64', async () => {
    const bus = new TabEventBus();
    const tracker = new DownloadTracker({ bus, taskUrls: async () => null, signal });
    const file = new File(['héllo'], 'h.txt', { type: 'text/plain', lastModified: 5 });
    const files = createTaskFiles({ attachments: () => [{ id: 1, file }], tracker });
    const payload = await files.read('h.txt', signal);
    expect(payload).toMatchObject({ name: 'h.txt', type: 'text/plain', lastModified: 5 });
    expect(Buffer.from(payload.data, 'base64').toString('utf8')).toBe('héllo');
    expect(files.attached()).toEqual([{ name: 'h.txt', size: file.size, type: 'text/plain' }]);
  });

  it('fetches a download again from its URL, with the person’s cookies', async () => {
    const asked: [string, RequestInit | undefined][] = [];
    const fetcher = (async (url: string, init?: RequestInit) => {
      asked.push([url, init]);
      return new Response('a,b');
    }) as typeof fetch;
    const files = await withDownload(download({}), fetcher);
    const payload = await files.read('r.csv', signal);
    expect(Buffer.from(payload.data, 'base64').toString()).toBe('a,b');
    expect(payload.type).toBe('text/csv');
    expect(asked[0]?.[0]).toBe('https://shop.test/r.csv');
    expect(asked[0]?.[1]?.credentials).toBe('include');
  });

  it('says a blob: download cannot be read, and a download that did not complete is not there', async () => {
    const blob = await withDownload(
      download({ url: 'blob:https://shop.test/1', finalUrl: 'blob:https://shop.test/1' }),
    );
    await expect(blob.read('r.csv', signal)).rejects.toThrow(
      /blob: URL, which only that page can read, and it cannot now: no tab of this task shows the page/,
    );
    const broken = await withDownload(download({ state: 'interrupted', error: 'NETWORK_FAILED' }));
    await expect(broken.read('r.csv', signal)).rejects.toThrow(/has not completed \(interrupted\)/);
  });

  it('reports a fetch that fails or answers with an error status', async () => {
    const gone = await withDownload(download({}), (async () => new Response('', { status: 404 })) as typeof fetch);
    await expect(gone.read('r.csv', signal)).rejects.toThrow(/could not be fetched again .*HTTP 404/);
  });

  it('refuses an attached file over the cap', async () => {
    const bus = new TabEventBus();
    const tracker = new DownloadTracker({ bus, taskUrls: async () => null, signal });
    const big = new File(['x'], 'big.bin');
    Object.defineProperty(big, 'size', { value: MAX_FILE_BYTES + 1 });
    const files = createTaskFiles({ attachments: () => [{ id: 1, file: big }], tracker });
    await expect(files.read('big.bin', signal)).rejects.toThrow(/more than the 25.0 MB/);
  });

  it('encodes large byte arrays in chunks', () => {
    const bytes = new Uint8Array(200_000).map((_, i) => i % 251);
    expect(Buffer.from(toBase64(bytes), 'base64').equals(Buffer.from(bytes))).toBe(true);
  });
});
