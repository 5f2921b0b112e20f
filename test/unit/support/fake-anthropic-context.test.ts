// Server-side context editing and prompt caching as the stand-in plays them: what the model reads after clearing,
// the counters the response reports, and cache reads and writes across requests.

import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import {
  CLEARED_TOOL_RESULT_TEXT,
  type RecordedRequest,
  startFakeAnthropic,
  textTurn,
  toolTurn,
  viewText,
} from '../../support/fake-anthropic';
import { type Body, clickTool, filler, KEY, noteTool, send, useFake } from './fake-anthropic-harness';

const h = useFake();
const CM = 'context-management-2025-06-27';
type Message = Anthropic.Messages.MessageParam;

function body(messages: Message[], extra: Body = {}, model = 'claude-sonnet-5-5'): Body {
  return { model, max_tokens: 4096, tools: [clickTool, noteTool], messages, ...extra };
}

/** A history of `rounds` tool calls whose results are `resultChars` long; the last user message answers the last call. */
function history(rounds: number, resultChars: number): Message[] {
  const messages: Message[] = [{ role: 'user', content: 'Compare the prices' }];
  for (let i = 0; i < rounds; i++) {
    const name = i === 0 ? 'note' : 'click';
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id: `toolu_${i}`, name, input: { ref: `e${i}` } }],
    });
    messages.push({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: `toolu_${i}`,
          content: filler(resultChars, String.fromCharCode(97 + (i % 26))),
        },
      ],
    });
  }
  return messages;
}

const placeholders = (req: RecordedRequest | undefined) =>
  viewText(req ?? ({} as RecordedRequest)).split(CLEARED_TOOL_RESULT_TEXT).length - 1;

describe('clearing tool results', () => {
  const clearing = {
    context_management: {
      edits: [
        {
          type: 'clear_tool_uses_20250919',
          trigger: { type: 'input_tokens', value: 2000 },
          keep: { type: 'tool_uses', value: 1 },
          clear_at_least: { type: 'input_tokens', value: 700 },
          exclude_tools: ['note'],
        },
      ],
    },
    cache_control: { type: 'ephemeral' },
  };

  it('clears in steps: the cleared set only grows, by chunks that save clear_at_least, never the note', async () => {
    const cleared: number[] = [];
    const reads: number[] = [];
    const totals: number[] = [];
    for (let rounds = 1; rounds <= 9; rounds++) {
      h.fake.enqueue({ ...textTurn('ok'), thinking: false });
      const message = (await send(h.client(), body(history(rounds, 1600), clearing), [
        CM,
      ])) as Anthropic.Beta.BetaMessage;
      const edit = message.context_management?.applied_edits[0];
      cleared.push(edit?.type === 'clear_tool_uses_20250919' ? edit.cleared_tool_uses : 0);
      reads.push(message.usage.cache_read_input_tokens ?? 0);
      totals.push(
        message.usage.input_tokens +
          (message.usage.cache_read_input_tokens ?? 0) +
          (message.usage.cache_creation_input_tokens ?? 0),
      );
      expect(placeholders(h.fake.messageRequests.at(-1))).toBe(cleared.at(-1));
    }
    expect(cleared).toEqual([0, 0, 0, 0, 2, 2, 4, 6, 6]);
    expect(viewText(h.fake.messageRequests.at(-1) as RecordedRequest)).toContain(filler(1600, 'a'));
    // Between clearing events the prefix stays put, so each request reads what the one before it wrote; a clearing
    // event changes the prefix at the first newly cleared result, and the cache is written again from there.
    for (let i = 1; i < cleared.length; i++) {
      if (cleared[i] === cleared[i - 1]) expect(reads[i]).toBe(totals[i - 1]);
      else expect(reads[i]).toBeLessThan(totals[i - 1] as number);
    }
  });

  it('reports what it cleared and empties inputs when asked', async () => {
    const edit = { ...clearing.context_management.edits[0], clear_tool_inputs: true, exclude_tools: [] };
    h.fake.enqueue(textTurn('ok'));
    const message = (await send(h.client(), body(history(6, 1600), { context_management: { edits: [edit] } }), [
      CM,
    ])) as Anthropic.Beta.BetaMessage;
    expect(message.context_management?.applied_edits).toEqual([
      { type: 'clear_tool_uses_20250919', cleared_tool_uses: 2, cleared_input_tokens: expect.any(Number) },
    ]);
    const view = h.fake.messageRequests.at(-1)?.view;
    expect(view?.messages[1]?.content[0]).toMatchObject({ type: 'tool_use', input: {} });
    expect(view?.messages[2]?.content[0]).toMatchObject({
      type: 'tool_result',
      content: [{ type: 'text', text: CLEARED_TOOL_RESULT_TEXT }],
    });
  });

  it('counts tokens after the edits, with the original count', async () => {
    const { max_tokens: _max, ...request } = body(history(6, 1600), {
      context_management: clearing.context_management,
    });
    const count = await h.client().beta.messages.countTokens({
      ...(request as unknown as Anthropic.Beta.MessageCountTokensParams),
      betas: [CM],
    });
    expect(count.input_tokens).toBeLessThan(count.context_management?.original_input_tokens ?? 0);
  });
});

describe('clearing thinking', () => {
  it('keeps thinking in the last turns asked for and reports the turns cleared', async () => {
    const messages: Message[] = [{ role: 'user', content: 'go' }];
    for (let i = 0; i < 3; i++) {
      h.fake.enqueue(toolTurn('click', { ref: `e${i}` }));
      const reply = (await send(h.client(), body(messages))) as Anthropic.Message;
      const call = reply.content.find((b) => b.type === 'tool_use');
      messages.push(
        { role: 'assistant', content: reply.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call?.id ?? '', content: 'ok' }] },
      );
    }
    h.fake.enqueue(textTurn('done'));
    const edits = {
      context_management: { edits: [{ type: 'clear_thinking_20251015', keep: { type: 'thinking_turns', value: 1 } }] },
    };
    const message = (await send(h.client(), body(messages, edits), [CM])) as Anthropic.Beta.BetaMessage;
    expect(message.context_management?.applied_edits).toEqual([
      { type: 'clear_thinking_20251015', cleared_thinking_turns: 2, cleared_input_tokens: 240 },
    ]);
    const types = h.fake.messageRequests
      .at(-1)
      ?.view?.messages.filter((m) => m.role === 'assistant')
      .map((m) => m.content.map((b) => b.type));
    expect(types).toEqual([['tool_use'], ['tool_use'], ['thinking', 'tool_use']]);
  });
});

describe('system messages in the conversation', () => {
  it('hides one marked clear_at next_user_message once a later user message exists', async () => {
    const note = {
      role: 'system',
      content: 'Reminder: the cart is open.',
      clear_at: 'next_user_message',
    } as unknown as Message;
    h.fake.enqueue(textTurn('ok'), textTurn('ok'));
    await send(h.client(), body([{ role: 'user', content: 'go' }, note]), [
      'mid-conversation-system-clear-at-2026-08-21',
    ]);
    const shown = viewText(h.fake.messageRequests.at(-1) as RecordedRequest);
    await send(
      h.client(),
      body([
        { role: 'user', content: 'go' },
        note,
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'next' },
      ]),
      ['mid-conversation-system-clear-at-2026-08-21'],
    );
    expect(shown).toContain('Reminder');
    expect(viewText(h.fake.messageRequests.at(-1) as RecordedRequest)).not.toContain('Reminder');
  });
});

describe('prompt caching', () => {
  const system = [{ type: 'text', text: filler(3000, 's'), cache_control: { type: 'ephemeral' } }];

  it('reads the previous prefix on each of three growing requests', async () => {
    const messages: Message[] = [{ role: 'user', content: 'one' }];
    const usages: Anthropic.Usage[] = [];
    for (const next of ['two', 'three', 'four']) {
      h.fake.enqueue(textTurn(`reply before ${next}`));
      const message = (await send(
        h.client(),
        body(messages, { system, cache_control: { type: 'ephemeral' } }),
      )) as Anthropic.Message;
      usages.push(message.usage);
      messages.push({ role: 'assistant', content: message.content }, { role: 'user', content: next });
    }
    const total = (u: Anthropic.Usage) =>
      u.input_tokens + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0);
    expect(usages[0]).toMatchObject({ cache_read_input_tokens: 0, input_tokens: 0 });
    expect(usages[0]?.cache_creation_input_tokens).toBe(total(usages[0] as Anthropic.Usage));
    expect(usages[1]?.cache_read_input_tokens).toBe(total(usages[0] as Anthropic.Usage));
    expect(usages[2]?.cache_read_input_tokens).toBe(total(usages[1] as Anthropic.Usage));
    expect(usages[2]?.cache_creation_input_tokens).toBeGreaterThan(120);
  });

  it('caches nothing below the model minimum', async () => {
    h.fake.enqueue(textTurn('ok'), textTurn('ok'));
    const small = body(
      [{ role: 'user', content: 'short' }],
      { system, cache_control: { type: 'ephemeral' } },
      'claude-haiku-4-5',
    );
    await send(h.client(), small);
    const second = (await send(h.client(), small)) as Anthropic.Message;
    expect(second.usage).toMatchObject({
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    });
    expect(second.usage.input_tokens).toBeGreaterThan(750);
  });

  it('keeps entries 5 minutes or 1 hour from their last use, and splits writes by lifetime', async () => {
    let now = 1_000_000;
    const own = await startFakeAnthropic({ apiKey: KEY, now: () => now });
    const client = h.client({ baseURL: own.url });
    const long = [{ type: 'text', text: filler(3000, 'l'), cache_control: { type: 'ephemeral', ttl: '1h' } }];
    const request = body([{ role: 'user', content: filler(3000, 'u') }], {
      system: long,
      cache_control: { type: 'ephemeral' },
    });
    const usage = async () => {
      own.enqueue({ ...textTurn('ok'), thinking: false });
      return ((await send(client, request)) as Anthropic.Message).usage;
    };
    const first = await usage();
    now += 4 * 60_000;
    const refreshed = await usage();
    now += 4 * 60_000;
    const stillThere = await usage();
    now += 6 * 60_000;
    const expired = await usage();
    await own.close();

    expect(first.cache_creation?.ephemeral_1h_input_tokens).toBeGreaterThan(700);
    expect(first.cache_creation?.ephemeral_5m_input_tokens).toBeGreaterThan(700);
    expect(refreshed.cache_read_input_tokens).toBe(first.cache_creation_input_tokens);
    expect(stillThere.cache_read_input_tokens).toBe(first.cache_creation_input_tokens);
    expect(expired.cache_read_input_tokens).toBe(first.cache_creation?.ephemeral_1h_input_tokens);
  });
});
