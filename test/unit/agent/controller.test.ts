// AgentController: follow-ups continue the task on its tabs with its history; ask_user waits for answer(); the
// events tell the whole run in order; metrics count tokens, cost and where the time went.

import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../../src/panel/agent/model/agent-model';
import { requestCost } from '../../../src/panel/agent/model/prices';
import { setupAgent } from './fakes/harness';
import { call, lastUserText, say, toolResults } from './fakes/scripted-model';
import { DOCS, SHOP, SITE } from './fakes/sites';

const giveUp = call('done', { success: false, answer: 'Nothing more to do.' });

/** Every text block the person or the harness wrote into a request's user messages, in order. */
function userTexts(request: ModelRequest | undefined): string[] {
  return (request?.messages ?? []).flatMap((message) =>
    message.role === 'user' && Array.isArray(message.content)
      ? message.content.flatMap((b) => (b.type === 'text' && !b.text.startsWith('Step ') ? [b.text] : []))
      : [],
  );
}

describe('AgentController', () => {
  it('continues a task with a follow-up: same task, same tabs, history kept, steps numbered on', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [
        call('open_url', { url: DOCS, newTab: true }),
        call('done', { success: false, answer: 'Opened the docs.' }),
        call('switch_tab', { tabId: 2 }),
        giveUp,
      ],
    });
    const first = await h.controller.execute('Open docs.test in a new tab');
    const second = await h.controller.followUp('Now switch to it');

    expect(second.taskId).toBe(first.taskId);
    expect(h.tabs.createdFor).toHaveLength(1);
    expect(h.tabs.beginRuns).toBe(2);
    expect(h.of('step_started').map((e) => e.step)).toEqual([1, 2, 3, 4]);
    // The follow-up continues the same conversation: the first run's messages come first, unchanged.
    const request = h.model.requests[2] as ModelRequest;
    expect(JSON.stringify(request.messages.slice(0, 3))).toBe(JSON.stringify(h.model.requests[1]?.messages));
    expect(userTexts(request)).toEqual([
      'Task: Open docs.test in a new tab',
      'Follow-up instruction from the person: Now switch to it',
    ]);
    expect(toolResults(request)[0]?.text).toMatch(/^done accepted/);
    expect(h.tabs.currentTabId).toBe(2);
    expect(second.metrics.steps).toBe(4);
  });

  it('takes a follow-up instruction while the task runs, at its next step, without a second run', async () => {
    const h = setupAgent({ site: SITE, turns: [call('read_page'), call('read_page'), giveUp] });
    h.controller.subscribe((event) => {
      if (event.type === 'step_finished' && event.step === 1) void h.controller.followUp('Prefer the blue one');
    });
    const result = await h.controller.execute('Find a shirt');
    expect(result.metrics.steps).toBe(3);
    expect(h.of('task_started').map((e) => [e.instruction, e.followUp])).toEqual([
      ['Find a shirt', false],
      ['Prefer the blue one', true],
    ]);
    expect(lastUserText(h.model.requests[1])).toContain('The person adds an instruction while you work');
    expect(lastUserText(h.model.requests[1])).toContain('Prefer the blue one');
    expect(lastUserText(h.model.requests[0])).not.toContain('Prefer the blue one');
    // It stays in the conversation of later requests.
    expect(JSON.stringify(h.model.requests[2]?.messages)).toContain('Prefer the blue one');
  });

  it('after its tab was closed, a follow-up goes on without a page and opens a new tab', async () => {
    const h = setupAgent({ site: SITE, turns: [call('read_page'), call('open_url', { url: SHOP }), giveUp] });
    // The tab closes under the model's read_page (the first look's own read of the page, for its baseline, is before).
    let reads = 0;
    h.browser.afterPageCall = (method) => {
      if (method !== 'readPage' || ++reads < 2) return;
      h.browser.remove(h.tabId);
      h.tabs.currentTabId = null;
    };
    expect((await h.controller.execute('Read')).summary).toBe('Tab was closed');
    h.browser.afterPageCall = null;
    const next = await h.controller.followUp('Open the shop again');
    expect(next.status).toBe('failed');
    expect(JSON.stringify(h.model.requests[1]?.tools)).toBe(JSON.stringify(h.model.requests[0]?.tools));
    expect(lastUserText(h.model.requests[1])).toContain('The agent has no tab.');
    // The read of the first run is answered in the follow-up's first message, so every tool call has its result.
    expect(toolResults(h.model.requests[1])[0]?.text).toMatch(/^read_page: /);
    expect(h.tabs.openCalls).toEqual([{ url: SHOP, newTab: false }]);
    expect(lastUserText(h.model.requests[2])).toContain('Welcome to the shop');
  });

  it('refuses to start while running, and a follow-up without a task', async () => {
    const h = setupAgent({ site: SITE, turns: [{ hang: true }] });
    expect(() => h.controller.followUp('More')).toThrow('There is no task to follow up');
    const running = h.controller.execute('Wait');
    expect(() => h.controller.execute('Another')).toThrow('A task is running');
    h.controller.stop();
    await running;
  });

  it('asks the person and hands the reply to the model; the wait is not harness time', async () => {
    const h = setupAgent({
      site: SITE,
      callMs: 1_000,
      turns: [call('ask_user', { question: 'Which colour?' }), giveUp],
    });
    h.controller.subscribe((event) => {
      if (event.type !== 'ask_user') return;
      h.clock.advance(30_000);
      expect(h.controller.answer(event.questionId, 'Blue, please')).toBe(true);
    });
    const result = await h.controller.execute('Buy a lamp');
    expect(h.of('ask_user')).toMatchObject([{ question: 'Which colour?', step: 1 }]);
    expect(toolResults(h.model.requests[1])[0]?.text).toBe('The person answered: Blue, please');
    expect(userTexts(h.model.requests[1])).toEqual(['Task: Buy a lamp']);
    expect(result.metrics).toMatchObject({ personMs: 30_000, modelMs: 2_000, wallMs: 32_000, harnessMs: 0 });
  });

  it('tells the run through events, in order', async () => {
    const h = setupAgent({ site: SITE, turns: [call('read_page', {}, 'Reading the page first.'), giveUp] });
    await h.controller.execute('Read');
    const types = h.events.map((e) => e.type).filter((t, i, all) => t !== all[i - 1]);
    expect(types).toEqual([
      'task_started',
      'step_started',
      'model_text',
      'metrics', // usage of the model call, as soon as it is known
      'tool_call',
      'tool_result',
      'step_finished',
      'metrics',
      'step_started',
      'metrics',
      'tool_call',
      'tool_result',
      'step_finished',
      'metrics',
      'task_finished',
    ]);
    const text = h
      .of('model_text')
      .map((e) => e.delta)
      .join('');
    expect(text).toBe('Reading the page first.');
  });

  it('counts tokens and estimates the cost', async () => {
    const h = setupAgent({ site: SITE, turns: [say('Hmm.'), giveUp] });
    const result = await h.controller.execute('Think');
    const tokens = { input: 2000, output: 100, cacheRead: 1600, cacheWrite: 200 };
    expect(result.metrics.tokens).toEqual(tokens);
    // Sonnet 5.5: $2 in, $2.50 cache write, $0.10 cache read, $10 out per million tokens.
    expect(result.metrics.costUsd).toBeCloseTo((2000 * 2 + 200 * 2.5 + 1600 * 0.1 + 100 * 10) / 1e6, 10);
    expect(requestCost('claude-haiku-4-5', tokens)).toBeLessThan(requestCost('claude-opus-4-6', tokens) ?? 0);
    expect(requestCost('some-unknown-model', tokens)).toBeNull();
  });

  it('nudges a model that answers without tools, and ends the run if it keeps doing so', async () => {
    const h = setupAgent({ site: SITE, turns: [say('The price is 24.90.'), say('As I said.'), say('24.90!')] });
    const result = await h.controller.execute('Price?');
    expect(lastUserText(h.model.requests[1])).toContain('Your last reply had no tool call.');
    expect(result).toMatchObject({ status: 'failed' });
    expect(result.summary).toBe('The model stopped calling tools before finishing: “24.90!”');
  });

  it('keeps a listener that throws from breaking the task', async () => {
    const h = setupAgent({ site: SITE, turns: [giveUp] });
    h.controller.subscribe(() => {
      throw new Error('view bug');
    });
    expect((await h.controller.execute('Anything')).status).toBe('failed');
  });
});
