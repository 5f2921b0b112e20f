// The task's files for upload_file (src/panel/agent/task/files.ts §TaskFiles): the person's attachments, read from this
// page's memory, and the task's downloads, read again from where they came from. A download's bytes are not
// readable from disk by an extension, so the panel fetches its URL: http(s) with the extension's host permission
// (and the person's cookies), data: as it is. A blob: URL belongs to the page that made it: that page, if one of
// the task's tabs still shows it, reads it (PageApi readBlob); once the page revoked it or left, the model is told
// it cannot be read (decision 0022).
// A page chose the download's URL, and the panel's fetch carries the person's cookies where the page's could not:
// an http(s) fetch waits for the task's site gate on the origin it goes to (`mayFetch`), and follows no redirect, so
// the request cannot land on another origin than the one agreed to (decision 0025).

import { toBase64 } from '../../shared/base64';
import { type ErrorCode, SteadyhandError } from '../../shared/errors';
import type { BlobRead, FilePayload } from '../../shared/page-types';
import { safeParseOrigin } from '../../shared/urls';
import {
  type AgentTabs,
  type AttachedFileInfo,
  type DownloadReport,
  describeSize,
  type FetchConsent,
  MAX_FILE_BYTES,
  type TaskFiles,
} from '../agent';
import type { Attachment } from '../store/attachments';
import type { DownloadTracker } from '../tabs/downloads';

/**
 * How long a file named for an upload may take to become known as the task's download before the call says there is
 * no such file: the browser's word of a new download travels through the worker, and the panel then checks whose it
 * is. A name that is nobody's costs this wait once, before the list of the task's files.
 */
export const DOWNLOAD_NAME_WAIT_MS = 3_000;

export interface TaskFilesDeps {
  attachments(): readonly Attachment[];
  tracker: DownloadTracker;
  /** The running task's tabs, whose pages can read the blob: URLs they made; null between tasks. */
  tabs?: () => AgentTabs | null;
  fetch?: typeof fetch;
}

/** Asks each of the task's tabs on the blob's origin for it; the first page that still has it answers. */
async function readFromPages(tabs: AgentTabs | null, url: string, signal: AbortSignal): Promise<BlobRead> {
  const origin = safeParseOrigin(url.slice('blob:'.length));
  let last: BlobRead = { found: false, reason: 'no tab of this task shows the page that made it' };
  if (!tabs || !origin) return last;
  for (const tab of await tabs.owned()) {
    if (safeParseOrigin(tab.url) !== origin) continue;
    try {
      last = await tabs.page(tab.tabId).readBlob({ url, maxBytes: MAX_FILE_BYTES }, { signal });
    } catch (error) {
      if (signal.aborted) throw error;
      continue;
    }
    if (last.found) return last;
  }
  return last;
}

function tooLarge(size: number, pageText?: string): SteadyhandError {
  return new SteadyhandError(
    'invalid_argument',
    `The file is ${describeSize(size)}, more than the ${describeSize(MAX_FILE_BYTES)} a file may have here.`,
    pageText === undefined ? undefined : { pageText },
  );
}

export function createTaskFiles(deps: TaskFilesDeps): TaskFiles {
  const { tracker } = deps;
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));

  async function fromDownload(name: string, signal: AbortSignal, mayFetch: FetchConsent): Promise<FilePayload> {
    const info = tracker.info(name);
    if (!info) throw new SteadyhandError('not_found', 'There is no such file.');
    // The end of the download's redirects: the URL the browser got the bytes from, and the one fetched again.
    const url = info.finalUrl || info.url;
    // The name and the URL are the page's (or its server's) words: the model reads them fenced (prompt.ts).
    const said = `The download: ${JSON.stringify(name)} from ${url}`;
    const fail = (code: ErrorCode, message: string, why?: string) =>
      new SteadyhandError(code, message, { pageText: why === undefined ? said : `${said}\nWhy: ${why}` });
    if (info.state !== 'complete') throw fail('not_found', `The download has not completed (${info.state}).`);
    if (url.startsWith('blob:')) {
      const read = await readFromPages(deps.tabs?.() ?? null, url, signal);
      if (read.found) return { name, type: info.mime || read.type, lastModified: Date.now(), data: read.data };
      throw fail(
        'not_allowed',
        "The page made this download as a blob: URL, which only that page can read, and it cannot now (why, in the page's words, below). Ask the person to attach it.",
        read.reason,
      );
    }
    const origin = safeParseOrigin(url);
    if (!url.startsWith('data:')) {
      if (!origin || !/^https?:/.test(url))
        throw fail('not_allowed', 'It cannot be read again from where it came from.');
      if (!(await mayFetch({ origin, url, name }))) {
        throw fail(
          'not_allowed',
          `It would have to be fetched again from ${origin} with the person's cookies, and this task may not use that site: nothing was fetched.`,
        );
      }
    }
    let response: Response;
    try {
      response = await doFetch(url, { credentials: 'include', redirect: 'manual', signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw fail('not_found', `It could not be fetched again: ${String(error)}.`);
    }
    if (response.type === 'opaqueredirect') {
      throw fail(
        'not_found',
        `It could not be fetched again: ${origin} now sends it elsewhere. Ask the person to attach it.`,
      );
    }
    if (!response.ok) throw fail('not_found', `It could not be fetched again: HTTP ${response.status}.`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > MAX_FILE_BYTES) throw tooLarge(bytes.length, said);
    return {
      name,
      type: info.mime || response.headers.get('content-type') || '',
      lastModified: Date.now(),
      data: toBase64(bytes),
    };
  }

  return {
    attached(): AttachedFileInfo[] {
      return deps.attachments().map(({ file }) => ({ name: file.name, size: file.size, type: file.type }));
    },
    downloads(): DownloadReport[] {
      return tracker.list();
    },
    cursor: () => tracker.count,
    downloadsAfter: (cursor, options) => tracker.after(cursor, options),
    async read(name, { signal, mayFetch }) {
      const attached = deps.attachments().find(({ file }) => file.name === name);
      if (attached) {
        const { file } = attached;
        if (file.size > MAX_FILE_BYTES) throw tooLarge(file.size);
        const data = toBase64(new Uint8Array(await file.arrayBuffer()));
        return { name: file.name, type: file.type, lastModified: file.lastModified, data };
      }
      // A file the page just started downloading may not be known yet (DownloadTracker.whenNamed).
      if (await tracker.whenNamed(name, { maxMs: DOWNLOAD_NAME_WAIT_MS, signal })) {
        return fromDownload(name, signal, mayFetch);
      }
      const known = [...this.attached().map((f) => f.name), ...tracker.list().map((d) => d.name)];
      if (known.length === 0) {
        throw new SteadyhandError('not_found', 'There is no such file: the task has none (the person can attach one).');
      }
      // Download names are the page's words: the list goes to the model fenced.
      throw new SteadyhandError('not_found', "There is no such file. The task's files, by name:", {
        pageText: known.map((known) => JSON.stringify(known)).join(', '),
      });
    },
  };
}
