// Groups kept at a task's end do not pile up (src/panel/tabs/ownership/kept-groups.ts): only the newest groups of ended
// tasks stay, older ones are ungrouped with their tabs left in place, and a live task's group or a group that is not
// a task's is never touched.

import { beforeEach, describe, expect, it } from 'vitest';
import { webLocks } from '../../../../src/panel/chrome/web-locks';
import { taskLockName } from '../../../../src/panel/store/history-sync';
import { KEPT_GROUPS, tidyKeptGroups } from '../../../../src/panel/tabs/ownership/kept-groups';
import { taskGroupTitle, taskIdOfGroup } from '../../../../src/panel/tabs/ownership/task-group';
import { TabEventBus } from '../../../../src/panel/tabs/tab-event-bus';
import { FakeLockManager } from '../../../support/fake-locks';
import { FakeBrowser } from '../fakes';

let browser: FakeBrowser;
let lockManager: FakeLockManager;
let window: number;
const started = new Map<string, number>();
let endedHere = new Set<string>();

beforeEach(() => {
  browser = new FakeBrowser(new TabEventBus());
  lockManager = new FakeLockManager();
  window = browser.addWindow();
  started.clear();
  endedHere = new Set();
});

/** A task's group holding `tabs` tabs, the task started at `at`. */
async function taskGroup(taskId: string, at: number, tabs = 2): Promise<{ groupId: number; tabIds: number[] }> {
  const tabIds = Array.from({ length: tabs }, (_, i) => browser.addTab(window, `https://shop.test/${taskId}/${i}`));
  const groupId = await browser.group(tabIds, { windowId: window });
  await browser.styleGroup(groupId, { title: taskGroupTitle(taskId), color: 'blue' });
  started.set(taskId, at);
  return { groupId, tabIds };
}

const tidy = () =>
  tidyKeptGroups({
    adapter: browser,
    locks: webLocks(lockManager),
    lockOf: taskLockName,
    startedAt: (taskId) => started.get(taskId),
    endedHere: () => endedHere,
  });

/** Holds a task's lock, as its panel does while the task runs; returns the release. */
async function running(taskId: string): Promise<() => void> {
  const lease = await webLocks(lockManager).tryTake(taskLockName(taskId));
  return () => lease?.release();
}

describe('the groups kept at tasks’ ends', () => {
  it('keeps the newest three of ended tasks and ungroups the older ones, their tabs left open', async () => {
    const [first, second, ...rest] = [
      await taskGroup('t1', 1_000),
      await taskGroup('t2', 2_000),
      await taskGroup('t3', 3_000),
      await taskGroup('t4', 4_000),
      await taskGroup('t5', 5_000),
    ];
    expect(rest).toHaveLength(3);
    expect(KEPT_GROUPS).toBe(3);

    const ungrouped = await tidy();

    expect(ungrouped.sort()).toEqual([first.groupId, second.groupId].sort());
    const left = (await browser.listGroups()).map((group) => group.title).sort();
    expect(left).toEqual(['Task(t3)', 'Task(t4)', 'Task(t5)']);
    for (const id of [...first.tabIds, ...second.tabIds]) expect(browser.mustGet(id).groupId).toBe(-1);
    expect(browser.tabs.size).toBe(10);
  });

  it('never touches a running task’s group (its lock is held, in any panel), nor a group of the person’s', async () => {
    const live = await taskGroup('live', 1);
    for (let i = 1; i <= 3; i += 1) await taskGroup(`t${i}`, 1_000 * i);
    const mine = browser.addGroup(window, 'Recipes');
    const tab = browser.addTab(window, 'https://recipes.test/');
    await browser.group([tab], { groupId: mine });
    const release = await running('live');

    expect(await tidy()).toEqual([]);
    expect((await browser.listGroups()).length).toBe(5);

    // Once it ends it is the oldest ended task's group: the next tidy ungroups it.
    release();
    await Promise.resolve();
    expect(await tidy()).toEqual([live.groupId]);
    expect((await browser.getGroup(mine))?.title).toBe('Recipes');
  });

  it('counts a task that ended in this panel as ended, though the browser has not let go of its lock yet', async () => {
    for (let i = 1; i <= 3; i += 1) await taskGroup(`t${i}`, 1_000 * i);
    const oldest = await taskGroup('t0', 0);
    const release = await running('t0');
    expect(await tidy()).toEqual([]);
    endedHere = new Set(['t0']);
    expect(await tidy()).toEqual([oldest.groupId]);
    release();
  });

  it('counts a group whose task the history no longer knows (a closed panel’s leftover) as the oldest', async () => {
    const orphan = await taskGroup('gone', 0);
    started.delete('gone');
    for (let i = 1; i <= 3; i += 1) await taskGroup(`t${i}`, 1_000 * i);
    expect(await tidy()).toEqual([orphan.groupId]);
  });

  it('reads a task id only from a title Steadyhand gives its groups', () => {
    expect(taskIdOfGroup('Task(a1b2c3)')).toBe('a1b2c3');
    expect(taskIdOfGroup('Task(a1b2c3) copy')).toBeNull();
    expect(taskIdOfGroup('Tasks')).toBeNull();
    expect(taskIdOfGroup(undefined)).toBeNull();
  });
});
