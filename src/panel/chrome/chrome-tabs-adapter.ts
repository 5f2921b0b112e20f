// TabsAdapter over chrome.tabs, chrome.tabGroups and chrome.windows, for TabsManager and MaskCoordinator.

import type { AdapterGroup, AdapterTab, TabsAdapter } from '../tabs/tabs-adapter';

function toAdapterTab(tab: chrome.tabs.Tab): AdapterTab | null {
  if (tab.id === undefined || tab.id === chrome.tabs.TAB_ID_NONE) return null;
  return {
    id: tab.id,
    windowId: tab.windowId,
    url: tab.url ?? '',
    pendingUrl: tab.pendingUrl,
    status: tab.status,
    title: tab.title ?? '',
    active: tab.active,
    groupId: tab.groupId,
    openerTabId: tab.openerTabId,
    lastAccessed: tab.lastAccessed,
  };
}

const toAdapterGroup = (group: chrome.tabGroups.TabGroup): AdapterGroup => ({
  id: group.id,
  windowId: group.windowId,
  title: group.title,
  color: group.color,
});

const isMissing = (error: unknown) => /No (tab|window|group) with id/i.test(String(error));

/** Runs a call about one tab or window; "no such id" becomes null, anything else is thrown. */
async function orNull<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function nonEmpty(tabIds: number[]): [number, ...number[]] {
  const [first, ...rest] = tabIds;
  if (first === undefined) throw new RangeError('At least one tab id is needed.');
  return [first, ...rest];
}

export function chromeTabsAdapter(): TabsAdapter {
  return {
    ownOrigin: chrome.runtime.getURL('').replace(/\/$/, ''),
    async get(tabId) {
      const tab = await orNull(() => chrome.tabs.get(tabId));
      return tab ? toAdapterTab(tab) : null;
    },
    async listWindow(windowId) {
      const tabs = await chrome.tabs.query({ windowId });
      return tabs.map(toAdapterTab).filter((tab) => tab !== null);
    },
    async create({ url, windowId }) {
      const tab = toAdapterTab(await chrome.tabs.create({ url, windowId, active: false }));
      if (!tab) throw new Error(`Chrome opened no tab for ${url}.`);
      return tab;
    },
    async navigate(tabId, url) {
      const tab = await orNull(() => chrome.tabs.update(tabId, { url }));
      return tab ? toAdapterTab(tab) : null;
    },
    async goBack(tabId) {
      await chrome.tabs.goBack(tabId);
    },
    async remove(tabIds) {
      if (tabIds.length > 0) await chrome.tabs.remove(tabIds);
    },
    group(tabIds, target) {
      const options: chrome.tabs.GroupOptions =
        'groupId' in target
          ? { tabIds: nonEmpty(tabIds), groupId: target.groupId }
          : { tabIds: nonEmpty(tabIds), createProperties: { windowId: target.windowId } };
      return chrome.tabs.group(options);
    },
    async ungroup(tabIds) {
      if (tabIds.length > 0) await chrome.tabs.ungroup(nonEmpty(tabIds));
    },
    async styleGroup(groupId, { title, color }) {
      await chrome.tabGroups.update(groupId, { title, color });
    },
    async getGroup(groupId): Promise<AdapterGroup | null> {
      const group = await orNull(() => chrome.tabGroups.get(groupId));
      return group ? toAdapterGroup(group) : null;
    },
    async listGroups() {
      return (await chrome.tabGroups.query({})).map(toAdapterGroup);
    },
    async listGroupTabs(groupId) {
      const tabs = await chrome.tabs.query({ groupId });
      return tabs.map(toAdapterTab).filter((tab) => tab !== null);
    },
    async windowExists(windowId) {
      return (await orNull(() => chrome.windows.get(windowId))) !== null;
    },
  };
}
