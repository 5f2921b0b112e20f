// Shared set-up for the stand-in's own tests: one server per test file, emptied before each test, and the real SDK
// client pointed at it, so every assertion goes through the same parsing, streaming and error paths as the product.

import Anthropic, { type ClientOptions } from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type FakeAnthropic, type FakeAnthropicOptions, startFakeAnthropic } from '../../support/fake-anthropic';

export const KEY = 'sk-ant-fake-key';

export const clickTool: Anthropic.Tool = {
  name: 'click',
  description: 'Click an element by ref',
  input_schema: { type: 'object', properties: { ref: { type: 'string' } }, required: ['ref'] },
};

export const noteTool: Anthropic.Tool = {
  name: 'note',
  description: 'Keep a fact for the rest of the task',
  input_schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};

export interface Harness {
  readonly fake: FakeAnthropic;
  /**
   * Retries are off by default so each fault surfaces as one request; retry tests opt back in. A set timeout also
   * keeps the SDK from refusing large non-streaming `max_tokens` itself.
   */
  client(opts?: ClientOptions): Anthropic;
}

export function useFake(opts: FakeAnthropicOptions = {}): Harness {
  let fake: FakeAnthropic | undefined;
  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: KEY, ...opts });
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake?.reset();
  });
  const current = () => {
    if (!fake) throw new Error('the stand-in is not running');
    return fake;
  };
  return {
    get fake() {
      return current();
    },
    client: (clientOpts = {}) =>
      new Anthropic({ apiKey: KEY, baseURL: current().url, maxRetries: 0, timeout: 30_000, ...clientOpts }),
  };
}

/** Awaits a promise expected to reject and hands back the rejection for finer assertions. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/** The API's `error.message` of a rejected SDK call. */
export async function apiMessage(promise: Promise<unknown>): Promise<string | null | undefined> {
  const error = await rejection(promise);
  if (!(error instanceof Anthropic.APIError)) throw error;
  return error.apiMessage;
}

/** A request body as a test writes it: free-form, so it can break the rules the SDK types would enforce. */
export type Body = Record<string, unknown>;

/** Sends `body` through the SDK (its beta namespace when `betas` are given); resolves to the message. */
export function send(client: Anthropic, body: Body, betas?: string[]): Promise<unknown> {
  if (betas) {
    return client.beta.messages.create({ ...body, betas } as unknown as Anthropic.Beta.MessageCreateParamsNonStreaming);
  }
  return client.messages.create(body as unknown as Anthropic.MessageCreateParamsNonStreaming);
}

/** A block of `n` characters, so token counts (chars/4) are predictable. */
export function filler(n: number, letter = 'x'): string {
  return letter.repeat(n);
}
