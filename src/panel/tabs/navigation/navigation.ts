// The panel's Navigation (ports.ts): the commit wait, the document-ready wait and the wait for a navigation an
// action started, all fed by the events the service worker forwards through the TabEventBus.

import type { Navigation, Timers } from '../../agent';
import type { TabEventBus } from '../tab-event-bus';
import { createDocumentReady, type ReadyPage } from './document-ready';
import { DocumentTracker } from './document-tracker';
import { createNavigationWait } from './navigation-wait';
import { createUrlSettle, type SettleTab } from './url-settle';

export interface NavigationDeps {
  bus: Pick<TabEventBus, 'subscribe'>;
  pages(tabId: number): ReadyPage;
  getTab(tabId: number): Promise<SettleTab | null>;
  ownOrigin: string;
  timers?: Timers;
  /** Ends the document tracker's subscription (the panel's lifetime). */
  signal?: AbortSignal;
}

export function createNavigation(deps: NavigationDeps): Navigation {
  // Created once, before any wait, so announcements that arrive while nobody waits are not lost.
  const tracker = new DocumentTracker(deps.bus, deps.signal);
  const waitForUrlSettle = createUrlSettle(deps);
  const waitForDocumentReady = createDocumentReady({ ...deps, tracker });
  const { mark, waitForNavigation } = createNavigationWait({ ...deps, tracker });
  return { waitForUrlSettle, waitForDocumentReady, mark, waitForNavigation };
}
