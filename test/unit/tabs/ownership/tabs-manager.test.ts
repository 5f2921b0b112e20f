import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentPage } from '../../../../src/panel/agent/core/ports';
import { webLocks } from '../../../../src/panel/chrome/web-locks';
import { type TabsChange, TabsManager, type TabsSettings } from '../../../../src/panel/tabs/ownership/tabs-manager';
import { taskGroupColor } from '../../../../src/panel/tabs/ownership/task-group';
import type { TaskTabsRecord } from '../../../../src/panel/tabs/ownership/task-tabs-record';
import { TabEventBus } from '../../../../src/panel/tabs/tab-event-bus';
import { NO_GROUP } from '../../../../src/panel/tabs/tabs-adapter';
import { TabError } from '../../../../src/shared/errors';
import { FakeLockManager } from '../../../support/fake-locks';
import { FakeBrowser, flush, PANEL_URL } from '../fakes';

const TASK = 'k3x9';

let bus: TabEventBus;
let browser: FakeBrowser;
let win: number;
let personTab: number;
let records: TaskTabsRecord[];
/** The locks every panel shares (navigator.locks), one per test. */
let lockManager: FakeLockManager;
const pageOf = new Map<number, AgentPage>();
/** Tabs whose page went back by history.back(), in order; and tabs whose page has no script (a browser page). */
const historyBacks: number[] = [];
const browserPages = new Set<number>();
/** Tabs on a site the task may not use (yet): the extension puts no script there (decision 0025). */
const heldPages = new Set<number>();
/** Tabs the manager had the content script injected into, in order. */
let injected: number[] = [];

function manager(
  settings: Partial<TabsSettings> = {},
  extra: { goneConfirmMs?: number; historyBack?: (tabId: number) => Promise<void> } = {},
) {
  return new TabsManager(
    {
      ...extra,
      adapter: browser,
      bus,
      windowId: win,
      locks: webLocks(lockManager),
      pages: (tabId) => {
        const historyBack = async () => {
          if (browserPages.has(tabId)) throw new TabError('restricted', 'A browser page.');
          if (heldPages.has(tabId)) throw new TabError('not_allowed', 'Steadyhand does not run on this site yet.');
          historyBacks.push(tabId);
          return { started: true };
        };
        const page = { tabId, historyBack } as unknown as AgentPage & { historyBack: typeof historyBack };
        pageOf.set(tabId, page);
        return page;
      },
      inject: async (tabId) => {
        injected.push(tabId);
        if (browserPages.has(tabId)) throw new TabError('restricted', 'A browser page.');
      },
      onRecord: (r) => records.push(r),
    },
    { taskId: TASK, settings },
  );
}

function groupOf(tabId: number) {
  return browser.groups.get(browser.mustGet(tabId).groupId);
}

beforeEach(() => {
  bus = new TabEventBus();
  browser = new FakeBrowser(bus);
  records = [];
  injected = [];
  lockManager = new FakeLockManager();
  win = browser.addWindow();
  browser.focused = win;
  browser.addTab(win, 'https://news.example.com/', { emit: false });
  personTab = browser.addTab(win, 'https://shop.example.com/cart', { active: true, emit: false });
});

describe('TabsManager: the initial tab', () => {
  it('starts on the web tab the person is looking at', async () => {
    const tabs = manager();
    const start = await tabs.beginRun();
    expect(start?.tabId).toBe(personTab);
    expect(tabs.currentTabId).toBe(personTab);
    expect((await tabs.owned()).map((t) => [t.tabId, t.origin, t.isCurrent])).toEqual([[personTab, 'initial', true]]);
  });

  it('never takes the panel itself when the panel is opened as the active tab', async () => {
    const panel = browser.addTab(win, PANEL_URL, { active: true, emit: false });
    const tabs = manager();
    await tabs.beginRun();
    expect(tabs.currentTabId).not.toBe(panel);
    expect(tabs.currentTabId).toBe(personTab); // the most recently used web tab
  });

  it('puts the initial tab in a group titled exactly Task(<id>) with the task colour', async () => {
    const tabs = manager();
    await tabs.beginRun();
    expect(groupOf(personTab)).toMatchObject({ title: `Task(${TASK})`, color: taskGroupColor(TASK), windowId: win });
    expect(tabs.record).toMatchObject({ taskId: TASK, tabId: personTab, groupId: browser.mustGet(personTab).groupId });
  });
});

describe('TabsManager: the lock', () => {
  it('keeps its tab while the person activates, opens, focuses and moves tabs, windows and its whole group', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const changes: TabsChange[] = [];
    tabs.subscribe((c) => changes.push(c));
    const other = browser.addTab(win, 'https://mail.example.com/', { active: true });
    browser.activate(browser.addTab(win, 'https://maps.example.com/'));
    const win2 = browser.addWindow();
    browser.focus(win2);
    browser.activate(browser.addTab(win2, 'https://video.example.com/'));
    browser.focus(win);
    browser.activate(other);
    // The whole group: a tab dragged alone out of its group is the person's again (group-truth.test.ts).
    browser.moveGroup(browser.mustGet(personTab).groupId, win2);
    await flush();
    expect(tabs.currentTabId).toBe(personTab);
    expect(changes).toEqual([]);
    expect(tabs.isOwned(other)).toBe(false);
  });

  it('follows the person when tab stickiness is off (the old behaviour)', async () => {
    const tabs = manager({ tabStickiness: false });
    await tabs.beginRun();
    const other = browser.addTab(win, 'https://mail.example.com/', { active: true });
    await flush();
    expect(tabs.currentTabId).toBe(other);
    expect(tabs.isOwned(other)).toBe(true);
    browser.activate(browser.addTab(win, PANEL_URL)); // the panel as a tab is never followed
    await flush();
    expect(tabs.currentTabId).toBe(other);
  });
});

describe('TabsManager: the owned set', () => {
  it('refuses any call that names a tab it does not own, saying which tabs it may use', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const other = browser.addTab(win, 'https://bank.example.com/');
    await expect(tabs.switchTo(other)).rejects.toMatchObject({ name: 'TabError', code: 'not_owned' });
    await expect(tabs.switchTo(other)).rejects.toThrow(`Tab ${other} is not one of this task's tabs`);
    await expect(tabs.switchTo(other)).rejects.toThrow(`It may use: ${personTab}.`);
    await expect(tabs.close(other)).rejects.toMatchObject({ code: 'not_owned' });
    await expect(tabs.getTab(other)).rejects.toMatchObject({ code: 'not_owned' });
    expect(() => tabs.page(other)).toThrow(expect.objectContaining({ code: 'not_owned' }));
    expect(browser.tabs.has(other)).toBe(true);
    expect(tabs.currentTabId).toBe(personTab);
  });

  it('gives the page API of an owned tab', async () => {
    const tabs = manager();
    await tabs.beginRun();
    expect(tabs.page(personTab)).toBe(pageOf.get(personTab));
  });
});

describe('TabsManager: opening and reusing tabs', () => {
  it('opens a new tab in the background, in the task group, and makes it the current tab', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const { tabId, createdTab } = await tabs.openUrl('https://docs.example.com/', { newTab: true });
    expect(createdTab).toBe(true);
    expect(browser.mustGet(tabId).active).toBe(false);
    expect(browser.mustGet(personTab).active).toBe(true);
    expect(tabs.currentTabId).toBe(tabId);
    expect(groupOf(tabId)?.title).toBe(`Task(${TASK})`);
    expect(browser.mustGet(tabId).groupId).toBe(browser.mustGet(personTab).groupId);
    expect(browser.groups.size).toBe(1);
    expect((await tabs.owned()).find((t) => t.tabId === tabId)).toMatchObject({ origin: 'opened', isCurrent: true });
  });

  it('navigates the current tab when no new tab is asked for', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const result = await tabs.openUrl('https://docs.example.com/', { newTab: false });
    expect(result).toEqual({ tabId: personTab, createdTab: false });
    expect(browser.calls).toContain(`navigate ${personTab} https://docs.example.com/`);
    expect(browser.calls.some((c) => c.startsWith('create'))).toBe(false);
  });

  it('continues a follow-up instruction on the same tabs and group', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const { tabId } = await tabs.openUrl('https://docs.example.com/', { newTab: true });
    const groupId = browser.mustGet(tabId).groupId;
    await tabs.endRun();
    expect(groupOf(tabId)).toBeDefined(); // keep: the group stays for the person to look at

    const again = await tabs.beginRun();
    expect(again?.tabId).toBe(tabId);
    await tabs.openUrl('https://docs.example.com/next', { newTab: false });
    expect(browser.calls.filter((c) => c.startsWith('create'))).toHaveLength(1);
    expect(browser.mustGet(tabId).groupId).toBe(groupId);
    expect(tabs.record).toMatchObject({ tabId, groupId, url: 'https://docs.example.com/next' });
  });

  it('switches only between its own tabs, without activating them', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const { tabId } = await tabs.openUrl('https://docs.example.com/', { newTab: true });
    const snap = await tabs.switchTo(personTab);
    expect(snap.tabId).toBe(personTab);
    expect(tabs.currentTabId).toBe(personTab);
    await tabs.switchTo(tabId);
    expect(browser.mustGet(tabId).active).toBe(false);
  });

  it('refuses a URL that is not absolute', async () => {
    const tabs = manager();
    await tabs.beginRun();
    await expect(tabs.openUrl('docs/page', { newTab: false })).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('goes back in the current tab from the page itself, which the browser’s back would skip', async () => {
    historyBacks.length = 0;
    const tabs = manager();
    await tabs.beginRun();
    await tabs.goBack();
    expect(historyBacks).toEqual([personTab]);
    expect(browser.calls).not.toContain(`back ${personTab}`);
  });

  it('goes back the browser’s way from a page no script runs in', async () => {
    historyBacks.length = 0;
    const tabs = manager();
    await tabs.beginRun();
    browserPages.add(personTab);
    try {
      await tabs.goBack();
    } finally {
      browserPages.delete(personTab);
    }
    expect(historyBacks).toEqual([]);
    expect(browser.calls).toContain(`back ${personTab}`);
  });
});

describe('TabsManager: going back from a site the task may not use', () => {
  it('has the page go back by itself, without a content script, where the browser’s back would skip', async () => {
    historyBacks.length = 0;
    const backs: number[] = [];
    const tabs = manager({}, { historyBack: async (tabId) => void backs.push(tabId) });
    await tabs.beginRun();
    const before = browser.calls.length;
    heldPages.add(personTab);
    try {
      await tabs.goBack();
    } finally {
      heldPages.delete(personTab);
    }
    expect(historyBacks).toEqual([]);
    expect(backs).toEqual([personTab]);
    expect(browser.calls.slice(before)).not.toContain(`back ${personTab}`);
  });

  it('goes back the browser’s way where no such call is available', async () => {
    const tabs = manager();
    await tabs.beginRun();
    heldPages.add(personTab);
    try {
      await tabs.goBack();
    } finally {
      heldPages.delete(personTab);
    }
    expect(browser.calls).toContain(`back ${personTab}`);
  });
});

describe('TabsManager: popups', () => {
  it('adopts a popup opened by its tab into the group and works on it', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const popup = browser.addTab(win, 'https://shop.example.com/help', { openerTabId: personTab });
    await flush();
    expect(tabs.isOwned(popup)).toBe(true);
    expect(tabs.currentTabId).toBe(popup);
    expect(browser.mustGet(popup).groupId).toBe(browser.mustGet(personTab).groupId);
    expect((await tabs.owned()).find((t) => t.tabId === popup)?.origin).toBe('popup');
  });

  it('adopts without switching when the opener is an owned tab other than the current one', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const { tabId } = await tabs.openUrl('https://docs.example.com/', { newTab: true });
    const popup = browser.addTab(win, 'https://shop.example.com/help', { openerTabId: personTab });
    await flush();
    expect(tabs.isOwned(popup)).toBe(true);
    expect(tabs.currentTabId).toBe(tabId);
  });

  it('adopts a tab whose real source is its own tab even when Chrome named another tab as the opener', async () => {
    const tabs = manager();
    await tabs.beginRun();
    browser.activate(browser.addTab(win, 'https://mail.example.com/')); // the agent works in the background
    const popup = browser.addTab(win, 'https://shop.example.com/help', { openerTabId: 999 });
    await flush();
    expect(tabs.isOwned(popup)).toBe(false);
    await tabs.adoptPopup(popup, personTab); // webNavigation.onCreatedNavigationTarget's sourceTabId
    expect(tabs.isOwned(popup)).toBe(true);
    expect(tabs.currentTabId).toBe(popup);
  });

  it('does not adopt a tab the person opened while the agent tab was in front (Chrome names it the opener)', async () => {
    const tabs = manager();
    await tabs.beginRun();
    // Ctrl+T: Chrome sets openerTabId to the active tab, but no page opened it, so no navigation target follows.
    const mine = browser.addTab(win, 'https://mail.example.com/', { emit: false });
    browser.emit({
      type: 'created',
      tabId: mine,
      windowId: win,
      openerTabId: personTab,
      url: 'https://mail.example.com/',
    });
    await flush();
    expect(tabs.isOwned(mine)).toBe(false);
    expect(tabs.currentTabId).toBe(personTab);
  });

  it('ignores tabs opened from tabs it does not own, and tabs opened between runs', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const other = browser.addTab(win, 'https://mail.example.com/');
    const fromOther = browser.addTab(win, 'https://mail.example.com/msg', { openerTabId: other });
    await tabs.endRun();
    const between = browser.addTab(win, 'https://shop.example.com/x', { openerTabId: personTab });
    await flush();
    expect(tabs.isOwned(fromOther)).toBe(false);
    expect(tabs.isOwned(between)).toBe(false);
    expect(tabs.currentTabId).toBe(personTab);
  });
});

describe('TabsManager: the content script goes into the task’s tabs only', () => {
  it('scripts the tab the task starts on, and no other tab of the window', async () => {
    const tabs = manager();
    await tabs.beginRun();
    await flush();
    expect(injected).toEqual([personTab]);
  });

  it('scripts a tab it opens and a popup it adopts when it takes them', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const { tabId: opened } = await tabs.openUrl('https://docs.example.com/', { newTab: true });
    const popup = browser.addTab(win, 'https://shop.example.com/help', { openerTabId: personTab });
    browser.emit({
      type: 'navigationTarget',
      tabId: popup,
      sourceTabId: personTab,
      url: 'https://shop.example.com/help',
    });
    await flush();
    expect(injected).toEqual([personTab, opened, popup]);
  });

  it('scripts each new document committed in its tabs during a run, and none outside them or after the run', async () => {
    const tabs = manager();
    const other = browser.addTab(win, 'https://news.example.com/b', { emit: false });
    await tabs.beginRun();
    injected = [];
    browser.commit(personTab, 'https://shop.example.com/checkout');
    browser.commit(other, 'https://news.example.com/c');
    browser.emit({
      type: 'committed',
      tabId: personTab,
      frameId: 3,
      url: 'https://ads.example/',
      transitionType: 'auto_subframe',
      timeStamp: 0,
    });
    await flush();
    expect(injected).toEqual([personTab]);

    await tabs.endRun('keep');
    browser.commit(personTab, 'https://shop.example.com/done');
    await flush();
    expect(injected).toEqual([personTab]);
    await tabs.beginRun(); // a follow-up: its tabs are scripted again, once
    await flush();
    expect(injected).toEqual([personTab, personTab]);
    tabs.dispose();
    browser.commit(personTab, 'https://shop.example.com/after');
    await flush();
    expect(injected).toEqual([personTab, personTab]);
  });

  it('goes on when a tab cannot be scripted (a browser page)', async () => {
    browserPages.add(personTab);
    const tabs = manager();
    await expect(tabs.beginRun()).resolves.toMatchObject({ tabId: personTab });
    await flush();
    expect(injected).toEqual([personTab]);
    browserPages.delete(personTab);
  });
});

describe('TabsManager: closed tabs', () => {
  it('has no current tab after the person closes it, and the next open_url opens a tab in the group', async () => {
    const tabs = manager();
    await tabs.beginRun();
    browser.closeTab(personTab);
    await flush();
    expect(tabs.currentTabId).toBeNull();
    await expect(tabs.getTab(personTab)).resolves.toBeNull(); // closed, not "not yours"
    await expect(tabs.switchTo(personTab)).rejects.toThrow(`Tab ${personTab} was closed.`);
    await expect(tabs.goBack()).rejects.toMatchObject({ code: 'tab_gone' });

    await tabs.endRun();
    await tabs.beginRun();
    browser.addTab(win, 'https://keepme.example.com/', { emit: false }); // keeps the group's window alive
    const { tabId, createdTab } = await tabs.openUrl('https://docs.example.com/', { newTab: false });
    expect(createdTab).toBe(true);
    expect(tabs.currentTabId).toBe(tabId);
    expect(groupOf(tabId)?.title).toBe(`Task(${TASK})`);
    expect(browser.calls).toContain(`create https://docs.example.com/ in ${win}`);
  });

  it('goes on in its other tab when the person closes the one it works on, and tells the model', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const { tabId } = await tabs.openUrl('https://docs.example.com/', { newTab: true });
    browser.closeTab(tabId);
    await flush();
    expect(tabs.currentTabId).toBe(personTab);
    expect((await tabs.owned()).map((t) => t.tabId)).toEqual([personTab]);
    expect(tabs.takeFacts()).toEqual([{ kind: 'closed', tabId, wasCurrent: true, nowOn: personTab }]);
    expect(tabs.takeFacts()).toEqual([]); // each fact is told once
  });

  it('says nothing of a tab the agent closed itself, and then has no current tab', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const { tabId } = await tabs.openUrl('https://docs.example.com/', { newTab: true });
    await tabs.close(tabId);
    await flush();
    expect(tabs.currentTabId).toBeNull();
    expect(tabs.takeFacts()).toEqual([]);
  });

  it('follows a tab that Chrome replaced under a new id', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const added = browser.replaceTab(personTab);
    await flush();
    expect(tabs.currentTabId).toBe(added);
    expect(tabs.isOwned(added)).toBe(true);
    expect(tabs.record).toMatchObject({ tabId: added, initialTabId: added, ownedTabIds: [added] });
  });

  it('waits for the event when Chrome already swapped the tab but the worker has not said so yet', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const changes: TabsChange[] = [];
    tabs.subscribe((change) => changes.push(change));
    const added = browser.replaceTab(personTab, { announce: false });
    const listing = tabs.owned();
    const reading = tabs.getTab(personTab);
    await flush();
    browser.emit({ type: 'replaced', addedTabId: added, removedTabId: personTab });

    expect((await listing).map((tab) => tab.tabId)).toEqual([added]);
    expect(await reading).toMatchObject({ tabId: added });
    expect(tabs.currentTabId).toBe(added);
    expect(changes.filter((change) => change.type === 'lost')).toEqual([]);
  });

  it('counts a tab Chrome no longer finds as closed once its removal is announced, or no word comes in time', async () => {
    const tabs = manager({}, { goneConfirmMs: 20 });
    await tabs.beginRun();
    await tabs.openUrl('https://example.com/new', { newTab: true });
    const opened = tabs.currentTabId ?? -1;
    browser.tabs.delete(opened); // closed, and the worker is slow to say so
    const reading = tabs.getTab(opened);
    await flush();
    browser.emit({ type: 'removed', tabId: opened, windowId: win, isWindowClosing: false });
    expect(await reading).toBeNull();

    browser.tabs.delete(personTab); // closed, and no word ever comes
    expect(await tabs.getTab(personTab)).toBeNull();
    expect(tabs.isOwned(personTab)).toBe(false);
  });

  it('tells a call for the old id of a replaced tab where the tab went, instead of calling it closed', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const first = browser.replaceTab(personTab);
    await flush();
    const second = browser.replaceTab(first); // discarded again, under yet another id
    await flush();
    expect(() => tabs.page(personTab)).toThrow(
      expect.objectContaining({ code: 'stale_snapshot', message: expect.stringContaining(`is now tab ${second}`) }),
    );
    expect(tabs.page(second)).toBe(pageOf.get(second));
  });
});

describe('TabsManager: the task record', () => {
  it('never drops task id, tab, group, window or URL on a partial update', async () => {
    const tabs = manager();
    await tabs.beginRun();
    await tabs.openUrl('https://docs.example.com/', { newTab: false });
    browser.commit(personTab, 'https://docs.example.com/landing');
    await flush();
    const last = records.at(-1);
    expect(last).toEqual({
      taskId: TASK,
      tabId: personTab,
      groupId: browser.mustGet(personTab).groupId,
      windowId: win,
      url: 'https://docs.example.com/landing',
      initialTabId: personTab,
      ownedTabIds: [personTab],
    });
    for (const record of records.slice(records.findIndex((r) => r.groupId !== null))) {
      expect(record.groupId).not.toBeNull();
      expect(record.windowId).toBe(win);
    }
  });
});

describe('TabsManager: the end of a run', () => {
  it('ungroups the agent tabs when the setting says so, and regroups them on a follow-up', async () => {
    const tabs = manager({ endOfTaskTabs: 'ungroup' });
    await tabs.beginRun();
    const { tabId } = await tabs.openUrl('https://docs.example.com/', { newTab: true });
    await tabs.endRun();
    expect(browser.mustGet(tabId).groupId).toBe(NO_GROUP);
    expect(browser.mustGet(personTab).groupId).toBe(NO_GROUP);
    expect(tabs.record.groupId).toBeNull();
    expect(tabs.record.tabId).toBe(tabId);

    await tabs.beginRun();
    expect(groupOf(tabId)?.title).toBe(`Task(${TASK})`);
    expect(browser.mustGet(personTab).groupId).toBe(browser.mustGet(tabId).groupId);
  });

  it('closes the tabs the agent opened, and only ungroups the tab the task started on', async () => {
    const tabs = manager({ endOfTaskTabs: 'close' });
    await tabs.beginRun();
    const { tabId } = await tabs.openUrl('https://docs.example.com/', { newTab: true });
    const popup = browser.addTab(win, 'https://docs.example.com/popup', { openerTabId: tabId });
    await flush();
    await tabs.endRun();
    expect(browser.tabs.has(tabId)).toBe(false);
    expect(browser.tabs.has(popup)).toBe(false);
    expect(browser.tabs.has(personTab)).toBe(true);
    expect(browser.mustGet(personTab).groupId).toBe(NO_GROUP);
    expect(tabs.currentTabId).toBeNull();
  });

  it('lets an explicit action override the setting', async () => {
    const tabs = manager();
    await tabs.beginRun();
    await tabs.endRun('ungroup');
    expect(browser.mustGet(personTab).groupId).toBe(NO_GROUP);
  });

  it('shows the agent tab during a run and the person tab after it', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const { tabId } = await tabs.openUrl('https://docs.example.com/', { newTab: true });
    expect(await tabs.viewTabId()).toBe(tabId);
    const other = browser.addTab(win, 'https://mail.example.com/', { active: true });
    await tabs.endRun();
    expect(await tabs.viewTabId()).toBe(other);
  });
});
