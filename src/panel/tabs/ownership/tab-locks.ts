// One owner per tab across every panel (decision 0027). Each window's side panel (and a panel opened as a tab) is its
// own agent; they share nothing but the extension's origin. A lock per tab, held for as long as a task owns the tab,
// is what keeps two of them from driving one tab: src/panel/chrome/web-locks.ts implements the port over the Web Locks
// API (shared by every page of an origin, released by the browser when the page holding it goes away).

/** A held lock: the task owns the tab until it lets go (or its panel goes away). */
export interface Lease {
  release(): void;
}

export interface Locks {
  /** Takes the lock at once if no one holds it, else resolves null at once (never waits for it). */
  tryTake(name: string): Promise<Lease | null>;
  /** Runs `work` while holding the lock, waiting for it if another page holds it now. */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** The names of the locks any page holds now. */
  held(): Promise<string[]>;
}

export const tabLockName = (tabId: number): string => `steadyhand.tab.${tabId}`;

/**
 * The tab locks one task holds. `take` is the only way a tab becomes the task's (TabsManager); a tab that leaves the
 * task (closed, replaced, the run's end) is let go here, so another task may take it.
 */
export class TabLeases {
  private readonly held = new Map<number, Lease>();
  /** Takes on their way: a second take of the same tab waits for the first instead of asking again (and failing). */
  private readonly taking = new Map<number, Promise<boolean>>();

  constructor(private readonly locks: Locks) {}

  has(tabId: number): boolean {
    return this.held.has(tabId);
  }

  /** True when the task holds the tab now (it already did, or took it); false when another task holds it. */
  take(tabId: number): Promise<boolean> {
    if (this.held.has(tabId)) return Promise.resolve(true);
    return this.taking.get(tabId) ?? this.ask(tabId);
  }

  private ask(tabId: number): Promise<boolean> {
    const taking = this.locks.tryTake(tabLockName(tabId)).then((lease) => {
      this.taking.delete(tabId);
      if (lease) this.held.set(tabId, lease);
      return lease !== null;
    });
    this.taking.set(tabId, taking);
    return taking;
  }

  release(tabId: number): void {
    this.held.get(tabId)?.release();
    this.held.delete(tabId);
  }

  releaseAll(): void {
    for (const lease of this.held.values()) lease.release();
    this.held.clear();
  }
}
