// Threshold compaction as the stand-in plays it
// (https://platform.claude.com/docs/en/build-with-claude/compaction-threshold): the summary block, the turn generated
// on it, the iterations in usage, pausing after the block, and the history the API drops before it.

import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { type RecordedRequest, textTurn, toolTurn, viewText } from '../../support/fake-anthropic';
import { type Body, clickTool, filler, send, useFake } from './fake-anthropic-harness';

const h = useFake({
  summarize: (view, instructions) =>
    `SUMMARY of ${view.messages.length} messages; ${instructions ?? 'no instructions'}`,
});
const COMPACT = 'compact-2026-01-12';
type Message = Anthropic.Messages.MessageParam;

function body(messages: Message[], extra: Body = {}, model = 'claude-sonnet-5-5'): Body {
  return { model, max_tokens: 4096, tools: [clickTool], messages, ...extra };
}

describe('compaction', () => {
  const big: Message[] = [{ role: 'user', content: filler(200_400) }];
  const compact = (extra: Body = {}) => ({
    context_management: {
      edits: [
        {
          type: 'compact_20260112',
          trigger: { type: 'input_tokens', value: 50_000 },
          instructions: 'keep the task',
          ...extra,
        },
      ],
    },
  });

  it('starts the response with the summary, generates the turn on it, and reports both iterations', async () => {
    h.fake.enqueue(textTurn('Continuing.'));
    const message = (await send(h.client(), body(big, compact()), [COMPACT])) as Anthropic.Beta.BetaMessage;
    expect(message.content[0]).toEqual({
      type: 'compaction',
      content: 'SUMMARY of 1 messages; keep the task',
      encrypted_content: expect.any(String),
    });
    expect(message.content.at(-1)).toEqual({ type: 'text', text: 'Continuing.' });
    expect(message.usage.iterations?.map((i) => i.type)).toEqual(['compaction', 'message']);
    expect(message.usage.iterations?.[0]?.input_tokens).toBeGreaterThan(50_000);
    expect(message.usage.input_tokens).toBeLessThan(1000);
    expect(h.fake.messageRequests.at(-1)?.view?.messages).toEqual([
      { role: 'assistant', content: [message.content[0]] },
    ]);

    const next: Message[] = [
      ...big,
      { role: 'assistant', content: message.content as Anthropic.Messages.ContentBlockParam[] },
      { role: 'user', content: 'and now?' },
    ];
    h.fake.enqueue(textTurn('ok'));
    const after = (await send(h.client(), body(next, compact()), [COMPACT])) as Anthropic.Beta.BetaMessage;
    expect(after.content.map((b) => b.type)).toEqual(['thinking', 'text']);
    expect(h.fake.messageRequests.at(-1)?.view?.messages.map((m) => m.role)).toEqual(['assistant', 'user']);
    expect(h.fake.rejections).toEqual([]);
  });

  it('pauses after the block when asked, and takes the block back as the continuation', async () => {
    h.fake.enqueue(textTurn('After the pause.'));
    const paused = (await send(h.client(), body(big, compact({ pause_after_compaction: true })), [
      COMPACT,
    ])) as Anthropic.Beta.BetaMessage;
    expect(paused.stop_reason).toBe('compaction');
    expect(paused.content.map((b) => b.type)).toEqual(['compaction']);
    expect(h.fake.pendingTurns()).toBe(1);
    const next: Message[] = [
      ...big,
      { role: 'assistant', content: paused.content as Anthropic.Messages.ContentBlockParam[] },
    ];
    const resumed = (await send(h.client(), body(next, compact({ pause_after_compaction: true })), [
      COMPACT,
    ])) as Anthropic.Beta.BetaMessage;
    expect(resumed.content.at(-1)).toEqual({ type: 'text', text: 'After the pause.' });
  });

  it('streams the block as a compaction_delta the SDK accumulates', async () => {
    h.fake.enqueue(textTurn('Streamed.'));
    const stream = h.client().beta.messages.stream({
      ...(body(big, compact()) as unknown as Anthropic.Beta.MessageCreateParamsStreaming),
      betas: [COMPACT],
    });
    const message = await stream.finalMessage();
    expect(message.content[0]).toMatchObject({ type: 'compaction', content: 'SUMMARY of 1 messages; keep the task' });
  });

  it('keeps thinking issued after the summary valid, whether or not the client trims what came before it', async () => {
    h.fake.enqueue(toolTurn('click', { ref: 'e1' }));
    const first = (await send(h.client(), body(big, compact()), [COMPACT])) as Anthropic.Beta.BetaMessage;
    const call = first.content.find((b) => b.type === 'tool_use');
    const tail: Message[] = [
      { role: 'assistant', content: first.content as Anthropic.Messages.ContentBlockParam[] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: call?.id ?? '', content: 'clicked' }] },
    ];
    h.fake.enqueue(textTurn('full history'), textTurn('trimmed history'));
    await send(h.client(), body([...big, ...tail], compact()), [COMPACT]);
    await send(h.client(), body(tail, compact()), [COMPACT]);
    expect(h.fake.rejections).toEqual([]);
    expect(h.fake.messageRequests.at(-1)?.view?.messages[0]?.content.map((b) => b.type)).toEqual([
      'compaction',
      'thinking',
      'tool_use',
    ]);
  });

  it('treats a compaction block without content as a no-op', async () => {
    const messages: Message[] = [
      { role: 'user', content: 'first' },
      {
        role: 'assistant',
        content: [
          { type: 'compaction', content: null } as unknown as Anthropic.Messages.ContentBlockParam,
          { type: 'text', text: 'hi' },
        ],
      },
      { role: 'user', content: 'second' },
    ];
    h.fake.enqueue(textTurn('ok'));
    await send(h.client(), body(messages), [COMPACT]);
    expect(viewText(h.fake.messageRequests.at(-1) as RecordedRequest)).toContain('first');
  });
});
