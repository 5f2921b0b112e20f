// Keeps Steadyhand's content script in the tabs of a running task, and puts it nowhere else (decision 0015). The
// manifest declares no content script: a page the person opens outside a task never runs any of our code. A task's
// tab gets the script when the task takes it (the tab it starts on, a tab it opens, a popup it adopts) and again on
// every new document committed in it, as soon as the forwarded commit reaches the panel, so the injection overlaps
// the page's own load. Chrome runs it at document_idle, as it ran a declared script.

import type { TabEventBus } from '../tab-event-bus';
import type { TabsChange } from './task-tabs-state';

/** Runs the content script in frame 0 of a tab, resolving once it is up (TabAccess.injectContentScript). */
export type InjectScript = (tabId: number) => Promise<void>;

export interface TaskScriptsDeps {
  bus: Pick<TabEventBus, 'subscribe'>;
  /** The task's tabs: which it owns now, and when that changes. */
  tabs: {
    ownedIds(): number[];
    isOwned(tabId: number): boolean;
    subscribe(listener: (change: TabsChange) => void, signal?: AbortSignal): void;
  };
  inject: InjectScript;
}

/** Scripts the task's tabs until `signal` aborts (the run ended). */
export function keepTaskTabsScripted(deps: TaskScriptsDeps, signal: AbortSignal): void {
  if (signal.aborted) return;
  const inject = (tabId: number) => {
    deps.inject(tabId).catch((error: unknown) => {
      // A browser page, a closed tab, a document replaced before the script ran: the agent's next look at the tab
      // injects again or says why it cannot (remote-page.ts).
      console.debug(`[steadyhand] no script in tab ${tabId}:`, error);
    });
  };
  deps.tabs.subscribe((change) => {
    if (change.type === 'owned') inject(change.tabId);
  }, signal);
  deps.bus.subscribe((event) => {
    if (event.type === 'committed' && event.frameId === 0 && deps.tabs.isOwned(event.tabId)) inject(event.tabId);
  }, signal);
  for (const tabId of deps.tabs.ownedIds()) inject(tabId);
}
