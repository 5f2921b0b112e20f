// The stand-in refuses what the API refuses about `messages`, in the API's words: roles, empty content, tool calls and
// their results, tool blocks without tools, cache breakpoints, block placement and prefill.

import { describe, expect, it } from 'vitest';
import { textTurn } from '../../support/fake-anthropic';
import { apiMessage, type Body, clickTool, send, useFake } from './fake-anthropic-harness';

const h = useFake();

function base(messages: unknown[], extra: Body = {}, model = 'claude-sonnet-5-5'): Body {
  return { model, max_tokens: 1024, tools: [clickTool], messages, ...extra };
}

function refusal(body: Body): Promise<string | null | undefined> {
  return apiMessage(send(h.client(), body));
}

async function accepts(body: Body): Promise<void> {
  h.fake.enqueue(textTurn('ok'));
  await send(h.client(), body);
  expect(h.fake.messageRequests.at(-1)?.rejection).toBeUndefined();
}

const user = (content: unknown) => ({ role: 'user', content });
const assistant = (content: unknown) => ({ role: 'assistant', content });
const use = (id: string) => ({ type: 'tool_use', id, name: 'click', input: { ref: 'e1' } });
const result = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: 'clicked' });
const text = (value: string) => ({ type: 'text', text: value });

describe('roles', () => {
  it('takes user, assistant and (on 5.x) system entries; refuses others with the allowed roles', async () => {
    expect(await refusal(base([{ role: 'tool', content: 'x' }]))).toBe(
      "messages.0.role: Input should be 'user', 'assistant' or 'system'",
    );
    expect(await refusal(base([user('hi'), { role: 'system', content: 'note' }], {}, 'claude-sonnet-4-6'))).toBe(
      "messages.1.role: Input should be 'user' or 'assistant'",
    );
    await accepts(base([user('hi'), { role: 'system', content: 'The date is 2026-11-24.' }]));
  });

  it('combines consecutive same-role messages instead of refusing them', async () => {
    await accepts(base([user('hi'), user('and more'), assistant('ok'), assistant('still me'), user('go on')]));
  });

  it('needs the first message to be the user', async () => {
    expect(await refusal(base([assistant('hello'), user('hi')]))).toBe(
      'messages: first message must use the "user" role',
    );
    await accepts(base([user('hi'), assistant('hello'), user('hi again')]));
  });
});

describe('empty content', () => {
  it('refuses empty and blank text blocks', async () => {
    expect(await refusal(base([user([text('')])]))).toBe('messages: text content blocks must be non-empty');
    expect(await refusal(base([user([text('  \n')])]))).toBe(
      'messages: text content blocks must contain non-whitespace text',
    );
    expect(await refusal(base([user([{ type: 'tool_result', tool_use_id: 'x', content: [text(' ')] }])]))).toBe(
      'messages: text content blocks must contain non-whitespace text',
    );
    await accepts(base([user([text('hi')])]));
  });

  it('refuses a non-final message without content', async () => {
    expect(await refusal(base([user([]), assistant('ok'), user('hi')]))).toBe(
      'messages.0: all messages must have non-empty content except for the optional final assistant message',
    );
    expect(await refusal(base([user('hi'), assistant(''), user('hi')]))).toBe(
      'messages.1: all messages must have non-empty content except for the optional final assistant message',
    );
    await accepts(base([user('hi'), assistant('ok'), user('hi')]));
  });
});

describe('tool calls and their results', () => {
  it('needs every tool_use answered at the start of the next message', async () => {
    const unanswered = base([user('go'), assistant([use('toolu_A'), use('toolu_B')]), user('well?')]);
    expect(await refusal(unanswered)).toBe(
      'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_A, toolu_B. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
    );
    await accepts(
      base([
        user('go'),
        assistant([use('toolu_A'), use('toolu_B')]),
        user([result('toolu_A'), result('toolu_B'), text('and?')]),
      ]),
    );
  });

  it('refuses a tool_result with no tool_use in the previous message', async () => {
    const stray = base([user('go'), assistant([use('toolu_A')]), user([result('toolu_A'), result('toolu_Z')])]);
    expect(await refusal(stray)).toBe(
      'messages.2.content.1: unexpected `tool_use_id` found in `tool_result` blocks: toolu_Z. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
    );
  });

  it('refuses text before the tool results', async () => {
    const late = base([user('go'), assistant([use('toolu_A')]), user([text('here:'), result('toolu_A')])]);
    expect(await refusal(late)).toBe(
      'messages.2: Did not find 1 `tool_result` block(s) at the beginning of this message. Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.',
    );
  });

  it('counts a system message between the call and its result as nothing answering it', async () => {
    const between = base([
      user('go'),
      assistant([use('toolu_A')]),
      { role: 'system', content: 'note' },
      user([result('toolu_A')]),
    ]);
    expect(await refusal(between)).toMatch(
      /^messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_A/,
    );
    await accepts(
      base([user('go'), assistant([use('toolu_A')]), user([result('toolu_A')]), { role: 'system', content: 'note' }]),
    );
  });

  it('needs tools defined when the history holds tool blocks', async () => {
    const body = base([user('go'), assistant([use('toolu_A')]), user([result('toolu_A')])], { tools: [] });
    expect(await refusal(body)).toBe('Requests which include `tool_use` or `tool_result` blocks must define tools.');
  });

  it('keeps blocks in the role that carries them', async () => {
    expect(await refusal(base([user([use('toolu_A')])]))).toBe(
      'messages.0.content.0: `tool_use` blocks are not allowed in `user` messages',
    );
  });
});

describe('cache breakpoints', () => {
  const cached = (value: string, ttl?: string) => ({
    ...text(value),
    cache_control: { type: 'ephemeral', ...(ttl ? { ttl } : {}) },
  });

  it('allows at most four, a top-level cache_control counting as one', async () => {
    const four = [user([cached('a'), cached('b'), cached('c'), cached('d')])];
    expect(await refusal(base(four, { cache_control: { type: 'ephemeral' } }))).toBe(
      'A maximum of 4 blocks with cache_control may be provided. Found 5.',
    );
    expect(await refusal(base([user([cached('a'), cached('b'), cached('c'), cached('d'), cached('e')])]))).toBe(
      'A maximum of 4 blocks with cache_control may be provided. Found 5.',
    );
    await accepts(base(four));
  });

  it('takes only the 5m and 1h lifetimes', async () => {
    expect(await refusal(base([user([cached('a', '10m')])]))).toBe(
      "messages.0.content.0.text.cache_control.ephemeral.ttl: Input should be '5m' or '1h'",
    );
    await accepts(base([user([cached('a', '1h')])]));
  });
});

describe('prefill', () => {
  const prefill = [user('Answer in JSON'), assistant('{"answer":')];
  const message =
    'This model does not support assistant message prefill. The conversation must end with a user message.';

  it('is refused on 5.x and Sonnet 4.6, accepted on Haiku 4.5', async () => {
    expect(await refusal(base(prefill))).toBe(message);
    expect(await refusal(base(prefill, {}, 'claude-sonnet-4-6'))).toBe(message);
    await accepts(base(prefill, {}, 'claude-haiku-4-5'));
  });
});
