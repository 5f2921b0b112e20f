// The chrome.tabs / tabGroups / windows calls TabsManager and MaskCoordinator make, as an interface: the classes are
// unit-tested with a fake, and src/panel/chrome/chrome-tabs-adapter.ts implements it over the real APIs.

import type { TabSnapshot } from '../agent';

/** A tab as the panel's tab logic sees it. */
export interface AdapterTab {
  id: number;
  windowId: number;
  url: string;
  pendingUrl?: string;
  status?: string;
  title: string;
  active: boolean;
  /** -1 when the tab is in no group (chrome.tabGroups.TAB_GROUP_ID_NONE). */
  groupId: number;
  openerTabId?: number;
  lastAccessed?: number;
}

export const NO_GROUP = -1;
/** chrome.windows.WINDOW_ID_NONE: no Chrome window has focus. */
export const NO_WINDOW = -1;

export type GroupColor = 'grey' | 'blue' | 'red' | 'yellow' | 'green' | 'pink' | 'purple' | 'cyan' | 'orange';

export interface AdapterGroup {
  id: number;
  windowId: number;
  title?: string;
  color: GroupColor;
}

export interface TabsAdapter {
  /** chrome-extension://ID, to tell the panel's own pages from web tabs. */
  readonly ownOrigin: string;
  /** The tab, or null when it does not exist (never throws for a missing tab). */
  get(tabId: number): Promise<AdapterTab | null>;
  listWindow(windowId: number): Promise<AdapterTab[]>;
  /** Always in the background: a tab the agent opens never takes the person's focus. */
  create(props: { url: string; windowId?: number }): Promise<AdapterTab>;
  /** Starts navigating the tab; null when the tab does not exist. */
  navigate(tabId: number, url: string): Promise<AdapterTab | null>;
  goBack(tabId: number): Promise<void>;
  remove(tabIds: number[]): Promise<void>;
  /** Adds the tabs to `groupId`, or to a new group in `windowId`; returns the group id. */
  group(tabIds: number[], target: { groupId: number } | { windowId: number }): Promise<number>;
  ungroup(tabIds: number[]): Promise<void>;
  styleGroup(groupId: number, style: { title: string; color: GroupColor }): Promise<void>;
  getGroup(groupId: number): Promise<AdapterGroup | null>;
  /** Every live tab group, in every window. */
  listGroups(): Promise<AdapterGroup[]>;
  /** The tabs of one group. */
  listGroupTabs(groupId: number): Promise<AdapterTab[]>;
  windowExists(windowId: number): Promise<boolean>;
}

export const toSnapshot = (tab: AdapterTab): TabSnapshot => ({
  tabId: tab.id,
  windowId: tab.windowId,
  url: tab.url,
  pendingUrl: tab.pendingUrl,
  status: tab.status,
  title: tab.title,
  active: tab.active,
});
