// The tabs part of a task record. Updates are partial and never drop what they did not mention: a missing key (or
// undefined) keeps the old value, null clears it (docs/contracts.md 003-4: a spread-based upsert once lost tabId and
// groupId).

export interface TaskTabsRecord {
  taskId: string;
  /** The tab the agent works on, null when it has none alive. */
  tabId: number | null;
  /** The task's tab group `Task(<id>)`. */
  groupId: number | null;
  /** The window the group lives in; new tabs open there. */
  windowId: number | null;
  /** The last URL the agent's tab committed or was sent to. */
  url: string | null;
  /** The tab the task started on. */
  initialTabId: number | null;
  /** Every tab the agent may act on that was alive at the last update. */
  ownedTabIds: number[];
}

export type TaskTabsUpdate = Partial<Omit<TaskTabsRecord, 'taskId'>>;

export function emptyTaskRecord(taskId: string): TaskTabsRecord {
  return { taskId, tabId: null, groupId: null, windowId: null, url: null, initialTabId: null, ownedTabIds: [] };
}

export function mergeTaskRecord(existing: TaskTabsRecord, update: TaskTabsUpdate): TaskTabsRecord {
  const pick = <K extends keyof TaskTabsUpdate>(key: K): TaskTabsRecord[K] => {
    const value = update[key];
    return value === undefined ? existing[key] : (value as TaskTabsRecord[K]);
  };
  return {
    taskId: existing.taskId,
    tabId: pick('tabId'),
    groupId: pick('groupId'),
    windowId: pick('windowId'),
    url: pick('url'),
    initialTabId: pick('initialTabId'),
    ownedTabIds: [...pick('ownedTabIds')],
  };
}
