// The one way an e2e test scripts the model: `play(model, policy)`. Every request that reaches the stand-in of the
// Messages API is answered by the policy, from what that request showed the model (read by the product's own
// observation reader, src/panel/agent/run/observation-reader.ts), the way a real model decides from the same text.
// Fixed scripts (`inOrder`) and a model the test answers by hand (`hold`) are policies too.

import { latestPage, type MessageParam, type SeenControl, type SeenPage } from '../../../src/panel/agent';
import {
  type FakeAnthropic,
  isFault,
  type RecordedRequest,
  type Turn,
  textTurn,
  toolTurn,
} from '../../support/fake-anthropic';

export type { SeenControl, SeenPage, Turn };

/** A tool result of the previous turn, as the model reads it. */
export interface ToolResultSeen {
  text: string;
  isError: boolean;
}

/** A model request as the scripted model reads it. */
export interface Seen extends SeenPage {
  /** Which request this is, 0-based, since the test began (the kit resets the stand-in before each test). */
  index: number;
  /** The tools the previous turn called, in order. */
  previousTools: string[];
  /** The previous turn's tool results. */
  results: ToolResultSeen[];
  request: RecordedRequest;
}

export type Policy = (seen: Seen) => Turn | Promise<Turn>;

const failures: string[] = [];

/** The policy errors of the test so far, emptied by the call (the e2e setup fails a test that left any). */
export function takePolicyFailures(): string[] {
  return failures.splice(0);
}

function messagesOf(request: RecordedRequest): MessageParam[] {
  return (request.body?.messages ?? []) as MessageParam[];
}

function previousTools(messages: MessageParam[]): string[] {
  const previous = messages.findLast((message) => message.role === 'assistant');
  if (!previous || typeof previous.content === 'string') return [];
  return previous.content.flatMap((block) => (block.type === 'tool_use' ? [block.name] : []));
}

function toolResults(messages: MessageParam[]): ToolResultSeen[] {
  const last = messages.findLast((message) => message.role === 'user');
  if (!last || typeof last.content === 'string') return [];
  return last.content.flatMap((block) => {
    if (block.type !== 'tool_result') return [];
    if (typeof block.content === 'string') return [{ text: block.content, isError: block.is_error === true }];
    const text = (block.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    return [{ text, isError: block.is_error === true }];
  });
}

/** What a request showed the model. */
export function seenIn(request: RecordedRequest, index: number): Seen {
  const messages = messagesOf(request);
  return {
    ...latestPage(messages),
    index,
    previousTools: previousTools(messages),
    results: toolResults(messages),
    request,
  };
}

/**
 * Answers every model request with what `policy` decides. The policy may be async: the agent waits for the model
 * meanwhile, so a test can act on the browser between two steps. A policy that throws ends the task (done, success
 * false, with the reason) and the error is kept for the e2e setup, which fails the test with it. Returns what the
 * model saw at each request, in order.
 */
export function play(model: FakeAnthropic, policy: Policy): Seen[] {
  const log: Seen[] = [];
  model.respondWith(async (request, index) => {
    const seen = seenIn(request, index);
    log.push(seen);
    try {
      return await policy(seen);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      failures.push(`model request ${index}: ${why}`);
      return giveUp(`Test policy failed: ${why}`);
    }
  });
  return log;
}

/** A fixed script: one answer per request, in order (a turn, a fault, or a function of what the request showed). */
export function inOrder(steps: readonly (Turn | Policy)[]): Policy {
  return (seen) => {
    const step = steps[seen.index];
    if (step === undefined) throw new Error(`No scripted answer for model request ${seen.index}`);
    return typeof step === 'function' ? step(seen) : step;
  };
}

/** The first words the person gave the task: its first user message's text (the instruction comes first). */
export function instructionOf(seen: Seen): string {
  const first = messagesOf(seen.request).find((message) => message.role === 'user');
  if (!first) return '';
  if (typeof first.content === 'string') return first.content;
  return first.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

/**
 * One policy per task, for tests that run several tasks at once against the one stand-in: a request goes to the
 * policy whose pattern its task's instruction matches, and that policy sees `index` counted within its own task
 * (its conversation's turns so far), as it would if the task ran alone.
 */
export function byTask(policies: readonly [RegExp, Policy][]): Policy {
  return (seen) => {
    const instruction = instructionOf(seen);
    const entry = policies.find(([pattern]) => pattern.test(instruction));
    if (!entry) throw new Error(`No policy for the task "${instruction.slice(0, 80)}"`);
    const turns = messagesOf(seen.request).filter((message) => message.role === 'assistant').length;
    return entry[1]({ ...seen, index: turns });
  };
}

/**
 * A model the test answers by hand: `next()` resolves with the next request once it arrived (the agent now waits for
 * the model), and `answer(turn)` replies to the oldest request held.
 */
export interface HeldModel {
  next(): Promise<Seen>;
  answer(turn: Turn): void;
}

export function hold(model: FakeAnthropic): HeldModel {
  const waiting: ((turn: Turn) => void)[] = [];
  const arrivals: Seen[] = [];
  const listeners: ((seen: Seen) => void)[] = [];
  play(
    model,
    (seen) =>
      new Promise<Turn>((resolve) => {
        waiting.push(resolve);
        const listener = listeners.shift();
        if (listener) listener(seen);
        else arrivals.push(seen);
      }),
  );
  return {
    next: () => {
      const arrived = arrivals.shift();
      if (arrived !== undefined) return Promise.resolve(arrived);
      return new Promise((resolve) => listeners.push(resolve));
    },
    answer: (turn) => {
      const resolve = waiting.shift();
      if (!resolve) throw new Error('No model request is waiting for an answer.');
      resolve(turn);
    },
  };
}

// ---- the turns a policy answers with ------------------------------------------------------------------------------

export const act = (name: string, input: Record<string, unknown> = {}, say = '') =>
  toolTurn(name, input, say || undefined);
export const giveUp = (why: string) => toolTurn('done', { success: false, answer: why });
export { isFault, textTurn };

/** The first control of the observation with this role and a name matching `name` (fails the policy otherwise). */
export function control(seen: SeenPage, role: string, name: RegExp): SeenControl {
  const found = seen.controls.find((c) => c.role === role && name.test(c.name));
  if (!found) throw new Error(`No ${role} matching ${name} in:\n${seen.text}`);
  return found;
}
