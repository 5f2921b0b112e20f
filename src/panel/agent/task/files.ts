// The task's files as the agent core sees them: what the person attached and what the task's tabs downloaded, by
// name, and the bytes of one when upload_file needs them. The panel implements it (src/panel/chrome/task-files.ts);
// the bytes never reach the model, only names, sizes and types (decision 0022).

import type { FilePayload } from '../../../shared/page-types';

export type DownloadState = 'in_progress' | 'complete' | 'interrupted';

/** A download of this task, as the model is told about it. */
export interface DownloadReport {
  id: number;
  name: string;
  /** Bytes; null while the size is unknown. */
  size: number | null;
  mime: string;
  state: DownloadState;
  /** Why an interrupted download stopped (chrome.downloads InterruptReason). */
  error?: string;
}

export interface AttachedFileInfo {
  name: string;
  size: number;
  type: string;
}

export interface TaskFiles {
  /** What the person attached to this task, in the order attached. */
  attached(): readonly AttachedFileInfo[];
  /** The downloads this task's tabs started. */
  downloads(): readonly DownloadReport[];
  /** How many downloads the task has seen so far: a mark for downloadsAfter. */
  cursor(): number;
  /**
   * The downloads seen after `cursor`, once each has ended or `maxMs` passed, so a step's result can say what its
   * action downloaded.
   */
  downloadsAfter(cursor: number, options: { maxMs: number; signal: AbortSignal }): Promise<DownloadReport[]>;
  /**
   * The bytes of an attached file or a download of this task, by name. A download is fetched again from where it
   * came from only after `mayFetch` agreed to that origin; refused, nothing is fetched and the read throws
   * `not_allowed`. Throws a SteadyhandError whose message the model can act on (no such file, too large, cannot be
   * read).
   */
  read(name: string, options: { signal: AbortSignal; mayFetch: FetchConsent }): Promise<FilePayload>;
}

/**
 * Asked before the panel fetches a download again with the person's cookies: `origin` is where the request would go
 * (the end of the download's redirects), `url` the whole URL, `name` the download's name. A page chose that URL, so
 * the panel would be reading another site for it (decision 0025): resolves false when the task may not use the
 * origin.
 */
export type FetchConsent = (request: { origin: string; url: string; name: string }) => Promise<boolean>;

/** The per-file cap on what the panel keeps and sends to a page: a base64 copy must fit Chrome's 64 MiB messages. */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;

export function describeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function describeAttached(file: AttachedFileInfo): string {
  return `${file.name} (${describeSize(file.size)}, ${file.type || 'unknown type'})`;
}

/** The sentence the task's message carries about newly attached files (never their bytes). */
export function attachmentsNote(files: readonly AttachedFileInfo[]): string {
  if (files.length === 0) return '';
  const list = files.map(describeAttached).join('; ');
  return `Attached files: ${list}`;
}

/** The observation's line about the task's files: what upload_file can take, and how each download went. */
export function filesLine(attached: readonly AttachedFileInfo[], downloads: readonly DownloadReport[]): string | null {
  const parts = [
    ...attached.map((file) => `attached ${describeAttached(file)}`),
    ...downloads.map((download) => `downloaded ${describeDownload(download)}`),
  ];
  return parts.length === 0 ? null : `Files of this task (upload_file takes these names): ${parts.join('; ')}`;
}

export function describeDownload(download: DownloadReport): string {
  const size = download.size === null ? 'size unknown' : describeSize(download.size);
  const state =
    download.state === 'complete'
      ? 'complete'
      : download.state === 'in_progress'
        ? 'in progress'
        : `failed: ${download.error ?? 'interrupted'}`;
  return `${download.name} (${size}, ${state})`;
}
