// One AbortSignal from Stop through the model call, the actions and every wait: Stop ends the task promptly,
// wherever it is, as `stopped`.

import { describe, expect, it } from 'vitest';
import { abortedError } from '../../../src/shared/rpc';
import type { DocSpec } from './fakes/browser';
import type { AgentHarness } from './fakes/harness';
import { setupAgent } from './fakes/harness';
import { call } from './fakes/scripted-model';
import { RESULTS, SHOP, SITE as SITES } from './fakes/sites';

/** Presses Stop as soon as `ready` says the agent is where the test wants it. */
async function stopWhen(h: AgentHarness, ready: () => boolean, task = 'Do it') {
  const running = h.controller.execute(task);
  for (let i = 0; i < 1_000 && !ready(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(ready()).toBe(true);
  h.controller.stop();
  return running;
}

describe('Stop', () => {
  it('during the model call', async () => {
    const h = setupAgent({ site: SITES, turns: [{ hang: true }] });
    const result = await stopWhen(h, () => h.model.requests.length === 1);
    expect(result).toMatchObject({ status: 'stopped', stopCause: 'person' });
    expect(h.of('tool_call')).toEqual([]);
  });

  it('during an action', async () => {
    let started = false;
    let sawAbort = false;
    const slow = (): DocSpec => ({
      title: 'Slow',
      elements: [{ ref: 1, role: 'button', name: 'Slow' }],
      act: (_action, ctx) =>
        new Promise((_resolve, reject) => {
          started = true;
          ctx.signal?.addEventListener('abort', () => {
            sawAbort = true;
            reject(abortedError('click'));
          });
        }),
    });
    const h = setupAgent({ site: { [SHOP]: slow }, turns: [call('click', { ref: 1 })] });
    const result = await stopWhen(h, () => started);
    expect(result.status).toBe('stopped');
    expect(sawAbort).toBe(true);
    // The click had reached the page, which does not know about Stop: it may have landed (stop-in-flight.test.ts).
    expect(h.of('tool_result').map((r) => r.outcome)).toEqual(['stopped_in_flight']);
  });

  it('during the navigation wait at the top of a step', async () => {
    const h = setupAgent({ site: SITES, turns: [call('read_page'), call('read_page')] });
    h.browser.afterPageCall = (method) => {
      if (method === 'readPage') h.browser.startNavigation(h.tabId, RESULTS, 1_000, true);
    };
    h.navigation.hang = true;
    const result = await stopWhen(h, () => h.navigation.settleCalls.length === 1);
    expect(result.status).toBe('stopped');
    expect(h.model.requests).toHaveLength(1);
  });

  it('during wait_for', async () => {
    const h = setupAgent({ site: SITES, turns: [call('wait_for', { text: 'never', timeoutMs: 15_000 })] });
    const page = h.tabs.page(h.tabId);
    const result = await stopWhen(h, () => page.calls.some((c) => c.method === 'waitFor'));
    expect(result.status).toBe('stopped');
  });

  it('while waiting for the person to answer ask_user', async () => {
    const h = setupAgent({ site: SITES, turns: [call('ask_user', { question: 'Which size?' })] });
    const result = await stopWhen(h, () => h.of('ask_user').length === 1);
    expect(result.status).toBe('stopped');
    expect(h.controller.answer(h.of('ask_user')[0]?.questionId ?? '', 'M')).toBe(false);
  });

  it('leaves the controller ready for the next task', async () => {
    const h = setupAgent({ site: SITES, turns: [{ hang: true }, call('done', { success: false, answer: 'Fine.' })] });
    await stopWhen(h, () => h.model.requests.length === 1);
    expect(h.controller.isRunning).toBe(false);
    expect((await h.controller.execute('Again')).status).toBe('failed');
  });

  it('stopping twice, or when idle, is harmless', async () => {
    const h = setupAgent({ site: SITES, turns: [{ hang: true }] });
    h.controller.stop();
    const running = h.controller.execute('Wait');
    await new Promise((resolve) => setImmediate(resolve));
    h.controller.stop();
    h.controller.stop();
    expect((await running).status).toBe('stopped');
  });
});
