// The task's group is the ground truth of what it may touch (issue 28, docs/contracts.md O-OWN-9..12): a tab the person
// takes out of the `Task(<id>)` group is theirs again, a closed one leaves the task its others, a whole group moved to
// another window stays the task's. A fake browser emits the `groupChanged` events Chrome's tabs.onUpdated reports.

import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentPage } from '../../../../src/panel/agent/core/ports';
import { webLocks } from '../../../../src/panel/chrome/web-locks';
import { tabLockName } from '../../../../src/panel/tabs/ownership/tab-locks';
import { type TabsChange, TabsManager, type TabsSettings } from '../../../../src/panel/tabs/ownership/tabs-manager';
import { TabEventBus } from '../../../../src/panel/tabs/tab-event-bus';
import { NO_GROUP } from '../../../../src/panel/tabs/tabs-adapter';
import { FakeLockManager } from '../../../support/fake-locks';
import { FakeBrowser, flush } from '../fakes';

const TASK = 'g7t2';

let bus: TabEventBus;
let browser: FakeBrowser;
let lockManager: FakeLockManager;
let win: number;
let personTab: number;

function manager(settings: Partial<TabsSettings> = {}) {
  return new TabsManager(
    {
      adapter: browser,
      bus,
      windowId: win,
      locks: webLocks(lockManager),
      pages: (tabId) => ({ tabId }) as unknown as AgentPage & { historyBack(): Promise<{ started: boolean }> },
      inject: async () => {},
    },
    { taskId: TASK, settings },
  );
}

/** A task on the person's tab with a second tab it opened, working on that second tab. */
async function taskOnTwoTabs(settings: Partial<TabsSettings> = {}) {
  const tabs = manager(settings);
  await tabs.beginRun();
  const { tabId: opened } = await tabs.openUrl('https://docs.example.com/', { newTab: true });
  await flush();
  return { tabs, opened };
}

beforeEach(() => {
  bus = new TabEventBus();
  browser = new FakeBrowser(bus);
  lockManager = new FakeLockManager();
  win = browser.addWindow();
  browser.focused = win;
  personTab = browser.addTab(win, 'https://shop.example.com/cart', { active: true, emit: false });
});

describe('the group is the ground truth', () => {
  it('lets go of a tab the person drags out of the group: its lock, its calls, and tells the model', async () => {
    const { tabs, opened } = await taskOnTwoTabs();
    await tabs.switchTo(personTab);
    expect(lockManager.heldNames).toContain(tabLockName(opened));

    browser.dragOutOfGroup(opened);
    await flush();

    expect(tabs.isOwned(opened)).toBe(false);
    expect(lockManager.heldNames).toEqual([tabLockName(personTab)]);
    expect(tabs.currentTabId).toBe(personTab);
    expect(() => tabs.page(opened)).toThrow(`Tab ${opened} is no longer this task's: the person took it back`);
    await expect(tabs.switchTo(opened)).rejects.toMatchObject({ code: 'not_owned' });
    expect((await tabs.owned()).map((tab) => tab.tabId)).toEqual([personTab]);
    expect(tabs.takeFacts()).toEqual([
      { kind: 'taken_back', tabId: opened, how: 'ungrouped', wasCurrent: false, nowOn: null },
    ]);
    expect(tabs.takeFacts()).toEqual([]);
  });

  it('goes on in its other tab when the person takes back the one it works on', async () => {
    const { tabs, opened } = await taskOnTwoTabs();
    const changes: TabsChange[] = [];
    tabs.subscribe((change) => changes.push(change));

    browser.dragOutOfGroup(opened);
    await flush();

    expect(tabs.currentTabId).toBe(personTab);
    expect(changes).toEqual([
      { type: 'current', tabId: personTab, previous: opened, why: 'moved_on' },
      { type: 'lost', tabId: opened, wasCurrent: true },
    ]);
    expect(tabs.takeFacts()).toEqual([
      { kind: 'taken_back', tabId: opened, how: 'ungrouped', wasCurrent: true, nowOn: personTab },
    ]);
    expect(tabs.record).toMatchObject({ tabId: personTab, ownedTabIds: [personTab] });
  });

  it('has no tab left when the person takes back its only one, as when it is closed', async () => {
    const tabs = manager();
    await tabs.beginRun();
    browser.dragOutOfGroup(personTab);
    await flush();
    expect(tabs.currentTabId).toBeNull();
    expect(lockManager.heldNames).toEqual([]);
    expect(tabs.takeFacts()).toEqual([
      { kind: 'taken_back', tabId: personTab, how: 'ungrouped', wasCurrent: true, nowOn: null },
    ]);
  });

  it('lets go of a tab dragged into another group, or alone into another window', async () => {
    const { tabs, opened } = await taskOnTwoTabs();
    const third = (await tabs.openUrl('https://docs.example.com/3', { newTab: true })).tabId;
    await flush();
    browser.dragOutOfGroup(opened, browser.addGroup(win, 'Reading'));
    browser.moveTab(third, browser.addWindow());
    await flush();
    expect(tabs.isOwned(opened)).toBe(false);
    expect(tabs.isOwned(third)).toBe(false);
    expect(tabs.currentTabId).toBe(personTab);
    expect(tabs.takeFacts().map(({ tabId, how }) => ({ tabId, how }))).toEqual([
      { tabId: opened, how: 'other_group' },
      { tabId: third, how: 'other_window' },
    ]);
  });

  it('keeps every tab of a group the person moves whole to another window, and opens new ones there', async () => {
    const { tabs, opened } = await taskOnTwoTabs();
    const win2 = browser.addWindow();
    const groupId = browser.mustGet(opened).groupId;
    browser.moveGroup(groupId, win2);
    // Chrome may report the tabs' group again as they land in the new window.
    browser.emit({ type: 'groupChanged', tabId: opened, groupId });
    await flush();
    expect(tabs.isOwned(opened)).toBe(true);
    expect(tabs.isOwned(personTab)).toBe(true);
    expect(tabs.takeFacts()).toEqual([]);
    const { tabId } = await tabs.openUrl('https://docs.example.com/next', { newTab: true });
    expect(browser.mustGet(tabId)).toMatchObject({ windowId: win2, groupId });
  });

  it('follows its group when Chrome gives it a new id, by its Task(<id>) title', async () => {
    const { tabs, opened } = await taskOnTwoTabs();
    const moved = browser.addGroup(win, `Task(${TASK})`);
    browser.dragOutOfGroup(opened, moved);
    browser.dragOutOfGroup(personTab, moved);
    await flush();
    expect(tabs.isOwned(opened)).toBe(true);
    expect(tabs.isOwned(personTab)).toBe(true);
    expect(tabs.takeFacts()).toEqual([]);
  });

  it('never lets go of a tab that was never in its group (it could not be grouped)', async () => {
    const tabs = manager();
    await tabs.beginRun();
    const popupWindowTab = browser.addTab(browser.addWindow(), 'https://pay.example.com/', {
      openerTabId: personTab,
    });
    await flush();
    expect(tabs.isOwned(popupWindowTab)).toBe(true);
    expect(browser.mustGet(popupWindowTab).groupId).toBe(NO_GROUP); // another window than the group's
    browser.emit({ type: 'groupChanged', tabId: popupWindowTab, groupId: NO_GROUP });
    await flush();
    expect(tabs.isOwned(popupWindowTab)).toBe(true);
  });

  it('does not put a tab the person took back between instructions into the group again, and says so', async () => {
    const { tabs, opened } = await taskOnTwoTabs();
    await tabs.endRun('keep');
    browser.dragOutOfGroup(opened);
    await flush();

    await tabs.beginRun();
    expect(tabs.isOwned(opened)).toBe(false);
    expect(browser.mustGet(opened).groupId).toBe(NO_GROUP);
    expect(tabs.currentTabId).toBe(personTab);
    expect(lockManager.heldNames).toEqual([tabLockName(personTab)]);
    expect(tabs.takeFacts()).toEqual([
      { kind: 'taken_back', tabId: opened, how: 'ungrouped', wasCurrent: true, nowOn: personTab },
    ]);
  });

  it('does not count the ungrouping the end of its own run did as the person taking tabs back', async () => {
    const { tabs, opened } = await taskOnTwoTabs({ endOfTaskTabs: 'ungroup' });
    await tabs.endRun();
    await flush();
    await tabs.beginRun();
    expect(tabs.isOwned(opened)).toBe(true);
    expect(tabs.currentTabId).toBe(opened);
    expect(browser.mustGet(opened).groupId).toBe(browser.mustGet(personTab).groupId);
    expect(tabs.takeFacts()).toEqual([]);
  });
});

describe('a tab the person closes', () => {
  it('leaves the task its other tabs, and tells the model which one it goes on in', async () => {
    const { tabs, opened } = await taskOnTwoTabs();
    await tabs.switchTo(personTab);
    browser.closeTab(opened);
    await flush();
    expect(tabs.currentTabId).toBe(personTab);
    expect(tabs.takeFacts()).toEqual([{ kind: 'closed', tabId: opened, wasCurrent: false, nowOn: null }]);

    browser.closeTab(personTab);
    await flush();
    expect(tabs.currentTabId).toBeNull();
    expect(lockManager.heldNames).toEqual([]);
    expect(tabs.takeFacts()).toEqual([{ kind: 'closed', tabId: personTab, wasCurrent: true, nowOn: null }]);
  });

  it('closes, ungroups or keeps what is left of its group at the end, by the setting', async () => {
    for (const action of ['keep', 'ungroup', 'close'] as const) {
      const { tabs, opened } = await taskOnTwoTabs({ endOfTaskTabs: action });
      browser.dragOutOfGroup(personTab); // the person's again: the end leaves it alone
      await flush();
      const personGroup = browser.mustGet(personTab).groupId;
      await tabs.endRun();
      expect(browser.mustGet(personTab).groupId).toBe(personGroup);
      if (action === 'close') expect(browser.tabs.has(opened)).toBe(false);
      else expect(browser.mustGet(opened).groupId === NO_GROUP).toBe(action === 'ungroup');
      expect(lockManager.heldNames).toEqual([]);
      if (browser.tabs.has(opened)) browser.closeTab(opened);
    }
  });
});
