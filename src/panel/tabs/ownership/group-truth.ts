// The task's group is the ground truth of what the task may touch (issue 28). A tab of the task the person takes out
// of the `Task(<id>)` group is theirs again: dragged out of it, into another group, or alone into another window
// (Chrome takes a tab out of its group when it is moved to another window without the rest of the group). A whole group
// moved to another window keeps its tabs, so they stay the task's. The Playwright MCP Bridge extension treats a tab's
// group the same way (https://github.com/microsoft/playwright-mcp, extension 0.0.86: "one tab group per client is the
// single source of truth"). Only a tab the task saw in its group can leave it: one that could not be grouped (a popup
// window, another window than the group's) stays the task's.

import { NO_GROUP, type TabsAdapter } from '../tabs-adapter';
import { type TaskGroup, taskGroupTitle } from './task-group';

export type LeftHow = 'ungrouped' | 'other_group' | 'other_window';

export class GroupTruth {
  /** The task's tabs that sat in its group, as the task last saw them. */
  private readonly grouped = new Set<number>();

  constructor(
    private readonly adapter: Pick<TabsAdapter, 'get' | 'getGroup'>,
    private readonly group: TaskGroup,
  ) {}

  /** The task just put these tabs in its group (or Chrome says they are there): from now on they can leave it. */
  async saw(tabIds: number[]): Promise<void> {
    for (const tabId of tabIds) {
      const tab = await this.adapter.get(tabId);
      if (tab && (await this.isTaskGroup(tab.groupId))) this.grouped.add(tabId);
    }
  }

  /**
   * How the tab left the task's group, or null when it did not (it is still there, it never was, or it is gone: its
   * `removed` event says so). Asked after a `groupChanged` event, it reads the tab as it is now: a group moved to
   * another window whole reports its tabs in the group again by then.
   */
  async left(tabId: number, groupWindow: number | null): Promise<LeftHow | null> {
    if (!this.grouped.has(tabId)) return null;
    const tab = await this.adapter.get(tabId);
    if (!tab || (await this.isTaskGroup(tab.groupId))) return null;
    this.grouped.delete(tabId);
    if (groupWindow !== null && tab.windowId !== groupWindow) return 'other_window';
    return tab.groupId === NO_GROUP ? 'ungrouped' : 'other_group';
  }

  /** Chrome swapped the tab for a new id (discarded, prerendered): the new one sits where the old one did. */
  replace(removedTabId: number, addedTabId: number): void {
    if (this.grouped.delete(removedTabId)) this.grouped.add(addedTabId);
  }

  forget(tabId: number): void {
    this.grouped.delete(tabId);
  }

  /** The task took its tabs out of the group itself (the end of a run ungrouped or closed them). */
  clear(): void {
    this.grouped.clear();
  }

  /**
   * The task's group: its id, or a group titled `Task(<id>)` (Chrome may give a group moved to another window a new
   * id); the task follows the group there.
   */
  private async isTaskGroup(groupId: number): Promise<boolean> {
    if (groupId === NO_GROUP) return false;
    if (groupId === this.group.groupId) return true;
    const group = await this.adapter.getGroup(groupId);
    if (group?.title !== taskGroupTitle(this.group.taskId)) return false;
    this.group.groupId = groupId;
    return true;
  }
}
