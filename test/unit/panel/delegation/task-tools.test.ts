// The task tools other agents call over MCP (issue 29), through the panel's composition root over fakes and the real
// TaskHost: a client's run_task becomes a task of its own in a new background tab, answered with its ending and
// evidence; ask_user comes back to the client and answer_question resumes it; a client sees only its own tasks; a
// cancelled call or a client gone stops its tasks; a client's task queues like any other.

import { describe, expect, it } from 'vitest';
import { createDelegation, type Delegation } from '../../../../src/panel/delegation';
import { useHistory } from '../../../../src/panel/store/history';
import { useSettings } from '../../../../src/panel/store/settings';
import { useTaskQueue } from '../../../../src/panel/store/task-queue';
import { createPanel } from '../../../../src/panel/wiring/create-panel';
import type {
  DelegationClient,
  DelegationProgress,
  DelegationReply,
  DelegationToolName,
} from '../../../../src/shared/delegation/tools';
import { call, type ScriptTurn } from '../../agent/fakes/scripted-model';
import { flush } from '../../tabs/fakes';
import { fakeAdapters, panelPerTest } from '../fake-panel';

const CODE: DelegationClient = { id: 'client-code', name: 'Claude Code' };
const CURSOR: DelegationClient = { id: 'client-cursor', name: 'Cursor' };

/** The first word of the goal says what the scripted model does in it. */
function policy(goal: string, turn: number): ScriptTurn {
  if (goal.startsWith('wait')) return { hang: true };
  if (goal.startsWith('ask') && turn === 0) return call('ask_user', { question: 'Which size?' });
  if (goal.startsWith('ask')) return call('done', { success: false, answer: 'Chose the size asked for.' });
  return call('done', {
    success: true,
    answer: 'Order 1042 placed.',
    evidence: { quotes: ['Order 1042 confirmed'], urlContains: '/order' },
  });
}

const lifetime = panelPerTest();

function setup(tasksAtOnce = 3) {
  const fakes = fakeAdapters();
  const { browser, windowId, model } = fakes;
  const personTab = browser.addTab(windowId, 'https://mine.test/', { active: true });
  model.respondWith((request) => {
    const first = request.messages[0]?.content;
    const text = typeof first === 'string' ? first : first?.map((b) => (b.type === 'text' ? b.text : '')).join('');
    const goal = /\b(?:wait|ask|done)-[a-z]+/.exec(text ?? '')?.[0] ?? '';
    return policy(goal, request.messages.filter((m) => m.role === 'assistant').length);
  });
  const panel = createPanel(fakes.adapters, lifetime());
  // verifyMode off: no content script answers in the fakes, so the done gate could not read a page.
  useSettings.getState().update({ apiKey: 'sk-ant-test', tasksAtOnce, verifyMode: 'off', allowedSites: [] });
  const delegation = createDelegation({ host: panel.host, settings: () => useSettings.getState().settings });
  return { ...fakes, panel, delegation, personTab };
}

interface Call {
  reply: Promise<DelegationReply>;
  progress: DelegationProgress[];
  cancel(): void;
}

function send(
  delegation: Delegation,
  client: DelegationClient,
  tool: DelegationToolName,
  args: Record<string, unknown>,
): Call {
  const cancel = new AbortController();
  const progress: DelegationProgress[] = [];
  const reply = delegation.handle(
    { client, tool, args },
    { signal: cancel.signal, progress: (step) => progress.push(step) },
  );
  return { reply, progress, cancel: () => cancel.abort() };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await flush();
  expect(check()).toBe(true);
}

const idOf = (reply: DelegationReply) => String(reply.data?.task_id ?? '');

describe('task tools for other agents', () => {
  it("runs a client's goal as a task of its own in a new background tab and answers with its ending, evidence and trace id", async () => {
    const { delegation, browser, panel, personTab } = setup();
    useSettings.getState().update({ allowedSites: ['shop.test'] });
    const run = send(delegation, CODE, 'run_task', { goal: 'done-order one fern', start_url: 'https://shop.test/' });
    await until(() => browser.calls.some((c) => c.startsWith('create https://shop.test/')));
    const [tab] = (await browser.listWindow(browser.mustGet(personTab).windowId)).filter((t) => t.id !== personTab);
    // The page loads: committed, then complete (no content script announces itself in the fakes).
    browser.commit(tab?.id ?? -1, 'https://shop.test/');
    browser.mustGet(tab?.id ?? -1).status = 'complete';
    browser.emit({ type: 'updated', tabId: tab?.id ?? -1, status: 'complete' });
    const reply = await run.reply;

    expect(reply.isError).toBeUndefined();
    expect(reply.data).toMatchObject({
      state: 'ended',
      ending: 'succeeded',
      answer: 'Order 1042 placed.',
      evidence: { quotes: ['Order 1042 confirmed'], urlContains: '/order' },
      trace_id: idOf(reply),
      steps: 1,
    });
    expect(reply.text).toContain('Evidence checked on the page: "Order 1042 confirmed"; the URL contains "/order"');
    // Never the person's tab, never activated: the person's tab stays theirs and in front.
    expect(browser.mustGet(personTab)).toMatchObject({ active: true });
    expect(tab?.active).toBe(false);
    expect(useHistory.getState().tasks[idOf(reply)]).toMatchObject({ from: 'Claude Code', status: 'succeeded' });
    expect(useHistory.getState().tasks[idOf(reply)]?.tabs?.ownedTabIds).toEqual([tab?.id]);
    expect(run.progress.map((p) => p.message)).toEqual(['step 1: done']);
    expect(panel.host.running).toBe(0);
  });

  it('opens no page of a site the person has not allowed before the first step: the task asks for it in the panel', async () => {
    const { delegation, browser } = setup();
    const reply = await send(delegation, CODE, 'run_task', {
      goal: 'done-order',
      start_url: 'https://shop.test/',
      sites: ['pay.test'],
    }).reply;
    expect(browser.calls.filter((c) => c.startsWith('create'))).toEqual([]);
    const [instruction] = useHistory.getState().tasks[idOf(reply)]?.instructions ?? [];
    expect(instruction).toBe(
      'done-order\n\nStart by opening https://shop.test/ with open_url.\n\nThe task needs these sites: pay.test.',
    );
  });

  it('returns a question to the client (state asking), and answer_question resumes the task to its ending', async () => {
    const { delegation } = setup();
    const asked = await send(delegation, CODE, 'run_task', { goal: 'ask-size' }).reply;
    expect(asked.data).toMatchObject({ state: 'asking', question: 'Which size?' });
    expect(asked.text).toContain('answer_question');
    const taskId = idOf(asked);
    expect(useHistory.getState().tasks[taskId]?.status).toBe('running');
    expect((await send(delegation, CODE, 'get_task', { task_id: taskId }).reply).data).toMatchObject({
      state: 'asking',
    });

    const ended = await send(delegation, CODE, 'answer_question', { task_id: taskId, answer: 'Medium' }).reply;
    expect(ended.data).toMatchObject({ state: 'ended', ending: 'failed', answer: 'Chose the size asked for.' });
    const again = await send(delegation, CODE, 'answer_question', { task_id: taskId, answer: 'Large' }).reply;
    expect(again).toMatchObject({ isError: true, data: { state: 'ended' } });
  });

  it("refuses another client's task with the same words as an unknown id, and lists only the caller's tasks", async () => {
    const { delegation } = setup();
    const mine = await send(delegation, CODE, 'run_task', { goal: 'ask-mine' }).reply;
    const taskId = idOf(mine);
    for (const tool of ['get_task', 'stop_task', 'answer_question'] as const) {
      const args = tool === 'answer_question' ? { task_id: taskId, answer: 'x' } : { task_id: taskId };
      const theirs = await send(delegation, CURSOR, tool, args).reply;
      const unknown = await send(delegation, CURSOR, tool, { ...args, task_id: 'nope' }).reply;
      expect(theirs).toEqual({ text: `No task "${taskId}" was found for this client.`, isError: true });
      expect(unknown.text.replace('nope', taskId)).toBe(theirs.text);
    }
    expect((await send(delegation, CURSOR, 'list_tasks', {}).reply).data).toEqual({ tasks: [] });
    expect((await send(delegation, CODE, 'list_tasks', {}).reply).data).toMatchObject({
      tasks: [{ task_id: taskId, goal: 'ask-mine', state: 'asking' }],
    });
    expect(useHistory.getState().tasks[taskId]?.status).toBe('running');
    const stopped = await send(delegation, CODE, 'stop_task', { task_id: taskId }).reply;
    expect(stopped.data).toMatchObject({ state: 'ended', ending: 'stopped' });
  });

  it('stops the task cleanly when the client cancels the call: ending stopped, nothing left running or masked', async () => {
    const { delegation, panel } = setup();
    const run = send(delegation, CODE, 'run_task', { goal: 'wait-forever' });
    await until(() => panel.host.running === 1);
    const runner = panel.host.latest();
    run.cancel();
    const reply = await run.reply;
    expect(reply.data).toMatchObject({ state: 'ended', ending: 'stopped', stop_cause: 'person' });
    expect(panel.host.running).toBe(0);
    expect(runner?.mask.inputs().agentRunning).toBe(false);
    expect(useHistory.getState().tasks[idOf(reply)]?.status).toBe('stopped');
  });

  it("stops every running task of a client that went away, and no other client's or the person's", async () => {
    const { delegation, panel } = setup();
    const one = send(delegation, CODE, 'run_task', { goal: 'wait-one' });
    const two = send(delegation, CODE, 'run_task', { goal: 'wait-two' });
    const other = send(delegation, CURSOR, 'run_task', { goal: 'wait-other' });
    await until(() => panel.host.running === 3);
    delegation.clientGone(CODE.id);
    expect((await one.reply).data).toMatchObject({ ending: 'stopped' });
    expect((await two.reply).data).toMatchObject({ ending: 'stopped' });
    expect(panel.host.running).toBe(1);
    const left = panel.host.runners().find((r) => r.controller.isRunning);
    expect(useHistory.getState().tasks[left?.controller.taskId ?? '']).toMatchObject({ from: 'Cursor' });
    other.cancel();
    await other.reply;
  });

  it('queues a client task beyond "tasks at once", tells the client, and starts it when a slot frees', async () => {
    const { delegation, panel } = setup(1);
    const first = send(delegation, CURSOR, 'run_task', { goal: 'wait-first' });
    await until(() => panel.host.running === 1);
    const queued = send(delegation, CODE, 'run_task', { goal: 'done-second' });
    expect(useTaskQueue.getState().queued).toMatchObject([{ instruction: 'done-second' }]);
    expect(queued.progress).toEqual([{ progress: 0, message: 'waiting for a free slot ("tasks at once")' }]);
    first.cancel();
    expect((await queued.reply).data).toMatchObject({ ending: 'succeeded' });
    expect((await first.reply).data).toMatchObject({ ending: 'stopped' });
  });

  it('takes a queued client task out of the queue when its call is cancelled: it never starts', async () => {
    const { delegation, panel } = setup(1);
    const first = send(delegation, CURSOR, 'run_task', { goal: 'wait-first' });
    await until(() => panel.host.running === 1);
    const queued = send(delegation, CODE, 'run_task', { goal: 'done-never' });
    queued.cancel();
    expect((await queued.reply).data).toMatchObject({ state: 'ended', ending: 'stopped' });
    expect(useTaskQueue.getState().queued).toEqual([]);
    first.cancel();
    await first.reply;
    expect(Object.values(useHistory.getState().tasks).map((t) => t.instructions[0])).toEqual(['wait-first']);
  });

  it('a task the person stops from the panel ends the waiting call as stopped', async () => {
    const { delegation, panel } = setup();
    const run = send(delegation, CODE, 'run_task', { goal: 'wait-long' });
    await until(() => panel.host.running === 1);
    panel.commands.stop(panel.host.latest()?.controller.taskId ?? '');
    expect((await run.reply).data).toMatchObject({ ending: 'stopped' });
  });

  it('answers page-level session tools that they are not available yet', async () => {
    const { delegation } = setup();
    const reply = await send(delegation, CODE, 'open_session', { start_url: 'https://shop.test/' }).reply;
    expect(reply).toMatchObject({ isError: true });
    expect(reply.text).toContain('not available');
  });
});
