import type { RemotePage } from '../../shared/rpc';
import { createRemotePage, type Relay, type TabAccess } from './remote-page';

export type RemotePageFactory = (tabId: number) => RemotePage;

/** One proxy per tab, created on first use. */
export function remotePageFactory(relay: Relay, tabs: TabAccess): RemotePageFactory {
  const cache = new Map<number, RemotePage>();
  return (tabId) => {
    let page = cache.get(tabId);
    if (!page) {
      page = createRemotePage(tabId, relay, tabs);
      cache.set(tabId, page);
    }
    return page;
  };
}
