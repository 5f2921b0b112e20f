// What the agent core needs from the world, as interfaces. The loop receives implementations as arguments, so
// it runs in unit tests with fakes and in the panel with the real relay, TabsManager and navigation wait.

import type { PageArgs, PageMethod, PageResult } from '../../../shared/protocol';
import type { CallOptions, RemotePage } from '../../../shared/rpc';

/**
 * The methods of the page API the panel's own plumbing calls, never the agent: the ready ping and the mutation clock
 * (tabs/), the mask (mask/), going back (AgentTabs.goBack). Every other page method is the agent's without a word here.
 */
type PlumbingMethod =
  | 'ping'
  | 'getPageInfo'
  | 'lastMutationAt'
  | 'historyBack'
  | 'showMask'
  | 'renewMask'
  | 'hideMask'
  | 'dispose';

/** The page methods the agent calls. */
export type AgentMethod = Exclude<PageMethod, PlumbingMethod | 'navigationTarget'>;

/** Each page method the agent calls, as the panel's page proxy answers it. */
export type AgentCalls = {
  [M in AgentMethod]: (args: PageArgs<M>, options?: CallOptions) => Promise<PageResult<M>>;
};

/** The page API of one tab, as the agent uses it (a RemotePage in the panel, a fake in tests). */
export type AgentPage = AgentCalls &
  /** Optional so fakes without it stay valid: a page that cannot say where an action leads is not asked. */
  Partial<Pick<RemotePage, 'navigationTarget'>>;

/** A tab as the agent core sees it (a subset of chrome.tabs.Tab). */
export interface TabSnapshot {
  tabId: number;
  windowId: number;
  url: string;
  pendingUrl?: string;
  status?: 'loading' | 'complete' | 'unloaded' | string;
  title: string;
  active: boolean;
}

export interface OwnedTab extends TabSnapshot {
  /** The agent is working on this tab now. */
  isCurrent: boolean;
  /** How the agent came to own it. */
  origin: 'initial' | 'opened' | 'popup';
}

/**
 * The agent's tabs (implemented by TabsManager in src/panel/tabs/). The agent's current tab changes only through
 * these calls, never because the person activated another tab.
 */
export interface AgentTabs {
  /** The tab the agent works on; null when it has none alive. */
  readonly currentTabId: number | null;
  /** The tabs the agent may act on: the initial tab, tabs it opened, popups from those. */
  owned(): Promise<OwnedTab[]>;
  /** The tab's current state, or null when it is gone. */
  getTab(tabId: number): Promise<TabSnapshot | null>;
  /**
   * Navigates the current tab to `url`, or opens a new background tab in the task's group when `newTab` is true or the
   * agent has no tab alive; a new tab becomes the agent's current tab. Returns at once with the tab id; it does NOT
   * wait for the navigation to commit (the open_url tool does, through Navigation, so a slow page is never mistaken for
   * a dead end).
   */
  openUrl(url: string, options: { newTab: boolean } & CallOptions): Promise<{ tabId: number; createdTab: boolean }>;
  /** Makes an owned tab the agent's current tab. Throws TabError `not_owned` for any other tab. */
  switchTo(tabId: number): Promise<TabSnapshot>;
  /** Closes an owned tab. Throws TabError `not_owned` for any other tab. */
  close(tabId: number): Promise<void>;
  /** history.back() in the current tab; returns once the browser accepted it (navigation may still be in flight). */
  goBack(options?: CallOptions): Promise<void>;
  /** The page API of one owned tab. */
  page(tabId: number): AgentPage;
  /**
   * Called before the first step of every run. The first run of a task takes the person's web tab; a follow-up
   * continues on the task's tabs.
   */
  beginRun(): Promise<unknown>;
  /** Called when a run ends, with the end-of-task action for the tabs the agent opened. */
  endRun(action: 'keep' | 'ungroup' | 'close'): Promise<void>;
  /**
   * Tells of changes to the task's tabs until `signal` aborts. The loop listens while the model thinks, so a closed
   * tab stops the task at once instead of when the model answers.
   */
  subscribe(listener: (change: AgentTabsChange) => void, signal?: AbortSignal): void;
  /**
   * What the person did to the task's tabs since the last call (closed one, took one back), oldest first; each fact is
   * given once. The look passes them to the model with the next observation. Optional: fakes without it have none.
   */
  takeFacts?(): TabFact[];
}

/**
 * A move of the person's on one of the task's tabs. `taken_back`: the person took the tab out of the task's group
 * (dragged it out, into another group, or alone into another window), so it is no longer the task's. `closed`: the
 * person closed it. `nowOn`: the tab the agent goes on in when it was the current one (null: the task has no tab left).
 */
export interface TabFact {
  kind: 'closed' | 'taken_back';
  tabId: number;
  /** How a taken-back tab left the group. */
  how?: 'ungrouped' | 'other_group' | 'other_window';
  wasCurrent: boolean;
  nowOn: number | null;
}

/** The changes of the task's tabs the agent core cares about (TabsManager sends more kinds). */
export type AgentTabsChange = { type: 'lost'; tabId: number; wasCurrent: boolean } | { type: 'current' | 'owned' };

export type UrlSettleResult =
  | { committed: true; url: string }
  | { committed: false; reason: 'timeout' | 'origin-mismatch' | 'tab-gone' | 'aborted'; observedUrl?: string };

/**
 * The navigation-commit wait (docs/contracts.md, Seed 000), implemented in src/panel/tabs/ on forwarded webNavigation
 * events.
 */
export interface Navigation {
  waitForUrlSettle(
    tabId: number,
    expectedOrigin: string,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<UrlSettleResult>;
  /**
   * After a commit, resolves when the new document's content script announced itself (the ready handshake) and
   * the DOM has been quiet for a short window; never a fixed sleep.
   */
  waitForDocumentReady(tabId: number, options: { timeoutMs: number; signal?: AbortSignal }): Promise<void>;
  /** Where the tab's navigations stand now, to tell later that one happened. */
  mark(tabId: number): NavigationMark;
  /**
   * Resolves once the tab navigated (a new document, or a move within it) since `since`, or it is gone, or time is up.
   */
  waitForNavigation(
    tabId: number,
    since: NavigationMark,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<NavigationOutcome>;
}

/** Opaque to the agent: a count of the tab's navigations and the document that announced itself last. */
export interface NavigationMark {
  seq: number;
  token: string | null;
}

export type NavigationOutcome = 'navigated' | 'gone' | 'timeout';
