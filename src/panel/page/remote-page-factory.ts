import type { RemotePage } from '../../shared/rpc';
import { createFramedPage } from './framed-page';
import { createRemotePage, type Relay, type TabAccess } from './remote-page';

export type RemotePageFactory = (tabId: number) => RemotePage;

/** One proxy per tab, created on first use; it reads the tab's cross-origin frames when `tabs.frames` is given. */
export function remotePageFactory(relay: Relay, tabs: TabAccess): RemotePageFactory {
  const cache = new Map<number, RemotePage>();
  return (tabId) => {
    let page = cache.get(tabId);
    if (!page) {
      const top = createRemotePage(tabId, relay, tabs);
      page = tabs.frames ? createFramedPage(tabId, top, relay, tabs.frames) : top;
      cache.set(tabId, page);
    }
    return page;
  };
}
