// MaskCoordinator: shows, renews and hides the mask on the agent's tab as the inputs of the mask rule change, from the
// events the service worker forwards (docs/contracts.md, Seed 004 mask state transitions). The mask is a lease: it is
// renewed each step and on a timer while the agent runs, so if the panel dies the page drops it on its own.

import type { MaskArgs } from '../../shared/page-types';
import type { PanelQueries, TabEvent } from '../../shared/protocol';
import type { CallOptions, RemotePage } from '../../shared/rpc';
import { systemTimers, type Timers } from '../agent';
import type { TabsChange } from '../tabs/ownership/task-tabs-state';
import type { TabEventBus } from '../tabs/tab-event-bus';
import { NO_WINDOW, type TabsAdapter } from '../tabs/tabs-adapter';
import { type MaskInputs, shouldShowMask } from './mask-rule';

/** The mask calls of the page API (a RemotePage in the panel, a fake in tests). */
export type MaskPage = Pick<RemotePage, 'showMask' | 'renewMask' | 'hideMask'>;

/** What the coordinator needs from the task's tabs (TabsManager implements it). */
export interface MaskTabsSource {
  readonly currentTabId: number | null;
  isOwned(tabId: number): boolean;
  subscribe(listener: (change: TabsChange) => void, signal?: AbortSignal): void;
}

export interface MaskCoordinatorDeps {
  bus: Pick<TabEventBus, 'subscribe'>;
  pages(tabId: number): MaskPage;
  adapter: Pick<TabsAdapter, 'get' | 'focusedWindowId'>;
  timers?: Timers;
  /** The page drops the mask if it is not renewed within this long (default 10 s). */
  leaseMs?: number;
  /** Renewal period while running; well under the lease (default a third of it). */
  renewEveryMs?: number;
}

export interface MaskRun {
  tabs: MaskTabsSource;
  /** The person pressed Stop on the mask. */
  onStop(): void;
  label?: string;
}

const CALL: CallOptions = { timeoutMs: 3_000 };
const DEFAULT_LABEL = 'Steadyhand is working in this tab';

export class MaskCoordinator {
  private readonly timers: Timers;
  private readonly leaseMs: number;
  private readonly renewEveryMs: number;
  private run: MaskRun | null = null;
  private runScope: AbortController | null = null;
  private focusedWindowId = NO_WINDOW;
  private readonly activeByWindow = new Map<number, number>();
  private readonly windowOfTab = new Map<number, number>();
  /** Where we last showed (or told a content script to show) the mask; null when nowhere. */
  private shownTab: number | null = null;
  /** Every tab that may have shown the mask during this run, so stop() can clear them all. */
  private readonly touched = new Set<number>();
  private queue: Promise<void> = Promise.resolve();
  private applyQueued = false;
  private focusEvents = 0;

  constructor(private readonly deps: MaskCoordinatorDeps) {
    this.timers = deps.timers ?? systemTimers;
    this.leaseMs = deps.leaseMs ?? 10_000;
    this.renewEveryMs = deps.renewEveryMs ?? Math.floor(this.leaseMs / 3);
  }

  /** The agent started (or resumed) working: learn the focus and the agent's tab, then show the mask if due. */
  async start(run: MaskRun): Promise<void> {
    if (this.run) await this.stop();
    this.run = run;
    const scope = new AbortController();
    this.runScope = scope;
    this.deps.bus.subscribe((event) => this.onEvent(event), scope.signal);
    run.tabs.subscribe((change) => {
      if (change.type === 'current') this.learnTab(change.tabId);
    }, scope.signal);
    const stopRenewing = this.timers.every(this.renewEveryMs, () => void this.renew());
    scope.signal.addEventListener('abort', () => stopRenewing(), { once: true });
    const focusEventsBefore = this.focusEvents;
    void this.enqueue(async () => {
      const focused = await this.deps.adapter.focusedWindowId();
      if (this.focusEvents === focusEventsBefore) this.focusedWindowId = focused; // an event is newer than a read
    });
    this.learnTab(run.tabs.currentTabId);
    await this.sync();
  }

  /** Renews the lease on the shown mask (call it each step); shows it again if the page lost it. */
  renew(): Promise<void> {
    void this.sync(); // a show that failed earlier (page still loading) is retried here
    return this.enqueue(async () => {
      const tabId = this.shownTab;
      if (tabId === null || tabId !== this.desiredTab()) return;
      const { shown } = await this.deps.pages(tabId).renewMask(this.maskArgs(), CALL);
      if (!shown) await this.deps.pages(tabId).showMask(this.maskArgs(), CALL);
    });
  }

  /** The agent stopped: hide the mask everywhere it may be, and stop renewing. */
  async stop(): Promise<void> {
    this.runScope?.abort();
    this.runScope = null;
    this.run = null;
    const tabs = new Set([...this.touched, ...(this.shownTab === null ? [] : [this.shownTab])]);
    this.shownTab = null;
    this.touched.clear();
    await this.enqueue(async () => {
      await Promise.all(
        [...tabs].map((tabId) =>
          this.deps
            .pages(tabId)
            .hideMask(undefined, CALL)
            .catch(() => {}),
        ),
      );
    });
  }

  /**
   * The panel is going away (pagehide): send the hides now, in this task, without waiting for queued calls or
   * replies; the page would be gone before either. A hide that does not arrive is covered by the lease.
   */
  release(): void {
    const tabs = new Set([...this.touched, ...(this.shownTab === null ? [] : [this.shownTab])]);
    this.runScope?.abort();
    this.runScope = null;
    this.run = null;
    this.shownTab = null;
    this.touched.clear();
    for (const tabId of tabs) {
      this.deps
        .pages(tabId)
        .hideMask(undefined, CALL)
        .catch(() => {});
    }
  }

  /** The inputs of the mask rule as the coordinator knows them now. */
  inputs(): MaskInputs {
    const agentTabId = this.run?.tabs.currentTabId ?? null;
    const agentWindowId = agentTabId === null ? null : (this.windowOfTab.get(agentTabId) ?? null);
    return {
      agentRunning: this.run !== null,
      agentTabId,
      agentWindowId,
      focusedWindowId: this.focusedWindowId,
      activeTabOfAgentWindow: agentWindowId === null ? null : (this.activeByWindow.get(agentWindowId) ?? null),
    };
  }

  /** Where the coordinator last put the mask (for the panel's view and for tests). */
  get shownOn(): number | null {
    return this.shownTab;
  }

  /** Resolves once every queued read and mask call has finished. */
  async whenIdle(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.queue;
      await seen;
    } while (seen !== this.queue);
  }

  /** The answers for a content script in `tabId` (its Stop button), or null when this panel is not working there. */
  queriesFor(tabId: number): PanelQueries | null {
    const run = this.run;
    if (!run || !(run.tabs.currentTabId === tabId || run.tabs.isOwned(tabId) || this.touched.has(tabId))) return null;
    return {
      requestStop: () => {
        run.onStop();
        return { stopping: true };
      },
    };
  }

  // ---- internals ------------------------------------------------------------------------------------------------

  private desiredTab(): number | null {
    const inputs = this.inputs();
    return shouldShowMask(inputs) ? inputs.agentTabId : null;
  }

  private maskArgs(): MaskArgs {
    return { leaseMs: this.leaseMs, label: this.run?.label ?? DEFAULT_LABEL };
  }

  /** Reads a tab's window and whether it is active there (the agent switched to it, or we just started). */
  private learnTab(tabId: number | null): void {
    if (tabId !== null) {
      void this.enqueue(async () => {
        const tab = await this.deps.adapter.get(tabId);
        if (!tab) return;
        this.windowOfTab.set(tab.id, tab.windowId);
        if (tab.active) this.activeByWindow.set(tab.windowId, tab.id);
        else if (this.activeByWindow.get(tab.windowId) === tab.id) this.activeByWindow.delete(tab.windowId);
      });
    }
    void this.sync();
  }

  private onEvent(event: TabEvent): void {
    switch (event.type) {
      case 'activated':
        this.activeByWindow.set(event.windowId, event.tabId);
        this.windowOfTab.set(event.tabId, event.windowId);
        break;
      case 'focusChanged':
        this.focusedWindowId = event.windowId;
        this.focusEvents++;
        break;
      case 'attached':
        this.windowOfTab.set(event.tabId, event.windowId);
        this.learnTab(event.tabId); // the attached tab may or may not be active in its new window
        return;
      case 'removed':
        this.windowOfTab.delete(event.tabId);
        if (this.activeByWindow.get(event.windowId) === event.tabId) this.activeByWindow.delete(event.windowId);
        if (this.shownTab === event.tabId) this.shownTab = null;
        this.touched.delete(event.tabId);
        break;
      case 'replaced':
        if (this.shownTab === event.removedTabId) this.shownTab = null;
        this.learnTab(event.addedTabId);
        return;
      case 'committed':
        // The new document has no mask; it is shown again when the script the panel injects there is up.
        if (event.frameId === 0 && this.shownTab === event.tabId) this.shownTab = null;
        return;
      case 'contentReady':
        // A new document is up (or one came back from the back/forward cache): the panel decides, and shows the mask
        // there if the rule says so. Showing is idempotent.
        if (this.shownTab === event.tabId) this.shownTab = null;
        break;
      default:
        return;
    }
    void this.sync();
  }

  /** Brings the page in line with the rule. Queued, so show and hide calls happen in the order decided. */
  private sync(): Promise<void> {
    if (this.applyQueued) return this.queue;
    this.applyQueued = true;
    return this.enqueue(async () => {
      this.applyQueued = false;
      const want = this.desiredTab();
      const shown = this.shownTab;
      if (shown !== null && shown !== want) {
        this.shownTab = null;
        await this.deps.pages(shown).hideMask(undefined, CALL);
      }
      if (want !== null && this.shownTab !== want) {
        this.touched.add(want);
        await this.deps.pages(want).showMask(this.maskArgs(), CALL);
        // Only now (a failed show is retried at the next renewal), and even if the rule changed while the call was
        // out: the page shows the mask, and the sync that change queued must know it to take it down.
        this.shownTab = want;
      }
    });
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work).catch((error: unknown) => {
      // A page that cannot be scripted (still loading, restricted) cannot show a mask; the agent goes on.
      console.debug('[steadyhand] mask:', error);
    });
    this.queue = next;
    return next;
  }
}
