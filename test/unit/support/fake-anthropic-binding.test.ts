// The preserved-thinking prefix check (https://platform.claude.com/docs/en/build-with-claude/preserved-thinking): a
// thinking block is bound to everything before it as the client sent it; a changed prefix fails the request, or drops
// the block with `drop_block`, while formatting, breakpoints and the API's own edits never count as a change.

import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { textTurn, toolTurn } from '../../support/fake-anthropic';
import { apiMessage, clickTool, send, useFake } from './fake-anthropic-harness';
import { BINDING, body, FIX, type Message, thinkingConversations } from './fake-anthropic-thinking-helpers';

const h = useFake();
const { reply, toolLoop } = thinkingConversations(h);

describe('the preserved-thinking prefix check', () => {
  it('refuses a history whose first message was rewritten, naming the first bound block', async () => {
    const messages = await toolLoop(2);
    const rewritten = [
      { role: 'user', content: 'Buy the blue mug (today is Monday)' },
      ...messages.slice(1),
    ] as Message[];
    expect(await apiMessage(send(h.client(), body(rewritten)))).toBe(`messages.1.content.0: ${FIX}`);
  });

  it('drops the failing blocks instead with drop_block, and reports each one', async () => {
    const messages = await toolLoop(2);
    const rewritten = [
      { role: 'user', content: 'Buy the blue mug (today is Monday)' },
      ...messages.slice(1),
    ] as Message[];
    h.fake.enqueue(textTurn('ok'));
    const dropBlock = { thinking: { type: 'adaptive', block_binding: { prefix_mismatch_behavior: 'drop_block' } } };
    const message = (await send(h.client(), body(rewritten, dropBlock), [BINDING])) as Anthropic.Beta.BetaMessage;
    const dropped = ['messages.1.content.0', 'messages.1.content.1', 'messages.3.content.0', 'messages.3.content.1'];
    expect(message.input_transformations).toEqual(
      dropped.map((path) => ({ type: 'thinking_dropped', path, reason: 'prefix_binding_mismatch' })),
    );
    expect(h.fake.messageRequests.at(-1)?.view?.messages[1]?.content.map((b) => b.type)).toEqual(['tool_use']);
  });

  it('refuses a history sent with a changed tool list', async () => {
    const messages = await toolLoop(1);
    const more = { tools: [clickTool, { ...clickTool, name: 'type' }] };
    expect(await apiMessage(send(h.client(), body(messages, more)))).toBe(`messages.1.content.0: ${FIX}`);
  });

  it('ignores moved cache_control markers, key order and string-versus-block content', async () => {
    const messages = await toolLoop(2);
    const first: Message = {
      role: 'user',
      content: [{ text: 'Buy the blue mug', type: 'text', cache_control: { type: 'ephemeral' } }],
    };
    const system = [{ type: 'text', text: 'You drive a browser.', cache_control: { type: 'ephemeral', ttl: '1h' } }];
    h.fake.enqueue(textTurn('ok'));
    await reply([first, ...messages.slice(1)], { system, cache_control: { type: 'ephemeral' } });
    expect(h.fake.rejections).toEqual([]);
  });

  it('is not failed by the API clearing tool results and thinking itself', async () => {
    const messages = await toolLoop(4);
    const edits = {
      context_management: {
        edits: [
          { type: 'clear_thinking_20251015', keep: { type: 'thinking_turns', value: 1 } },
          {
            type: 'clear_tool_uses_20250919',
            trigger: { type: 'tool_uses', value: 1 },
            keep: { type: 'tool_uses', value: 1 },
          },
        ],
      },
    };
    h.fake.enqueue(textTurn('ok'));
    const message = (await send(h.client(), body(messages, edits), [
      'context-management-2025-06-27',
    ])) as Anthropic.Beta.BetaMessage;
    expect(message.context_management?.applied_edits.map((e) => e.type)).toEqual([
      'clear_thinking_20251015',
      'clear_tool_uses_20250919',
    ]);
    expect(h.fake.rejections).toEqual([]);
  });

  it('keeps thinking issued after a change valid', async () => {
    const messages = await toolLoop(1);
    const rewritten = [{ role: 'user', content: 'Buy the red mug' }, ...messages.slice(1)] as Message[];
    const dropBlock = { thinking: { type: 'adaptive', block_binding: { prefix_mismatch_behavior: 'drop_block' } } };
    h.fake.enqueue(toolTurn('click', { ref: 'e9' }));
    const next = (await send(h.client(), body(rewritten, dropBlock), [BINDING])) as Anthropic.Message;
    const call = next.content.find((b) => b.type === 'tool_use');
    const later = [
      ...rewritten,
      { role: 'assistant', content: next.content },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: call?.id ?? '', content: 'ok' }] },
    ] as Message[];
    h.fake.enqueue(textTurn('ok'));
    const final = (await send(h.client(), body(later, dropBlock), [BINDING])) as Anthropic.Beta.BetaMessage;
    expect(final.input_transformations?.map((t) => t.path)).toEqual(['messages.1.content.0', 'messages.1.content.1']);
  });
});
