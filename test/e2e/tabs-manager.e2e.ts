// TabsManager over the real chrome.tabs / tabGroups / windows (docs/contracts.md, Seeds 001 and 003): the initial tab,
// the lock while the person uses the browser, the owned set and its refusals, background tabs in the `Task(<id>)`
// group, popups, a closed tab, and the end of a run. The agent loop is not involved: the test calls the manager the way
// the tools will.

import type { Page } from 'playwright-core';
import type { TabsSettings } from '../../src/panel/tabs/ownership/tabs-manager';
import { navRoutes } from '../support/nav-routes';
import { describe, type ExtensionHarness, expect, it, openTab, recordEvents, test, useKit, waitForEvent } from './kit';
import type { TabsPanelGlobal } from './tabs-handle';

useKit({ routes: navRoutes() });

let opened: Page[] = [];
let taskCounter = 0;

test.beforeEach(async ({ panel }) => {
  for (const page of opened) await page.close().catch(() => {});
  opened = [];
  // Only the panel's window: a window a failed test left behind would take the new tabs of the next one.
  await panel.evaluate(async () => {
    const own = await chrome.windows.getCurrent();
    const all = await chrome.windows.getAll();
    await Promise.all(
      all.filter((w) => w.id !== own.id && w.id !== undefined).map((w) => chrome.windows.remove(w.id ?? -1)),
    );
  });
  await recordEvents(panel);
});

/**
 * The person opens a tab and looks at it. The panel tab is brought to the front first: Playwright opens pages with
 * CDP, and Chrome gives such a tab the active tab as its openerTabId, as if the page in front had opened it.
 */
async function personOpens(browser: ExtensionHarness, url: string) {
  await browser.panel.bringToFront();
  const tab = await openTab(browser, url);
  opened.push(tab.page);
  await tab.page.bringToFront();
  return tab;
}

/** Creates a manager for a new task in the panel and starts its first run; returns the task id. */
async function startManager(panel: Page, settings: Partial<TabsSettings> = {}) {
  const taskId = `e2e${++taskCounter}`;
  const current = await panel.evaluate(
    async ({ taskId, settings }) => {
      const g = globalThis as TabsPanelGlobal;
      const manager = await g.steadyhand.createTabsManager({ taskId, settings });
      g.managers = { ...g.managers, [taskId]: manager };
      await manager.beginRun();
      return manager.currentTabId;
    },
    { taskId, settings },
  );
  return { taskId, current };
}

function currentTab(panel: Page, taskId: string) {
  return panel.evaluate((id) => (globalThis as TabsPanelGlobal).managers?.[id]?.currentTabId ?? null, taskId);
}

function tabInfo(panel: Page, tabId: number) {
  return panel.evaluate(async (id) => {
    const tab = await chrome.tabs.get(id);
    const group = tab.groupId >= 0 ? await chrome.tabGroups.get(tab.groupId) : null;
    return { active: tab.active, windowId: tab.windowId, groupId: tab.groupId, groupTitle: group?.title ?? null };
  }, tabId);
}

describe('TabsManager in Chromium', () => {
  it('starts on the person tab, opens tabs in the background and groups them as Task(<id>)', async ({
    browser,
    panel,
    site,
  }) => {
    const person = await personOpens(browser, site.url('/navigation/nav-actions.html?name=start'));
    const { taskId, current } = await startManager(panel);
    expect(current).toBe(person.tabId);

    const { tabId, createdTab } = await panel.evaluate(
      (args) => {
        const manager = (globalThis as TabsPanelGlobal).managers?.[args.taskId];
        if (!manager) throw new Error('no manager');
        return manager.openUrl(args.url, { newTab: true });
      },
      { taskId, url: site.url('/navigation/nav-target.html?opened=1') },
    );
    expect(createdTab).toBe(true);
    const openedTab = await tabInfo(panel, tabId);
    const initial = await tabInfo(panel, person.tabId);
    expect(openedTab.active).toBe(false);
    expect(initial.active).toBe(true); // the person's tab kept the focus
    expect(openedTab.groupTitle).toBe(`Task(${taskId})`);
    expect(initial.groupId).toBe(openedTab.groupId);
    expect(await currentTab(panel, taskId)).toBe(tabId);
    await panel.evaluate((id) => chrome.tabs.remove(id), tabId);
  });

  it('keeps its tab while the person switches tabs, opens tabs, focuses another window and moves its group there', async ({
    browser,
    panel,
    site,
  }) => {
    const agent = await personOpens(browser, site.url('/navigation/nav-actions.html?name=agent'));
    const { taskId, current } = await startManager(panel);
    expect(current).toBe(agent.tabId);

    const other = await personOpens(browser, site.url('/navigation/nav-actions.html?name=person'));
    await waitForEvent(panel, { type: 'activated', tabId: other.tabId });
    await agent.page.bringToFront();
    await other.page.bringToFront();
    const windowId = await panel.evaluate(async () => {
      const win = await chrome.windows.create({ url: 'about:blank', focused: true });
      return win?.id ?? -1;
    });
    await waitForEvent(panel, { type: 'focusChanged', windowId });
    const third = await personOpens(browser, site.url('/navigation/nav-actions.html?name=third'));
    // The whole group: a tab moved alone out of its group is the person's again (O-OWN-11).
    const before = await tabInfo(panel, agent.tabId);
    await panel.evaluate(
      async ({ tabId, windowId }) => {
        const { groupId } = await chrome.tabs.get(tabId);
        await chrome.tabGroups.move(groupId, { windowId, index: -1 });
      },
      { tabId: agent.tabId, windowId },
    );
    await waitForEvent(panel, { type: 'attached', tabId: agent.tabId });
    await waitForEvent(panel, { type: 'activated', tabId: third.tabId });
    expect(await currentTab(panel, taskId)).toBe(agent.tabId);
    // Chrome moves the group whole, under the same id, with its title.
    expect(await tabInfo(panel, agent.tabId)).toMatchObject({
      windowId,
      groupId: before.groupId,
      groupTitle: `Task(${taskId})`,
    });

    const refusal = await panel.evaluate(
      ({ taskId, tabId }) =>
        (globalThis as TabsPanelGlobal).managers?.[taskId]?.switchTo(tabId).then(
          () => null,
          (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }),
        ),
      { taskId, tabId: other.tabId },
    );
    expect(refusal?.code).toBe('not_owned');
    expect(refusal?.message).toContain(`Tab ${other.tabId} is not one of this task's tabs`);
  });

  it('adopts a target=_blank tab and a window.open popup from its tab, and works on them', async ({
    browser,
    panel,
    site,
  }) => {
    const agent = await personOpens(browser, site.url('/navigation/nav-links.html'));
    const { taskId } = await startManager(panel);

    await agent.page.click('#blank-link');
    const blank = await panel.waitForFunction(
      ({ taskId, from }) => {
        const id = (globalThis as TabsPanelGlobal).managers?.[taskId]?.currentTabId;
        return id !== from ? id : undefined;
      },
      { taskId, from: agent.tabId },
    );
    const blankId = (await blank.jsonValue()) as number;
    expect((await tabInfo(panel, blankId)).groupTitle).toBe(`Task(${taskId})`);

    await panel.evaluate(({ taskId, tabId }) => (globalThis as TabsPanelGlobal).managers?.[taskId]?.switchTo(tabId), {
      taskId,
      tabId: agent.tabId,
    });
    // In front, as when the agent works under its mask: Chrome's openerTabId names the active tab.
    await agent.page.bringToFront();
    await agent.page.click('#popup-button');
    const popup = await panel.waitForFunction(
      ({ taskId, not }) => {
        const id = (globalThis as TabsPanelGlobal).managers?.[taskId]?.currentTabId;
        return id !== undefined && id !== null && !not.includes(id) ? id : undefined;
      },
      { taskId, not: [agent.tabId, blankId] },
    );
    const popupId = (await popup.jsonValue()) as number;
    const owned = await panel.evaluate(
      async (id) => (await (globalThis as TabsPanelGlobal).managers?.[id]?.owned())?.map((t) => [t.tabId, t.origin]),
      taskId,
    );
    expect(owned).toEqual(
      expect.arrayContaining([
        [agent.tabId, 'initial'],
        [blankId, 'popup'],
        [popupId, 'popup'],
      ]),
    );
    await panel.evaluate((ids) => chrome.tabs.remove(ids), [blankId, popupId]);
  });

  it('has no tab after the person closes it, then opens a new one in the group', async ({ browser, panel, site }) => {
    const agent = await personOpens(browser, site.url('/navigation/nav-actions.html?name=closing'));
    const { taskId } = await startManager(panel);
    const groupTitle = (await tabInfo(panel, agent.tabId)).groupTitle;
    await agent.page.close();
    await waitForEvent(panel, { type: 'removed', tabId: agent.tabId });
    expect(await currentTab(panel, taskId)).toBeNull();

    const result = await panel.evaluate(
      async ({ taskId, url }) => {
        const manager = (globalThis as TabsPanelGlobal).managers?.[taskId];
        if (!manager) throw new Error('no manager');
        const gone = await manager.getTab(manager.record.initialTabId ?? -1);
        await manager.endRun();
        await manager.beginRun();
        const opened = await manager.openUrl(url, { newTab: false });
        return { gone, opened, record: manager.record };
      },
      { taskId, url: site.url('/navigation/nav-target.html?reopened=1') },
    );
    expect(result.gone).toBeNull();
    expect(result.opened.createdTab).toBe(true);
    expect((await tabInfo(panel, result.opened.tabId)).groupTitle).toBe(groupTitle);
    expect(result.record).toMatchObject({ taskId, tabId: result.opened.tabId });
    expect(result.record.groupId).not.toBeNull();
    expect(result.record.windowId).not.toBeNull();
    await panel.evaluate((id) => chrome.tabs.remove(id), result.opened.tabId);
  });

  it('closes the tabs it opened at the end when asked, keeps the first, and then shows the person tab', async ({
    browser,
    panel,
    site,
  }) => {
    const agent = await personOpens(browser, site.url('/navigation/nav-actions.html?name=ending'));
    const { taskId } = await startManager(panel, { endOfTaskTabs: 'close' });
    const result = await panel.evaluate(
      async ({ taskId, url }) => {
        const manager = (globalThis as TabsPanelGlobal).managers?.[taskId];
        if (!manager) throw new Error('no manager');
        const { tabId } = await manager.openUrl(url, { newTab: true });
        const during = await manager.viewTabId();
        await manager.endRun();
        const openedAlive = await chrome.tabs.get(tabId).then(
          () => true,
          () => false,
        );
        return { tabId, during, openedAlive, after: await manager.viewTabId() };
      },
      { taskId, url: site.url('/navigation/nav-target.html?closing=1') },
    );
    expect(result.during).toBe(result.tabId);
    expect(result.openedAlive).toBe(false);
    expect(result.after).toBe(agent.tabId);
    expect((await tabInfo(panel, agent.tabId)).groupId).toBe(-1);
  });

  it('follows the person tab when stickiness is off', async ({ browser, panel, site }) => {
    await personOpens(browser, site.url('/navigation/nav-actions.html?name=first'));
    const { taskId } = await startManager(panel, { tabStickiness: false });
    const next = await personOpens(browser, site.url('/navigation/nav-actions.html?name=next'));
    await waitForEvent(panel, { type: 'activated', tabId: next.tabId });
    await panel.waitForFunction(
      ({ taskId, tabId }) => (globalThis as TabsPanelGlobal).managers?.[taskId]?.currentTabId === tabId,
      { taskId, tabId: next.tabId },
    );
  });
});
