// Shared by the agent-tabs-*.e2e.ts files (docs/contracts.md, Seeds 001 and 003, with the real agent loop): a seeded
// random source for replayable runs, a poll for the places expect.poll cannot run, what the run's events say, and the
// fixture pages' own action log. The browser side (tabs, windows, the mask rule) is in agent-tabs-browser.ts; the
// per-file setup and the mask-checking policy wrapper in agent-tabs-suite.ts.

import type { AgentEvent } from '../../src/panel/agent/task/events';
import { seededRandom } from '../support/seeded-random';
import type { FixtureServer } from './kit';

// ---- randomness ------------------------------------------------------------------------------------------------

/** A seed from AGENT_TABS_SEED (to replay a run) or a fresh one; printed so a failure can be replayed. */
export function runSeed(label: string): number {
  const fromEnv = Number(process.env.AGENT_TABS_SEED);
  const seed = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Math.floor(Math.random() * 2 ** 31) + 1;
  console.log(`[${label}] seed ${seed}; replay with AGENT_TABS_SEED=${seed}`);
  return seed;
}

export { seededRandom };

export function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Waits a random time: the point of the run is that the person acts at moments the agent cannot foresee (between
 * two of its actions, during one, while it waits for the model). Not a wait for a condition.
 */
export function randomMoment(random: () => number, minMs: number, maxMs: number): Promise<void> {
  return new Promise((done) => setTimeout(done, minMs + Math.floor(random() * (maxMs - minMs))));
}

/**
 * Reads `read()` until `done` accepts the value or `timeoutMs` passes, and returns the last value read. Like
 * expect.poll, for the places expect.poll cannot run (a beforeAll, a model policy).
 */
export async function pollFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((tick) => setTimeout(tick, delay));
  }
}

/** Runs jobs one at a time: the person's moves and the checks made while the agent waits never interleave. */
export class Turns {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const next = this.tail.then(job, job);
    this.tail = next.catch(() => {});
    return next;
  }
}

// ---- the run's events ------------------------------------------------------------------------------------------

export function toolResultsOf(events: AgentEvent[]) {
  return events.flatMap((e) => (e.type === 'tool_result' ? [e] : []));
}

export function stepTabs(events: AgentEvent[]): (number | null)[] {
  return events.flatMap((e) => (e.type === 'step_started' ? [e.tabId] : []));
}

export function taskIdOf(events: AgentEvent[]): string {
  const started = events.find((e) => e.type === 'task_started');
  if (started?.type !== 'task_started') throw new Error('The run has no task_started event.');
  return started.taskId;
}

// ---- the fixture pages' own log -----------------------------------------------------------------------------------

export interface LogEntry {
  /** The page's name (its `name` parameter). */
  page: string;
  event: string;
  detail: string;
  /** The step number of the page (its `n` parameter). */
  n: number;
  /** The identity of the tab the page ran in (window.name). */
  tab: string;
}

/** One report of an at-steps page (a /nav/log URL). */
export function logEntryOf(url: URL): LogEntry {
  const get = (key: string) => url.searchParams.get(key) ?? '';
  return { page: get('page'), event: get('event'), detail: get('detail'), n: Number(get('n')), tab: get('tab') };
}

/** What the at-steps pages reported through /nav/log since `since` (an index into site.hits). */
export function pageLog(site: FixtureServer, since = 0): LogEntry[] {
  return site.hits
    .slice(since)
    .filter((hit) => hit.startsWith('/nav/log?'))
    .map((hit) => logEntryOf(new URL(hit, 'http://x')));
}

export const ACTION_EVENTS = ['click', 'slow-click', 'next', 'blank', 'popup'];

export const actionsIn = (log: LogEntry[]) => log.filter((entry) => ACTION_EVENTS.includes(entry.event));
