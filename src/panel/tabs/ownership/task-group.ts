// The task's tab group: titled exactly `Task(<id>)`, with a colour unique among the live groups (when fewer than
// nine are open), tried first in the order the task id gives, so a task tends to keep its colour across follow-ups.

import type { GroupColor, TabsAdapter } from '../tabs-adapter';
import type { Locks } from './tab-locks';

const COLORS: readonly GroupColor[] = ['blue', 'red', 'yellow', 'green', 'pink', 'purple', 'cyan', 'orange', 'grey'];

export function taskGroupTitle(taskId: string): string {
  return `Task(${taskId})`;
}

/** The task id a group's title names, or null for a group that is not a task's. */
export function taskIdOfGroup(title: string | undefined): string | null {
  return /^Task\(([A-Za-z0-9_-]{1,64})\)$/.exec(title ?? '')?.[1] ?? null;
}

/** FNV-1a over the id's UTF-16 units: stable, cheap, and spread well enough over nine colours. */
export function taskGroupColor(taskId: string): GroupColor {
  let hash = 0x811c9dc5;
  for (let i = 0; i < taskId.length; i++) {
    hash ^= taskId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return COLORS[hash % COLORS.length] ?? 'grey';
}

/** The first colour no live group wears, in the task's own order; the task's own colour when all nine are worn. */
export function freeGroupColor(taskId: string, worn: readonly GroupColor[]): GroupColor {
  const start = COLORS.indexOf(taskGroupColor(taskId));
  for (let i = 0; i < COLORS.length; i++) {
    const color = COLORS[(start + i) % COLORS.length] ?? 'grey';
    if (!worn.includes(color)) return color;
  }
  return taskGroupColor(taskId);
}

/** Held while a panel picks and sets a new group's colour, so two panels never pick the same free one. */
const COLOR_LOCK = 'steadyhand.group-colours';

/**
 * Puts tabs into the task's group, creating it (again) when it is gone. A tab in another window than the group is
 * left alone: grouping it would drag it back into the group's window, undoing what the person did.
 */
export class TaskGroup {
  constructor(
    private readonly adapter: TabsAdapter,
    readonly taskId: string,
    public groupId: number | null,
    private readonly locks: Pick<Locks, 'exclusive'>,
  ) {}

  /** Returns the group id the tabs are in now (null when none could be grouped). */
  async join(tabIds: number[], windowId: number): Promise<number | null> {
    const tabs = (await Promise.all(tabIds.map((id) => this.adapter.get(id)))).filter((tab) => tab !== null);
    const group = this.groupId === null ? null : await this.adapter.getGroup(this.groupId);
    const home = group?.windowId ?? windowId;
    const ids = tabs.filter((tab) => tab.windowId === home && tab.groupId !== group?.id).map((tab) => tab.id);
    if (ids.length === 0) return group ? group.id : null;
    if (group) {
      await this.adapter.group(ids, { groupId: group.id });
      return group.id;
    }
    const id = await this.locks.exclusive(COLOR_LOCK, async () => {
      const worn = (await this.adapter.listGroups()).map((live) => live.color);
      const made = await this.adapter.group(ids, { windowId: home });
      await this.adapter.styleGroup(made, {
        title: taskGroupTitle(this.taskId),
        color: freeGroupColor(this.taskId, worn),
      });
      return made;
    });
    this.groupId = id;
    return id;
  }

  /** The window of the group, or null when the group is gone. */
  async windowId(): Promise<number | null> {
    if (this.groupId === null) return null;
    return (await this.adapter.getGroup(this.groupId))?.windowId ?? null;
  }

  async ungroup(tabIds: number[]): Promise<void> {
    if (tabIds.length > 0) await this.adapter.ungroup(tabIds);
    this.groupId = null;
  }
}
