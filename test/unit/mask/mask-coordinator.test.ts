import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MaskCoordinator, type MaskPage, type MaskTabsSource } from '../../../src/panel/mask/mask-coordinator';
import { shouldShowMask } from '../../../src/panel/mask/mask-rule';
import type { TabsChange } from '../../../src/panel/tabs/ownership/task-tabs-state';
import { TabEventBus } from '../../../src/panel/tabs/tab-event-bus';
import { NO_WINDOW } from '../../../src/panel/tabs/tabs-adapter';
import { RelayError } from '../../../src/shared/errors';
import { FakeBrowser, FakeTimers, flush } from '../tabs/fakes';

/** The agent's tabs, switched by hand. */
class FakeAgentTabs implements MaskTabsSource {
  currentTabId: number | null = null;
  readonly owned = new Set<number>();
  private readonly listeners = new Set<(change: TabsChange) => void>();

  isOwned(tabId: number): boolean {
    return this.owned.has(tabId);
  }

  subscribe(listener: (change: TabsChange) => void, signal?: AbortSignal): void {
    this.listeners.add(listener);
    signal?.addEventListener('abort', () => this.listeners.delete(listener));
  }

  switchTo(tabId: number | null): void {
    const previous = this.currentTabId;
    this.currentTabId = tabId;
    if (tabId !== null) this.owned.add(tabId);
    for (const listener of this.listeners) listener({ type: 'current', tabId, previous, why: 'switched' });
  }
}

let bus: TabEventBus;
let browser: FakeBrowser;
let timers: FakeTimers;
let agentTabs: FakeAgentTabs;
/** Tabs whose current document shows the mask. */
let masked: Set<number>;
let calls: string[];
let win: number;
let agentTab: number;
let personTab: number;
let coordinator: MaskCoordinator;
let stopRequests: number;

function fakePage(tabId: number): MaskPage {
  return {
    showMask: async () => {
      calls.push(`show ${tabId}`);
      masked.add(tabId);
      return { shown: true };
    },
    renewMask: async () => {
      calls.push(`renew ${tabId}`);
      return { shown: masked.has(tabId) };
    },
    hideMask: async () => {
      calls.push(`hide ${tabId}`);
      masked.delete(tabId);
      return { hidden: true };
    },
  };
}

async function settled() {
  await flush();
  await coordinator.whenIdle();
}

async function startAgent() {
  agentTabs.switchTo(agentTab);
  await coordinator.start({ tabs: agentTabs, onStop: () => stopRequests++ });
  await settled();
}

beforeEach(() => {
  bus = new TabEventBus();
  browser = new FakeBrowser(bus);
  timers = new FakeTimers();
  agentTabs = new FakeAgentTabs();
  masked = new Set();
  calls = [];
  stopRequests = 0;
  win = browser.addWindow();
  browser.focused = win;
  personTab = browser.addTab(win, 'https://mail.example.com/', { emit: false });
  agentTab = browser.addTab(win, 'https://shop.example.com/', { active: true, emit: false });
  coordinator = new MaskCoordinator({ bus, pages: fakePage, adapter: browser, timers, leaseMs: 9_000 });
});

describe('shouldShowMask', () => {
  const base = { agentTabId: 5, agentWindowId: 1 };
  it.each([
    [true, 1, 5, true],
    [false, 1, 5, false],
    [true, 2, 5, false],
    [true, NO_WINDOW, 5, false],
    [true, 1, 6, false],
    [false, 2, 6, false],
    [true, 2, 6, false],
    [false, 1, 6, false],
  ])('running=%s focused=%s active=%s → %s', (agentRunning, focusedWindowId, active, expected) => {
    expect(shouldShowMask({ ...base, agentRunning, focusedWindowId, activeTabOfAgentWindow: active })).toBe(expected);
  });

  it('is false when the agent has no tab or its window is unknown', () => {
    const inputs = { agentRunning: true, focusedWindowId: 1, activeTabOfAgentWindow: 5 };
    expect(shouldShowMask({ ...inputs, agentTabId: null, agentWindowId: 1 })).toBe(false);
    expect(shouldShowMask({ ...inputs, agentTabId: 5, agentWindowId: null })).toBe(false);
  });
});

describe('MaskCoordinator transitions (docs/contracts.md 004-M*)', () => {
  it('shows the mask when the agent starts on the tab in front', async () => {
    await startAgent();
    expect(masked).toEqual(new Set([agentTab]));
    expect(coordinator.shownOn).toBe(agentTab);
  });

  it('does not show it when the agent starts on a tab in the background', async () => {
    browser.activate(personTab);
    await startAgent();
    expect(masked.size).toBe(0);
    expect(calls).toEqual([]);
  });

  it('does not show it when Chrome does not have the focus at the start', async () => {
    browser.focused = NO_WINDOW;
    await startAgent();
    expect(masked.size).toBe(0);
  });

  it('hides it when the agent stops', async () => {
    await startAgent();
    await coordinator.stop();
    expect(masked.size).toBe(0);
    expect(coordinator.queriesFor(agentTab)).toBeNull();
  });

  it('hides it when the person switches away and shows it when they come back', async () => {
    await startAgent();
    browser.activate(personTab);
    await settled();
    expect(masked.size).toBe(0);
    browser.activate(agentTab);
    await settled();
    expect(masked).toEqual(new Set([agentTab]));
    expect(calls).toEqual([`show ${agentTab}`, `hide ${agentTab}`, `show ${agentTab}`]);
  });

  it('hides it when the window loses the focus and shows it again when it regains it', async () => {
    await startAgent();
    browser.focus(NO_WINDOW);
    await settled();
    expect(masked.size).toBe(0);
    const other = browser.addWindow();
    browser.focus(other);
    await settled();
    expect(masked.size).toBe(0);
    browser.focus(win);
    await settled();
    expect(masked).toEqual(new Set([agentTab]));
  });

  it('does not show it when the window regains focus on another tab', async () => {
    await startAgent();
    browser.focus(NO_WINDOW);
    browser.activate(personTab);
    browser.focus(win);
    await settled();
    expect(masked.size).toBe(0);
  });

  it('moves with the agent when it switches to another tab', async () => {
    await startAgent();
    const background = browser.addTab(win, 'https://docs.example.com/');
    agentTabs.switchTo(background);
    await settled();
    expect(masked.size).toBe(0); // the new tab is in the background
    browser.activate(background);
    await settled();
    expect(masked).toEqual(new Set([background]));
    agentTabs.switchTo(agentTab);
    await settled();
    expect(masked.size).toBe(0);
  });

  it('follows the agent tab into another window', async () => {
    await startAgent();
    const win2 = browser.addWindow();
    browser.moveTab(agentTab, win2);
    browser.activate(agentTab);
    await settled();
    expect(masked.size).toBe(0); // win2 does not have the focus
    browser.focus(win2);
    await settled();
    expect(masked).toEqual(new Set([agentTab]));
  });

  it('shows the mask on a document that loads mid-task as soon as its script is up, unasked', async () => {
    await startAgent();
    // The page reloads: the old document (and its mask) is gone.
    masked.delete(agentTab);
    browser.commit(agentTab, 'https://shop.example.com/next');
    await settled();
    expect(masked.size).toBe(0); // no script in the new document yet
    bus.emit({ type: 'contentReady', tabId: agentTab, url: 'https://shop.example.com/next', documentToken: 't' });
    await settled();
    expect(masked).toEqual(new Set([agentTab]));
  });

  it('takes the mask down when the person leaves the window while its show is still on its way', async () => {
    let finishShow = () => {};
    coordinator = new MaskCoordinator({
      bus,
      pages: (tabId) => ({
        ...fakePage(tabId),
        showMask: () =>
          new Promise((resolve) => {
            finishShow = () => {
              masked.add(tabId);
              resolve({ shown: true });
            };
          }),
      }),
      adapter: browser,
      timers,
      leaseMs: 9_000,
    });
    agentTabs.switchTo(agentTab);
    void coordinator.start({ tabs: agentTabs, onStop: () => stopRequests++ });
    await flush();
    browser.focus(browser.addWindow()); // the person opens a window while the show is in flight
    await flush();
    finishShow();
    await settled();
    expect(masked.size).toBe(0);
  });

  it('takes a stop from an owned tab in the background, and ignores tabs it does not work on', async () => {
    const owned = browser.addTab(win, 'https://docs.example.com/');
    agentTabs.owned.add(owned);
    await startAgent();
    expect(coordinator.queriesFor(owned)?.requestStop()).toEqual({ stopping: true });
    expect(coordinator.queriesFor(personTab)).toBeNull();
  });

  it('forgets the mask of a tab that closed', async () => {
    await startAgent();
    browser.closeTab(agentTab);
    await settled();
    expect(coordinator.shownOn).toBeNull();
  });
});

describe('MaskCoordinator lease', () => {
  it('renews the lease on a timer shorter than the lease while running, and stops renewing after', async () => {
    await startAgent();
    await timers.advance(3_000);
    expect(calls.filter((c) => c.startsWith('renew'))).toHaveLength(1);
    await timers.advance(6_000);
    expect(calls.filter((c) => c.startsWith('renew'))).toHaveLength(3);
    await coordinator.stop();
    const before = calls.length;
    await timers.advance(30_000);
    expect(calls.slice(before)).toEqual([]);
    expect(timers.pending).toBe(0);
  });

  it('renews at each step, and shows the mask again if the page had lost it', async () => {
    await startAgent();
    await coordinator.renew();
    expect(calls.at(-1)).toBe(`renew ${agentTab}`);
    masked.clear();
    await coordinator.renew();
    expect(calls.slice(-2)).toEqual([`renew ${agentTab}`, `show ${agentTab}`]);
    expect(masked).toEqual(new Set([agentTab]));
  });

  it('retries a show that failed because the page was not ready', async () => {
    const pages = vi.fn(fakePage);
    pages.mockImplementationOnce((tabId) => ({
      ...fakePage(tabId),
      showMask: async () => {
        throw new RelayError('no_receiver', 'not up yet');
      },
    }));
    coordinator = new MaskCoordinator({ bus, pages, adapter: browser, timers, leaseMs: 9_000 });
    await startAgent();
    expect(masked.size).toBe(0);
    await timers.advance(3_000);
    await settled();
    expect(masked).toEqual(new Set([agentTab]));
  });

  it('hides the mask on every tab it touched when the task ends', async () => {
    await startAgent();
    const second = browser.addTab(win, 'https://docs.example.com/');
    agentTabs.switchTo(second);
    browser.activate(second);
    await settled();
    masked.add(agentTab); // a show whose answer was lost: the page has it although we think not
    await coordinator.stop();
    expect(masked.size).toBe(0);
  });
});

describe('MaskCoordinator when the panel goes away', () => {
  it('sends the hide at once, before any queued call has finished, and stops renewing', async () => {
    // A call still in flight: release must not wait behind it, the panel page is about to be gone.
    let finishSlowCall = () => {};
    coordinator = new MaskCoordinator({
      bus,
      pages: (tabId) => ({
        ...fakePage(tabId),
        renewMask: () =>
          new Promise((resolve) => {
            finishSlowCall = () => resolve({ shown: true });
          }),
      }),
      adapter: browser,
      timers,
      leaseMs: 9_000,
    });
    await startAgent();
    void coordinator.renew();
    await flush();
    calls = [];

    coordinator.release();
    expect(calls).toEqual([`hide ${agentTab}`]);
    expect(masked.size).toBe(0);
    expect(coordinator.queriesFor(agentTab)).toBeNull();
    finishSlowCall();
    await timers.advance(30_000);
    expect(calls).toEqual([`hide ${agentTab}`]);
  });
});

describe('MaskCoordinator Stop button', () => {
  it('passes the mask Stop button on to the agent', async () => {
    await startAgent();
    expect(coordinator.queriesFor(agentTab)?.requestStop()).toEqual({ stopping: true });
    expect(stopRequests).toBe(1);
  });
});
