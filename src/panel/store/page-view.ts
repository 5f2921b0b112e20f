// What the panel shows about the tab the person is looking at, and the recent forwarded tab events.

import { create } from 'zustand';
import type { PageInfo } from '../../shared/page-types';
import type { TabEvent } from '../../shared/protocol';

export type PageViewStatus = 'idle' | 'loading' | 'ready' | 'restricted' | 'unavailable';

export interface PageViewState {
  windowId: number | null;
  tabId: number | null;
  info: PageInfo | null;
  status: PageViewStatus;
  /** A sentence for the person when the page cannot be read. */
  message: string | null;
  events: (TabEvent & { at: number })[];
  show(patch: Partial<Pick<PageViewState, 'windowId' | 'tabId' | 'info' | 'status' | 'message'>>): void;
  record(event: TabEvent): void;
}

const MAX_EVENTS = 50;

export const usePageView = create<PageViewState>()((set) => ({
  windowId: null,
  tabId: null,
  info: null,
  status: 'idle',
  message: null,
  events: [],
  show: (patch) => set(patch),
  record: (event) => set((state) => ({ events: [{ ...event, at: Date.now() }, ...state.events].slice(0, MAX_EVENTS) })),
}));
