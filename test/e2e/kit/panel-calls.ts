// Running the agent from the panel page, as the panel's own code does (`steadyhand.host`), and pointing the
// panel at the stand-in of the Messages API. No vitest import here: the live runner (test/live) uses it too.

import type { Page } from 'playwright-core';
import type { AgentEvent, TaskResult } from '../../../src/panel/agent/task/events';
import type { PanelGlobal } from '../../support/panel';

/** Points the panel's settings at the stand-in (or any Messages API) with this key. */
export async function pointAtModel(panel: Page, baseUrl: string, apiKey = 'test-key'): Promise<void> {
  await panel.evaluate(
    ([url, key]) => (globalThis as PanelGlobal).steadyhand.settings.getState().update({ apiKey: key, baseUrl: url }),
    [baseUrl, apiKey] as const,
  );
}

export interface TaskRun {
  result: TaskResult;
  /** Every event of the run, in order (streamed text and running totals included). */
  events: AgentEvent[];
}

/** Runs a task from the panel (or, with followUp, a follow-up of the last one) and returns its result and events. */
export function runTask(panel: Page, instruction: string, options: { followUp?: boolean } = {}): Promise<TaskRun> {
  return panel.evaluate(
    async ({ text, followUp }) => {
      const { host } = (globalThis as PanelGlobal).steadyhand;
      const events: AgentEvent[] = [];
      const off = host.subscribe((event) => events.push(event));
      try {
        const last = host.latest()?.controller.taskId ?? null;
        const result = await (followUp && last !== null ? host.followUp(last, text) : host.execute(text));
        // Only this task's events: another task of the panel may run beside it.
        return { result, events: events.filter((event) => event.taskId === result.taskId) };
      } finally {
        off();
      }
    },
    { text: instruction, followUp: options.followUp ?? false },
  );
}

type StartedGlobal = PanelGlobal & {
  startedEvents?: AgentEvent[];
  startedResult?: Promise<TaskResult>;
  startedUnsubscribe?: () => void;
};

/**
 * Starts a task in the panel without waiting for it, recording every agent event (but streamed text and running
 * totals) in the panel, so the test can act on the browser at a chosen moment of the run.
 */
export async function startTask(panel: Page, instruction: string): Promise<void> {
  await panel.evaluate((text) => {
    const g = globalThis as StartedGlobal;
    const events: AgentEvent[] = [];
    g.startedEvents = events;
    g.startedUnsubscribe?.();
    g.startedUnsubscribe = g.steadyhand.host.subscribe((event) => {
      if (event.type !== 'model_text' && event.type !== 'metrics') events.push(event);
    });
    g.startedResult = g.steadyhand.host.execute(text);
  }, instruction);
}

/** The result of the task startTask began, once it ends. */
export function taskResult(panel: Page): Promise<TaskRun> {
  return panel.evaluate(async () => {
    const g = globalThis as StartedGlobal;
    if (!g.startedResult) throw new Error('No task was started with startTask.');
    const result = await g.startedResult;
    return { result, events: g.startedEvents ?? [] };
  });
}

/**
 * Stops the task startTask began, if it still runs, and waits until it has ended (its tabs let go too): a test that
 * failed may leave its task running, and the next one could not start.
 */
export async function stopStartedTask(panel: Page): Promise<void> {
  await panel.evaluate(async () => {
    const g = globalThis as StartedGlobal;
    g.steadyhand.host.stopAll();
    await g.startedResult;
  });
}

/** Waits until the started task emitted an event with these fields (e.g. {type: 'tool_call', name: 'wait_for'}). */
export async function waitForAgentEvent(panel: Page, match: Partial<Record<string, unknown>>): Promise<void> {
  await panel.waitForFunction(
    (m) =>
      ((globalThis as StartedGlobal).startedEvents ?? []).some((event) =>
        Object.entries(m).every(([key, value]) => (event as unknown as Record<string, unknown>)[key] === value),
      ),
    match,
    { timeout: 20_000 },
  );
}

/** The tool results of a run as [name, outcome] pairs, in order. */
export function outcomes(events: AgentEvent[]): [string, string][] {
  return events.flatMap((e) => (e.type === 'tool_result' ? [[e.name, e.outcome] as [string, string]] : []));
}
