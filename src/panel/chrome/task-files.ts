// The task's files for upload_file (src/panel/agent/files.ts §TaskFiles): the person's attachments, read from this
// page's memory, and the task's downloads, read again from where they came from. A download's bytes are not
// readable from disk by an extension, so the panel fetches its URL: http(s) with the extension's host permission
// (and the person's cookies), data: as it is. A blob: URL belongs to the page that made it: that page, if one of
// the task's tabs still shows it, reads it (PageApi readBlob); once the page revoked it or left, the model is told
// it cannot be read (decision 0022).

import { toBase64 } from '../../shared/base64';
import { SteadyhandError } from '../../shared/errors';
import type { BlobRead, FilePayload } from '../../shared/page-types';
import { safeParseOrigin } from '../../shared/urls';
import {
  type AgentTabs,
  type AttachedFileInfo,
  type DownloadReport,
  describeSize,
  MAX_FILE_BYTES,
  type TaskFiles,
} from '../agent';
import type { Attachment } from '../store/attachments';
import type { DownloadTracker } from '../tabs/downloads';

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

function tooLarge(name: string, size: number): SteadyhandError {
  return new SteadyhandError(
    'invalid_argument',
    `${name} is ${describeSize(size)}, more than the ${describeSize(MAX_FILE_BYTES)} a file may have here.`,
  );
}

export function createTaskFiles(deps: TaskFilesDeps): TaskFiles {
  const { tracker } = deps;
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));

  async function fromDownload(name: string, signal: AbortSignal): Promise<FilePayload> {
    const info = tracker.info(name);
    if (!info) throw new SteadyhandError('not_found', `No file named ${name}.`);
    if (info.state !== 'complete') {
      throw new SteadyhandError('not_found', `The download ${name} has not completed (${info.state}).`);
    }
    const url = info.finalUrl || info.url;
    if (url.startsWith('blob:')) {
      const read = await readFromPages(deps.tabs?.() ?? null, url, signal);
      if (read.found) return { name, type: info.mime || read.type, lastModified: Date.now(), data: read.data };
      throw new SteadyhandError(
        'not_allowed',
        `${name} was made by the page as a blob: URL, which only that page can read, and it cannot now: ${read.reason}. Ask the person to attach it.`,
      );
    }
    let response: Response;
    try {
      response = await doFetch(url, { credentials: 'include', signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new SteadyhandError('not_found', `${name} could not be fetched again from ${url}: ${String(error)}.`);
    }
    if (!response.ok) {
      throw new SteadyhandError(
        'not_found',
        `${name} could not be fetched again from ${url}: HTTP ${response.status}.`,
      );
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > MAX_FILE_BYTES) throw tooLarge(name, bytes.length);
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
    async read(name, signal) {
      const attached = deps.attachments().find(({ file }) => file.name === name);
      if (attached) {
        const { file } = attached;
        if (file.size > MAX_FILE_BYTES) throw tooLarge(name, file.size);
        const data = toBase64(new Uint8Array(await file.arrayBuffer()));
        return { name: file.name, type: file.type, lastModified: file.lastModified, data };
      }
      if (tracker.info(name)) return fromDownload(name, signal);
      const known = [...this.attached().map((f) => f.name), ...tracker.list().map((d) => d.name)];
      const list = known.length > 0 ? `: ${known.join(', ')}` : ': none (the person can attach one)';
      throw new SteadyhandError('not_found', `No file named ${name}. The task's files are${list}.`);
    },
  };
}
