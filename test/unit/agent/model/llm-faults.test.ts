// The model client under API faults: a request that never answers and a stream that stops mid-answer both fail
// after the client's timeout and are retried (the timeout comes from the settings' modelTimeoutSec or an option);
// a retry is announced as what happened, not as a final error; a tool input streamed as broken JSON comes back as
// an inputError for the loop to report to the model.

import { describe, expect, it } from 'vitest';
import type { ModelRequest, ModelRetry } from '../../../../src/panel/agent/model/agent-model';
import { createAnthropicModel } from '../../../../src/panel/agent/model/llm';
import { type FakeAnthropic, rawToolTurn, textTurn, toolTurn } from '../../../support/fake-anthropic';
import { FakeClock } from '../fakes/clock';
import { API_KEY, modelFailure, useFakeApi } from '../fakes/fake-api';

const KEY = API_KEY;
let fake: FakeAnthropic;
useFakeApi((started) => {
  fake = started;
});

const request: ModelRequest = {
  system: [{ type: 'text', text: 'You are a test.' }],
  tools: [],
  messages: [{ role: 'user', content: 'Go' }],
  maxTokens: 256,
};

/** A client whose backoff sleeps are instant; the quiet-stream timeout is real (and short). */
function client(timeout: { timeoutMs?: number; modelTimeoutSec?: number }) {
  const clock = new FakeClock();
  const settings = {
    apiKey: KEY,
    baseUrl: fake.url,
    model: 'claude-sonnet-4-6',
    ...(timeout.modelTimeoutSec === undefined ? {} : { modelTimeoutSec: timeout.modelTimeoutSec }),
  };
  const model = createAnthropicModel(settings, {
    sleep: clock.sleep,
    random: () => 1,
    ...(timeout.timeoutMs === undefined ? {} : { timeoutMs: timeout.timeoutMs }),
  });
  const retries: ModelRetry[] = [];
  const texts: string[] = [];
  const call = () =>
    model.complete(request, {
      signal: new AbortController().signal,
      onText: (t) => texts.push(t),
      onRetry: (r) => retries.push(r),
    });
  return { call, retries, texts, clock };
}

describe('model client timeouts', () => {
  it('retries a stream that stalls mid-answer, and returns the complete turn of the retry', async () => {
    fake.enqueue({ fault: 'stall', afterEvents: 4, turn: textTurn('Half a thought that never ends') });
    fake.enqueue(toolTurn('click', { ref: 2 }, 'A whole thought.'));
    const c = client({ timeoutMs: 300 });

    const turn = await c.call();

    expect(turn).toMatchObject({ text: 'A whole thought.', toolCalls: [{ name: 'click', input: { ref: 2 } }] });
    expect(c.retries).toHaveLength(1);
    expect(c.retries[0]?.reason).toMatch(/stopped sending mid-answer: nothing came for 0\.3 s/);
    expect(fake.messageRequests).toHaveLength(2);
  });

  it('retries a request the API never answers, after the timeout from the settings', async () => {
    fake.enqueue({ fault: 'hang' });
    fake.enqueue(textTurn('Here now.'));
    const c = client({ modelTimeoutSec: 0.3 });

    const turn = await c.call();

    expect(turn.text).toBe('Here now.');
    expect(c.retries).toHaveLength(1);
    expect(c.retries[0]?.reason).toMatch(/did not answer within 0\.3 s/);
  });

  it('ends with a message naming the cause once the retries for a stalling API run out', async () => {
    for (let i = 0; i < 4; i++) fake.enqueue({ fault: 'stall', afterEvents: 3, turn: textTurn('Stuck') });
    const c = client({ timeoutMs: 200 });

    const error = await modelFailure(c.call());

    expect(error).toMatchObject({ kind: 'stream_cut', retryable: false });
    expect(error.message).toBe(
      'The model stopped sending mid-answer: nothing came for 0.2 s. Retries ran out after 4 attempts: try again later.',
    );
    expect(c.retries).toHaveLength(3);
    expect(fake.messageRequests).toHaveLength(4);
  });

  it('does not time out a slow stream that keeps sending', async () => {
    // 12 events 60 ms apart: 700 ms in all, far past the 250 ms timeout, but never 250 ms quiet.
    fake.enqueue({ ...textTurn('Slow but steady, word by word.'), eventDelayMs: 60 });
    const c = client({ timeoutMs: 250 });

    const turn = await c.call();

    expect(turn.text).toBe('Slow but steady, word by word.');
    expect(c.retries).toHaveLength(0);
  });
});

describe('what the panel is told while a call is retried', () => {
  it('says what happened and that it is retrying, not that retries ran out', async () => {
    fake.enqueue({ fault: 'rate_limit', retryAfterSec: 0.05 }, { fault: 'overloaded' }, { fault: 'server_error' });
    fake.enqueue(textTurn('Fine now.'));
    const c = client({});

    const turn = await c.call();

    expect(turn.text).toBe('Fine now.');
    expect(c.retries.map((r) => r.reason)).toEqual([
      'The API rate limit was reached (This request would exceed your rate limit.): retrying in 0.1 s.',
      'The API is overloaded (Overloaded): retrying in 1 s.',
      'The API failed with status 500 (Internal server error): retrying in 2 s.',
    ]);
  });

  it('retries an overloaded error sent inside the stream as overload, not as a network failure', async () => {
    fake.enqueue({ fault: 'stream_error', afterEvents: 4, turn: textTurn('Half a') });
    fake.enqueue(textTurn('Whole.'));
    const c = client({});

    const turn = await c.call();

    expect(turn.text).toBe('Whole.');
    expect(c.retries.map((r) => r.reason)).toEqual(['The API is overloaded (Overloaded): retrying in 0.5 s.']);
  });

  it('keeps the advice for when retries have run out for the error that ends the task', async () => {
    for (let i = 0; i < 6; i++) fake.enqueue({ fault: 'overloaded' });
    const error = await modelFailure(client({}).call());
    expect(error.message).toBe('The API is overloaded and retries ran out: try again in a few minutes (Overloaded).');
  });
});

describe('broken tool input', () => {
  it('returns a tool call whose streamed JSON does not parse with its parse error, never a guess', async () => {
    fake.enqueue(rawToolTurn('type', '{"ref": 4, "text": "Ada', 'Typing the name.'));
    const c = client({});

    const turn = await c.call();

    expect(turn.toolCalls).toEqual([
      {
        id: expect.stringMatching(/^toolu_/),
        name: 'type',
        input: {},
        inputError: { message: expect.any(String), raw: '{"ref": 4, "text": "Ada' },
      },
    ]);
    expect(c.retries).toHaveLength(0);
  });
});
