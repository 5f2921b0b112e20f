// AgentTabs over the fake browser, with the TabsManager's rules as far as the agent core can see them: an owned
// set, a current tab that changes only through the agent's calls (or, with stickiness off, follows the person).

import type { AgentTabs, OwnedTab, TabFact, TabSnapshot } from '../../../../src/panel/agent/core/ports';
import type { TaskTabsOptions } from '../../../../src/panel/agent/run/controller';
import { TabError } from '../../../../src/shared/errors';
import type { CallOptions } from '../../../../src/shared/rpc';
import type { FakeAgentBrowser } from './browser';
import { FakePage } from './page';

export class FakeTabs implements AgentTabs {
  currentTabId: number | null;
  readonly ownedIds = new Set<number>();
  readonly origins = new Map<number, OwnedTab['origin']>();
  /** What the controller created the task's tabs with (once per task). */
  readonly createdFor: TaskTabsOptions[] = [];
  beginRuns = 0;
  readonly endRuns: string[] = [];
  /** Tells of no change by default; a test sets it to play TabsManager's changes. */
  subscribe: AgentTabs['subscribe'] = () => {};
  readonly openCalls: { url: string; newTab: boolean }[] = [];
  /** How long the next navigations started by openUrl take to commit (fake ms), or 'never'. */
  commitAfterMs: number | 'never' = 0;
  /** Makes openUrl reject with this error. */
  openError: Error | null = null;
  /** What the person did to the task's tabs, for the next observation (TabsManager's takeFacts). */
  facts: TabFact[] = [];
  /** Tabs the person took out of the task's group: no longer the task's. */
  readonly takenBack = new Set<number>();
  #sticky = true;
  readonly #pages = new Map<number, FakePage>();

  constructor(
    private readonly browser: FakeAgentBrowser,
    initialTabId: number | null,
  ) {
    this.currentTabId = initialTabId;
    if (initialTabId !== null) {
      this.ownedIds.add(initialTabId);
      this.origins.set(initialTabId, 'initial');
    }
  }

  /** The controller's factory for a new task's tabs: this object, set up as the TabsManager would be. */
  readonly forTask = (options: TaskTabsOptions): FakeTabs => {
    this.createdFor.push(options);
    this.#sticky = options.tabStickiness;
    return this;
  };

  async beginRun(): Promise<void> {
    this.beginRuns++;
  }

  async endRun(action: 'keep' | 'ungroup' | 'close'): Promise<void> {
    this.endRuns.push(action);
  }

  /** The person activates a tab: a sticky agent ignores it, a non-sticky one follows (TabsManager's job). */
  personActivates(tabId: number): void {
    for (const tab of this.browser.tabs.values()) tab.active = tab.tabId === tabId;
    if (!this.#sticky) {
      this.currentTabId = tabId;
      this.ownedIds.add(tabId);
      this.origins.set(tabId, this.origins.get(tabId) ?? 'initial');
    }
  }

  /** The person drags a tab out of the task's group (TabsManager's reconciliation): the agent goes on in another. */
  personTakesBack(tabId: number): void {
    this.ownedIds.delete(tabId);
    this.takenBack.add(tabId);
    const wasCurrent = this.currentTabId === tabId;
    if (wasCurrent) this.currentTabId = [...this.ownedIds].at(-1) ?? null;
    const nowOn = wasCurrent ? this.currentTabId : null;
    this.facts.push({ kind: 'taken_back', tabId, how: 'ungrouped', wasCurrent, nowOn });
  }

  takeFacts(): TabFact[] {
    const facts = this.facts;
    this.facts = [];
    return facts;
  }

  async owned(): Promise<OwnedTab[]> {
    return [...this.ownedIds].flatMap((tabId) => {
      const tab = this.browser.snapshotOf(tabId);
      return tab
        ? [{ ...tab, isCurrent: tabId === this.currentTabId, origin: this.origins.get(tabId) ?? 'opened' }]
        : [];
    });
  }

  async getTab(tabId: number): Promise<TabSnapshot | null> {
    return this.browser.snapshotOf(tabId);
  }

  async openUrl(
    url: string,
    options: { newTab: boolean } & CallOptions,
  ): Promise<{ tabId: number; createdTab: boolean }> {
    this.openCalls.push({ url, newTab: options.newTab });
    if (this.openError) throw this.openError;
    const current = this.currentTabId !== null && this.browser.tabs.has(this.currentTabId) ? this.currentTabId : null;
    if (options.newTab || current === null) {
      const tabId = this.browser.createTab(url, this.commitAfterMs);
      this.ownedIds.add(tabId);
      this.origins.set(tabId, 'opened');
      // As the TabsManager does: a tab the agent opens becomes its tab (it stays in the background of the browser).
      this.currentTabId = tabId;
      return { tabId, createdTab: true };
    }
    this.browser.startNavigation(current, url, this.commitAfterMs);
    return { tabId: current, createdTab: false };
  }

  async switchTo(tabId: number): Promise<TabSnapshot> {
    const tab = this.browser.snapshotOf(tabId);
    if (!this.ownedIds.has(tabId) || !tab)
      throw new TabError('not_owned', `Tab ${tabId} is not one of the task's tabs.`);
    this.currentTabId = tabId;
    return tab;
  }

  async close(tabId: number): Promise<void> {
    if (!this.ownedIds.has(tabId)) throw new TabError('not_owned', `Tab ${tabId} is not one of the task's tabs.`);
    this.browser.remove(tabId);
    this.ownedIds.delete(tabId);
    if (this.currentTabId === tabId) this.currentTabId = [...this.ownedIds].at(-1) ?? null;
  }

  async goBack(): Promise<void> {
    if (this.currentTabId !== null) this.browser.back(this.currentTabId);
  }

  page(tabId: number): FakePage {
    if (this.takenBack.has(tabId)) throw new TabError('not_owned', `Tab ${tabId} is no longer this task's.`);
    let page = this.#pages.get(tabId);
    if (!page) {
      page = new FakePage(this.browser, tabId);
      this.#pages.set(tabId, page);
    }
    return page;
  }
}
