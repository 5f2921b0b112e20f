// The panel's one runtime.onMessage router: tab events from the service worker go to the bus; a content script's
// query (relayed by the worker) goes to the query handler, which answers only for tabs this panel is working on.

import { isRuntimeMessage, PANEL_QUERIES, type PanelQueries, type Reply } from '../../shared/protocol';
import { dispatch } from '../../shared/rpc';
import type { TabEventBus } from '../tabs/tab-event-bus';

/** Returns the queries this panel answers for the tab, or null to let another panel (or nobody) answer. */
export type PanelQueryHandler = (tabId: number) => PanelQueries | null;

/**
 * Tab events and relayed queries come only from our service worker. Content scripts message every extension page
 * too (runtime.sendMessage reaches the panel as well as the worker), so a sender with a tab, another extension, or
 * another of our pages is not the worker. The worker is known by its script's URL, which the manifest names.
 */
export function isFromWorker(sender: chrome.runtime.MessageSender): boolean {
  if (sender.id !== chrome.runtime.id || sender.tab !== undefined || typeof sender.url !== 'string') return false;
  const background = chrome.runtime.getManifest().background;
  const script = background && 'service_worker' in background ? background.service_worker : undefined;
  return script ? sender.url === chrome.runtime.getURL(script) : sender.url.startsWith(chrome.runtime.getURL(''));
}

export function listenToWorker(bus: TabEventBus, queries: PanelQueryHandler, signal: AbortSignal): void {
  const onMessage = (
    message: unknown,
    sender: chrome.runtime.MessageSender,
    sendResponse: (reply: Reply<unknown>) => void,
  ): boolean => {
    if (!isRuntimeMessage(message) || !isFromWorker(sender)) return false;
    if (message.kind === 'tab:event') {
      bus.emit(message.event);
      return false;
    }
    if (message.kind === 'panel:query') {
      const api = queries(message.tabId);
      if (!api) return false;
      void dispatch(api, PANEL_QUERIES, message.query, []).then(sendResponse);
      return true;
    }
    return false;
  };
  chrome.runtime.onMessage.addListener(onMessage);
  signal.addEventListener('abort', () => chrome.runtime.onMessage.removeListener(onMessage), { once: true });
}
