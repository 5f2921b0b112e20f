// Which web tab the person is looking at in the panel's window. Never the panel itself: when the panel is opened
// as a tab it is the active tab, so the most recently used web tab of that window stands in for it.

export interface TabLike {
  id?: number;
  url?: string;
  pendingUrl?: string;
  active?: boolean;
  lastAccessed?: number;
  windowId?: number;
}

export function isOwnPage(tab: TabLike, ownOrigin: string): boolean {
  const url = tab.url || tab.pendingUrl || '';
  return url.startsWith(`${ownOrigin}/`);
}

export function pickPersonTab<T extends TabLike>(windowTabs: T[], ownOrigin: string): T | undefined {
  const candidates = windowTabs.filter((tab) => tab.id !== undefined && !isOwnPage(tab, ownOrigin));
  return (
    candidates.find((tab) => tab.active) ??
    candidates.reduce<T | undefined>(
      (best, tab) => (best === undefined || (tab.lastAccessed ?? 0) > (best.lastAccessed ?? 0) ? tab : best),
      undefined,
    )
  );
}
