// Support for the service-worker kill suite: a seeded random source (a failing run is replayed with its seed), the
// kill itself (CDP stopAllWorkers, then the panel's reconnect), the calls the panel sent again, and the panel's agent
// events as they happen. The naive model is a policy of the suite itself (the kit's play).

import type { Page } from 'playwright-core';
import type { AgentEvent } from '../../src/panel/agent/task/events';
import type { ExtensionHarness } from './extension';
import type { PanelGlobal } from './panel';
import { seededRandom } from './seeded-random';

export { seededRandom };

/** `k` distinct numbers from 0..n-1, in order. */
export function pick(random: () => number, n: number, k: number): Set<number> {
  const all = Array.from({ length: n }, (_, i) => i);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j] as number, all[i] as number];
  }
  return new Set(all.slice(0, Math.min(k, n)).sort((a, b) => a - b));
}

type KillGlobal = PanelGlobal & { killAgentEvents?: AgentEvent[] };

/**
 * Kills the extension's service worker and waits until the panel has reconnected (which wakes a new one). A worker
 * that is still starting (woken by the previous kill's reconnect, on a loaded machine) can outlive a
 * `stopAllWorkers`: the port stays up and no disconnect comes. Then the stop is sent again, as a person's second
 * press would be; a kill that never lands is still a failure of the harness after 15 s.
 */
export async function killWorker(harness: ExtensionHarness): Promise<void> {
  const before = await harness.panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.transport.reconnects);
  const gone = (timeout: number) =>
    harness.panel
      .waitForFunction((n) => (globalThis as PanelGlobal).steadyhand.transport.reconnects > n, before, { timeout })
      .then(() => true);
  for (let attempt = 1; ; attempt++) {
    await harness.stopServiceWorker();
    const last = attempt === 5;
    if (await gone(last ? 7_000 : 2_000).catch((error: Error) => (last ? Promise.reject(error) : false))) {
      if (attempt > 1) console.info(`kill-harness: the worker stopped after ${attempt} calls of stopAllWorkers`);
      return;
    }
  }
}

/** Calls the panel sent again after a lost worker, by method. */
export function resentCalls(panel: Page): Promise<Record<string, number>> {
  return panel.evaluate(() => ({ ...(globalThis as PanelGlobal).steadyhand.transport.resent }));
}

/** Records the agent's events in the panel from now on, so the test can wait on where the task is. */
export async function recordAgentEvents(panel: Page): Promise<void> {
  await panel.evaluate(() => {
    const g = globalThis as KillGlobal;
    if (g.killAgentEvents) {
      g.killAgentEvents.length = 0;
      return;
    }
    g.killAgentEvents = [];
    g.steadyhand.host.subscribe((event) => g.killAgentEvents?.push(event));
  });
}

/** Waits until every page tool the model called has its result: the panel is past the action, e.g. in a wait. */
export async function waitForActionsSettled(panel: Page): Promise<void> {
  await panel.waitForFunction(
    () => {
      const events = (globalThis as KillGlobal).killAgentEvents ?? [];
      const answered = new Set(events.flatMap((e) => (e.type === 'tool_result' ? [e.callId] : [])));
      // open_url waits for its own navigation: the navigation wait is inside the call.
      return events.every((e) => e.type !== 'tool_call' || e.name === 'open_url' || answered.has(e.callId));
    },
    undefined,
    { timeout: 10_000 },
  );
}
