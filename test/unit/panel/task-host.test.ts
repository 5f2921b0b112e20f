// Several tasks in one panel (decision 0029), through the composition root over fakes: each task has its own runner
// (controller, tabs, group), as many run as "tasks at once" allows and the rest wait in a queue, and Stop, an answer
// or a follow-up reaches only the task it names.

import { describe, expect, it } from 'vitest';
import type { AgentEvent, TaskResult } from '../../../src/panel/agent';
import { useHistory } from '../../../src/panel/store/history';
import { useSettings } from '../../../src/panel/store/settings';
import { useTaskQueue } from '../../../src/panel/store/task-queue';
import { useUi } from '../../../src/panel/store/ui';
import { createPanel } from '../../../src/panel/wiring/create-panel';
import type { PanelHandle } from '../../../src/panel/wiring/handle';
import { call, type ScriptTurn } from '../agent/fakes/scripted-model';
import { flush } from '../tabs/fakes';
import { fakeAdapters, panelPerTest } from './fake-panel';

/** The first words of the task's instruction say what the scripted model does in it. */
function policy(instruction: string, turn: number): ScriptTurn {
  if (instruction.startsWith('wait')) return { hang: true };
  if (instruction.startsWith('ask') && turn === 0)
    return call('ask_user', { question: `Which one for ${instruction}?` });
  return call('done', { success: false, answer: `Ended ${instruction}.` });
}

const lifetime = panelPerTest();

function panelWithTabs(tasksAtOnce = 3) {
  const fakes = fakeAdapters();
  const { browser, windowId, model } = fakes;
  const tabs = ['https://a.test/', 'https://b.test/', 'https://c.test/'].map((url) => browser.addTab(windowId, url));
  model.respondWith((request) => {
    const first = request.messages[0]?.content;
    const text = typeof first === 'string' ? first : first?.map((b) => (b.type === 'text' ? b.text : '')).join('');
    const instruction = /\b(?:wait|ask|quick)-[a-z]+/.exec(text ?? '')?.[0] ?? '';
    const turn = request.messages.filter((m) => m.role === 'assistant').length;
    return policy(instruction, turn);
  });
  const panel = createPanel(fakes.adapters, lifetime());
  useSettings.getState().update({ apiKey: 'sk-ant-test', tasksAtOnce });
  return { ...fakes, tabs, panel };
}

/** The person looks at `tabId`, then asks for a task from the composer; resolves with the task's id once it started. */
async function ask(panel: PanelHandle, browser: { activate(id: number): void }, tabId: number, text: string) {
  browser.activate(tabId);
  await flush();
  panel.commands.run(text);
  await flush();
}

function events(panel: PanelHandle): AgentEvent[] {
  const seen: AgentEvent[] = [];
  panel.host.subscribe((event) => seen.push(event));
  return seen;
}

const started = (seen: AgentEvent[]) =>
  seen.flatMap((e) => (e.type === 'task_started' && !e.followUp ? [[e.taskId, e.instruction] as const] : []));

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await flush();
  expect(check()).toBe(true);
}

describe('tasks side by side in one panel', () => {
  it('runs two tasks at once, each on the tab the person asked from, each owning only its own tab', async () => {
    const { panel, browser, tabs } = panelWithTabs();
    const seen = events(panel);
    await ask(panel, browser, tabs[0] ?? -1, 'wait-one');
    await ask(panel, browser, tabs[1] ?? -1, 'wait-two');
    await until(() => started(seen).length === 2);
    const [[one], [two]] = started(seen) as [[string, string], [string, string]];
    expect(panel.host.running).toBe(2);
    await until(() => panel.host.ownerOf(tabs[1] ?? -1) !== null);
    expect(panel.host.ownerOf(tabs[0] ?? -1)?.controller.taskId).toBe(one);
    expect(panel.host.ownerOf(tabs[1] ?? -1)?.controller.taskId).toBe(two);
    expect(panel.host.ownerOf(tabs[2] ?? -1)).toBeNull();
    // The thread the person started last is the one open.
    expect(useUi.getState().openTaskId).toBe(two);

    // Stop reaches only the task it names.
    panel.commands.stop(one);
    await until(() => useHistory.getState().tasks[one]?.status === 'stopped');
    expect(useHistory.getState().tasks[two]?.status).toBe('running');
    expect(panel.host.running).toBe(1);
    panel.commands.stop();
    await until(() => useHistory.getState().tasks[two]?.status === 'stopped');
  });

  it('refuses a task on a tab another task of the panel owns, with a message that says why; the owner goes on', async () => {
    const { panel, browser, tabs } = panelWithTabs();
    const seen = events(panel);
    await ask(panel, browser, tabs[0] ?? -1, 'wait-owner');
    await until(() => panel.host.ownerOf(tabs[0] ?? -1) !== null);
    const second = await panel.host.execute('quick-intruder', { startTabId: tabs[0] ?? -1 });
    expect(second).toMatchObject({ status: 'stopped', stopCause: 'tab_taken' });
    expect(second.summary).toMatch(/^Another Steadyhand task .* is working on this tab, so this task did not/);
    const [[owner]] = started(seen) as [[string, string]];
    expect(useHistory.getState().tasks[owner]?.status).toBe('running');
    expect(panel.host.ownerOf(tabs[0] ?? -1)?.controller.taskId).toBe(owner);
    panel.host.stopAll();
  });

  it('queues a task beyond "tasks at once", says so, and starts it on the tab it was asked from when a slot frees', async () => {
    const { panel, browser, tabs } = panelWithTabs(1);
    const seen = events(panel);
    await ask(panel, browser, tabs[0] ?? -1, 'wait-first');
    await until(() => started(seen).length === 1);
    const [[first]] = started(seen) as [[string, string]];
    await ask(panel, browser, tabs[1] ?? -1, 'quick-second');
    expect(useTaskQueue.getState().queued).toMatchObject([{ instruction: 'quick-second', followUpOf: null }]);
    expect(started(seen)).toHaveLength(1);

    // The person goes on to another tab; the queued task still starts where it was asked.
    browser.activate(tabs[2] ?? -1);
    panel.commands.stop(first);
    await until(() => started(seen).length === 2);
    expect(useTaskQueue.getState().queued).toEqual([]);
    const [, [second]] = started(seen) as [unknown, [string, string]];
    await until(() => useHistory.getState().tasks[second]?.status === 'failed');
    expect(useHistory.getState().tasks[second]?.tabs?.initialTabId).toBe(tabs[1]);
    // A queued task does not take the open thread from the person.
    expect(useUi.getState().openTaskId).toBe(first);
  });

  it('takes a waiting task out of the queue: it never starts', async () => {
    const { panel, browser, tabs } = panelWithTabs(1);
    const seen = events(panel);
    await ask(panel, browser, tabs[0] ?? -1, 'wait-first');
    const queued: Promise<TaskResult> = panel.host.execute('quick-never');
    const [entry] = useTaskQueue.getState().queued;
    panel.commands.cancelQueued(entry?.queueId ?? '');
    expect(await queued).toMatchObject({ status: 'stopped', verified: false });
    expect(useTaskQueue.getState().queued).toEqual([]);
    panel.host.stopAll();
    await until(() => panel.host.running === 0);
    expect(started(seen).map(([, text]) => text)).toEqual(['wait-first']);
  });

  it('sends an answer only to the task that asked it', async () => {
    const { panel, browser, tabs } = panelWithTabs();
    const seen = events(panel);
    await ask(panel, browser, tabs[0] ?? -1, 'ask-one');
    await ask(panel, browser, tabs[1] ?? -1, 'ask-two');
    const questions = () => seen.flatMap((e) => (e.type === 'ask_user' ? [e] : []));
    await until(() => questions().length === 2);
    const second = questions().find((q) => q.question.includes('ask-two'));
    panel.commands.answer(second?.questionId ?? '', 'the blue one');
    await until(() => useHistory.getState().tasks[second?.taskId ?? '']?.status === 'failed');
    const first = questions().find((q) => q.question.includes('ask-one'));
    expect(useHistory.getState().tasks[first?.taskId ?? '']).toMatchObject({ status: 'running', question: {} });
    panel.commands.answer(first?.questionId ?? '', 'the red one');
    await until(() => useHistory.getState().tasks[first?.taskId ?? '']?.status === 'failed');
  });

  it('follows up the open thread: an ended task runs again on its own runner, waiting for a slot if all are taken', async () => {
    const { panel, browser, tabs } = panelWithTabs(1);
    const seen = events(panel);
    await ask(panel, browser, tabs[0] ?? -1, 'quick-done');
    await until(() => started(seen).length === 1);
    const [[done]] = started(seen) as [[string, string]];
    await until(() => panel.host.running === 0);
    await ask(panel, browser, tabs[1] ?? -1, 'wait-busy');
    await until(() => panel.host.running === 1);

    panel.commands.open(done);
    panel.commands.followUp('quick-again');
    expect(useTaskQueue.getState().queued).toMatchObject([{ instruction: 'quick-again', followUpOf: done }]);
    panel.commands.stop();
    // Stop on the open thread drops its waiting follow-up; the busy task goes on.
    expect(useTaskQueue.getState().queued).toEqual([]);
    expect(panel.host.running).toBe(1);
    panel.host.stopAll();
  });
});
