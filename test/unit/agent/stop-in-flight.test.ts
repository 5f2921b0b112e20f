// Stop and a page action on its way (issue 28, "Also seen"): the page does not know about Stop, so an action already
// handed to it may still land. Such a step counts in the ending, and its call is answered, recorded and traced as
// "stopped while in flight: it may have taken effect", never as not having happened. An action not yet sent when Stop
// is pressed is never sent, and its step does not count.

import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/panel/agent/core/settings';
import { NOT_RUN_TEXT } from '../../../src/panel/agent/model/conversation';
import { applyEvent, type TaskRecord } from '../../../src/panel/store/task-record';
import { buildTrace } from '../../../src/panel/store/trace';
import { abortedError } from '../../../src/shared/rpc';
import { type DocSpec, OK, type Site } from './fakes/browser';
import { type AgentHarness, setupAgent } from './fakes/harness';
import { call, calls, toolResults } from './fakes/scripted-model';
import { SHOP } from './fakes/sites';

/** A page whose button's click the page keeps working on until the test lets it finish, whatever Stop does. */
function heldClickSite() {
  const held = { started: false, landed: false, finish: () => {} };
  const page = (): DocSpec => ({
    title: 'Slow shop',
    text: 'One lamp in the cart.',
    elements: [
      { ref: 1, role: 'button', name: 'Place order' },
      { ref: 2, role: 'button', name: 'Help' },
    ],
    act: (action, ctx) =>
      action.kind === 'click' && action.ref === 1
        ? new Promise((resolve, reject) => {
            held.started = true;
            held.finish = () => {
              held.landed = true;
              resolve({ ok: true, verified: true, effects: ['dom_change'] });
            };
            // Only the panel's wait ends at Stop (shared/rpc.ts withDeadline): the page goes on with the click.
            ctx.signal?.addEventListener('abort', () => reject(abortedError('click')), { once: true });
          })
        : OK,
  });
  const site: Site = { [SHOP]: page };
  return { site, held };
}

async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 1_000 && !ready(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(ready()).toBe(true);
}

/** The task record and trace as the panel keeps and exports them, folded from the run's events. */
function recordOf(h: AgentHarness): TaskRecord {
  let record: TaskRecord | undefined;
  for (const event of h.events) record = applyEvent(record, event, 0);
  if (!record) throw new Error('no task_started');
  return record;
}

const giveUp = call('done', { success: false, answer: 'Nothing more.' });

describe('Stop while a page action is out', () => {
  it('counts the step whose click was sent, and answers, records and traces the click as may-have-happened', async () => {
    const { site, held } = heldClickSite();
    const h = setupAgent({ site, turns: [call('read_page'), call('click', { ref: 1 }), giveUp] });
    const running = h.controller.execute('Place the order');
    await until(() => held.started);
    h.controller.stop();
    const result = await running;
    held.finish();
    expect(held.landed).toBe(true);

    expect(result).toMatchObject({ status: 'stopped', stopCause: 'person' });
    expect(result.summary).toBe(
      'Stopped by you after 2 steps. Its last action (click) had already been sent when you pressed Stop, so it ' +
        'may have taken effect: check the page before doing it again.',
    );
    const [, click] = h.of('tool_result');
    expect(click).toMatchObject({ step: 2, name: 'click', outcome: 'stopped_in_flight', isError: true });
    expect(click?.summary).toBe('stopped while in flight: click had been sent, so it may have taken effect');

    const record = recordOf(h);
    expect(record.steps[1]?.calls[0]).toMatchObject({ name: 'click', outcome: 'stopped_in_flight' });
    expect(record.summary).toBe(result.summary);
    const trace = buildTrace(record, DEFAULT_SETTINGS, { version: '0.1.0' }, 0);
    expect(trace.steps[1]?.actions[0]).toMatchObject({ tool: 'click', outcome: 'stopped_in_flight' });
    expect(trace.task.summary).toBe(result.summary);
    expect(trace.metrics?.steps).toBe(2);

    // A follow-up: the model is told the click may have happened, not that it was never run.
    await h.controller.followUp('Go on');
    const [answered] = toolResults(h.model.requests[2]);
    expect(answered?.text).toMatch(/^click was stopped by the person while it was on its way: click had already/);
    expect(answered?.text).toContain('may have taken effect');
  });

  it('counts a step whose click landed before Stop came during its next call', async () => {
    const { site } = heldClickSite();
    const h = setupAgent({
      site,
      turns: [calls({ name: 'click', input: { ref: 2 } }, { name: 'wait_for', input: { text: 'never' } })],
    });
    const running = h.controller.execute('Ask for help');
    const page = h.tabs.page(h.tabId);
    await until(() => page.calls.some((c) => c.method === 'waitFor'));
    h.controller.stop();
    const result = await running;
    expect(result.summary).toBe('Stopped by you after 1 step.');
    expect(h.of('tool_result').map((r) => `${r.name}:${r.outcome}`)).toEqual(['click:ok']);
  });

  it('sends nothing when Stop comes between the model’s reply and the page call, and does not count the step', async () => {
    const { site, held } = heldClickSite();
    const h = setupAgent({ site, turns: [call('click', { ref: 1 }), giveUp] });
    // `metrics` is told as the model's reply arrives (step-io.ts callModel), before any of its calls runs.
    h.controller.subscribe((event) => {
      if (event.type === 'metrics' && h.of('metrics').length === 1) h.controller.stop();
    });
    const result = await h.controller.execute('Place the order');
    expect(held.started).toBe(false);
    expect(h.tabs.page(h.tabId).calls.filter((c) => c.method === 'click')).toEqual([]);
    expect(h.of('tool_call')).toEqual([]);
    expect(result.summary).toBe('Stopped by you before its first step finished.');
    await h.controller.followUp('Go on');
    expect(toolResults(h.model.requests[1])[0]?.text).toBe(NOT_RUN_TEXT);
  });

  it('sends nothing when Stop comes as the call is announced, before it reaches the page', async () => {
    const { site, held } = heldClickSite();
    const h = setupAgent({ site, turns: [call('read_page'), call('click', { ref: 1 })] });
    h.controller.subscribe((event) => {
      if (event.type === 'tool_call' && event.name === 'click') h.controller.stop();
    });
    const result = await h.controller.execute('Place the order');
    expect(held.started).toBe(false);
    expect(h.tabs.page(h.tabId).calls.filter((c) => c.method === 'click')).toEqual([]);
    expect(result.summary).toBe('Stopped by you after 1 step.');
    // Announced, never answered: the record and the trace keep it without an outcome (it did not run).
    const record = recordOf(h);
    expect(record.steps[1]?.calls[0]).toMatchObject({ name: 'click' });
    expect(record.steps[1]?.calls[0]?.outcome).toBeUndefined();
    expect(buildTrace(record, DEFAULT_SETTINGS, { version: '0.1.0' }, 0).steps[1]?.actions[0]?.outcome).toBeNull();
  });
});
