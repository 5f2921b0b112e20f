// What a tool call downloaded, added to its result. The browser tells the panel about a download its tab started
// (src/panel/tabs/downloads.ts attributes it to the task); an action whose only effect was a download is not "no
// observable effect": the download is what a person would have seen.

import type { Verification } from '../task/events';
import { type DownloadReport, describeDownload } from '../task/files';
import type { CallResult } from '../tools/execute';

/** How long a step waits for a download its action started to end before reporting it as still in progress. */
export const DOWNLOAD_REPORT_WAIT_MS = 10_000;

function verifiedByDownload(verification: Verification): Verification {
  const { reason: _noEffect, ...rest } = verification;
  return { ...rest, verified: true };
}

export function withDownloads(result: CallResult, downloads: readonly DownloadReport[]): CallResult {
  if (downloads.length === 0) return result;
  // The names come from the server (Content-Disposition) or the page (a download attribute): page text.
  const line = `Downloads this action started: ${downloads.map(describeDownload).join('; ')}`;
  const pageText = result.pageText === undefined ? line : `${result.pageText}\n${line}`;
  const text = `${result.text} The browser reported ${downloads.length === 1 ? 'a download' : `${downloads.length} downloads`}:`;
  // Nothing else that lasted: no effect, or DOM changes the page put back (a click is verified only by what lasts,
  // decision 0019), as a link that flashes while its file downloads does.
  const noEffect =
    result.outcome === 'failed_verify' &&
    (result.verification?.effects ?? []).every((e) => e === 'none' || e === 'dom_change');
  if (!noEffect) return { ...result, text, pageText };
  const what = result.text.split(': failed_verify')[0] ?? result.name;
  const completed = downloads.some((download) => download.state !== 'interrupted');
  return {
    ...result,
    outcome: completed ? 'ok' : result.outcome,
    isError: !completed,
    text: completed ? `${what}: done (effects: download). The browser reported it:` : text,
    brief: completed ? 'ok (download)' : result.brief,
    pageText: line,
    ...(completed && result.verification ? { verification: verifiedByDownload(result.verification) } : {}),
  };
}
