// The stand-in's wire format against the real @anthropic-ai/sdk client: message JSON, the event stream, recording,
// auth, and responders that read what the model reads.

import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import {
  lastUserText,
  latestViewUserText,
  type RecordedRequest,
  rawToolTurn,
  textTurn,
  toolsTurn,
  toolTurn,
  viewText,
} from '../../support/fake-anthropic';
import { clickTool, KEY, rejection, useFake } from './fake-anthropic-harness';

// A model that does not think unless asked, so replies carry exactly the scripted blocks.
const MODEL = 'claude-sonnet-4-6';
const LONG_TEXT = 'The page has loaded and the search box is ready for input.';
const h = useFake();

function params(text = 'Open example.com'): Anthropic.MessageCreateParamsNonStreaming {
  return { model: MODEL, max_tokens: 256, messages: [{ role: 'user', content: text }], tools: [clickTool] };
}

describe('non-streaming replies', () => {
  it('answers a text turn with the Messages API shape and usage estimated from what was sent', async () => {
    h.fake.enqueue(textTurn('Done.'));

    const message = await h.client().messages.create(params());

    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: MODEL,
      content: [{ type: 'text', text: 'Done.' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      stop_details: null,
    });
    expect(message.id).toMatch(/^msg_/);
    expect(message._request_id).toMatch(/^req_/);
    expect(message.usage).toMatchObject({
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      output_tokens: 2,
      service_tier: 'standard',
    });
    expect(message.usage.input_tokens).toBeGreaterThan(20);
    expect(message.usage.output_tokens_details).toBeUndefined();
    expect(h.fake.messageRequests[0]?.usage).toEqual(message.usage);
    expect(h.fake.rejections).toEqual([]);
  });

  it('answers a tool_use turn with parsed input, stop_reason tool_use and the usage the script names', async () => {
    const usage = { input_tokens: 1200, output_tokens: 34, cache_read_input_tokens: 1000 };
    h.fake.enqueue({ ...toolTurn('click', { ref: 'e12' }, 'Clicking search.'), usage });

    const message = await h.client().messages.create(params());

    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([
      { type: 'text', text: 'Clicking search.' },
      { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'click', input: { ref: 'e12' } },
    ]);
    expect(message.usage).toMatchObject(usage);
  });

  it('answers several tool calls in one turn and keeps explicit ids', async () => {
    h.fake.enqueue(
      toolsTurn([
        { name: 'click', input: { ref: 'e1' }, id: 'toolu_fixed' },
        { name: 'click', input: { ref: 'e2' } },
      ]),
    );

    const message = await h.client().messages.create(params());

    const toolUses = message.content.filter((block) => block.type === 'tool_use');
    expect(toolUses.map((block) => [block.id, block.input])).toEqual([
      ['toolu_fixed', { ref: 'e1' }],
      [expect.stringMatching(/^toolu_/), { ref: 'e2' }],
    ]);
  });

  it('sends a valid rawInput parsed in a non-streaming reply, and never the rawInput field', async () => {
    h.fake.enqueue(rawToolTurn('click', '{"ref": 3}'));
    const message = await h.client().messages.create(params());
    expect(message.content).toEqual([
      { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'click', input: { ref: 3 } },
    ]);
  });
});

describe('streaming replies', () => {
  it('streams text as several deltas that add up to the final message', async () => {
    h.fake.enqueue(textTurn(LONG_TEXT));
    const deltas: string[] = [];

    const stream = h.client().messages.stream(params());
    stream.on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();

    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join('')).toBe(LONG_TEXT);
    expect(message.content).toEqual([{ type: 'text', text: LONG_TEXT }]);
    expect(message.usage.output_tokens).toBe(Math.ceil(LONG_TEXT.length / 4));
  });

  it('streams tool input as input_json_delta chunks, the first one empty as the API records it', async () => {
    const input = { ref: 'e42', reason: 'the submit button below the form' };
    h.fake.enqueue(toolTurn('click', input));
    const jsonChunks: string[] = [];

    const stream = h.client().messages.stream(params());
    stream.on('inputJson', (partial) => jsonChunks.push(partial));
    const message = await stream.finalMessage();

    expect(jsonChunks[0]).toBe('');
    expect(jsonChunks.join('')).toBe(JSON.stringify(input));
    expect(message.content).toEqual([{ type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'click', input }]);
  });

  it('streams a rawInput verbatim, so a client sees input JSON that does not parse', async () => {
    const broken = '{"ref": 12, "text": "unterminated';
    h.fake.enqueue(rawToolTurn('click', broken, 'Typing.'));
    const jsonChunks: string[] = [];

    const stream = await h.client().messages.create({ ...params(), stream: true });
    for await (const event of stream) {
      if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta')
        jsonChunks.push(event.delta.partial_json);
    }

    expect(jsonChunks.join('')).toBe(broken);
  });

  it('sends the real frames: an event line on each, the ping after the first block start, cumulative usage', async () => {
    h.fake.enqueue(toolTurn('click', { ref: 'e1' }, 'Hi'));

    const response = await fetch(`${h.fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ ...params(), stream: true }),
    });
    const frames = (await response.text()).trim().split('\n\n');

    expect(frames.every((frame) => /^event: \w+\ndata: \{/.test(frame))).toBe(true);
    expect(frames.map((frame) => /^event: (\w+)/.exec(frame)?.[1])).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const start = JSON.parse(frames[0]?.split('data: ')[1] ?? '{}');
    expect(start.message).toMatchObject({
      content: [],
      stop_reason: null,
      stop_details: null,
      usage: { output_tokens: 1 },
    });
    const delta = JSON.parse(frames[10]?.split('data: ')[1] ?? '{}');
    expect(delta).toMatchObject({
      delta: { stop_reason: 'tool_use', stop_sequence: null, stop_details: null },
      usage: { input_tokens: start.message.usage.input_tokens, output_tokens: expect.any(Number) },
    });
  });

  it('spaces events by eventDelayMs so a UI can watch text arrive', async () => {
    h.fake.enqueue({ ...textTurn(LONG_TEXT), eventDelayMs: 15 });
    const arrivals: number[] = [];

    const stream = h.client().messages.stream(params());
    stream.on('text', () => arrivals.push(Date.now()));
    await stream.finalMessage();

    expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(15 * (arrivals.length - 1) * 0.8);
  });
});

describe('recording and auth', () => {
  it('records method, path, body, headers, profile and the Bearer credential the SDK sends for apiKey', async () => {
    h.fake.enqueue(textTurn('ok'));
    const before = Date.now();

    await h.client().messages.create(params('Find the price'));

    const [req] = h.fake.requests as [RecordedRequest];
    expect(req).toMatchObject({
      method: 'POST',
      path: '/v1/messages',
      auth: 'bearer',
      credential: KEY,
      profile: MODEL,
    });
    expect(req.body?.messages).toEqual([{ role: 'user', content: 'Find the price' }]);
    expect(req.headers['anthropic-version']).toBeTruthy();
    expect(req.time).toBeGreaterThanOrEqual(before);
    expect(req.rejection).toBeUndefined();
  });

  it('accepts the key as x-api-key', async () => {
    h.fake.enqueue(textTurn('ok'));
    await h.client({ defaultHeaders: { 'x-api-key': KEY, Authorization: null } }).messages.create(params());
    expect(h.fake.requests[0]).toMatchObject({ auth: 'x-api-key', credential: KEY });
  });

  it('rejects a wrong key with AuthenticationError, consuming no turn and recording no rule rejection', async () => {
    h.fake.enqueue(textTurn('never sent'));

    const error = await rejection(h.client({ apiKey: 'sk-wrong' }).messages.create(params()));

    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(error).toMatchObject({ status: 401, type: 'authentication_error', apiMessage: 'invalid x-api-key' });
    expect(h.fake.pendingTurns()).toBe(1);
    expect(h.fake.rejections).toEqual([]);
  });

  it('records a refused request with its rejection, never asks the script, and lists it in rejections', async () => {
    h.fake.enqueue(textTurn('kept for the next valid request'));

    const error = await rejection(h.client().messages.create({ ...params(), max_tokens: 0 }));

    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    const headers = error instanceof Anthropic.APIError ? error.headers : undefined;
    expect(headers?.get('x-should-retry')).toBe('false');
    expect(h.fake.rejections).toHaveLength(1);
    expect(h.fake.rejections[0]?.rejection).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'max_tokens: Input should be greater than or equal to 1',
    });
    expect(h.fake.pendingTurns()).toBe(1);
  });
});

describe('responders read what the model reads', () => {
  it('hands the view to the responder, with an index that counts answered requests', async () => {
    const seen: Array<[number, string, string]> = [];
    h.fake.enqueue(textTurn('from the queue'));
    h.fake.respondWith((req, index) => {
      seen.push([index, latestViewUserText(req), lastUserText(req)]);
      const ref = /\[ref=(e\d+)\]/.exec(viewText(req))?.[1] ?? 'none';
      return toolTurn('click', { ref });
    });
    const client = h.client();

    await client.messages.create(params());
    const answered = await client.messages.create({
      ...params(),
      system: 'You drive a browser.',
      messages: [
        { role: 'user', content: 'Press submit' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'click', input: { ref: 'e0' } }] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'button "Submit" [ref=e7]' }],
        },
      ],
    });

    expect(answered.content).toEqual([
      { type: 'tool_use', id: expect.any(String), name: 'click', input: { ref: 'e7' } },
    ]);
    expect(seen).toEqual([[1, 'button "Submit" [ref=e7]', 'button "Submit" [ref=e7]']]);
    expect(h.fake.messageRequests[1]?.view?.system).toEqual([{ type: 'text', text: 'You drive a browser.' }]);
  });
});
