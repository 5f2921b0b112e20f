// The toolbar badge's watcher (src/panel/wiring/waiting-badge.ts) over a fake badge and a fake merged history: it
// counts the tasks that wait for the person, in every panel's history alike, and a panel going away leaves only the
// other panels' waiting tasks on it; when another panel may have died, the history is read again.

import { beforeEach, describe, expect, it } from 'vitest';
import type { TaskRecord } from '../../../src/panel/store/task-record';
import { TabEventBus } from '../../../src/panel/tabs/tab-event-bus';
import { type HistorySource, watchDeadPanels, watchWaitingBadge } from '../../../src/panel/wiring/waiting-badge';
import type { TabEvent } from '../../../src/shared/protocol';
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
  /** Tasks whose panel died: a read of the stored history shows them interrupted. */
  const dead = new Set<string>();
  let reads = 0;
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
    async recheck() {
      reads += 1;
      tasks = Object.fromEntries(
        Object.entries(tasks).map(([id, one]) => [id, dead.has(id) ? { ...one, status: 'interrupted' } : one]),
      );
      for (const listener of listeners) listener();
    },
  };
  return {
    source,
    running,
    dead,
    reads: () => reads,
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

describe('a panel that may have died', () => {
  const removed: TabEvent = { type: 'removed', tabId: 9, windowId: 2, isWindowClosing: true };
  const panelClosed: TabEvent = { type: 'panelClosed', windowId: 2 };

  it('is looked for when a tab or a side panel closes while another panel’s task runs; its waiting task stops counting', async () => {
    const history = fakeHistory();
    const { shown, badge } = fakeBadge();
    const bus = new TabEventBus();
    const signal = new AbortController().signal;
    history.running.add('mine');
    history.load([question('mine'), question('theirs')]);
    watchWaitingBadge(badge, signal, history.source);
    watchDeadPanels(bus, signal, history.source);
    expect(shown.at(-1)?.text).toBe('2');

    // The other window closes: its panel went with it, and its task with the panel (no lock is held for it any more).
    history.dead.add('theirs');
    bus.emit(removed);
    await Promise.resolve();
    expect(history.reads()).toBe(1);
    expect(shown.at(-1)).toEqual({ text: '1', title: 'Steadyhand: a task is waiting for you' });

    // A window's side panel closing is read the same way.
    history.put(question('third'));
    history.dead.add('third');
    bus.emit(panelClosed);
    await Promise.resolve();
    expect(history.reads()).toBe(2);
    expect(shown.at(-1)?.text).toBe('1');
  });

  it('reads nothing again when every running task is this panel’s own, or for other tab events', () => {
    const history = fakeHistory();
    const bus = new TabEventBus();
    history.running.add('mine');
    history.load([question('mine'), record('done', { status: 'succeeded' })]);
    watchDeadPanels(bus, new AbortController().signal, history.source);
    bus.emit(removed);
    bus.emit(panelClosed);
    history.put(question('theirs'));
    bus.emit({ type: 'activated', tabId: 3, windowId: 1 });
    expect(history.reads()).toBe(0);
  });

  it('stops listening when the panel goes', () => {
    const history = fakeHistory();
    const bus = new TabEventBus();
    const lifetime = new AbortController();
    history.load([question('theirs')]);
    watchDeadPanels(bus, lifetime.signal, history.source);
    lifetime.abort();
    bus.emit(removed);
    expect(history.reads()).toBe(0);
  });
});
