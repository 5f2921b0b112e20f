// Which tab requested a URL lately, from chrome.webRequest (the panel only listens; it blocks nothing). A DownloadItem
// names no tab, but the request that fetched the file does: Chromium reports a download's request with the tab it was
// made from, both a link to an attachment (`main_frame`) and an `<a download>` (`other`), before downloads.onCreated
// fires (seen in Chromium 14x with the demo's downloads fixture). So a download can be given to the task whose tab
// started it, not to every task showing the same page (decision 0027).
// https://developer.chrome.com/docs/extensions/reference/api/webRequest#event-onBeforeRequest

/** Requests remembered; a download's own request is among the last few its tab made. */
const KEPT = 200;

export function watchRequestTabs(signal: AbortSignal): (url: string) => readonly number[] {
  const recent: { url: string; tabId: number }[] = [];
  const listener = (details: chrome.webRequest.OnBeforeRequestDetails) => {
    if (details.tabId < 0) return undefined; // not a tab's (the worker's, another extension page's)
    recent.push({ url: details.url, tabId: details.tabId });
    if (recent.length > KEPT) recent.shift();
    return undefined;
  };
  chrome.webRequest.onBeforeRequest.addListener(listener, {
    urls: ['<all_urls>'],
    types: ['main_frame', 'sub_frame', 'other'],
  });
  signal.addEventListener('abort', () => chrome.webRequest.onBeforeRequest.removeListener(listener), { once: true });
  return (url) => [...new Set(recent.filter((request) => request.url === url).map((request) => request.tabId))];
}
