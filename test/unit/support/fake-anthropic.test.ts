// Proves the fake Messages API against the real @anthropic-ai/sdk client, so tests built on it exercise the same
// parsing, streaming, retry and error paths the extension uses in production.

import Anthropic, { type ClientOptions } from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeAnthropic,
  lastUserText,
  type RecordedRequest,
  rawToolTurn,
  startFakeAnthropic,
  textTurn,
  toolsTurn,
  toolTurn,
} from '../../support/fake-anthropic';

const KEY = 'sk-ant-fake-key';
// Not claude-sonnet-4-5: SDK 1.12 prints a deprecation warning on every request naming it.
const MODEL = 'claude-sonnet-4-6';
const LONG_TEXT = 'The page has loaded and the search box is ready for input.';

const clickTool: Anthropic.Tool = {
  name: 'click',
  description: 'Click an element by ref',
  input_schema: { type: 'object', properties: { ref: { type: 'string' } }, required: ['ref'] },
};

function params(text = 'Open example.com'): Anthropic.MessageCreateParamsNonStreaming {
  return { model: MODEL, max_tokens: 256, messages: [{ role: 'user', content: text }], tools: [clickTool] };
}

/** Awaits a promise expected to reject and hands back the rejection for finer assertions. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

let fake: FakeAnthropic;

// Retries are off by default so each fault surfaces as one request; retry tests opt back in.
function makeClient(opts: ClientOptions = {}): Anthropic {
  return new Anthropic({ apiKey: KEY, baseURL: fake.url, maxRetries: 0, ...opts });
}

beforeAll(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.reset();
});

describe('non-streaming replies', () => {
  it('answers a text turn with the Messages API shape and estimated usage', async () => {
    fake.enqueue(textTurn('Done.'));

    const message = await makeClient().messages.create(params());

    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: MODEL,
      content: [{ type: 'text', text: 'Done.' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
    });
    expect(message.id).toMatch(/^msg_/);
    const rawBody = fake.messageRequests[0]?.rawBody ?? '';
    expect(message.usage.input_tokens).toBe(Math.ceil(rawBody.length / 4));
    expect(message.usage.output_tokens).toBeGreaterThan(0);
    expect(message._request_id).toMatch(/^req_/);
  });

  it('answers a tool_use turn with parsed input, stop_reason tool_use and the given usage', async () => {
    const usage = { input_tokens: 1200, output_tokens: 34, cache_read_input_tokens: 1000 };
    fake.enqueue({ ...toolTurn('click', { ref: 'e12' }, 'Clicking search.'), usage });

    const message = await makeClient().messages.create(params());

    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([
      { type: 'text', text: 'Clicking search.' },
      { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'click', input: { ref: 'e12' } },
    ]);
    expect(message.usage).toMatchObject(usage);
  });

  it('answers several tool calls in one turn and keeps explicit ids', async () => {
    fake.enqueue(
      toolsTurn([
        { name: 'click', input: { ref: 'e1' }, id: 'toolu_fixed' },
        { name: 'type', input: { ref: 'e2', text: 'hello' } },
      ]),
    );

    const message = await makeClient().messages.create(params());

    const toolUses = message.content.filter((block) => block.type === 'tool_use');
    expect(toolUses.map((block) => [block.id, block.name, block.input])).toEqual([
      ['toolu_fixed', 'click', { ref: 'e1' }],
      [expect.stringMatching(/^toolu_/), 'type', { ref: 'e2', text: 'hello' }],
    ]);
  });
});

describe('streaming replies', () => {
  it('streams text as several deltas that add up to the final message', async () => {
    fake.enqueue(textTurn(LONG_TEXT));
    const deltas: string[] = [];

    const stream = makeClient().messages.stream(params());
    stream.on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();

    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join('')).toBe(LONG_TEXT);
    expect(message.content).toEqual([{ type: 'text', text: LONG_TEXT }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage.output_tokens).toBe(Math.ceil(LONG_TEXT.length / 4));
  });

  it('streams tool input as input_json_delta chunks that parse into the input object', async () => {
    const input = { ref: 'e42', reason: 'the submit button below the form' };
    fake.enqueue(toolTurn('click', input));
    const jsonChunks: string[] = [];

    const stream = makeClient().messages.stream(params());
    stream.on('inputJson', (partial) => jsonChunks.push(partial));
    const message = await stream.finalMessage();

    expect(jsonChunks.length).toBeGreaterThan(2);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([{ type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'click', input }]);
  });

  it('streams a rawInput verbatim, so a client sees input JSON that does not parse', async () => {
    const broken = '{"ref": 12, "text": "unterminated';
    fake.enqueue(rawToolTurn('type', broken, 'Typing.'));
    const jsonChunks: string[] = [];
    const seen: string[] = [];

    const stream = await makeClient().messages.create({ ...params(), stream: true });
    for await (const event of stream) {
      seen.push(event.type);
      if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') {
        jsonChunks.push(event.delta.partial_json);
      }
    }

    expect(jsonChunks.length).toBeGreaterThan(1);
    expect(jsonChunks.join('')).toBe(broken);
    expect(() => JSON.parse(jsonChunks.join(''))).toThrow();
    expect(seen.at(-1)).toBe('message_stop');
  });

  it('sends a valid rawInput parsed in a non-streaming reply, and never the rawInput field', async () => {
    fake.enqueue(rawToolTurn('click', '{"ref": 3}'));
    const message = await makeClient().messages.create(params());
    expect(message.content).toEqual([
      { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'click', input: { ref: 3 } },
    ]);
  });

  it('sends the real event sequence, with tool_use blocks opening on an empty input', async () => {
    fake.enqueue(toolTurn('click', { ref: 'e1' }, 'Hi'));
    const events: Anthropic.MessageStreamEvent[] = [];

    const stream = await makeClient().messages.create({ ...params(), stream: true });
    for await (const event of stream) events.push(event);

    expect(events.map((event) => event.type)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[4]).toMatchObject({ content_block: { type: 'tool_use', name: 'click', input: {} } });
    expect(events[0]).toMatchObject({ message: { content: [], stop_reason: null } });
  });

  it('spaces events by eventDelayMs so a UI can watch text arrive', async () => {
    fake.enqueue({ ...textTurn(LONG_TEXT), eventDelayMs: 15 });
    const arrivals: number[] = [];

    const stream = makeClient().messages.stream(params());
    stream.on('text', () => arrivals.push(Date.now()));
    await stream.finalMessage();

    const first = arrivals[0] ?? 0;
    const last = arrivals.at(-1) ?? 0;
    expect(last - first).toBeGreaterThanOrEqual(15 * (arrivals.length - 1) * 0.8);
  });
});

describe('recording and auth', () => {
  it('records method, path, parsed body, headers and the Bearer credential the SDK sends for apiKey', async () => {
    fake.enqueue(textTurn('ok'));
    const before = Date.now();

    await makeClient().messages.create(params('Find the price'));

    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests as [RecordedRequest];
    expect(req).toMatchObject({ method: 'POST', path: '/v1/messages', auth: 'bearer', credential: KEY });
    expect(req.body?.model).toBe(MODEL);
    expect(req.body?.messages).toEqual([{ role: 'user', content: 'Find the price' }]);
    expect(req.body?.tools?.[0]).toMatchObject({ name: 'click' });
    expect(req.headers['anthropic-version']).toBeTruthy();
    expect(req.time).toBeGreaterThanOrEqual(before);
  });

  it('accepts the key as x-api-key', async () => {
    fake.enqueue(textTurn('ok'));
    // SDK 1.x sends apiKey as `Authorization: Bearer`; an explicit header is how a client opts into x-api-key.
    const client = makeClient({ defaultHeaders: { 'x-api-key': KEY, Authorization: null } });

    await client.messages.create(params());

    expect(fake.requests[0]).toMatchObject({ auth: 'x-api-key', credential: KEY });
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('accepts the key as an authToken (Authorization: Bearer)', async () => {
    fake.enqueue(textTurn('ok'));
    const client = new Anthropic({ authToken: KEY, baseURL: fake.url, maxRetries: 0 });

    await client.messages.create(params());

    expect(fake.requests[0]).toMatchObject({ auth: 'bearer', credential: KEY });
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('rejects a wrong key with AuthenticationError without consuming a turn', async () => {
    fake.enqueue(textTurn('never sent'));

    const error = await rejection(makeClient({ apiKey: 'sk-wrong' }).messages.create(params()));

    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(error).toMatchObject({ status: 401, type: 'authentication_error', apiMessage: 'invalid x-api-key' });
    expect(fake.pendingTurns()).toBe(1);
  });
});

describe('faults', () => {
  it('429 without retries throws RateLimitError carrying retry-after', async () => {
    fake.enqueue({ fault: 'rate_limit', retryAfterSec: 7 });

    const error = await rejection(makeClient().messages.create(params()));

    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect(error).toMatchObject({ status: 429, type: 'rate_limit_error' });
    const headers = error instanceof Anthropic.APIError ? error.headers : undefined;
    expect(headers?.get('retry-after')).toBe('7');
  });

  it('429 with a retry honours a fractional retry-after and succeeds on the next turn', async () => {
    fake.enqueue({ fault: 'rate_limit', retryAfterSec: 0.05 }, textTurn('after the wait'));
    const started = Date.now();

    const message = await makeClient({ maxRetries: 1 }).messages.create(params());

    const elapsed = Date.now() - started;
    expect(message.content).toEqual([{ type: 'text', text: 'after the wait' }]);
    expect(fake.messageRequests).toHaveLength(2);
    expect(fake.messageRequests[1]?.headers['x-stainless-retry-count']).toBe('1');
    // The SDK's own backoff for a first retry is at least 375 ms, so this proves the header was used.
    expect(elapsed).toBeGreaterThanOrEqual(45);
    expect(elapsed).toBeLessThan(350);
  });

  it('429 with retry-after: 0 falls back to the SDK default backoff (about 0.5 s)', async () => {
    fake.enqueue({ fault: 'rate_limit', retryAfterSec: 0 }, textTurn('ok'));
    const started = Date.now();

    await makeClient({ maxRetries: 1 }).messages.create(params());

    expect(Date.now() - started).toBeGreaterThanOrEqual(370);
    expect(fake.messageRequests).toHaveLength(2);
  });

  it('500 throws InternalServerError', async () => {
    fake.enqueue({ fault: 'server_error' });
    const error = await rejection(makeClient().messages.create(params()));
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect(error).toMatchObject({ status: 500, type: 'api_error' });
  });

  it('529 throws an APIError with status 529 (OverloadedError)', async () => {
    fake.enqueue({ fault: 'overloaded' });
    const error = await rejection(makeClient().messages.create(params()));
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error).toBeInstanceOf(Anthropic.OverloadedError);
    expect(error).toMatchObject({ status: 529, type: 'overloaded_error' });
  });

  it('400 throws BadRequestError carrying the message', async () => {
    fake.enqueue({ fault: 'bad_request', message: 'messages: roles must alternate' });
    const error = await rejection(makeClient().messages.create(params()));
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error).toMatchObject({ status: 400, apiMessage: 'messages: roles must alternate' });
    expect(String(error)).toContain('messages: roles must alternate');
  });

  it('an unauthorized turn throws AuthenticationError even with a valid key', async () => {
    fake.enqueue({ fault: 'unauthorized' });
    const error = await rejection(makeClient().messages.create(params()));
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
  });

  it('an unscripted request fails at once with a non-retryable 500 saying so', async () => {
    const error = await rejection(makeClient({ maxRetries: 2 }).messages.create(params()));
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect(String(error)).toContain('no turn was scripted');
    expect(fake.messageRequests).toHaveLength(1);
  });

  it('hang: an aborted request rejects with APIUserAbortError', async () => {
    fake.enqueue({ fault: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);

    const error = await rejection(makeClient().messages.create(params(), { signal: controller.signal }));

    expect(error).toBeInstanceOf(Anthropic.APIUserAbortError);
  });

  it('hang: an SDK timeout rejects with APIConnectionTimeoutError', async () => {
    fake.enqueue({ fault: 'hang' });
    const error = await rejection(makeClient({ timeout: 100 }).messages.create(params()));
    expect(error).toBeInstanceOf(Anthropic.APIConnectionTimeoutError);
  });

  it('hang: close() destroys the hanging socket and returns promptly', async () => {
    const own = await startFakeAnthropic();
    own.enqueue({ fault: 'hang' });
    const client = new Anthropic({ apiKey: KEY, baseURL: own.url, maxRetries: 0 });
    const pending = rejection(client.messages.create(params()));
    await waitFor(() => own.messageRequests.length === 1);

    const started = Date.now();
    await own.close();

    expect(Date.now() - started).toBeLessThan(500);
    expect(await pending).toBeInstanceOf(Anthropic.APIConnectionError);
  });

  it('hang: reset() drops the hanging connection so it cannot leak into the next test', async () => {
    fake.enqueue({ fault: 'hang' });
    const pending = rejection(makeClient().messages.create(params()));
    await waitFor(() => fake.messageRequests.length === 1);

    fake.reset();

    expect(await pending).toBeInstanceOf(Anthropic.APIConnectionError);
    expect(fake.requests).toHaveLength(0);
  });

  it('cut: a stream cut after a few events makes the SDK stream reject', async () => {
    fake.enqueue({ fault: 'cut', afterEvents: 4, turn: textTurn(LONG_TEXT) });
    const deltas: string[] = [];

    const stream = makeClient().messages.stream(params());
    stream.on('text', (delta) => deltas.push(delta));
    const error = await rejection(stream.finalMessage());

    expect(error).toBeInstanceOf(Anthropic.AnthropicError);
    // message_start, ping, content_block_start, then exactly one text delta got through
    expect(deltas).toHaveLength(1);
  });

  it('cut: for-await over a raw stream throws', async () => {
    fake.enqueue({ fault: 'cut', turn: toolTurn('click', { ref: 'e1' }) });
    const seen: string[] = [];

    const stream = await makeClient().messages.create({ ...params(), stream: true });
    const error = await rejection(
      (async () => {
        for await (const event of stream) seen.push(event.type);
      })(),
    );

    expect(error).toBeInstanceOf(Error);
    expect(seen[0]).toBe('message_start');
    expect(seen).not.toContain('message_stop');
  });

  it('stall: streams the first events, then holds the connection open until reset() drops it', async () => {
    fake.enqueue({ fault: 'stall', afterEvents: 4, turn: textTurn(LONG_TEXT) });
    const seen: string[] = [];

    const stream = await makeClient().messages.create({ ...params(), stream: true });
    const reading = rejection(
      (async () => {
        for await (const event of stream) {
          seen.push(event.type);
          // message_start, ping (which the SDK skips), content_block_start and one delta; then nothing comes, and
          // only dropping the held connection ends the stream (an ended response would finish without an error).
          if (event.type === 'content_block_delta') fake.reset();
        }
      })(),
    );

    expect(await reading).toBeInstanceOf(Error);
    expect(seen).toEqual(['message_start', 'content_block_start', 'content_block_delta']);
  });

  it('stream_error: sends an error event mid-stream that the SDK throws as an APIError of that type', async () => {
    fake.enqueue({ fault: 'stream_error', afterEvents: 3, turn: textTurn(LONG_TEXT) });
    const seen: string[] = [];

    const stream = await makeClient().messages.create({ ...params(), stream: true });
    const error = await rejection(
      (async () => {
        for await (const event of stream) seen.push(event.type);
      })(),
    );

    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error).toMatchObject({ status: undefined, type: 'overloaded_error' });
    expect(seen).toEqual(['message_start', 'content_block_start']);
  });

  it('stream_error: a non-streaming request gets the matching HTTP status', async () => {
    fake.enqueue({ fault: 'stream_error', errorType: 'api_error', turn: textTurn('never seen') });
    const error = await rejection(makeClient().messages.create(params()));
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
  });

  it('cut: a non-streaming request gets a dropped connection', async () => {
    fake.enqueue({ fault: 'cut', turn: textTurn('never seen') });
    const error = await rejection(makeClient().messages.create(params()));
    expect(error).toBeInstanceOf(Anthropic.APIConnectionError);
  });
});

describe('respondWith', () => {
  it('answers from what the model was shown, after the queue runs dry', async () => {
    const seen: number[] = [];
    fake.enqueue(textTurn('from the queue'));
    fake.respondWith((req, index) => {
      seen.push(index);
      const ref = /\[ref=(e\d+)\]/.exec(lastUserText(req))?.[1] ?? 'none';
      return toolTurn('click', { ref });
    });
    const client = makeClient();

    const queued = await client.messages.create(params());
    const answered = await client.messages.create({
      ...params(),
      messages: [
        { role: 'user', content: 'Press submit' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'snapshot', input: {} }] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'button "Submit" [ref=e7]' }],
        },
      ],
    });

    expect(queued.content).toEqual([{ type: 'text', text: 'from the queue' }]);
    expect(answered.content).toEqual([
      { type: 'tool_use', id: expect.any(String), name: 'click', input: { ref: 'e7' } },
    ]);
    expect(seen).toEqual([1]);
  });
});

describe('other endpoints and CORS', () => {
  it('counts tokens and lists models for a "test connection" check', async () => {
    const client = makeClient();

    const count = await client.messages.countTokens({ model: MODEL, messages: [{ role: 'user', content: 'hello' }] });
    const models = await client.models.list();

    expect(count.input_tokens).toBeGreaterThan(0);
    expect(models.data.map((model) => model.id)).toContain(MODEL);
  });

  it('answers preflights permissively and puts CORS headers on every response', async () => {
    const preflight = await fetch(`${fake.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'chrome-extension://abcdefghijklmnop',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,anthropic-version',
      },
    });
    const plain = await fetch(`${fake.url}/v1/models`, { headers: { 'x-api-key': KEY } });

    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, GET, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(plain.headers.get('access-control-allow-origin')).toBe('*');
    expect(plain.headers.get('access-control-expose-headers')).toBe('*');
  });

  it('answers unknown paths with an Anthropic-shaped 404', async () => {
    const response = await fetch(`${fake.url}/v1/nope`, { method: 'POST', headers: { 'x-api-key': KEY } });

    expect(response.status).toBe(404);
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: expect.stringContaining('/v1/nope') },
    });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 1000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
