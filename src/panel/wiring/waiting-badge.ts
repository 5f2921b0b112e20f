// The toolbar badge follows the tasks that wait for the person (issue 28): the number of them, '' when none, and a
// tooltip that says so in the person's language. Every panel (one per window) counts from the same merged history
// (store/history.ts, history-sync.ts), so they agree on the badge, which is the extension's one global badge.
//
// A panel that goes away must not leave a stale badge: its own tasks end with it (interrupted), so as it goes it sets
// the badge to what the other panels' tasks alone make. A panel that died without that (a crash) leaves the badge as
// it was until a live panel's history changes or the next panel opens: each sets the badge from the history as soon
// as it has read it, and the read shows a dead panel's task as interrupted (history-sync.ts §loaded).

import type { ToolbarBadge } from '../chrome/badge';
import { runningHere, useHistory } from '../store/history';
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
}

export function panelHistory(): HistorySource {
  return {
    getState: useHistory.getState,
    subscribe: (listener) => useHistory.subscribe(listener),
    hydrated: () => useHistory.persist.hasHydrated(),
    onHydrated: (listener) => useHistory.persist.onFinishHydration(listener),
    runningHere,
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
