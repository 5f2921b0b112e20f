// Every final status a task can end with, each with a summary a person can read.

import { describe, expect, it } from 'vitest';
import type { AgentTabsChange } from '../../../src/panel/agent/core/ports';
import { ModelError } from '../../../src/panel/agent/model/llm-errors';
import { MAX_DONE_REJECTIONS } from '../../../src/panel/agent/run/loop';
import { setupAgent } from './fakes/harness';
import { call, calls, say } from './fakes/scripted-model';
import { RESULTS, SHOP, SITE } from './fakes/sites';

describe('final statuses', () => {
  it('succeeds when done is confirmed by a fresh observation', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [
        calls({ name: 'type', input: { ref: 1, text: 'lamp' } }, { name: 'click', input: { ref: 2 } }),
        call('done', {
          success: true,
          answer: 'The desk lamp costs 24.90 EUR.',
          evidence: { quotes: ['Desk lamp 24.90 EUR'] },
        }),
      ],
    });

    const result = await h.controller.execute('Find the price of the desk lamp');

    expect(result).toMatchObject({
      status: 'succeeded',
      verified: true,
      answer: 'The desk lamp costs 24.90 EUR.',
      summary: 'The desk lamp costs 24.90 EUR.',
      evidence: { quotes: ['Desk lamp 24.90 EUR'] },
    });
    expect(result.metrics).toMatchObject({ steps: 2, doneAndVerified: true, rejectedDones: 0 });
    expect(h.browser.tab(h.tabId).url).toBe(RESULTS);
    expect(h.of('task_finished')).toHaveLength(1);
  });

  it('fails when the model reports that the task cannot be done', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [call('done', { success: false, answer: 'The shop has no lamps in stock.' })],
    });
    const result = await h.controller.execute('Buy a lamp');
    expect(result).toMatchObject({ status: 'failed', verified: false, summary: 'The shop has no lamps in stock.' });
  });

  it(`fails after ${MAX_DONE_REJECTIONS} dones whose evidence is not on the page`, async () => {
    const claim = { success: true, answer: 'Ordered.', evidence: { quotes: ['Thank you for your order'] } };
    const h = setupAgent({ site: SITE, turns: Array.from({ length: MAX_DONE_REJECTIONS }, () => call('done', claim)) });
    const result = await h.controller.execute('Order a lamp');
    expect(result.status).toBe('failed');
    expect(result.summary).toContain('could not be confirmed');
    expect(result.summary).toContain('Thank you for your order');
    expect(result.metrics.rejectedDones).toBe(MAX_DONE_REJECTIONS);
  });

  it('ends as no_progress when a dead button is clicked over and over, with a repair in between', async () => {
    const h = setupAgent({ site: SITE, responder: () => call('click', { ref: 4 }) });
    const result = await h.controller.execute('Press the broken button until it works');
    expect(result.status).toBe('no_progress');
    expect(result.summary).toMatch(/^No progress: the agent was repeating click .*repairs were used up/);
    // The dead button fails its postcondition: each failure earns a repair until the budget is spent.
    expect(h.of('repair').map((e) => e.trigger)).toEqual(['failed_verify', 'failed_verify']);
    expect(result.metrics.steps).toBe(3);
  });

  it('ends as max_steps when the step budget runs out', async () => {
    const h = setupAgent({
      site: SITE,
      settings: { maxSteps: 3, noProgressDetection: false },
      responder: (_req, i) => call('read_page', { from: i * 10 }),
    });
    const result = await h.controller.execute('Read forever');
    expect(result.status).toBe('max_steps');
    expect(result.summary).toContain('step limit (3 steps)');
    expect(result.metrics.steps).toBe(3);
  });

  it('ends as stopped when the person presses Stop', async () => {
    const h = setupAgent({ site: SITE, turns: [{ hang: true }] });
    const running = h.controller.execute('Wait');
    await Promise.resolve();
    h.controller.stop();
    const result = await running;
    expect(result).toMatchObject({ status: 'stopped', stopCause: 'person' });
    expect(result.summary).toBe('Stopped by you before its first step finished.');
  });

  it('ends as stopped with the seed text when the tab is closed under the agent', async () => {
    const h = setupAgent({
      site: SITE,
      responder: () => {
        h.browser.remove(h.tabId);
        return call('read_page');
      },
    });
    const result = await h.controller.execute('Read the page');
    expect(result).toMatchObject({ status: 'stopped', stopCause: 'tab_closed', summary: 'Tab was closed' });
  });

  it('ends as stopped with the seed text when the tab is closed while the model decides a page action', async () => {
    const h = setupAgent({
      site: SITE,
      responder: () => {
        if (!h.browser.tabs.has(h.tabId)) return call('open_url', { url: SHOP }); // what a model with no tab does
        h.browser.remove(h.tabId);
        h.tabs.currentTabId = null; // as TabsManager does on the tab's 'removed' event
        return call('click', { ref: 2 });
      },
    });
    const result = await h.controller.execute('Search');
    expect(result).toMatchObject({ status: 'stopped', stopCause: 'tab_closed', summary: 'Tab was closed' });
  });

  it('stops with the seed text at once when the tab closes while the model thinks, without waiting for its answer', async () => {
    const h = setupAgent({ site: SITE, turns: [{ hang: true }] });
    const listeners = new Set<(change: AgentTabsChange) => void>();
    // As TabsManager does: the task's tab changes, to whoever listens until their signal aborts.
    h.tabs.subscribe = (listener, signal) => {
      listeners.add(listener);
      signal?.addEventListener('abort', () => listeners.delete(listener), { once: true });
    };
    const running = h.controller.execute('Search');
    for (let i = 0; i < 1_000 && h.model.requests.length === 0; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(listeners.size).toBe(1);

    h.browser.remove(h.tabId);
    h.tabs.currentTabId = null;
    for (const listener of listeners) listener({ type: 'lost', tabId: h.tabId, wasCurrent: true });
    const result = await running;

    expect(result).toMatchObject({ status: 'stopped', stopCause: 'tab_closed', summary: 'Tab was closed' });
    expect(h.model.requests).toHaveLength(1);
    expect(listeners.size).toBe(0);
  });

  it('keeps thinking when another of its tabs closes meanwhile', async () => {
    const h = setupAgent({ site: SITE, turns: [call('done', { success: false, answer: 'Nothing to do.' })] });
    h.tabs.subscribe = (listener) => listener({ type: 'lost', tabId: 99, wasCurrent: false });
    const result = await h.controller.execute('Search');
    expect(result).toMatchObject({ status: 'failed', summary: 'Nothing to do.' });
  });

  it('ends as error with the actionable message when the model API refuses the key', async () => {
    const refused = new ModelError('auth', 'Check your API key in settings: the API refused it (invalid x-api-key).');
    const h = setupAgent({ site: SITE, turns: [{ error: refused }] });
    const result = await h.controller.execute('Anything');
    expect(result).toMatchObject({ status: 'error', summary: refused.message, errorKind: 'auth' });
  });

  it('ends as error, not a crash, when something unexpected throws', async () => {
    const h = setupAgent({ site: SITE, turns: [{ error: new TypeError('boom') }] });
    const result = await h.controller.execute('Anything');
    expect(result.status).toBe('error');
    expect(result.summary).toBe('Steadyhand hit an unexpected error and stopped: boom');
  });

  it('ends as interrupted when the panel goes away', async () => {
    const h = setupAgent({ site: SITE, turns: [say('Thinking...'), { hang: true }] });
    const running = h.controller.execute('Wait');
    while (h.model.requests.length < 2) await Promise.resolve();
    h.controller.interrupt();
    const result = await running;
    expect(result).toMatchObject({
      status: 'interrupted',
      summary: 'Interrupted: the panel closed while the task was running.',
    });
  });

  it('starts and finishes the task on the tabs with the settings it was given', async () => {
    const h = setupAgent({
      site: SITE,
      settings: { endOfTaskTabs: 'ungroup' },
      turns: [call('done', { success: false, answer: 'No.' })],
    });
    await h.controller.execute('Anything');
    expect(h.tabs.createdFor).toEqual([{ taskId: 'id1', tabStickiness: true, endOfTaskTabs: 'ungroup' }]);
    expect(h.tabs.beginRuns).toBe(1);
    expect(h.tabs.endRuns).toEqual(['ungroup']);
    expect(h.browser.tab(h.tabId).url).toBe(SHOP);
  });
});
