// How the stand-in plays thinking models: leading and interleaved thinking blocks, what each display shows, text
// between tool calls inside thinking blocks, signatures, and the checks on thinking sent back (placement, forgery,
// edits, thinking with thinking off, and the model check).

import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { textTurn, toolTurn } from '../../support/fake-anthropic';
import { apiMessage, KEY, send, useFake } from './fake-anthropic-harness';
import { BINDING, blocksOf, body, type Message, thinkingConversations } from './fake-anthropic-thinking-helpers';

const h = useFake({ pingEveryMs: 20 });
const { reply, toolLoop } = thinkingConversations(h);

describe('playing a thinking model', () => {
  it('starts the turn with a signed thinking block, empty under the default display, billed as output', async () => {
    h.fake.enqueue(textTurn('Done.'));
    const message = await reply([{ role: 'user', content: 'hi' }]);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: '', signature: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) },
      { type: 'text', text: 'Done.' },
    ]);
    expect(message.usage).toMatchObject({ output_tokens: 122, output_tokens_details: { thinking_tokens: 120 } });
  });

  it('shows the summary when the display returns it, and plays a turn without thinking', async () => {
    h.fake.enqueue(
      { ...textTurn('Done.'), thinking: 'The page shows the answer.', thinkingTokens: 300 },
      { ...textTurn('Again.'), thinking: false },
    );
    const summarized = { thinking: { type: 'adaptive', display: 'summarized' } };
    const first = await reply([{ role: 'user', content: 'hi' }], summarized);
    const second = await reply([{ role: 'user', content: 'hi' }], summarized);
    expect(first.content[0]).toMatchObject({ type: 'thinking', thinking: 'The page shows the answer.' });
    expect(first.usage.output_tokens_details).toEqual({ thinking_tokens: 300 });
    expect(second.content).toEqual([{ type: 'text', text: 'Again.' }]);
  });

  it('does not think on Sonnet 4.6 unless asked, and shows summaries there by default', async () => {
    h.fake.enqueue(
      { ...textTurn('Plain.'), thinking: 'unused' },
      { ...textTurn('Thought.'), thinking: 'Short reasoning.' },
    );
    const plain = await reply([{ role: 'user', content: 'hi' }], {}, 'claude-sonnet-4-6');
    const thought = await reply(
      [{ role: 'user', content: 'hi' }],
      { thinking: { type: 'adaptive' } },
      'claude-sonnet-4-6',
    );
    expect(plain.content).toEqual([{ type: 'text', text: 'Plain.' }]);
    expect(thought.content[0]).toMatchObject({ type: 'thinking', thinking: 'Short reasoning.' });
  });

  it('sends text written between tool calls inside thinking blocks, each signed on its own', async () => {
    const script = {
      content: [
        { type: 'text' as const, text: 'Checking the cart.' },
        { type: 'tool_use' as const, name: 'click', input: { ref: 'e1' } },
        { type: 'text' as const, text: 'Clicked.' },
      ],
    };
    h.fake.enqueue(script, script, script);
    const omitted = await reply([{ role: 'user', content: 'go' }]);
    const summarized = await reply([{ role: 'user', content: 'go' }], {
      thinking: { type: 'adaptive', display: 'summarized' },
    });
    const haiku = await reply([{ role: 'user', content: 'go' }], {}, 'claude-haiku-5-5');
    expect(omitted.content.map((b) => b.type)).toEqual(['thinking', 'thinking', 'tool_use', 'text']);
    expect(omitted.content[1]).toMatchObject({ thinking: '', signature: expect.any(String) });
    expect(summarized.content[1]).toMatchObject({ type: 'thinking', thinking: 'Checking the cart.' });
    expect(haiku.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use', 'text']);
  });

  it('turns off up-front thinking with between_tools, keeping readable progress notes', async () => {
    h.fake.enqueue(toolTurn('click', { ref: 'e1' }, 'Opening the cart.'));
    const message = await reply([{ role: 'user', content: 'go' }], { thinking: { type: 'between_tools' } });
    expect(message.content.map((b) => [b.type, b.type === 'thinking' ? b.thinking : ''])).toEqual([
      ['thinking', 'Opening the cart.'],
      ['tool_use', ''],
    ]);
  });

  it('plays interleaved thinking and skips thinking where forced tool use is accepted', async () => {
    h.fake.enqueue({
      content: [
        { type: 'tool_use', name: 'click', input: { ref: 'e1' } },
        { type: 'thinking', thinking: 'Next, confirm.' },
        { type: 'text', text: 'Done.' },
      ],
    });
    h.fake.enqueue(toolTurn('click', { ref: 'e2' }));
    const interleaved = await reply(
      [{ role: 'user', content: 'go' }],
      { thinking: { type: 'adaptive', display: 'summarized' } },
      'claude-haiku-5-5',
    );
    const forced = await reply([{ role: 'user', content: 'go' }], { tool_choice: { type: 'any' } }, 'claude-sonnet-5');
    expect(interleaved.content.map((b) => b.type)).toEqual(['thinking', 'tool_use', 'thinking', 'text']);
    expect(interleaved.content[2]).toMatchObject({ thinking: 'Next, confirm.' });
    expect(forced.content.map((b) => b.type)).toEqual(['tool_use']);
  });

  it('sends pings every pingEveryMs while the turn thinks, before its first block', async () => {
    h.fake.enqueue({ ...textTurn('ok'), thinkMs: 110 });
    const response = await fetch(`${h.fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body([{ role: 'user', content: 'hi' }]), stream: true }),
    });
    const events = (await response.text()).split('\n\n').map((frame) => /^event: (\w+)/.exec(frame)?.[1]);
    const firstBlock = events.indexOf('content_block_start');
    expect(events[0]).toBe('message_start');
    expect(events.slice(1, firstBlock).filter((e) => e === 'ping').length).toBeGreaterThanOrEqual(4);
  });
});

describe('thinking sent back', () => {
  it('accepts a tool loop echoed exactly, and counts replayed reasoning as input', async () => {
    const messages = await toolLoop(3);
    h.fake.enqueue(textTurn('Bought.'));
    const last = await reply(messages);
    expect(last.content.at(-1)).toEqual({ type: 'text', text: 'Bought.' });
    expect(h.fake.rejections).toEqual([]);
    expect(h.fake.messageRequests[3]?.usage?.input_tokens ?? 0).toBeGreaterThan(3 * 120);
  });

  it('refuses a forged signature and an edited thinking text', async () => {
    const messages = await toolLoop(1, { thinking: { type: 'adaptive', display: 'summarized' } });
    const turn = blocksOf(messages[1]);
    const thinking = turn[0] as Anthropic.Messages.ThinkingBlockParam;
    const forged = [
      messages[0],
      { role: 'assistant', content: [{ ...thinking, signature: 'Zm9yZ2Vk' }, ...turn.slice(1)] },
      messages[2],
    ];
    const edited = [
      messages[0],
      { role: 'assistant', content: [{ ...thinking, thinking: 'Something else.' }, ...turn.slice(1)] },
      messages[2],
    ];
    expect(await apiMessage(send(h.client(), body(forged as Message[])))).toBe(
      'messages.1.content.0: Invalid `signature` in `thinking` block',
    );
    expect(await apiMessage(send(h.client(), body(edited as Message[])))).toBe(
      'messages.1.content.0: `thinking` or `redacted_thinking` blocks in the latest assistant message cannot be modified. These blocks must remain as they were in the original response.',
    );
  });

  it('refuses an issued turn sent back without its leading thinking while its tool calls are answered', async () => {
    const messages = await toolLoop(1);
    const turn = blocksOf(messages[1]).filter((b) => b.type !== 'thinking');
    const stripped = [messages[0], { role: 'assistant', content: turn }, messages[2]] as Message[];
    expect(await apiMessage(send(h.client(), body(stripped)))).toBe(
      'messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking',
    );
  });

  it('refuses thinking that is not first, or last, in an assistant message', async () => {
    const messages = await toolLoop(1, {}, 'claude-haiku-5-5');
    const [thinking, ...rest] = blocksOf(messages[1]);
    const moved = [messages[0], { role: 'assistant', content: [...rest, thinking] }, messages[2]] as Message[];
    expect(await apiMessage(send(h.client(), body(moved, {}, 'claude-haiku-5-5')))).toBe(
      'messages.1.content.0: If an assistant message contains any thinking blocks, the first block must be thinking or redacted_thinking. Found text.',
    );
    const last = [
      messages[0],
      { role: 'assistant', content: [thinking] },
      { role: 'user', content: 'hi' },
    ] as Message[];
    expect(await apiMessage(send(h.client(), body(last, {}, 'claude-haiku-5-5')))).toBe(
      'messages.1: The final block in an assistant message cannot be `thinking`.',
    );
  });

  it('refuses thinking in the final assistant message when the request does not think', async () => {
    const messages = await toolLoop(1, { thinking: { type: 'adaptive' } }, 'claude-sonnet-4-6');
    expect(await apiMessage(send(h.client(), body(messages, {}, 'claude-sonnet-4-6')))).toBe(
      'messages.1.content.0: When thinking is disabled, an `assistant` message in the final position cannot contain `thinking`. To use thinking blocks, enable `thinking` in your request.',
    );
  });

  it('drops blocks a model cannot read without an error, and reports them with the binding beta', async () => {
    const messages = await toolLoop(1);
    h.fake.enqueue(textTurn('ok'), textTurn('ok'));
    await reply(messages, {}, 'claude-haiku-5-5');
    await reply(messages, {}, 'claude-haiku-5-5', [BINDING]);
    const [silent, reported] = h.fake.messageRequests.slice(-2);
    expect(silent?.view?.messages[1]?.content.map((b) => b.type)).toEqual(['tool_use']);
    expect(silent?.inputTransformations).toBeUndefined();
    expect(reported?.inputTransformations).toEqual(
      ['messages.1.content.0', 'messages.1.content.1'].map((path) => ({
        type: 'thinking_dropped',
        path,
        reason: 'model_binding_mismatch',
      })),
    );
  });

  it('lets blocks from Haiku 5.5 replay on other models', async () => {
    const messages = await toolLoop(1, {}, 'claude-haiku-5-5');
    h.fake.enqueue(textTurn('ok'));
    await reply(messages);
    expect(h.fake.messageRequests.at(-1)?.view?.messages[1]?.content[0]?.type).toBe('thinking');
  });
});
