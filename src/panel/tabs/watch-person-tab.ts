// Keeps the page view on the tab the person is looking at in the panel's window, live from forwarded events. It reads
// the tab from chrome.tabs only: the person's tab is not a task's tab, so no script of ours goes into it to describe
// it (decision 0015).

import type { PageInfo } from '../../shared/page-types';
import type { TabEvent } from '../../shared/protocol';
import { describeRestriction, isRestrictedUrl } from '../../shared/urls';
import type { TabAccess } from '../page/remote-page';
import { isOwnPage, pickPersonTab, type TabLike } from './person-tab';
import type { TabEventBus } from './tab-event-bus';

/** Where the watch shows what it sees (the page-view store). */
export interface PersonTabView {
  show(patch: {
    windowId?: number | null;
    tabId?: number | null;
    info?: PageInfo | null;
    status?: 'idle' | 'loading' | 'ready' | 'restricted' | 'unavailable';
    message?: string | null;
  }): void;
  record(event: TabEvent): void;
}

export interface WatchDeps {
  bus: TabEventBus;
  tabs: TabAccess;
  windowId: number;
  listWindowTabs(windowId: number): Promise<TabLike[]>;
  view: PersonTabView;
  signal: AbortSignal;
}

export function watchPersonTab(deps: WatchDeps): Promise<void> {
  const { bus, view, windowId, signal } = deps;
  let tabId: number | null = null;
  let generation = 0;

  async function refresh(): Promise<void> {
    const mine = ++generation;
    if (tabId === null) {
      view.show({ tabId: null, info: null, status: 'idle', message: null });
      return;
    }
    const current = tabId;
    view.show({ tabId: current, status: 'loading' });
    const tab = await deps.tabs.getTab(current);
    if (mine !== generation || signal.aborted) return;
    if (!tab) {
      view.show({ info: null, status: 'unavailable', message: `Tab ${current} was closed.` });
      return;
    }
    const url = tab.url || tab.pendingUrl || '';
    const info = {
      url,
      title: tab.title ?? '',
      readyState: tab.status === 'complete' ? 'complete' : 'loading',
    } as const;
    if (url && isRestrictedUrl(url, deps.tabs.ownOrigin)) {
      view.show({ info, status: 'restricted', message: describeRestriction(url) });
      return;
    }
    view.show({ info, status: 'ready', message: null });
  }

  async function repick(): Promise<void> {
    const picked = pickPersonTab(await deps.listWindowTabs(windowId), deps.tabs.ownOrigin);
    tabId = picked?.id ?? null;
    await refresh();
  }

  async function onEvent(event: TabEvent): Promise<void> {
    view.record(event);
    switch (event.type) {
      case 'activated': {
        if (event.windowId !== windowId || event.tabId === tabId) return;
        const tab = await deps.tabs.getTab(event.tabId);
        if (tab && !isOwnPage(tab, deps.tabs.ownOrigin)) {
          tabId = event.tabId;
          await refresh();
        }
        return;
      }
      case 'removed':
      case 'attached':
        if (event.tabId === tabId) await repick();
        return;
      case 'replaced':
        if (event.removedTabId === tabId) {
          tabId = event.addedTabId;
          await refresh();
        }
        return;
      case 'updated':
        if (event.tabId === tabId && (event.title !== undefined || event.status === 'complete')) await refresh();
        return;
      default:
        return;
    }
  }

  bus.subscribe((event) => void onEvent(event), signal);
  view.show({ windowId });
  return repick();
}
