import type { RemotePage } from '../../shared/rpc';
import { createFramedPage } from './framed-page';
import { createLedgeredPage } from './ledgered-page';
import { RefLedger } from './ref-ledger';
import { createRemotePage, type Relay, type TabAccess } from './remote-page';

export type RemotePageFactory = (tabId: number) => RemotePage;

/**
 * One proxy per tab, created on first use; it reads the tab's cross-origin frames when `tabs.frames` is given. All
 * the tabs share one ref ledger, so a ref number names one element across every page the panel shows the model.
 */
export function remotePageFactory(relay: Relay, tabs: TabAccess, ledger = new RefLedger()): RemotePageFactory {
  const cache = new Map<number, RemotePage>();
  const frameRef = () => ledger.frameRef();
  return (tabId) => {
    let page = cache.get(tabId);
    if (!page) {
      const top = createRemotePage(tabId, relay, tabs);
      const framed = tabs.frames ? createFramedPage(tabId, top, relay, tabs.frames, frameRef) : top;
      page = createLedgeredPage(tabId, framed, ledger);
      cache.set(tabId, page);
    }
    return page;
  };
}
