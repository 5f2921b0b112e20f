// Scripted API failures as the real SDK sees them: HTTP errors with the API's headers (retry-after, x-should-retry,
// error.details), connections that hang, cut or stall, and errors inside a stream.

import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it, vi } from 'vitest';
import { startFakeAnthropic, textTurn, toolTurn } from '../../support/fake-anthropic';
import { clickTool, KEY, rejection, useFake } from './fake-anthropic-harness';

const MODEL = 'claude-sonnet-4-6';
const LONG_TEXT = 'The page has loaded and the search box is ready for input.';
const h = useFake();

function params(): Anthropic.MessageCreateParamsNonStreaming {
  return {
    model: MODEL,
    max_tokens: 256,
    messages: [{ role: 'user', content: 'Open example.com' }],
    tools: [clickTool],
  };
}

const headersOf = (error: unknown) => (error instanceof Anthropic.APIError ? error.headers : undefined);

describe('HTTP errors', () => {
  it('429 carries retry-after, or none at all when asked', async () => {
    h.fake.enqueue({ fault: 'rate_limit', retryAfterSec: 7 }, { fault: 'rate_limit', retryAfterSec: null });
    const timed = await rejection(h.client().messages.create(params()));
    const bare = await rejection(h.client().messages.create(params()));
    expect(timed).toBeInstanceOf(Anthropic.RateLimitError);
    expect(headersOf(timed)?.get('retry-after')).toBe('7');
    expect(headersOf(bare)?.has('retry-after')).toBe(false);
  });

  it('429 with a retry honours a fractional retry-after and succeeds on the next turn', async () => {
    h.fake.enqueue({ fault: 'rate_limit', retryAfterSec: 0.05 }, textTurn('after the wait'));
    const started = Date.now();
    const message = await h.client({ maxRetries: 1 }).messages.create(params());
    expect(message.content).toEqual([{ type: 'text', text: 'after the wait' }]);
    expect(h.fake.messageRequests[1]?.headers['x-stainless-retry-count']).toBe('1');
    // The SDK's own backoff for a first retry is at least 375 ms, so this proves the header was used.
    expect(Date.now() - started).toBeLessThan(350);
  });

  it('the monthly spend cap: 429 with its error code, next month in the message, and no retry-after', async () => {
    const own = await startFakeAnthropic({ apiKey: KEY, now: () => Date.UTC(2026, 10, 24, 12) });
    own.enqueue({ fault: 'spend_limit' });
    const error = await rejection(h.client({ baseURL: own.url }).messages.create(params()));
    await own.close();
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect(error).toMatchObject({
      status: 429,
      type: 'rate_limit_error',
      errorCode: 'enforced_spend_limit_reached',
      apiMessage:
        "You have reached your API usage limits: your organization has crossed its monthly API usage threshold, set based on your organization's API tier. You will regain access on 2026-12-01 at 00:00 UTC.",
    });
    expect(headersOf(error)?.has('retry-after')).toBe(false);
  });

  it('529 is an OverloadedError sent with x-should-retry: true', async () => {
    h.fake.enqueue({ fault: 'overloaded' });
    const error = await rejection(h.client().messages.create(params()));
    expect(error).toBeInstanceOf(Anthropic.OverloadedError);
    expect(error).toMatchObject({ status: 529, type: 'overloaded_error', apiMessage: 'Overloaded' });
    expect(headersOf(error)?.get('x-should-retry')).toBe('true');
  });

  it('500, 401 and 400 map to the SDK errors, the 400 never retried', async () => {
    h.fake.enqueue(
      { fault: 'server_error' },
      { fault: 'unauthorized' },
      { fault: 'bad_request', message: 'messages: roles must alternate' },
    );
    expect(await rejection(h.client().messages.create(params()))).toBeInstanceOf(Anthropic.InternalServerError);
    expect(await rejection(h.client().messages.create(params()))).toBeInstanceOf(Anthropic.AuthenticationError);
    const bad = await rejection(h.client({ maxRetries: 2 }).messages.create(params()));
    expect(bad).toMatchObject({ status: 400, apiMessage: 'messages: roles must alternate' });
    expect(headersOf(bad)?.get('x-should-retry')).toBe('false');
    expect(h.fake.messageRequests).toHaveLength(3);
    expect(h.fake.rejections).toEqual([]);
  });

  it('an unscripted request fails at once with a non-retryable 500 saying so', async () => {
    const error = await rejection(h.client({ maxRetries: 2 }).messages.create(params()));
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect(String(error)).toContain('no turn was scripted');
    expect(h.fake.messageRequests).toHaveLength(1);
  });

  it('a script the API could never send fails with a 500 that says why', async () => {
    h.fake.enqueue({
      content: [
        { type: 'text', text: 'first' },
        { type: 'thinking', thinking: 'late' },
        { type: 'text', text: 'x' },
      ],
      thinking: false,
    });
    const error = await rejection(h.client().messages.create({ ...params(), model: 'claude-haiku-5-5' }));
    expect(String(error)).toContain('fake-anthropic: a turn with thinking blocks must begin with one');
  });
});

describe('connections that hang, cut or stall', () => {
  it('hang: an aborted request rejects with APIUserAbortError, a timeout with APIConnectionTimeoutError', async () => {
    h.fake.enqueue({ fault: 'hang' }, { fault: 'hang' });
    const controller = new AbortController();
    const aborted = rejection(h.client().messages.create(params(), { signal: controller.signal }));
    await vi.waitFor(() => expect(h.fake.messageRequests).toHaveLength(1));
    controller.abort();
    expect(await aborted).toBeInstanceOf(Anthropic.APIUserAbortError);
    expect(await rejection(h.client({ timeout: 100 }).messages.create(params()))).toBeInstanceOf(
      Anthropic.APIConnectionTimeoutError,
    );
  });

  it('hang: close() destroys the hanging socket and returns promptly', async () => {
    const own = await startFakeAnthropic();
    own.enqueue({ fault: 'hang' });
    const pending = rejection(h.client({ baseURL: own.url }).messages.create(params()));
    await vi.waitFor(() => expect(own.messageRequests).toHaveLength(1));
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(500);
    expect(await pending).toBeInstanceOf(Anthropic.APIConnectionError);
  });

  it('hang: reset() drops the hanging connection so it cannot leak into the next test', async () => {
    h.fake.enqueue({ fault: 'hang' });
    const pending = rejection(h.client().messages.create(params()));
    await vi.waitFor(() => expect(h.fake.messageRequests).toHaveLength(1));
    h.fake.reset();
    expect(await pending).toBeInstanceOf(Anthropic.APIConnectionError);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('cut: a stream cut after a few events makes the SDK stream reject', async () => {
    h.fake.enqueue({ fault: 'cut', afterEvents: 4, turn: textTurn(LONG_TEXT) });
    const deltas: string[] = [];
    const stream = h.client().messages.stream(params());
    stream.on('text', (delta) => deltas.push(delta));
    expect(await rejection(stream.finalMessage())).toBeInstanceOf(Anthropic.AnthropicError);
    // message_start, content_block_start, ping, then exactly one text delta got through
    expect(deltas).toHaveLength(1);
  });

  it('cut: a non-streaming request gets a dropped connection', async () => {
    h.fake.enqueue({ fault: 'cut', turn: textTurn('never seen') });
    expect(await rejection(h.client().messages.create(params()))).toBeInstanceOf(Anthropic.APIConnectionError);
  });

  it('stall: streams the first events, then holds the connection open until reset() drops it', async () => {
    h.fake.enqueue({ fault: 'stall', afterEvents: 4, turn: textTurn(LONG_TEXT) });
    const seen: string[] = [];
    const stream = await h.client().messages.create({ ...params(), stream: true });
    const reading = rejection(
      (async () => {
        for await (const event of stream) {
          seen.push(event.type);
          if (event.type === 'content_block_delta') h.fake.reset();
        }
      })(),
    );
    expect(await reading).toBeInstanceOf(Error);
    expect(seen).toEqual(['message_start', 'content_block_start', 'content_block_delta']);
  });

  it('stream_error: an error event mid-stream is thrown as an APIError of that type; without streaming, its status', async () => {
    h.fake.enqueue({ fault: 'stream_error', afterEvents: 3, turn: toolTurn('click', { ref: 'e1' }) });
    h.fake.enqueue({ fault: 'stream_error', errorType: 'api_error', turn: textTurn('never seen') });
    const seen: string[] = [];
    const stream = await h.client().messages.create({ ...params(), stream: true });
    const error = await rejection(
      (async () => {
        for await (const event of stream) seen.push(event.type);
      })(),
    );
    expect(error).toMatchObject({ status: undefined, type: 'overloaded_error' });
    expect(seen).toEqual(['message_start', 'content_block_start']);
    expect(await rejection(h.client().messages.create(params()))).toBeInstanceOf(Anthropic.InternalServerError);
  });
});
