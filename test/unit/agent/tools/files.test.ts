// Files in the agent loop, over the fakes and the panel's real DownloadTracker and TaskFiles: upload_file reads an
// attached file by name and hands its bytes to the page; a click whose only effect is a download of the task's tab
// is reported with the download's name, size and state, and the observation lists the task's files.

import { describe, expect, it } from 'vitest';
import { createTaskFiles } from '../../../../src/panel/chrome/task-files';
import type { Attachment } from '../../../../src/panel/store/attachments';
import { DownloadTracker } from '../../../../src/panel/tabs/downloads';
import { TabEventBus } from '../../../../src/panel/tabs/tab-event-bus';
import type { DownloadInfo } from '../../../../src/shared/protocol';
import { DEAD, type PageAction, type Site } from '../fakes/browser';
import { setupAgent } from '../fakes/harness';
import { call, lastUserText, toolResults } from '../fakes/scripted-model';

const EXPORT = 'https://reports.test/export';
const UPLOAD = 'https://forms.test/upload';

const report = (state: DownloadInfo['state'], extra: Partial<DownloadInfo> = {}): DownloadInfo => ({
  id: 7,
  url: 'https://reports.test/report.csv',
  finalUrl: 'https://reports.test/report.csv',
  referrer: EXPORT,
  filename: '/home/person/Downloads/report.csv',
  mime: 'text/csv',
  totalBytes: 31,
  fileSize: 31,
  state,
  ...extra,
});

function filesSetup(options: { attached?: File[]; referrer?: string; fetch?: typeof fetch; finalUrl?: string } = {}) {
  const bus = new TabEventBus();
  const uploads: PageAction[] = [];
  const site: Site = {
    [EXPORT]: () => ({
      title: 'Export',
      elements: [{ ref: 1, role: 'button', name: 'Export CSV' }],
      act(action) {
        // The browser starts the download; the page itself shows nothing new.
        if (action.kind === 'click') {
          bus.emit({
            type: 'downloadCreated',
            download: report('in_progress', {
              referrer: options.referrer ?? EXPORT,
              ...(options.finalUrl ? { finalUrl: options.finalUrl } : {}),
            }),
          });
          bus.emit({ type: 'downloadChanged', change: { id: 7, state: 'complete' } });
        }
        return DEAD;
      },
    }),
    [UPLOAD]: () => ({
      title: 'Upload',
      elements: [{ ref: 1, role: 'button', name: 'Report file' }],
      act(action) {
        uploads.push(action);
        return { ok: true, verified: true, effects: ['value_change'] };
      },
    }),
  };
  const attachments: Attachment[] = (options.attached ?? []).map((file, i) => ({ id: i, file }));
  let urls: () => Promise<string[]> = async () => [];
  const tracker = new DownloadTracker({ bus, taskUrls: () => urls(), signal: new AbortController().signal });
  const files = createTaskFiles({
    attachments: () => attachments,
    tracker,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return { site, files, uploads, setUrls: (f: () => Promise<string[]>) => (urls = f) };
}

describe('upload_file', () => {
  it('hands the bytes of an attached file, by name, to the page', async () => {
    const notes = new File(['Meeting notes\nShip on Friday\n'], 'notes.txt', { type: 'text/plain' });
    const s = filesSetup({ attached: [notes] });
    const h = setupAgent({
      site: s.site,
      startUrl: UPLOAD,
      files: s.files,
      turns: [call('upload_file', { ref: 1, file: 'notes.txt' }), call('done', { success: false, answer: 'x' })],
    });
    await h.controller.execute('Upload my notes');
    expect(s.uploads).toEqual([{ kind: 'upload', ref: 1, name: 'notes.txt', size: notes.size }]);
    const [uploaded] = toolResults(h.model.requests[1]);
    expect(uploaded).toMatchObject({ isError: false });
    expect(uploaded?.text).toContain(`upload_file notes.txt (${notes.size} B) to [1] (button): done`);
    expect(lastUserText(h.model.requests[0])).toContain(`attached notes.txt (${notes.size} B, text/plain)`);
  });

  it('answers a name it does not know with the names it does, and the task goes on', async () => {
    const s = filesSetup({ attached: [new File(['a'], 'a.txt', { type: 'text/plain' })] });
    const h = setupAgent({
      site: s.site,
      startUrl: UPLOAD,
      files: s.files,
      turns: [call('upload_file', { ref: 1, file: 'b.txt' }), call('done', { success: false, answer: 'x' })],
    });
    await h.controller.execute('Upload b');
    const [missing] = toolResults(h.model.requests[1]);
    expect(missing).toMatchObject({ isError: true });
    expect(missing?.text).toContain("upload_file failed: There is no such file. The task's files, by name: (not_found");
    expect(missing?.text).toMatch(/BEGIN UNTRUSTED PAGE CONTENT id=\w+\n"a\.txt"\nEND UNTRUSTED/);
    expect(s.uploads).toEqual([]);
  });

  it('asks the person about the site a download came from before it fetches it again; denied, nothing is fetched', async () => {
    const fetched: string[] = [];
    const fetcher = (async (url: string) => {
      fetched.push(url);
      return new Response('report bytes');
    }) as typeof fetch;
    for (const answer of ['deny', 'once'] as const) {
      fetched.length = 0;
      // The page's link redirected to an intranet file: the intranet is where a fetch again would go.
      const s = filesSetup({ fetch: fetcher, finalUrl: 'https://intranet.test/secret.txt' });
      const asked: { origin: string; why: unknown }[] = [];
      const h = setupAgent({
        site: s.site,
        startUrl: EXPORT,
        files: s.files,
        // The export page is the task's; the upload form is another site, allowed.
        answerSites: (origin) => (origin === 'https://intranet.test' ? answer : 'once'),
        turns: [
          call('click', { ref: 1 }),
          call('open_url', { url: UPLOAD }),
          call('upload_file', { ref: 1, file: 'report.csv' }),
          call('done', { success: false, answer: 'x' }),
        ],
      });
      h.controller.subscribe((event) => {
        if (event.type === 'permission_request') asked.push({ origin: event.origin, why: event.why });
      });
      s.setUrls(async () => (await h.tabs.owned()).map((tab) => tab.url));
      await h.controller.execute('Export the report and upload it to forms.test');
      expect(asked).toContainEqual({
        origin: 'https://intranet.test',
        why: { kind: 'download', url: 'https://intranet.test/secret.txt', name: 'report.csv' },
      });
      const [upload] = toolResults(h.model.requests[3]);
      if (answer === 'deny') {
        expect(upload).toMatchObject({ isError: true });
        expect(upload?.text).toContain(
          'upload_file failed: not_allowed: the file was downloaded from https://intranet.test',
        );
        expect(fetched).toEqual([]);
        expect(s.uploads).toEqual([]);
        // The person decided: no repair note sends the model looking for another way to the file.
        expect(h.of('repair')).toEqual([]);
      } else {
        expect(upload).toMatchObject({ isError: false });
        // The download's name is its site's words: fenced, not in the harness's sentence.
        expect(upload?.text).toMatch(
          /^upload_file the download \(12 B\) to \[1\] \(button\): done .*\nBEGIN UNTRUSTED PAGE CONTENT id=\w+\nFile: "report\.csv"\n/,
        );
        expect(fetched).toEqual(['https://intranet.test/secret.txt']);
        expect(s.uploads).toHaveLength(1);
      }
    }
  });

  it('says there are no files when the panel offers none', async () => {
    const s = filesSetup();
    const h = setupAgent({
      site: s.site,
      startUrl: UPLOAD,
      turns: [call('upload_file', { ref: 1, file: 'b.txt' }), call('done', { success: false, answer: 'x' })],
    });
    await h.controller.execute('Upload b');
    expect(toolResults(h.model.requests[1])[0]?.text).toContain('the person can attach one');
  });
});

describe('downloads in the loop', () => {
  it('reports a click whose effect is a download of the task’s tab as done, with name, size and state', async () => {
    const s = filesSetup();
    const h = setupAgent({
      site: s.site,
      startUrl: EXPORT,
      files: s.files,
      turns: [call('click', { ref: 1 }), call('done', { success: false, answer: 'x' })],
    });
    s.setUrls(async () => (await h.tabs.owned()).map((tab) => tab.url));
    await h.controller.execute('Export the report');
    const [clicked] = toolResults(h.model.requests[1]);
    expect(clicked).toMatchObject({ isError: false });
    expect(clicked?.text).toContain('click [1] (button): done (effects: download)');
    expect(clicked?.text).toContain('Downloads this action started: report.csv (31 B, complete)');
    expect(lastUserText(h.model.requests[1])).toContain('downloaded report.csv (31 B, complete)');
    expect(h.of('tool_result')[0]).toMatchObject({ outcome: 'ok', verification: { verified: true } });
  });

  it('leaves out a download started from a page that is not the task’s, and the click stays unverified', async () => {
    const s = filesSetup({ referrer: 'https://elsewhere.test/' });
    const h = setupAgent({
      site: s.site,
      startUrl: EXPORT,
      files: s.files,
      turns: [call('click', { ref: 1 }), call('done', { success: false, answer: 'x' })],
    });
    s.setUrls(async () => (await h.tabs.owned()).map((tab) => tab.url));
    await h.controller.execute('Export the report');
    const [clicked] = toolResults(h.model.requests[1]);
    expect(clicked).toMatchObject({ isError: true });
    expect(clicked?.text).not.toContain('report.csv');
    expect(lastUserText(h.model.requests[1])).not.toContain('report.csv');
  });
});
