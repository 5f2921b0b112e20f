// What the person does to a task's tabs while it runs, as the task takes it (issue 28): a tab they close leaves the task
// its others; a tab they take out of the task's group (group-truth.ts) is theirs again. Either way the task goes on in
// another of its tabs when it was the current one (TaskTabsState.forget, moveOn), lets go of the tab (its lock: the
// TabsManager releases it on `lost`; its mask: the coordinator follows the current tab), and the model is told at its
// next step (takeFacts, then observe/tab-facts.ts).

import type { TabFact } from '../../agent';
import type { GroupTruth } from './group-truth';
import type { TaskGroup } from './task-group';
import type { TaskTabsState } from './task-tabs-state';

export class PersonMoves {
  /** What the model has not been told yet. */
  private facts: TabFact[] = [];
  /** Tabs the task itself is closing: their `removed` event is no move of the person's. */
  private readonly closing = new Set<number>();
  private reconciling: Promise<void> = Promise.resolve();

  constructor(
    private readonly state: TaskTabsState,
    private readonly truth: GroupTruth,
    private readonly group: TaskGroup,
  ) {}

  /** The task is about to close these tabs itself. */
  taskCloses(tabIds: number[]): void {
    for (const id of tabIds) this.closing.add(id);
  }

  takeFacts(): TabFact[] {
    const facts = this.facts;
    this.facts = [];
    return facts;
  }

  /** A tab closed. Outside a run (or closed by the task) it is only forgotten; the next run finds it gone. */
  removed(tabId: number, running: boolean): void {
    const byTask = this.closing.delete(tabId);
    if (!this.state.owned.has(tabId)) return;
    if (byTask || !running) {
      this.state.forget(tabId);
      return;
    }
    const wasCurrent = this.state.current === tabId;
    this.state.forget(tabId, { moveOn: true });
    this.facts.push({ kind: 'closed', tabId, wasCurrent, nowOn: wasCurrent ? this.state.current : null });
  }

  /**
   * The group is the ground truth: each of these tabs the person took out of the task's group is theirs again. One
   * reconciliation after another, so the facts come in the order of the events.
   */
  reconcile(tabIds: number[]): Promise<void> {
    const done = this.reconciling.then(() => this.letGoOfUngrouped(tabIds));
    this.reconciling = done.catch((error: unknown) => {
      console.warn(`[steadyhand] could not reconcile tabs ${tabIds.join(', ')} with the group:`, error);
    });
    return done;
  }

  private async letGoOfUngrouped(tabIds: number[]): Promise<void> {
    const groupWindow = (await this.group.windowId().catch(() => null)) ?? this.state.record.windowId;
    for (const tabId of tabIds) {
      const how = await this.truth.left(tabId, groupWindow);
      if (how === null || !this.state.owned.has(tabId)) continue;
      const wasCurrent = this.state.current === tabId;
      this.state.forget(tabId, { moveOn: true, takenBack: true });
      this.facts.push({ kind: 'taken_back', tabId, how, wasCurrent, nowOn: wasCurrent ? this.state.current : null });
    }
  }
}
