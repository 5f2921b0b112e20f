// The toolbar badge follows the tasks that wait for the person (issue 28): the number of them, '' when none, and a
// tooltip that says so in the person's language. Every panel (one per window) counts from the same merged history
// (store/history.ts, history-sync.ts), so they agree on the badge, which is the extension's one global badge.
//
// A panel that goes away must not leave a stale badge: its own tasks end with it (interrupted), so as it goes it sets
// the badge to what the other panels' tasks alone make. That last call does not always reach the browser before the
// page dies, so the others do not count on it: when a tab closes or a window's side panel closes while another
// panel's task runs, each live panel reads the history again, and the read shows a task whose panel died as
// interrupted (history-sync.ts §loaded, by the task's lock; `watchDeadPanels`). When no panel is left, the worker
// clears the badge (src/background/no-panel-badge.ts). Every panel also sets the badge as soon as it has read the
// history, so the next panel opened sets it right whatever happened before.

import type { TabEvent } from '../../shared/protocol';
import type { ToolbarBadge } from '../chrome/badge';
import { recheckStoredHistory, runningHere, useHistory } from '../store/history';
import type { TaskRecord } from '../store/task-record';
import { waitingTasks } from '../store/waiting';
import { t } from '../ui/i18n';

interface HistoryView {
  tasks: Readonly<Record<string, TaskRecord>>;
  order: readonly string[];
}

/** The merged history as the badge reads it (useHistory in the panel; a fake in unit tests). */
export interface HistorySource {
  getState(): HistoryView;
  subscribe(listener: () => void): () => void;
  /** Whether the history was read from storage yet: before that the panel knows nothing of the other panels' tasks. */
  hydrated(): boolean;
  onHydrated(listener: () => void): () => void;
  /** The tasks this panel runs now (store/history.ts §runningHere). */
  runningHere(): ReadonlySet<string>;
  /** Reads the stored history again, asking which tasks live panels still run (store/history.ts §recheckStoredHistory). */
  recheck(): Promise<void>;
}

export function panelHistory(): HistorySource {
  return {
    getState: useHistory.getState,
    subscribe: (listener) => useHistory.subscribe(listener),
    hydrated: () => useHistory.persist.hasHydrated(),
    onHydrated: (listener) => useHistory.persist.onFinishHydration(listener),
    runningHere,
    recheck: recheckStoredHistory,
  };
}

/** The badge's text and tooltip for `count` waiting tasks. */
export function waitingBadge(count: number): { text: string; title: string } {
  if (count === 0) return { text: '', title: t('actionTitle') };
  return { text: String(count), title: count === 1 ? t('badgeWaitingOne') : t('badgeWaitingMany', count) };
}

/** Keeps the toolbar badge on the number of tasks waiting for the person, until `signal` aborts (the panel goes). */
export function watchWaitingBadge(badge: ToolbarBadge, signal: AbortSignal, history = panelHistory()): void {
  let shown: string | null = null;
  // This panel's tasks: once started here, a task is this panel's until its record ends. Kept apart from
  // runningHere() because the history forgets them as the page hides (store/history.ts), before `signal` aborts.
  let mine: ReadonlySet<string> = new Set();
  const show = (count: number) => {
    const { text, title } = waitingBadge(count);
    if (shown === `${text}\n${title}`) return;
    shown = `${text}\n${title}`;
    badge.show(text, title);
  };
  const update = () => {
    if (!history.hydrated()) return;
    const state = history.getState();
    const stillMine = [...mine].filter((id) => state.tasks[id]?.status === 'running');
    mine = new Set([...stillMine, ...history.runningHere()]);
    show(waitingTasks(state).length);
  };

  const unsubscribe = [history.subscribe(update), history.onHydrated(update)];
  update();
  signal.addEventListener(
    'abort',
    () => {
      for (const off of unsubscribe) off();
      if (!history.hydrated()) return;
      show(waitingTasks(history.getState()).filter((record) => !mine.has(record.taskId)).length);
    },
    { once: true },
  );
}

/** The tab events the watch below hears (the panel's TabEventBus). */
export interface PanelGoneEvents {
  subscribe(listener: (event: TabEvent) => void, signal?: AbortSignal): () => void;
}

/**
 * Another panel may have gone (a tab closed, its window closed, a window's side panel closed) while a task of another
 * panel runs: read the history again, so a task whose panel died stops counting as running or waiting, here and on the
 * badge. Nothing is read while every running task is this panel's own.
 */
export function watchDeadPanels(events: PanelGoneEvents, signal: AbortSignal, history = panelHistory()): void {
  const othersRun = () => {
    const { tasks, order } = history.getState();
    const here = history.runningHere();
    return order.some((id) => tasks[id]?.status === 'running' && !here.has(id));
  };
  events.subscribe((event) => {
    if (event.type !== 'removed' && event.type !== 'panelClosed') return;
    if (history.hydrated() && othersRun()) void history.recheck();
  }, signal);
}
