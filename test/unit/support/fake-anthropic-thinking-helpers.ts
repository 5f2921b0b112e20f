// Thinking conversations for the stand-in's tests: requests on a thinking model, and tool loops played and echoed
// back exactly as a careful client would.

import type Anthropic from '@anthropic-ai/sdk';
import { toolTurn } from '../../support/fake-anthropic';
import { type Body, clickTool, type Harness, send } from './fake-anthropic-harness';

export type Message = Anthropic.Messages.MessageParam;

export const BINDING = 'thinking-binding-controls-2026-08-01';

export const FIX =
  'Invalid `signature` in `thinking` block. The block is bound to a different conversation. Remove the block, or set `thinking.block_binding.prefix_mismatch_behavior` to "drop_block".';

export function body(messages: Message[], extra: Body = {}, model = 'claude-sonnet-5-5'): Body {
  return { model, max_tokens: 4096, tools: [clickTool], system: 'You drive a browser.', messages, ...extra };
}

/** The blocks of a message the tests built (always block arrays). */
export function blocksOf(message: Message | undefined): Anthropic.Messages.ContentBlockParam[] {
  return Array.isArray(message?.content) ? message.content : [];
}

export function thinkingConversations(h: Harness) {
  async function reply(
    messages: Message[],
    extra: Body = {},
    model?: string,
    betas?: string[],
  ): Promise<Anthropic.Message> {
    return (await send(h.client(), body(messages, extra, model), betas)) as Anthropic.Message;
  }

  /** A tool loop of `steps` turns played and echoed back exactly; returns the history, ending on a tool result. */
  async function toolLoop(steps: number, extra: Body = {}, model?: string): Promise<Message[]> {
    const messages: Message[] = [{ role: 'user', content: 'Buy the blue mug' }];
    for (let i = 0; i < steps; i++) {
      h.fake.enqueue(toolTurn('click', { ref: `e${i}` }, `Step ${i}: clicking.`));
      const message = await reply(messages, extra, model);
      const call = message.content.find((block) => block.type === 'tool_use');
      messages.push({ role: 'assistant', content: message.content });
      messages.push({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: call?.id ?? '', content: `page ${i}` }],
      });
    }
    return messages;
  }

  return { reply, toolLoop };
}
