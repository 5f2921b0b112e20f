// Which downloads are the task's (DownloadItem names no tab: the page it came from, or a blob's origin, against the
// task's tabs), what they are called, and how a step waits for the ones its action started.

import { describe, expect, it } from 'vitest';
import { DownloadTracker, downloadName, report, startedFrom } from '../../../src/panel/tabs/downloads';
import { TabEventBus } from '../../../src/panel/tabs/tab-event-bus';
import type { DownloadInfo } from '../../../src/shared/protocol';

const PAGE = 'https://shop.test/orders?id=3';

const item = (extra: Partial<DownloadInfo> = {}): DownloadInfo => ({
  id: 1,
  url: 'https://shop.test/invoice.pdf',
  finalUrl: 'https://shop.test/invoice.pdf',
  referrer: PAGE,
  filename: '',
  mime: 'application/pdf',
  totalBytes: -1,
  fileSize: -1,
  state: 'in_progress',
  ...extra,
});

function tracker(urls: string[] | null) {
  const bus = new TabEventBus();
  const abort = new AbortController();
  const t = new DownloadTracker({ bus, taskUrls: async () => urls, signal: abort.signal });
  return { bus, t, abort };
}

describe('startedFrom', () => {
  it('matches the referrer against the task’s pages, fragment aside', () => {
    expect(startedFrom(item({ referrer: `${PAGE}#top` }), [PAGE])).toBe(true);
    expect(startedFrom(item({ referrer: 'https://shop.test/other' }), [PAGE])).toBe(false);
  });

  it('matches a file on another origin by the page origin the default referrer policy leaves', () => {
    const cdn = item({ url: 'https://cdn.test/invoice.pdf', finalUrl: 'https://cdn.test/invoice.pdf' });
    expect(startedFrom({ ...cdn, referrer: 'https://shop.test/' }, [PAGE])).toBe(true);
    expect(startedFrom({ ...cdn, referrer: 'https://mail.test/' }, [PAGE])).toBe(false);
    // A same-origin file sends the whole URL: an origin alone then means another page of the site, not the task's.
    expect(startedFrom(item({ referrer: 'https://shop.test/' }), [PAGE])).toBe(false);
  });

  it('matches a blob: download with no referrer by the origin that made the blob', () => {
    const blob = item({ referrer: '', url: 'blob:https://shop.test/0b7c', finalUrl: 'blob:https://shop.test/0b7c' });
    expect(startedFrom(blob, [PAGE])).toBe(true);
    expect(startedFrom(blob, ['https://docs.test/'])).toBe(false);
    expect(startedFrom(item({ referrer: '' }), [PAGE])).toBe(false);
  });
});

describe('downloadName and report', () => {
  it('names a download by the file the browser wrote, else by its URL', () => {
    expect(downloadName(item({ filename: '/home/a/Downloads/invoice (1).pdf' }))).toBe('invoice (1).pdf');
    expect(downloadName(item({ filename: 'C:\\Users\\a\\Downloads\\x.pdf' }))).toBe('x.pdf');
    expect(downloadName(item())).toBe('invoice.pdf');
  });

  it('gives the size once known, and why a failed one failed', () => {
    expect(report(item()).size).toBeNull();
    expect(report(item({ state: 'complete', fileSize: 1200, totalBytes: 1200 })).size).toBe(1200);
    expect(report(item({ state: 'interrupted', error: 'NETWORK_FAILED' }))).toMatchObject({
      state: 'interrupted',
      error: 'NETWORK_FAILED',
    });
  });
});

describe('DownloadTracker', () => {
  it('keeps the task’s downloads and leaves out the person’s elsewhere, and all when no task runs', async () => {
    const { bus, t } = tracker([PAGE]);
    bus.emit({ type: 'downloadCreated', download: item({ id: 1 }) });
    bus.emit({ type: 'downloadCreated', download: item({ id: 2, referrer: 'https://mail.test/' }) });
    await t.after(0, { maxMs: 0, signal: new AbortController().signal });
    expect(t.list().map((d) => d.id)).toEqual([1]);

    const idle = tracker(null);
    idle.bus.emit({ type: 'downloadCreated', download: item() });
    expect(await idle.t.after(0, { maxMs: 0, signal: new AbortController().signal })).toEqual([]);
  });

  it('waits for a download in progress to end, and reports it with the changes the browser sent', async () => {
    const { bus, t } = tracker([PAGE]);
    const cursor = t.count;
    bus.emit({ type: 'downloadCreated', download: item() });
    const reported = t.after(cursor, { maxMs: 60_000, signal: new AbortController().signal });
    bus.emit({
      type: 'downloadChanged',
      change: { id: 1, filename: '/d/invoice.pdf', fileSize: 900, totalBytes: 900 },
    });
    bus.emit({ type: 'downloadChanged', change: { id: 1, state: 'complete' } });
    expect(await reported).toEqual([
      { id: 1, name: 'invoice.pdf', size: 900, mime: 'application/pdf', state: 'complete' },
    ]);
  });

  it('stops waiting when the step is stopped, and forgets the last task’s downloads on reset', async () => {
    const { bus, t } = tracker([PAGE]);
    bus.emit({ type: 'downloadCreated', download: item() });
    const stop = new AbortController();
    const reported = t.after(0, { maxMs: 60_000, signal: stop.signal });
    stop.abort();
    expect(await reported).toMatchObject([{ state: 'in_progress' }]);
    t.reset();
    expect(t.list()).toEqual([]);
  });
});

describe('DownloadTracker with two tasks on the same page (two windows’ panels)', () => {
  /** Each task's tracker, as each panel has one; the browser saw `requester` request the file. */
  function taskTracker(bus: TabEventBus, tabId: number, requester: number) {
    return new DownloadTracker({
      bus,
      taskUrls: async () => [PAGE],
      taskTabIds: async () => [tabId],
      requestTabs: (url) => (url === item().url ? [requester] : []),
      signal: new AbortController().signal,
    });
  }

  it('finds a download named in a call that the browser tells of only after the step that started it', async () => {
    const { bus, t, abort } = tracker([PAGE]);
    const signal = new AbortController().signal;
    const waiting = t.whenNamed('invoice.pdf', { maxMs: 60_000, signal });
    bus.emit({ type: 'downloadCreated', download: item({ id: 4 }) });
    expect((await waiting)?.id).toBe(4);
    // Known already: answered at once; a name no download has: nothing, once the wait is over.
    expect((await t.whenNamed('invoice.pdf', { maxMs: 60_000, signal }))?.id).toBe(4);
    expect(await t.whenNamed('other.pdf', { maxMs: 10, signal })).toBeUndefined();
    // Stopped: the wait ends with what is known.
    const stop = new AbortController();
    const stopped = t.whenNamed('late.pdf', { maxMs: 60_000, signal: stop.signal });
    stop.abort();
    expect(await stopped).toBeUndefined();
    abort.abort();
  });

  it('gives a download only to the task whose tab requested it', async () => {
    const bus = new TabEventBus();
    const mine = taskTracker(bus, 7, 7);
    const theirs = taskTracker(bus, 8, 7);
    bus.emit({ type: 'downloadCreated', download: item() });
    const signal = new AbortController().signal;
    expect((await mine.after(0, { maxMs: 0, signal })).map((d) => d.id)).toEqual([1]);
    expect(await theirs.after(0, { maxMs: 0, signal })).toEqual([]);
  });

  it('falls back to the page it came from when no request names a tab (a blob the page made)', async () => {
    const bus = new TabEventBus();
    const mine = taskTracker(bus, 7, 7);
    const blob = item({ referrer: '', url: 'blob:https://shop.test/0b7c', finalUrl: 'blob:https://shop.test/0b7c' });
    bus.emit({ type: 'downloadCreated', download: blob });
    expect(await mine.after(0, { maxMs: 0, signal: new AbortController().signal })).toHaveLength(1);
  });
});
