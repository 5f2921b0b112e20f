// One owner per tab across panels (decision 0027, docs/contracts.md O-OWN-*): two TabsManagers stand for the tasks of
// two windows' panels, sharing one browser and one lock manager, as two pages of the extension share navigator.locks.

import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentPage } from '../../../../src/panel/agent/core/ports';
import { webLocks } from '../../../../src/panel/chrome/web-locks';
import { type Locks, TabLeases, tabLockName } from '../../../../src/panel/tabs/ownership/tab-locks';
import { TabsManager, type TabsSettings } from '../../../../src/panel/tabs/ownership/tabs-manager';
import { freeGroupColor, taskGroupColor } from '../../../../src/panel/tabs/ownership/task-group';
import { TabEventBus } from '../../../../src/panel/tabs/tab-event-bus';
import { TabTakenError } from '../../../../src/shared/errors';
import { FakeLockManager } from '../../../support/fake-locks';
import { FakeBrowser, flush } from '../fakes';

let bus: TabEventBus;
let browser: FakeBrowser;
let lockManager: FakeLockManager;
let locks: Locks;
let injected: string[];

function panelTask(
  taskId: string,
  windowId: number,
  settings: Partial<TabsSettings> = {},
  beforeLettingGo?: () => Promise<void>,
) {
  return new TabsManager(
    {
      adapter: browser,
      bus,
      windowId,
      locks,
      pages: (tabId) => ({ tabId }) as unknown as AgentPage & { historyBack(): Promise<{ started: boolean }> },
      inject: async (tabId) => {
        injected.push(`${taskId}:${tabId}`);
      },
      ...(beforeLettingGo ? { beforeLettingGo } : {}),
    },
    { taskId, settings },
  );
}

let winA: number;
let winB: number;
let shared: number;

beforeEach(() => {
  bus = new TabEventBus();
  browser = new FakeBrowser(bus);
  lockManager = new FakeLockManager();
  locks = webLocks(lockManager);
  injected = [];
  winA = browser.addWindow();
  winB = browser.addWindow();
  shared = browser.addTab(winA, 'https://shop.example.com/', { active: true, emit: false });
});

/**
 * The person drags the group of the tab a task works on into the other window and starts a second task there. The
 * whole group: a tab dragged alone out of its group is the person's again, and no longer the task's (O-OWN-9).
 */
function moveToB(tabId: number) {
  browser.moveGroup(browser.mustGet(tabId).groupId, winB);
  browser.activate(tabId);
}

describe('one owner per tab across panels', () => {
  it('refuses a task started on a tab another task owns, before it records, scripts or groups anything', async () => {
    const a = panelTask('aaaa', winA);
    await a.beginRun();
    moveToB(shared);
    const b = panelTask('bbbb', winB);
    const callsBefore = browser.calls.length;

    const refusal = await b.beginRun().catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(TabTakenError);
    expect(refusal).toMatchObject({ code: 'tab_taken', tabId: shared });
    expect(b.isOwned(shared)).toBe(false);
    expect(b.record.ownedTabIds).toEqual([]);
    expect(injected).toEqual([`aaaa:${shared}`]);
    expect(browser.calls.slice(callsBefore)).toEqual([]);
    expect(a.isOwned(shared)).toBe(true);
    await b.endRun('close');
    expect(browser.calls.slice(callsBefore)).toEqual([]);
    expect(lockManager.heldNames).toEqual([tabLockName(shared)]);
  });

  it('lets another task take the tab once the owner’s run ended', async () => {
    const a = panelTask('aaaa', winA);
    await a.beginRun();
    await a.endRun('keep');
    moveToB(shared);
    const b = panelTask('bbbb', winB);
    await b.beginRun();
    expect(b.currentTabId).toBe(shared);
  });

  it('owns the tabs it opens the same way, and lets them go when they close', async () => {
    const a = panelTask('aaaa', winA);
    await a.beginRun();
    const { tabId } = await a.openUrl('https://docs.example.com/', { newTab: true });
    expect(await locks.tryTake(tabLockName(tabId))).toBeNull();
    browser.closeTab(tabId);
    await flush();
    const lease = await locks.tryTake(tabLockName(tabId));
    expect(lease).not.toBeNull();
    lease?.release();
  });

  it('follows a popup of its tab as the event arrives, before its lock is answered, and gives it back if taken', async () => {
    const a = panelTask('aaaa', winA);
    await a.beginRun();
    // Seen synchronously: the look after the click that opened the popup must already be on it.
    const popup = browser.addTab(winA, 'https://shop.example.com/help', { openerTabId: shared });
    expect(a.currentTabId).toBe(popup);
    expect(a.isOwned(popup)).toBe(true);
    await flush();
    expect(await locks.tryTake(tabLockName(popup))).toBeNull();

    // A popup whose lock another task already holds is given back, and the agent stays on the tab that opened it.
    const other = browser.addTab(winA, 'https://shop.example.com/other', { emit: false });
    const lease = await locks.tryTake(tabLockName(other + 1));
    const taken = browser.addTab(winA, 'https://shop.example.com/taken', { openerTabId: popup });
    expect(taken).toBe(other + 1);
    expect(a.currentTabId).toBe(taken);
    await flush();
    expect(a.isOwned(taken)).toBe(false);
    expect(a.currentTabId).toBe(popup);
    lease?.release();
  });

  it('does not follow the person onto a tab another task owns (stickiness off)', async () => {
    const b = panelTask('bbbb', winB);
    const bTab = browser.addTab(winB, 'https://mail.example.com/', { active: true, emit: false });
    await b.beginRun();
    const a = panelTask('aaaa', winA, { tabStickiness: false });
    await a.beginRun();
    browser.moveGroup(browser.mustGet(bTab).groupId, winA); // the whole group: the tab stays b's
    browser.activate(bTab);
    await flush();
    expect(a.currentTabId).toBe(shared);
    expect(a.isOwned(bTab)).toBe(false);
  });

  it('refuses a follow-up whose tab another task took between its instructions', async () => {
    const a = panelTask('aaaa', winA);
    await a.beginRun();
    await a.endRun('keep');
    moveToB(shared);
    const b = panelTask('bbbb', winB);
    await b.beginRun();
    await expect(a.beginRun()).rejects.toMatchObject({ code: 'tab_taken' });
    expect(b.isOwned(shared)).toBe(true);
  });

  it('ends the run touching only the tabs it holds, with the mask down before it lets them go', async () => {
    let heldDuringHook: string[] = [];
    const a = panelTask('aaaa', winA, {}, async () => {
      heldDuringHook = lockManager.heldNames;
    });
    await a.beginRun();
    const { tabId } = await a.openUrl('https://docs.example.com/', { newTab: true });
    await a.endRun('close');
    expect(heldDuringHook).toEqual([tabLockName(shared), tabLockName(tabId)].sort());
    expect(lockManager.heldNames).toEqual([]);
    expect(browser.tabs.has(tabId)).toBe(false);
  });

  it('lets go of every tab when the panel disposes of the task', async () => {
    const a = panelTask('aaaa', winA);
    await a.beginRun();
    a.dispose();
    await flush();
    expect(lockManager.heldNames).toEqual([]);
  });

  it('gives each live Task group a colour no other live group wears', async () => {
    const a = panelTask('aaaa', winA);
    await a.beginRun();
    browser.addTab(winB, 'https://mail.example.com/', { active: true, emit: false });
    const b = panelTask('bbbb', winB);
    await b.beginRun();
    const colours = [...browser.groups.values()].map((group) => group.color);
    expect(colours).toHaveLength(2);
    expect(new Set(colours).size).toBe(2);
  });
});

describe('freeGroupColor', () => {
  it('keeps the task’s own colour when it is free, and takes the next free one when it is worn', () => {
    const own = taskGroupColor('aaaa');
    expect(freeGroupColor('aaaa', [])).toBe(own);
    expect(freeGroupColor('aaaa', [own])).not.toBe(own);
  });
});

describe('webLocks over navigator.locks', () => {
  it('answers a take of a held lock at once with null, and hands it over once released', async () => {
    const first = await locks.tryTake('x');
    expect(first).not.toBeNull();
    expect(await locks.tryTake('x')).toBeNull();
    first?.release();
    await flush();
    expect(await locks.tryTake('x')).not.toBeNull();
  });

  it('runs exclusive sections one after another', async () => {
    const order: string[] = [];
    let open = () => {};
    const first = locks.exclusive('y', async () => {
      order.push('first in');
      await new Promise<void>((resolve) => {
        open = resolve;
      });
      order.push('first out');
    });
    const second = locks.exclusive('y', async () => {
      order.push('second');
    });
    await flush();
    open();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second']);
  });

  it('keeps one lease when one task takes a tab twice at once', async () => {
    const leases = new TabLeases(locks);
    expect(await Promise.all([leases.take(7), leases.take(7)])).toEqual([true, true]);
    leases.release(7);
    await flush();
    expect(lockManager.heldNames).toEqual([]);
  });
});
