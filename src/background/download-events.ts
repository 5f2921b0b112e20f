// Forwards the browser's downloads to the panel as tab events. The worker keeps nothing (decision 0001): which task,
// if any, a download belongs to is the panel's call (src/panel/tabs/downloads.ts, decision 0022).

import type { DownloadChange, DownloadInfo } from '../shared/protocol';
import { forwardTabEvent } from './tab-events';

function info(item: chrome.downloads.DownloadItem): DownloadInfo {
  return {
    id: item.id,
    url: item.url,
    finalUrl: item.finalUrl,
    referrer: item.referrer,
    filename: item.filename,
    mime: item.mime,
    totalBytes: item.totalBytes,
    fileSize: item.fileSize,
    state: item.state as DownloadInfo['state'],
    ...(item.error ? { error: item.error } : {}),
  };
}

function change(delta: chrome.downloads.DownloadDelta): DownloadChange {
  const out: DownloadChange = { id: delta.id };
  if (delta.filename?.current !== undefined) out.filename = delta.filename.current;
  if (delta.finalUrl?.current !== undefined) out.finalUrl = delta.finalUrl.current;
  if (delta.totalBytes?.current !== undefined) out.totalBytes = delta.totalBytes.current;
  if (delta.fileSize?.current !== undefined) out.fileSize = delta.fileSize.current;
  if (delta.state?.current !== undefined) out.state = delta.state.current as DownloadInfo['state'];
  if (delta.error?.current !== undefined) out.error = delta.error.current;
  return out;
}

export function registerDownloadForwarding(): void {
  // Absent without the `downloads` permission (an older manifest, a unit test's chrome): nothing to forward.
  if (!chrome.downloads) return;
  chrome.downloads.onCreated.addListener((item) => forwardTabEvent({ type: 'downloadCreated', download: info(item) }));
  chrome.downloads.onChanged.addListener((delta) =>
    forwardTabEvent({ type: 'downloadChanged', change: change(delta) }),
  );
}
