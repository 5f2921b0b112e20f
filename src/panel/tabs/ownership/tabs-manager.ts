// TabsManager: the agent's tabs for one task. The current tab changes only through the agent's own calls (openUrl with
// a new tab, switchTo, a popup its tab opened), never because the person activated, opened or moved tabs
// (docs/contracts.md, Seed 001). It acts only on tabs it owns, keeps them in the `Task(<id>)` group, and reuses them
// across the instructions of a task (docs/contracts.md, Seed 003). A tab is the task's only while it holds the tab's
// lock (tab-locks.ts): no other task, in this panel or another window's, can own it at the same time (decision 0027).
// The group is the ground truth (group-truth.ts): a tab the person takes out of it is theirs again, and the task goes
// on with its other tabs, as it does when the person closes one; the model is told (takeFacts).

import { isSteadyhandError, TabError, TabTakenError } from '../../../shared/errors';
import type { TabEvent } from '../../../shared/protocol';
import { type CallOptions, type RemotePage, withDeadline } from '../../../shared/rpc';
import type { AgentPage, AgentTabs, OwnedTab, TabFact, TabSnapshot } from '../../agent';
import { isOwnPage, pickPersonTab } from '../person-tab';
import type { TabEventBus } from '../tab-event-bus';
import { type AdapterTab, type TabsAdapter, toSnapshot } from '../tabs-adapter';
import { GroupTruth } from './group-truth';
import { PersonMoves } from './person-moves';
import { tabFateAnnounced } from './tab-fate';
import { type Locks, TabLeases } from './tab-locks';
import { DEFAULT_TABS_SETTINGS, type TabsAtEnd, type TabsSettings } from './tabs-settings';
import { TaskGroup } from './task-group';
import { type InjectScript, keepTaskTabsScripted } from './task-scripts';
import { openTaskTab, takePersonTab } from './task-start';
import type { TaskTabsRecord } from './task-tabs-record';
import { type TabsChange, TaskTabsState } from './task-tabs-state';

export type { TabsAtEnd, TabsSettings } from './tabs-settings';
export type { TabsChange } from './task-tabs-state';

/** A tab's page as the TabsManager uses it: what the agent gets, and going back from the page itself. */
export type TabPage = AgentPage & Pick<RemotePage, 'historyBack'>;

export interface TabsManagerDeps {
  adapter: TabsAdapter;
  bus: Pick<TabEventBus, 'subscribe'>;
  pages(tabId: number): TabPage;
  /** The panel's window: where the person's tab is looked for, and where a task with no tab opens one. */
  windowId: number;
  /** Puts the content script into a tab; a run keeps its tabs scripted with it (task-scripts.ts). */
  inject: InjectScript;
  /** `history.back()` in a tab without the content script (its site is not the task's); absent: the browser's back. */
  historyBack?: (tabId: number) => Promise<void>;
  /** Called with the whole record after every change: the panel keeps it with the task in the history. */
  onRecord?(record: TaskTabsRecord): void;
  /** How long a tab Chrome no longer finds may wait for its `removed` or `replaced` event (GONE_CONFIRM_MS). */
  goneConfirmMs?: number;
  /** The locks every panel shares: a tab is owned by the task holding its lock (decision 0027). */
  locks: Locks;
  /**
   * Runs at the end of a run while the task still holds its tabs (the mask comes down here), so nothing the run
   * leaves behind can land on a tab another task has taken since.
   */
  beforeLettingGo?(): Promise<void>;
}

export interface TabsManagerOptions {
  taskId: string;
  settings?: Partial<TabsSettings>;
  /**
   * The tab the person was looking at when they asked for the task: a task that waited in the queue starts there,
   * not on whatever the person looks at when its turn comes. Gone by then: the person's tab now.
   */
  startTabId?: number | null;
  /**
   * Start in a new background tab on `url` (none yet when null) instead of the person's tab: a task another agent
   * handed over (issue 29, task-start.ts §openTaskTab).
   */
  newTab?: { url: string | null };
}

/**
 * The page could not be asked (no script can run there, the task may not use its site so none is put there, or an
 * older one that lacks the method): nothing ran, so it goes back another way.
 */
const BROWSER_BACK_WHEN = new Set<string>(['restricted', 'no_receiver', 'unknown_method', 'not_allowed']);

export class TabsManager implements AgentTabs {
  readonly taskId: string;
  readonly settings: TabsSettings;
  private readonly startTabId: number | null;
  private readonly newTab: { url: string | null } | null;
  private readonly state: TaskTabsState;
  private readonly group: TaskGroup;
  private readonly leases: TabLeases;
  private readonly truth: GroupTruth;
  private readonly moves: PersonMoves;
  private readonly lifetime = new AbortController();
  /** Lives while an instruction runs: the scripting of the task's tabs hangs on it. */
  private run: AbortController | null = null;
  private running = false;
  private started = false;

  constructor(
    private readonly deps: TabsManagerDeps,
    options: TabsManagerOptions,
  ) {
    this.taskId = options.taskId;
    this.settings = { ...DEFAULT_TABS_SETTINGS, ...options.settings };
    this.startTabId = options.startTabId ?? null;
    this.newTab = options.newTab ?? null;
    this.state = new TaskTabsState(this.taskId, deps.onRecord);
    this.group = new TaskGroup(deps.adapter, this.taskId, this.state.record.groupId, deps.locks);
    this.leases = new TabLeases(deps.locks);
    this.truth = new GroupTruth(deps.adapter, this.group);
    this.moves = new PersonMoves(this.state, this.truth, this.group);
    this.state.subscribe((change) => {
      if (change.type !== 'lost') return;
      this.leases.release(change.tabId);
      this.truth.forget(change.tabId);
    }, this.lifetime.signal);
    deps.bus.subscribe((event) => void this.onEvent(event), this.lifetime.signal);
  }

  get currentTabId(): number | null {
    return this.state.current;
  }

  get isRunning(): boolean {
    return this.running;
  }

  get record(): TaskTabsRecord {
    return this.state.record;
  }

  isOwned(tabId: number): boolean {
    return this.state.owned.has(tabId);
  }

  /** Reports changes of the current tab and of the owned set until `signal` aborts. */
  subscribe(listener: (change: TabsChange) => void, signal?: AbortSignal): void {
    this.state.subscribe(listener, signal);
  }

  /**
   * Starts an instruction of the task. The first one takes the person's tab in the panel's window; a follow-up takes
   * back the tabs it kept in its group (one the person took out of the group meanwhile is theirs: the model is told),
   * and groups again the tabs the end of the last run ungrouped. Throws TabTakenError, having done nothing to the tab,
   * when another live task owns the tab it would work on.
   */
  async beginRun(): Promise<TabSnapshot | null> {
    this.running = true;
    if (!this.started) {
      const take = (id: number) => this.leases.take(id);
      const { adapter, windowId } = this.deps;
      if (this.newTab) await openTaskTab(this.state, adapter, { windowId, url: this.newTab.url }, take);
      else await takePersonTab(this.state, adapter, { windowId, tabId: this.startTabId }, take);
      this.started = true;
    } else {
      // The locks first: a follow-up whose tab another task took is refused (O-OWN-2), even if that task grouped it.
      await this.takeBack();
      await this.moves.reconcile(this.state.owned.ids());
    }
    this.keepScripted();
    const alive = await this.aliveOwned();
    if (alive.length > 0) await this.joinGroup(alive.map((tab) => tab.id));
    const current = this.state.current;
    const tab = current === null ? null : await this.deps.adapter.get(current);
    return tab ? toSnapshot(tab) : null;
  }

  /**
   * Ends an instruction: the tabs are kept, ungrouped or closed as the settings say, then let go, so another task may
   * take them. Only the tabs this task holds are touched.
   */
  async endRun(action: TabsAtEnd = this.settings.endOfTaskTabs): Promise<void> {
    this.running = false;
    this.run?.abort();
    this.moves.takeFacts(); // what the person did during the run that ends is no news to the next one
    try {
      await this.deps.beforeLettingGo?.().catch((error: unknown) => warn('could not end the run on', [], error));
      if (action !== 'keep') await this.tidy(action);
    } finally {
      this.leases.releaseAll();
    }
  }

  private async tidy(action: Exclude<TabsAtEnd, 'keep'>): Promise<void> {
    const alive = (await this.aliveOwned()).filter((tab) => this.leases.has(tab.id));
    const opened = alive.filter((tab) => this.state.owned.via(tab.id) !== 'initial').map((tab) => tab.id);
    // Closing spares the tab the task started on (it was the person's): it only leaves the group.
    const toUngroup = alive.map((tab) => tab.id).filter((id) => action === 'ungroup' || !opened.includes(id));
    // The task takes its tabs out of the group itself: none of them is the person's doing.
    this.truth.clear();
    await this.group.ungroup(toUngroup).catch((error: unknown) => warn('could not ungroup', toUngroup, error));
    if (action === 'close' && opened.length > 0) {
      this.moves.taskCloses(opened);
      await this.deps.adapter.remove(opened).catch((error: unknown) => warn('could not close', opened, error));
      for (const id of opened) this.state.forget(id);
    }
    this.state.update({ groupId: null });
  }

  /** The tab the panel should show: the agent's during a run, the person's active web tab otherwise. */
  async viewTabId(): Promise<number | null> {
    if (this.running) return this.state.current;
    const tabs = await this.deps.adapter.listWindow(this.deps.windowId);
    return pickPersonTab(tabs, this.deps.adapter.ownOrigin)?.id ?? null;
  }

  dispose(): void {
    this.running = false;
    this.run?.abort();
    this.leases.releaseAll();
    this.lifetime.abort();
    this.state.clearListeners();
  }

  /** A tab opened by `sourceTabId` (a target=_blank link, window.open): owned if the source is, during a run. */
  async adoptPopup(tabId: number, sourceTabId: number): Promise<void> {
    const { owned } = this.state;
    if (!this.running || !owned.has(sourceTabId) || owned.has(tabId)) return;
    // Owned (and followed) at once, as the event arrives: the look after the click that opened it must already see
    // it. The lock comes after; a popup of our own tab is almost never another task's, and if it is, it is given back.
    this.state.own(tabId, 'popup');
    const followed = this.settings.followPopups && sourceTabId === this.state.current;
    if (followed) this.state.setCurrent(tabId, 'popup');
    if (!(await this.leases.take(tabId))) {
      if (this.state.current === tabId) this.state.setCurrent(sourceTabId, 'popup');
      this.state.forget(tabId);
      return;
    }
    await this.joinGroup([tabId]);
  }

  // ---- AgentTabs ------------------------------------------------------------------------------------------------

  async owned(): Promise<OwnedTab[]> {
    const alive = await this.aliveOwned();
    return alive.map((tab) => ({
      ...toSnapshot(tab),
      isCurrent: tab.id === this.state.current,
      origin: this.state.owned.via(tab.id) ?? 'opened',
    }));
  }

  async getTab(tabId: number): Promise<TabSnapshot | null> {
    if (this.state.owned.wasOwned(tabId) && !this.state.owned.has(tabId)) return null;
    this.assertOwned(tabId);
    const tab = await this.deps.adapter.get(tabId);
    if (tab) return toSnapshot(tab);
    const successor = await this.settleMissing(tabId);
    const moved = successor === null ? null : await this.deps.adapter.get(successor);
    return moved ? toSnapshot(moved) : null;
  }

  openUrl(url: string, options: { newTab: boolean } & CallOptions): Promise<{ tabId: number; createdTab: boolean }> {
    if (!URL.canParse(url)) {
      return Promise.reject(new TabError('invalid_argument', `Cannot open "${url}": it is not an absolute URL.`));
    }
    return withDeadline(`Opening ${url}`, options, async () => {
      const current = this.state.current;
      if (!options.newTab && current !== null) {
        if (await this.deps.adapter.navigate(current, url)) {
          this.state.update({ url });
          return { tabId: current, createdTab: false };
        }
        // Replaced under a new id (discarded): navigate it there. Closed under us: open a new tab, as with none alive.
        const successor = await this.settleMissing(current);
        if (successor !== null && (await this.deps.adapter.navigate(successor, url))) {
          this.state.update({ url });
          return { tabId: successor, createdTab: false };
        }
      }
      const tab = await this.deps.adapter.create({ url, windowId: await this.homeWindow() });
      // A tab just made is no other task's: the lock is there at once.
      if (!(await this.leases.take(tab.id))) warn('could not lock the new', [tab.id], 'another task holds it');
      this.state.own(tab.id, 'opened');
      this.state.setCurrent(tab.id, 'opened');
      this.state.update({ url });
      await this.joinGroup([tab.id]);
      return { tabId: tab.id, createdTab: true };
    });
  }

  async switchTo(tabId: number): Promise<TabSnapshot> {
    this.assertOwned(tabId);
    const tab = await this.deps.adapter.get(tabId);
    if (!tab) {
      await this.settleMissing(tabId);
      this.assertOwned(tabId); // throws: the tab was closed, or lives on under another id
      throw new TabError('tab_gone', `Tab ${tabId} was closed.`);
    }
    this.state.setCurrent(tabId, 'switched');
    this.state.update({ url: tab.url || tab.pendingUrl || null });
    return toSnapshot(tab);
  }

  async close(tabId: number): Promise<void> {
    this.assertOwned(tabId);
    this.moves.taskCloses([tabId]);
    await this.deps.adapter.remove([tabId]);
    this.state.forget(tabId);
  }

  takeFacts(): TabFact[] {
    return this.moves.takeFacts();
  }

  goBack(options: CallOptions = {}): Promise<void> {
    const tabId = this.state.current;
    if (tabId === null) {
      return Promise.reject(
        new TabError('tab_gone', 'The agent has no tab open: its tab was closed. open_url opens one.'),
      );
    }
    return withDeadline(`Going back in tab ${tabId}`, options, async (signal) => {
      // From the page itself: the browser's back would skip the pages the agent navigated away from (ports.ts,
      // PageApi.historyBack). A page without our script (a browser page) goes back the browser's way.
      try {
        const onSent = options.onSent;
        await this.deps.pages(tabId).historyBack(undefined, { signal, ...(onSent ? { onSent } : {}) });
        return;
      } catch (error) {
        if (!isSteadyhandError(error) || !BROWSER_BACK_WHEN.has(error.code)) throw error;
        // A page the task may not use gets no content script, yet the browser's back would skip the page the agent
        // came from (it left it without a gesture): the page goes back by itself, on one call from the worker.
        if (error.code === 'not_allowed' && this.deps.historyBack) {
          const back = this.deps.historyBack(tabId);
          options.onSent?.('historyBack');
          await back;
          return;
        }
      }
      const back = this.deps.adapter.goBack(tabId);
      options.onSent?.('historyBack');
      await back;
    });
  }

  page(tabId: number): AgentPage {
    this.assertOwned(tabId);
    return this.deps.pages(tabId);
  }

  // ---- internals ------------------------------------------------------------------------------------------------

  /**
   * A follow-up takes back the tabs the task kept between its instructions. One another task took meanwhile is no
   * longer this task's; when that is the tab it works on, the follow-up is refused as a new task would be.
   */
  private async takeBack(): Promise<void> {
    for (const tabId of this.state.owned.ids()) {
      if (await this.leases.take(tabId)) continue;
      if (tabId === this.state.current) {
        this.leases.releaseAll();
        throw new TabTakenError(tabId);
      }
      this.state.forget(tabId);
    }
  }

  /** From now until the run ends, the task's tabs get the content script, and only they do. */
  private keepScripted(): void {
    this.run?.abort();
    const run = new AbortController();
    this.run = run;
    const { owned } = this.state;
    const tabs = {
      ownedIds: () => owned.ids(),
      isOwned: (tabId: number) => owned.has(tabId),
      subscribe: this.state.subscribe.bind(this.state),
    };
    keepTaskTabsScripted({ bus: this.deps.bus, tabs, inject: this.deps.inject }, run.signal);
  }

  private assertOwned(tabId: number): void {
    if (this.state.owned.has(tabId)) return;
    if (this.state.owned.wasTakenBack(tabId)) {
      const ids = this.state.owned.ids();
      const left = ids.length > 0 ? `It may use: ${ids.join(', ')}.` : 'It has no tab left; open_url opens one.';
      throw new TabError(
        'not_owned',
        `Tab ${tabId} is no longer this task's: the person took it back (out of the task's group). ${left}`,
      );
    }
    const successor = this.state.owned.successor(tabId);
    if (successor !== undefined && this.state.owned.has(successor)) {
      // Not closed: Chrome discarded or swapped the page and the tab lives on under a new id.
      throw new TabError(
        'stale_snapshot',
        `Tab ${tabId} is now tab ${successor}: the browser unloaded or replaced its page.`,
      );
    }
    if (this.state.owned.wasOwned(tabId)) throw new TabError('tab_gone', `Tab ${tabId} was closed.`);
    const ids = this.state.owned.ids();
    const allowed = ids.length > 0 ? `It may use: ${ids.join(', ')}.` : 'It has no tab open now; open_url opens one.';
    throw new TabError(
      'not_owned',
      `Tab ${tabId} is not one of this task's tabs. The agent may only use the tab the task started on, tabs it ` +
        `opened, and popups those opened. ${allowed}`,
    );
  }

  private async aliveOwned(): Promise<AdapterTab[]> {
    const ids = this.state.owned.ids();
    const tabs = await Promise.all(
      ids.map(async (id) => {
        const tab = await this.deps.adapter.get(id);
        if (tab) return tab;
        const successor = await this.settleMissing(id);
        return successor === null ? null : this.deps.adapter.get(successor);
      }),
    );
    const alive = new Map<number, AdapterTab>();
    for (const tab of tabs) if (tab) alive.set(tab.id, tab);
    return [...alive.values()];
  }

  /**
   * For a tab chrome.tabs.get no longer finds: waits for the event that says whether it was closed or replaced (this
   * manager's own listener, subscribed first, applies it); without one in time it counts as closed. Returns the id
   * the tab lives on under, or null when it is gone.
   */
  private async settleMissing(tabId: number): Promise<number | null> {
    if (this.state.owned.has(tabId)) {
      await tabFateAnnounced(this.deps.bus, tabId, this.deps.goneConfirmMs);
      if (this.state.owned.has(tabId)) this.state.forget(tabId);
    }
    const next = this.state.owned.successor(tabId);
    return next !== undefined && this.state.owned.has(next) ? next : null;
  }

  /** Where new tabs go: the group's window, else the window the task started in, else the panel's. */
  private async homeWindow(): Promise<number> {
    const groupWindow = await this.group.windowId().catch(() => null);
    if (groupWindow !== null) return groupWindow;
    const recorded = this.state.record.windowId;
    if (recorded !== null && (await this.deps.adapter.windowExists(recorded))) return recorded;
    return this.deps.windowId;
  }

  private async joinGroup(tabIds: number[]): Promise<void> {
    try {
      const groupId = await this.group.join(tabIds, await this.homeWindow());
      const windowId = await this.group.windowId();
      this.state.update({ groupId, ...(windowId === null ? {} : { windowId }) });
      await this.truth.saw(tabIds);
    } catch (error) {
      // A popup window cannot hold a group, and a tab may close while we group it: the agent works on regardless.
      warn('could not group', tabIds, error);
    }
  }

  private async onEvent(event: TabEvent): Promise<void> {
    switch (event.type) {
      case 'navigationTarget':
        // Not `created.openerTabId`: Chrome sets that to whichever tab was active when the new tab appeared, so it
        // names the person's tab when the agent works in the background. sourceTabId is the page that opened it.
        await this.adoptPopup(event.tabId, event.sourceTabId);
        return;
      case 'removed':
        this.moves.removed(event.tabId, this.running);
        return;
      case 'groupChanged':
        if (this.running && this.state.owned.has(event.tabId)) await this.moves.reconcile([event.tabId]);
        return;
      case 'replaced':
        if (this.state.owned.has(event.removedTabId)) {
          this.leases.release(event.removedTabId);
          if (this.running) await this.leases.take(event.addedTabId);
        }
        this.truth.replace(event.removedTabId, event.addedTabId);
        this.state.replace(event.removedTabId, event.addedTabId);
        return;
      case 'committed':
        if (event.tabId === this.state.current && event.frameId === 0) this.state.update({ url: event.url });
        return;
      case 'activated':
        if (this.running && !this.settings.tabStickiness && event.windowId === this.deps.windowId) {
          await this.follow(event.tabId);
        }
        return;
      default:
        return;
    }
  }

  /** Stickiness off: the agent works on whatever web tab the person activates in the panel's window. */
  private async follow(tabId: number): Promise<void> {
    const tab = await this.deps.adapter.get(tabId);
    if (!tab || isOwnPage(tab, this.deps.adapter.ownOrigin)) return;
    if (!(await this.leases.take(tabId))) return; // another task's tab: the agent stays where it is
    this.state.own(tabId, 'initial');
    this.state.setCurrent(tabId, 'followed');
  }
}

function warn(what: string, tabIds: number[], error: unknown): void {
  console.warn(`[steadyhand] ${what} tabs ${tabIds.join(', ')}:`, error);
}
