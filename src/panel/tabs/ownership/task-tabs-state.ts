// The state of a task's tabs: which it owns, which it works on, and the record it keeps. Every change goes through
// here, so the record and the change notifications can never disagree with the state.

import { OwnedTabs, type OwnedVia } from './owned-tabs';
import { emptyTaskRecord, mergeTaskRecord, type TaskTabsRecord, type TaskTabsUpdate } from './task-tabs-record';

export type CurrentWhy =
  | 'initial'
  | 'opened'
  | 'switched'
  | 'popup'
  | 'closed'
  | 'replaced'
  | 'followed'
  /** The person closed or took back the current tab, and the agent goes on in another of the task's tabs. */
  | 'moved_on';

export type TabsChange =
  | { type: 'current'; tabId: number | null; previous: number | null; why: CurrentWhy }
  | { type: 'owned'; tabId: number; via: OwnedVia }
  | { type: 'lost'; tabId: number; wasCurrent: boolean };

export class TaskTabsState {
  readonly owned = new OwnedTabs();
  private currentTab: number | null = null;
  /** The tabs the agent was current on, least recent first: where it goes on when the person takes its tab. */
  private worked: number[] = [];
  private taskRecord: TaskTabsRecord;
  private readonly listeners = new Set<(change: TabsChange) => void>();

  constructor(
    taskId: string,
    private readonly onRecord?: (record: TaskTabsRecord) => void,
  ) {
    this.taskRecord = emptyTaskRecord(taskId);
  }

  get current(): number | null {
    return this.currentTab;
  }

  get record(): TaskTabsRecord {
    return this.taskRecord;
  }

  subscribe(listener: (change: TabsChange) => void, signal?: AbortSignal): void {
    if (signal?.aborted) return;
    this.listeners.add(listener);
    signal?.addEventListener('abort', () => this.listeners.delete(listener), { once: true });
  }

  clearListeners(): void {
    this.listeners.clear();
  }

  own(tabId: number, via: OwnedVia): void {
    if (this.owned.has(tabId)) return;
    this.owned.add(tabId, via);
    this.update({ ownedTabIds: this.owned.ids() });
    this.emit({ type: 'owned', tabId, via });
  }

  /**
   * The tab is gone (closed by anyone). If it was the current tab, the agent has none until it picks one, unless
   * `moveOn`: then it goes on in the task's tab it worked on last (the person closed or took back its tab, and the
   * task goes on with its others).
   */
  forget(tabId: number, { moveOn = false, takenBack = false } = {}): void {
    if (!this.owned.has(tabId)) return;
    if (takenBack) this.owned.giveBack(tabId);
    else this.owned.remove(tabId);
    const wasCurrent = this.currentTab === tabId;
    this.update({ ownedTabIds: this.owned.ids() });
    const next = wasCurrent && moveOn ? this.lastWorkedOn() : null;
    if (wasCurrent) this.setCurrent(next, next === null ? 'closed' : 'moved_on');
    this.emit({ type: 'lost', tabId, wasCurrent });
  }

  /** The owned tab the agent was current on most recently, else the one it took last; null when it owns none. */
  private lastWorkedOn(): number | null {
    const owned = this.owned.ids();
    for (let i = this.worked.length - 1; i >= 0; i--) {
      const id = this.worked[i];
      if (id !== undefined && this.owned.has(id)) return id;
    }
    return owned.at(-1) ?? null;
  }

  replace(removedTabId: number, addedTabId: number): void {
    if (!this.owned.has(removedTabId)) return;
    const wasCurrent = this.currentTab === removedTabId;
    this.owned.replace(removedTabId, addedTabId);
    this.update({ ownedTabIds: this.owned.ids() });
    if (this.taskRecord.initialTabId === removedTabId) this.update({ initialTabId: addedTabId });
    if (wasCurrent) this.setCurrent(addedTabId, 'replaced');
  }

  setCurrent(tabId: number | null, why: CurrentWhy): void {
    const previous = this.currentTab;
    this.currentTab = tabId;
    if (previous !== null && previous !== tabId) {
      this.worked = [...this.worked.filter((id) => id !== previous), previous];
    }
    this.update({ tabId });
    if (previous !== tabId) this.emit({ type: 'current', tabId, previous, why });
  }

  update(patch: TaskTabsUpdate): void {
    this.taskRecord = mergeTaskRecord(this.taskRecord, patch);
    this.onRecord?.(this.taskRecord);
  }

  private emit(change: TabsChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        console.error('[steadyhand] tabs listener failed:', error);
      }
    }
  }
}
