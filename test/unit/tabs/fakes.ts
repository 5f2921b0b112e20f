// Fakes for the panel's tab logic: timers that advance by hand, and a small browser model (tabs, windows, groups)
// that implements TabsAdapter and emits the same events the service worker forwards.

import type { Timers } from '../../../src/panel/agent/core/time';
import type { TabEventBus } from '../../../src/panel/tabs/tab-event-bus';
import {
  type AdapterGroup,
  type AdapterTab,
  type GroupColor,
  NO_GROUP,
  NO_WINDOW,
  type TabsAdapter,
} from '../../../src/panel/tabs/tabs-adapter';
import type { TabEvent } from '../../../src/shared/protocol';

export class FakeTimers implements Timers {
  private time = 0;
  private nextId = 1;
  private readonly tasks = new Map<number, { at: number; every?: number; fn: () => void }>();

  monotonic(): number {
    return this.time;
  }

  after(ms: number, fn: () => void): () => void {
    const id = this.nextId++;
    this.tasks.set(id, { at: this.time + ms, fn });
    return () => this.tasks.delete(id);
  }

  every(ms: number, fn: () => void): () => void {
    const id = this.nextId++;
    this.tasks.set(id, { at: this.time + ms, every: ms, fn });
    return () => this.tasks.delete(id);
  }

  /** Timers still scheduled. */
  get pending(): number {
    return this.tasks.size;
  }

  /** Moves time forward, running every timer that falls due, in order, with microtasks flushed between. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.tasks.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, task] = due;
      this.time = task.at;
      if (task.every) task.at += task.every;
      else this.tasks.delete(id);
      task.fn();
      await flush();
    }
    this.time = end;
    await flush();
  }
}

/** Lets pending promise callbacks run (several turns, for chains of awaits). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export const OWN_ORIGIN = 'chrome-extension://ownextensionid';
export const PANEL_URL = `${OWN_ORIGIN}/src/panel/index.html`;

export class FakeBrowser implements TabsAdapter {
  readonly ownOrigin = OWN_ORIGIN;
  readonly tabs = new Map<number, AdapterTab>();
  readonly groups = new Map<number, AdapterGroup>();
  readonly windows = new Set<number>();
  focused = NO_WINDOW;
  /** Adapter calls, for asserting what the manager did. */
  readonly calls: string[] = [];
  private nextTabId = 100;
  private nextGroupId = 500;
  private nextWindowId = 1;
  private clock = 1_000;

  constructor(private readonly bus: Pick<TabEventBus, 'emit'>) {}

  emit(event: TabEvent): void {
    this.bus.emit(event);
  }

  addWindow(): number {
    const id = this.nextWindowId++;
    this.windows.add(id);
    return id;
  }

  /** A tab the person (or a page) opened. */
  addTab(windowId: number, url: string, extra: { active?: boolean; openerTabId?: number; emit?: boolean } = {}) {
    const id = this.nextTabId++;
    const tab: AdapterTab = { id, windowId, url, title: url, active: false, groupId: NO_GROUP, status: 'complete' };
    if (extra.openerTabId !== undefined) tab.openerTabId = extra.openerTabId;
    tab.lastAccessed = this.clock++;
    this.tabs.set(id, tab);
    if (extra.emit !== false) {
      this.emit({ type: 'created', tabId: id, windowId, openerTabId: extra.openerTabId, url });
      // `openerTabId` here means "the page in that tab opened it", which Chrome reports as a navigation target.
      if (extra.openerTabId !== undefined) {
        this.emit({ type: 'navigationTarget', tabId: id, sourceTabId: extra.openerTabId, url });
      }
    }
    if (extra.active) this.activate(id);
    return id;
  }

  activate(tabId: number): void {
    const tab = this.mustGet(tabId);
    for (const other of this.tabs.values()) if (other.windowId === tab.windowId) other.active = false;
    tab.active = true;
    tab.lastAccessed = this.clock++;
    this.emit({ type: 'activated', tabId, windowId: tab.windowId });
  }

  focus(windowId: number): void {
    this.focused = windowId;
    this.emit({ type: 'focusChanged', windowId });
  }

  closeTab(tabId: number): void {
    const tab = this.mustGet(tabId);
    this.tabs.delete(tabId);
    this.dropEmptyGroups();
    this.emit({ type: 'removed', tabId, windowId: tab.windowId, isWindowClosing: false });
  }

  /** Moves one tab to another window; Chrome takes it out of its group (the group stays behind). */
  moveTab(tabId: number, windowId: number): void {
    const tab = this.mustGet(tabId);
    const wasGrouped = tab.groupId !== NO_GROUP;
    tab.windowId = windowId;
    tab.groupId = NO_GROUP;
    this.dropEmptyGroups();
    this.emit({ type: 'attached', tabId, windowId });
    if (wasGrouped) this.emit({ type: 'groupChanged', tabId, groupId: NO_GROUP });
  }

  /** The person drags a tab out of its group (or into another group): Chrome reports the tab's new groupId. */
  dragOutOfGroup(tabId: number, intoGroupId = NO_GROUP): void {
    this.mustGet(tabId).groupId = intoGroupId;
    this.dropEmptyGroups();
    this.emit({ type: 'groupChanged', tabId, groupId: intoGroupId });
  }

  /** The person drags a whole group to another window: its tabs stay in the group. */
  moveGroup(groupId: number, windowId: number): void {
    const group = this.groups.get(groupId);
    if (!group) throw new Error(`no group ${groupId}`);
    group.windowId = windowId;
    for (const tab of this.tabs.values()) {
      if (tab.groupId !== groupId) continue;
      tab.windowId = windowId;
      this.emit({ type: 'attached', tabId: tab.id, windowId });
    }
  }

  /** A group the person made (another task's, or their own). */
  addGroup(windowId: number, title: string): number {
    const id = this.nextGroupId++;
    this.groups.set(id, { id, windowId, title, color: 'grey' });
    return id;
  }

  /** Swaps a tab for a new id, as discarding does; `announce: false` leaves the event for the test to emit later. */
  replaceTab(removedTabId: number, { announce = true } = {}): number {
    const old = this.mustGet(removedTabId);
    const id = this.nextTabId++;
    this.tabs.delete(removedTabId);
    this.tabs.set(id, { ...old, id });
    if (announce) this.emit({ type: 'replaced', addedTabId: id, removedTabId });
    return id;
  }

  commit(tabId: number, url: string): void {
    const tab = this.mustGet(tabId);
    tab.url = url;
    tab.pendingUrl = undefined;
    tab.status = 'loading';
    this.emit({ type: 'committed', tabId, frameId: 0, url, transitionType: 'link', timeStamp: this.clock++ });
  }

  mustGet(tabId: number): AdapterTab {
    const tab = this.tabs.get(tabId);
    if (!tab) throw new Error(`no tab ${tabId}`);
    return tab;
  }

  // ---- TabsAdapter ----------------------------------------------------------------------------------------------

  async get(tabId: number): Promise<AdapterTab | null> {
    const tab = this.tabs.get(tabId);
    return tab ? { ...tab } : null;
  }

  async listWindow(windowId: number): Promise<AdapterTab[]> {
    return [...this.tabs.values()].filter((tab) => tab.windowId === windowId).map((tab) => ({ ...tab }));
  }

  async create({ url, windowId }: { url: string; windowId?: number }): Promise<AdapterTab> {
    const target = windowId ?? [...this.windows][0] ?? this.addWindow();
    this.calls.push(`create ${url} in ${target}`);
    const id = this.addTab(target, '', { emit: true });
    const tab = this.mustGet(id);
    tab.pendingUrl = url;
    tab.status = 'loading';
    return { ...tab };
  }

  async navigate(tabId: number, url: string): Promise<AdapterTab | null> {
    this.calls.push(`navigate ${tabId} ${url}`);
    const tab = this.tabs.get(tabId);
    if (!tab) return null;
    tab.pendingUrl = url;
    tab.status = 'loading';
    return { ...tab };
  }

  async goBack(tabId: number): Promise<void> {
    this.calls.push(`back ${tabId}`);
    if (!this.tabs.has(tabId)) throw new Error(`No tab with id: ${tabId}.`);
  }

  async remove(tabIds: number[]): Promise<void> {
    this.calls.push(`remove ${tabIds.join(',')}`);
    for (const id of tabIds) if (this.tabs.has(id)) this.closeTab(id);
  }

  async group(tabIds: number[], target: { groupId: number } | { windowId: number }): Promise<number> {
    let groupId: number;
    if ('groupId' in target) {
      if (!this.groups.has(target.groupId)) throw new Error(`No group with id: ${target.groupId}.`);
      groupId = target.groupId;
    } else {
      groupId = this.nextGroupId++;
      this.groups.set(groupId, { id: groupId, windowId: target.windowId, color: 'grey' });
    }
    this.calls.push(`group ${tabIds.join(',')} into ${groupId}`);
    for (const id of tabIds) this.mustGet(id).groupId = groupId;
    for (const tabId of tabIds) this.emit({ type: 'groupChanged', tabId, groupId });
    return groupId;
  }

  async ungroup(tabIds: number[]): Promise<void> {
    this.calls.push(`ungroup ${tabIds.join(',')}`);
    for (const id of tabIds) {
      const tab = this.tabs.get(id);
      if (tab) tab.groupId = NO_GROUP;
    }
    this.dropEmptyGroups();
    for (const tabId of tabIds) this.emit({ type: 'groupChanged', tabId, groupId: NO_GROUP });
  }

  /** Chrome deletes a group when its last tab leaves it. */
  private dropEmptyGroups(): void {
    for (const group of [...this.groups.values()]) {
      if (![...this.tabs.values()].some((tab) => tab.groupId === group.id)) this.groups.delete(group.id);
    }
  }

  async styleGroup(groupId: number, style: { title: string; color: GroupColor }): Promise<void> {
    const group = this.groups.get(groupId);
    if (!group) throw new Error(`No group with id: ${groupId}.`);
    Object.assign(group, style);
  }

  async getGroup(groupId: number): Promise<AdapterGroup | null> {
    const group = this.groups.get(groupId);
    return group ? { ...group } : null;
  }

  async listGroups(): Promise<AdapterGroup[]> {
    return [...this.groups.values()].map((group) => ({ ...group }));
  }

  async listGroupTabs(groupId: number): Promise<AdapterTab[]> {
    return [...this.tabs.values()].filter((tab) => tab.groupId === groupId).map((tab) => ({ ...tab }));
  }

  async windowExists(windowId: number): Promise<boolean> {
    return this.windows.has(windowId);
  }
}
