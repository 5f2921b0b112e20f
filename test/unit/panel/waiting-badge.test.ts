// The toolbar badge's watcher (src/panel/wiring/waiting-badge.ts) over a fake badge and a fake merged history: it
// counts the tasks that wait for the person, in every panel's history alike, and a panel going away leaves only the
// other panels' waiting tasks on it.

import { beforeEach, describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../../src/panel/store/task-record';
import { type HistorySource, watchWaitingBadge } from '../../../src/panel/wiring/waiting-badge';
import { useEnglish } from '../ui/harness';

beforeEach(useEnglish);

function record(taskId: string, change: Partial<TaskRecord> = {}): TaskRecord {
  return { taskId, instructions: ['Buy a plant'], model: 'm', status: 'running', startedAt: 1, steps: [], ...change };
}
const question = (taskId: string) => record(taskId, { question: { questionId: `q-${taskId}`, question: 'Which?' } });

/** A merged history as useHistory holds it, read from storage once `load` is called. */
function fakeHistory() {
  const listeners = new Set<() => void>();
  const hydrationListeners = new Set<() => void>();
  let tasks: Record<string, TaskRecord> = {};
  let order: string[] = [];
  let hydrated = false;
  const running = new Set<string>();
  const source: HistorySource = {
    getState: () => ({ tasks, order }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hydrated: () => hydrated,
    onHydrated(listener) {
      hydrationListeners.add(listener);
      return () => hydrationListeners.delete(listener);
    },
    runningHere: () => running,
  };
  return {
    source,
    running,
    load(records: TaskRecord[] = []) {
      hydrated = true;
      for (const one of records) this.put(one, false);
      for (const listener of hydrationListeners) listener();
    },
    put(one: TaskRecord, notify = true) {
      tasks = { ...tasks, [one.taskId]: one };
      if (!order.includes(one.taskId)) order = [one.taskId, ...order];
      if (notify) for (const listener of listeners) listener();
    },
  };
}

function fakeBadge() {
  const shown: { text: string; title: string }[] = [];
  return { shown, badge: { show: (text: string, title: string) => shown.push({ text, title }) } };
}

describe('the waiting badge', () => {
  it('leaves the badge alone until the history is read, then sets it, clearing one a closed panel left', () => {
    const history = fakeHistory();
    const { shown, badge } = fakeBadge();
    watchWaitingBadge(badge, new AbortController().signal, history.source);
    expect(shown).toEqual([]);

    history.load([record('a')]);
    expect(shown).toEqual([{ text: '', title: 'Open Steadyhand' }]);
  });

  it('counts every panel’s waiting tasks from the merged history, with a tooltip that says so', () => {
    const history = fakeHistory();
    const { shown, badge } = fakeBadge();
    history.load([question('theirs')]);
    watchWaitingBadge(badge, new AbortController().signal, history.source);
    expect(shown.at(-1)).toEqual({ text: '1', title: 'Steadyhand: a task is waiting for you' });

    history.running.add('mine');
    history.put(
      record('mine', {
        permission: {
          requestId: 'r',
          step: 1,
          origin: 'https://pay.test',
          why: { kind: 'tab', url: 'https://pay.test/' },
        },
      }),
    );
    expect(shown.at(-1)).toEqual({ text: '2', title: 'Steadyhand: 2 tasks are waiting for you' });

    history.put(record('theirs', { status: 'succeeded' }));
    history.put(record('mine'));
    expect(shown.map((one) => one.text)).toEqual(['1', '2', '1', '']);
  });

  it('sets the badge only when the count changes, not on every streamed event', () => {
    const history = fakeHistory();
    const { shown, badge } = fakeBadge();
    history.load();
    watchWaitingBadge(badge, new AbortController().signal, history.source);
    history.put(question('a'));
    for (let i = 0; i < 5; i++) history.put({ ...question('a'), steps: [] });
    expect(shown.map((one) => one.text)).toEqual(['', '1']);
  });

  it('as the panel goes away, leaves only the other panels’ waiting tasks on the badge (its own end with it)', () => {
    const history = fakeHistory();
    const { shown, badge } = fakeBadge();
    history.load([question('theirs')]);
    const lifetime = new AbortController();
    watchWaitingBadge(badge, lifetime.signal, history.source);
    history.running.add('mine');
    history.put(question('mine'));
    expect(shown.at(-1)?.text).toBe('2');

    // The history forgets what this panel runs as the page hides (store/history.ts), before the panel's end.
    history.running.clear();
    lifetime.abort();
    expect(shown.at(-1)).toEqual({ text: '1', title: 'Steadyhand: a task is waiting for you' });

    history.put(question('later'));
    expect(shown.at(-1)?.text).toBe('1');
  });

  it('the last panel going away while its task waits clears the badge', () => {
    const history = fakeHistory();
    const { shown, badge } = fakeBadge();
    history.load();
    const lifetime = new AbortController();
    watchWaitingBadge(badge, lifetime.signal, history.source);
    history.running.add('mine');
    history.put(question('mine'));

    lifetime.abort();
    expect(shown.map((one) => one.text)).toEqual(['', '1', '']);
  });
});
