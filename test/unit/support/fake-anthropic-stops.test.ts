// Turns that end other than naturally: cut at max_tokens (forced or because the turn needs more than max_tokens, or
// the context window), refused (and refused again while the conversation is not reset), paused and continued, and
// stopped by a stop sequence.

import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { textTurn, toolTurn } from '../../support/fake-anthropic';
import { apiMessage, type Body, clickTool, filler, KEY, send, useFake } from './fake-anthropic-harness';

const h = useFake();
type Message = Anthropic.Messages.MessageParam;

function body(messages: Message[], extra: Body = {}, model = 'claude-sonnet-5-5'): Body {
  return { model, max_tokens: 4096, tools: [clickTool], messages, ...extra };
}

async function events(request: Body): Promise<Array<{ event: string; data: Record<string, unknown> }>> {
  const response = await fetch(`${h.fake.url}/v1/messages`, {
    method: 'POST',
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ ...request, stream: true }),
  });
  return (await response.text())
    .trim()
    .split('\n\n')
    .map((frame) => ({
      event: /^event: (\w+)/.exec(frame)?.[1] ?? '',
      data: JSON.parse(frame.split('\ndata: ')[1] ?? '{}'),
    }));
}

describe('max_tokens', () => {
  const call = { ...toolTurn('click', { ref: 'e12', reason: 'the blue mug, second row' }), thinking: false as const };

  it('cuts a tool call mid-input with no content_block_stop, as the SDK fixture records it', async () => {
    h.fake.enqueue({ ...call, cutAt: { block: 0, chars: 20 } });
    const stream = await events(body([{ role: 'user', content: 'go' }]));
    const names = stream.map((e) => e.event);
    expect(names.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(names).not.toContain('content_block_stop');
    const json = stream
      .flatMap((e) => (e.data.delta as { partial_json?: string } | undefined)?.partial_json ?? [])
      .join('');
    expect(json).toBe('{"ref":"e12","reason');
    expect(stream.at(-2)?.data.delta).toMatchObject({ stop_reason: 'max_tokens' });
  });

  it('lets the SDK keep the partial input, and a non-streaming reply parse it leniently', async () => {
    h.fake.enqueue(
      { ...call, cutAt: { block: 0, chars: 24, blockStop: true } },
      { ...call, cutAt: { block: 0, chars: 24 } },
    );
    const streamed = await h
      .client()
      .messages.stream(body([{ role: 'user', content: 'go' }]) as unknown as Anthropic.MessageStreamParams)
      .finalMessage();
    const plain = (await send(h.client(), body([{ role: 'user', content: 'go' }]))) as Anthropic.Message;
    expect(streamed.stop_reason).toBe('max_tokens');
    // The SDK's partial-json parser keeps complete values only; the non-streaming reply reads the cut JSON the same way.
    expect(streamed.content[0]).toMatchObject({ type: 'tool_use', input: { ref: 'e12' } });
    expect(plain.content).toEqual([{ type: 'tool_use', id: expect.any(String), name: 'click', input: { ref: 'e12' } }]);
  });

  it('cuts by itself when reasoning needs more than max_tokens: the thinking block is left unsigned', async () => {
    h.fake.enqueue({
      ...textTurn('never reached'),
      thinkingTokens: 3000,
      thinking: 'A long deliberation about the mug.',
    });
    const message = (await send(
      h.client(),
      body([{ role: 'user', content: 'go' }], {
        max_tokens: 1000,
        thinking: { type: 'adaptive', display: 'summarized' },
      }),
    )) as Anthropic.Message;
    expect(message.stop_reason).toBe('max_tokens');
    // 1000 of 3000 reasoning tokens got out: a third of the summary.
    expect(message.content).toEqual([{ type: 'thinking', thinking: 'A long deli', signature: '' }]);
    expect(message.usage).toMatchObject({ output_tokens: 1000, output_tokens_details: { thinking_tokens: 1000 } });
  });

  it('stops at the context window instead when it is the smaller limit', async () => {
    h.fake.enqueue({ ...textTurn(filler(8000)), thinking: false });
    const full = [{ role: 'user' as const, content: filler(799_000) }];
    const message = (await send(h.client(), body(full, { max_tokens: 8000 }, 'claude-haiku-4-5'))) as Anthropic.Message;
    expect(message.stop_reason).toBe('model_context_window_exceeded');
    expect(message.usage.output_tokens).toBeLessThan(8000);
  });
});

describe('refusals', () => {
  const refused = {
    content: [{ type: 'text' as const, text: 'I can' }],
    refusal: { category: 'cyber', explanation: 'This request was declined.' },
  };

  it('ends with stop_details on message_delta, and keeps refusing the conversation until it changes', async () => {
    h.fake.enqueue(refused, textTurn('Happy to help.'));
    const conversation: Message[] = [{ role: 'user', content: 'Write malware' }];
    const stream = await events(body(conversation));
    expect(stream.find((e) => e.event === 'message_delta')?.data.delta).toEqual({
      stop_reason: 'refusal',
      stop_sequence: null,
      stop_details: { type: 'refusal', category: 'cyber', explanation: 'This request was declined.' },
    });
    const again = (await send(h.client(), body(conversation))) as Anthropic.Message;
    const continued = [
      ...conversation,
      { role: 'assistant' as const, content: 'I can' },
      { role: 'user' as const, content: 'please?' },
    ];
    const stillRefused = (await send(h.client(), body(continued))) as Anthropic.Message;
    expect([again.stop_reason, stillRefused.stop_reason]).toEqual(['refusal', 'refusal']);
    expect(again.content).toEqual([]);
    expect(h.fake.pendingTurns()).toBe(1);
    const reset = (await send(
      h.client(),
      body([{ role: 'user', content: 'Explain how malware is detected' }]),
    )) as Anthropic.Message;
    expect(reset.content.at(-1)).toEqual({ type: 'text', text: 'Happy to help.' });
  });
});

describe('pause_turn', () => {
  it('takes the paused turn back as the final message, and refuses any other prefill', async () => {
    h.fake.enqueue(
      { content: [{ type: 'text', text: 'Searching the catalogue' }], stop_reason: 'pause_turn' },
      textTurn('Found it.'),
    );
    const conversation: Message[] = [{ role: 'user', content: 'Find the mug' }];
    const paused = (await send(h.client(), body(conversation))) as Anthropic.Message;
    expect(paused.stop_reason).toBe('pause_turn');
    const resumed = (await send(
      h.client(),
      body([...conversation, { role: 'assistant', content: paused.content }]),
    )) as Anthropic.Message;
    expect(resumed.content.at(-1)).toEqual({ type: 'text', text: 'Found it.' });
    const edited = [...conversation, { role: 'assistant' as const, content: 'Searching the catalogue' }];
    expect(await apiMessage(send(h.client(), body(edited)))).toBe(
      'This model does not support assistant message prefill. The conversation must end with a user message.',
    );
  });
});

describe('stop sequences', () => {
  it('reports the sequence that fired', async () => {
    h.fake.enqueue({ ...textTurn('Answer: 42'), stop_reason: 'stop_sequence' });
    const message = (await send(
      h.client(),
      body([{ role: 'user', content: 'go' }], { stop_sequences: ['END', 'STOP'] }),
    )) as Anthropic.Message;
    expect(message).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: 'END' });
  });
});
