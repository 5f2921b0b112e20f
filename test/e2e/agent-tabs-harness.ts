// Shared by the agent-tabs-*.e2e.ts files (docs/contracts.md, Seeds 001 and 003, with the real agent loop): a scripted
// model that may pause the agent while the test looks at the browser, the fixture pages' own action log, and a seeded
// random source for replayable runs. The browser side (tabs, windows, the mask rule) is in agent-tabs-browser.ts.

import type Anthropic from '@anthropic-ai/sdk';
import type { Page } from 'playwright-core';
import type { AgentEvent, TaskResult } from '../../src/panel/agent/events';
import { latestPage, type SeenPage } from '../../src/panel/agent/observation-reader';
import { giveUp } from '../support/agent';
import type { FakeAnthropic, Turn } from '../support/fake-anthropic';
import type { FixtureServer } from '../support/fixture-server';
import type { PanelGlobal } from '../support/panel';

// ---- randomness ------------------------------------------------------------------------------------------------

/** A seed from AGENT_TABS_SEED (to replay a run) or a fresh one; printed so a failure can be replayed. */
export function runSeed(label: string): number {
  const fromEnv = Number(process.env.AGENT_TABS_SEED);
  const seed = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Math.floor(Math.random() * 2 ** 31) + 1;
  console.log(`[${label}] seed ${seed}; replay with AGENT_TABS_SEED=${seed}`);
  return seed;
}

/** mulberry32: a small seeded generator, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
 * expect.poll, for the places expect.poll cannot run (a beforeAll, the fake model's responder).
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

// ---- the scripted model ----------------------------------------------------------------------------------------

export interface ToolResultSeen {
  text: string;
  isError: boolean;
}

export interface AgentSeen extends SeenPage {
  /** The agent's tab as the observation names it; null when it has none. */
  tabId: number | null;
  /** The task's tabs listed in the observation. */
  taskTabs: number[];
  /** The results of the previous turn's tool calls, as the model reads them. */
  results: ToolResultSeen[];
  /** The tools the previous turn called, in order. */
  previousTools: string[];
  /** Which model request this is (0-based, since the last fake.reset()). */
  index: number;
}

function previousTools(messages: Anthropic.MessageParam[]): string[] {
  const previous = [...messages].reverse().find((message) => message.role === 'assistant');
  if (!previous || typeof previous.content === 'string') return [];
  return previous.content.flatMap((block) => (block.type === 'tool_use' ? [block.name] : []));
}

function toolResults(messages: Anthropic.MessageParam[]): ToolResultSeen[] {
  const last = [...messages].reverse().find((message) => message.role === 'user');
  if (!last || typeof last.content === 'string') return [];
  return last.content.flatMap((block) => {
    if (block.type !== 'tool_result') return [];
    const inner = Array.isArray(block.content) ? block.content : [];
    const text = inner.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    return [{ text: typeof block.content === 'string' ? block.content : text, isError: block.is_error === true }];
  });
}

/**
 * Answers each model request with what `policy` decides from the observation. The policy may be async: the agent
 * waits for the model meanwhile, so the test can act on the browser "mid-step". A policy that throws ends the task
 * (done, success false) and the error is kept in `failures`, for the test to report.
 */
export function playModel(fake: FakeAnthropic, policy: (seen: AgentSeen) => Turn | Promise<Turn>, failures: string[]) {
  fake.respondWith(async (request, index) => {
    const messages = (request.body?.messages ?? []) as Anthropic.MessageParam[];
    const page = latestPage(messages);
    const tabId = /^Agent's tab: (\d+)/m.exec(page.text)?.[1];
    const listed = /^Tabs of this task: (.*)$/m.exec(page.text)?.[1] ?? '';
    const taskTabs = listed
      .split(' · ')
      .map((entry) => Number.parseInt(entry, 10))
      .filter(Number.isInteger);
    try {
      return await policy({
        ...page,
        tabId: tabId ? Number(tabId) : null,
        taskTabs,
        results: toolResults(messages),
        previousTools: previousTools(messages),
        index,
      });
    } catch (error) {
      failures.push(`model request ${index}: ${error instanceof Error ? error.message : String(error)}`);
      return giveUp('The test stopped the task.');
    }
  });
}

export interface InstructionRun {
  result: TaskResult;
  events: AgentEvent[];
}

/** Gives the panel an instruction (a new task, or a follow-up of the last one) and returns its result and events. */
export function runInstruction(panel: Page, text: string, followUp = false): Promise<InstructionRun> {
  return panel.evaluate(
    async ({ text, followUp }) => {
      const { controller } = (globalThis as PanelGlobal).steadyhand;
      const events: AgentEvent[] = [];
      const off = controller.subscribe((event) => {
        if (event.type !== 'model_text' && event.type !== 'metrics') events.push(event);
      });
      try {
        const result = await (followUp ? controller.followUp(text) : controller.execute(text));
        return { result, events };
      } finally {
        off();
      }
    },
    { text, followUp },
  );
}

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
