// The set of tabs a task may act on, with how each came to be owned. Tabs that were owned and are gone are
// remembered, so "that tab was closed" can be told apart from "that tab was never yours".

/** How the agent came to own a tab (OwnedTab['origin'] in ports.ts). */
export type OwnedVia = 'initial' | 'opened' | 'popup';

export class OwnedTabs {
  private readonly tabs = new Map<number, OwnedVia>();
  private readonly ever = new Set<number>();
  /** Tabs the person took back from the task (out of its group): never the task's again. */
  private readonly takenBack = new Set<number>();
  /** Old id → new id, for tabs Chrome swapped for another (a discarded tab, a prerendered page). */
  private readonly successors = new Map<number, number>();

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

  /** The person took the tab out of the task's group: it is theirs again. */
  giveBack(tabId: number): void {
    this.tabs.delete(tabId);
    this.takenBack.add(tabId);
  }

  wasTakenBack(tabId: number): boolean {
    return this.takenBack.has(tabId);
  }

  /** The id that took this tab's place when Chrome replaced it, following a chain of replacements. */
  successor(tabId: number): number | undefined {
    let id = this.successors.get(tabId);
    for (let next = id; next !== undefined; next = this.successors.get(next)) id = next;
    return id;
  }

  /** Chrome swapped a tab for another (prerendering, discarding): the new id inherits the old one's place. */
  replace(removedTabId: number, addedTabId: number): void {
    const via = this.tabs.get(removedTabId);
    if (via === undefined) return;
    this.tabs.delete(removedTabId);
    this.successors.set(removedTabId, addedTabId);
    this.add(addedTabId, via);
  }
}
