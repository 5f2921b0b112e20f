// Keeps the page view on the tab the person is looking at in the panel's window, live from forwarded events.

import { isSteadyhandError } from '../../shared/errors';
import type { TabEvent } from '../../shared/protocol';
import type { TabAccess } from '../page/remote-page';
import type { RemotePageFactory } from '../page/remote-page-factory';
import type { PageViewState } from '../store/page-view';
import { isOwnPage, pickPersonTab, type TabLike } from './person-tab';
import type { TabEventBus } from './tab-event-bus';

export interface WatchDeps {
  bus: TabEventBus;
  pages: RemotePageFactory;
  tabs: TabAccess;
  windowId: number;
  listWindowTabs(windowId: number): Promise<TabLike[]>;
  view: Pick<PageViewState, 'show' | 'record'>;
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
    try {
      const info = await deps.pages(current).getPageInfo({ timeoutMs: 5_000, signal });
      if (mine === generation) view.show({ info, status: 'ready', message: null });
    } catch (error) {
      if (mine !== generation || signal.aborted) return;
      const tab = await deps.tabs.getTab(current);
      const info = tab ? { url: tab.url ?? tab.pendingUrl ?? '', title: '', readyState: 'loading' as const } : null;
      const restricted = isSteadyhandError(error, 'restricted');
      view.show({
        info,
        status: restricted ? 'restricted' : 'unavailable',
        message: error instanceof Error ? error.message : String(error),
      });
    }
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
      case 'contentReady':
        if (event.tabId === tabId) await refresh();
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
