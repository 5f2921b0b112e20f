// Groups kept at a task's end (the default, "Stay in their group") show the person what the task touched, but one per
// task would pile up in the tab strip, and Chrome saves every group it has seen: closed later, each would stay as a
// saved-group chip on the bookmarks bar (anthropics/claude-code#79833, #69542). So only the newest few groups of ended
// tasks stay; older ones are ungrouped, their tabs left where they are, which deletes the group rather than saving it
// (https://developer.chrome.com/docs/extensions/reference/api/tabs#method-ungroup). A group whose task a live panel runs
// (its task lock is held) is never touched; nor is any group not titled as a task's.

import type { TabsAdapter } from '../tabs-adapter';
import type { Locks } from './tab-locks';
import { taskIdOfGroup } from './task-group';

/** How many groups of ended tasks stay, as the thread list shows the last three finished tasks. */
export const KEPT_GROUPS = 3;

export interface KeptGroupsDeps {
  adapter: Pick<TabsAdapter, 'listGroups' | 'listGroupTabs' | 'ungroup'>;
  locks: Pick<Locks, 'held'>;
  /** The name of the lock a live task holds (store/history-sync.ts §taskLockName). */
  lockOf(taskId: string): string;
  /** When the task started, from the history; undefined for a task it no longer knows (the oldest). */
  startedAt(taskId: string): number | undefined;
  /**
   * Tasks this panel knows have ended. The browser lets go of a lock a moment after the page releases it, so a task
   * that ended here just now may still show as held.
   */
  endedHere(): ReadonlySet<string>;
}

/** Ungroups the groups of ended tasks beyond the newest `keep`; returns the ids of the groups it ungrouped. */
export async function tidyKeptGroups(deps: KeptGroupsDeps, keep = KEPT_GROUPS): Promise<number[]> {
  const held = new Set(await deps.locks.held());
  const endedHere = deps.endedHere();
  const live = (taskId: string) => held.has(deps.lockOf(taskId)) && !endedHere.has(taskId);
  const ended = (await deps.adapter.listGroups()).flatMap((group) => {
    const taskId = taskIdOfGroup(group.title);
    return taskId !== null && !live(taskId) ? [{ group, at: deps.startedAt(taskId) ?? 0 }] : [];
  });
  ended.sort((a, b) => b.at - a.at);
  const old = ended.slice(keep).map(({ group }) => group.id);
  for (const groupId of old) {
    const tabs = await deps.adapter.listGroupTabs(groupId);
    if (tabs.length > 0) await deps.adapter.ungroup(tabs.map((tab) => tab.id));
  }
  return old;
}
