// The set of tabs a task may act on, with how each came to be owned. Tabs that were owned and are gone are
// remembered, so "that tab was closed" can be told apart from "that tab was never yours".

/** How the agent came to own a tab (OwnedTab['origin'] in ports.ts). */
export type OwnedVia = 'initial' | 'opened' | 'popup';

export class OwnedTabs {
  private readonly tabs = new Map<number, OwnedVia>();
  private readonly ever = new Set<number>();

  has(tabId: number): boolean {
    return this.tabs.has(tabId);
  }

  wasOwned(tabId: number): boolean {
    return this.ever.has(tabId);
  }

  via(tabId: number): OwnedVia | undefined {
    return this.tabs.get(tabId);
  }

  ids(): number[] {
    return [...this.tabs.keys()];
  }

  add(tabId: number, via: OwnedVia): void {
    this.tabs.set(tabId, via);
    this.ever.add(tabId);
  }

  remove(tabId: number): void {
    this.tabs.delete(tabId);
  }

  /** Chrome swapped a tab for another (prerendering): the new id inherits the old one's place. */
  replace(removedTabId: number, addedTabId: number): void {
    const via = this.tabs.get(removedTabId);
    if (via === undefined) return;
    this.tabs.delete(removedTabId);
    this.add(addedTabId, via);
  }
}
