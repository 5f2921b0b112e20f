// The assistant message rebuilt from stream events, block by block and byte for byte: thinking with its signature,
// text, tool calls, compaction; a block cut by the output limit left out and reported; refusals and usage read.

import type { BetaRawMessageStreamEvent } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import { describe, expect, it } from 'vitest';
import { parseToolCall, TurnAssembler } from '../../../../src/panel/agent/model/turn-assembler';

type Event = BetaRawMessageStreamEvent;

const start = (usage: Record<string, unknown> = {}): Event =>
  ({
    type: 'message_start',
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-5-5',
      content: [],
      stop_reason: null,
      usage: {
        input_tokens: 10,
        output_tokens: 1,
        cache_read_input_tokens: 900,
        cache_creation_input_tokens: 40,
        ...usage,
      },
    },
  }) as unknown as Event;
const open = (index: number, block: Record<string, unknown>): Event =>
  ({ type: 'content_block_start', index, content_block: block }) as unknown as Event;
const delta = (index: number, d: Record<string, unknown>): Event =>
  ({ type: 'content_block_delta', index, delta: d }) as unknown as Event;
const close = (index: number): Event => ({ type: 'content_block_stop', index }) as Event;
const end = (
  stop_reason: string,
  extra: Record<string, unknown> = {},
  usage: Record<string, unknown> = {},
): Event[] => [
  {
    type: 'message_delta',
    delta: { stop_reason, stop_sequence: null, ...extra },
    usage: { output_tokens: 77, ...usage },
  } as unknown as Event,
  { type: 'message_stop' } as Event,
];

function assemble(events: Event[]) {
  const thinking: string[] = [];
  const text: string[] = [];
  const assembler = new TurnAssembler('claude-sonnet-5-5', {
    onThinking: (d) => thinking.push(d),
    onText: (d) => text.push(d),
  });
  for (const event of events) assembler.add(event);
  return { turn: assembler.turn(), finished: assembler.finished, thinking, text };
}

describe('TurnAssembler', () => {
  it('keeps thinking, its signature, text and tool calls exactly as streamed, in order', () => {
    const { turn, thinking, text } = assemble([
      start(),
      open(0, { type: 'thinking', thinking: '', signature: '' }),
      delta(0, { type: 'thinking_delta', thinking: 'The cart ' }),
      delta(0, { type: 'thinking_delta', thinking: 'is empty.' }),
      delta(0, { type: 'signature_delta', signature: 'EqQBCgIYAhIM' }),
      close(0),
      open(1, { type: 'text', text: '' }),
      delta(1, { type: 'text_delta', text: 'Adding it.' }),
      close(1),
      open(2, { type: 'tool_use', id: 'toolu_1', name: 'click', input: {} }),
      delta(2, { type: 'input_json_delta', partial_json: '' }),
      delta(2, { type: 'input_json_delta', partial_json: '{"ref": ' }),
      delta(2, { type: 'input_json_delta', partial_json: '12}' }),
      close(2),
      ...end('tool_use'),
    ]);
    expect(turn.content).toEqual([
      { type: 'thinking', thinking: 'The cart is empty.', signature: 'EqQBCgIYAhIM' },
      { type: 'text', text: 'Adding it.' },
      { type: 'tool_use', id: 'toolu_1', name: 'click', input: { ref: 12 } },
    ]);
    expect(turn.toolCalls).toEqual([{ id: 'toolu_1', name: 'click', input: { ref: 12 } }]);
    expect(thinking.join('')).toBe('The cart is empty.');
    expect(text.join('')).toBe('Adding it.');
    expect(turn).toMatchObject({ thinking: 'The cart is empty.', text: 'Adding it.', stopReason: 'tool_use' });
    expect(turn.usage).toEqual({ input: 10, output: 77, cacheRead: 900, cacheWrite: 40 });
  });

  it('streams a new thinking block as a new paragraph, while the blocks keep their own text', () => {
    const { turn, thinking } = assemble([
      start(),
      open(0, { type: 'thinking', thinking: '', signature: '' }),
      delta(0, { type: 'thinking_delta', thinking: 'Reading the form.' }),
      delta(0, { type: 'signature_delta', signature: 's1' }),
      close(0),
      open(1, { type: 'tool_use', id: 'toolu_1', name: 'read_page', input: {} }),
      close(1),
      open(2, { type: 'thinking', thinking: '', signature: '' }),
      delta(2, { type: 'thinking_delta', thinking: 'Now the email.' }),
      delta(2, { type: 'signature_delta', signature: 's2' }),
      close(2),
      open(3, { type: 'tool_use', id: 'toolu_2', name: 'read_page', input: {} }),
      close(3),
      ...end('tool_use'),
    ]);
    expect(thinking.join('')).toBe('Reading the form.\n\nNow the email.');
    expect(turn.content[2]).toEqual({ type: 'thinking', thinking: 'Now the email.', signature: 's2' });
  });

  it('keeps an omitted thinking block (empty text) with its signature: it must go back too', () => {
    const { turn } = assemble([
      start(),
      open(0, { type: 'thinking', thinking: '', signature: '' }),
      delta(0, { type: 'signature_delta', signature: 'sig' }),
      close(0),
      open(1, { type: 'tool_use', id: 'toolu_1', name: 'go_back', input: {} }),
      close(1),
      ...end('tool_use'),
    ]);
    expect(turn.content[0]).toEqual({ type: 'thinking', thinking: '', signature: 'sig' });
    expect(turn.toolCalls).toEqual([{ id: 'toolu_1', name: 'go_back', input: {} }]);
  });

  it('leaves out a tool call cut by max_tokens without content_block_stop, and says so', () => {
    const { turn } = assemble([
      start(),
      open(0, { type: 'thinking', thinking: '', signature: '' }),
      delta(0, { type: 'signature_delta', signature: 'sig' }),
      close(0),
      open(1, { type: 'text', text: '' }),
      delta(1, { type: 'text_delta', text: 'Typing the address.' }),
      close(1),
      open(2, { type: 'tool_use', id: 'toolu_2', name: 'type', input: {} }),
      delta(2, { type: 'input_json_delta', partial_json: '{"ref": 3, "text": "12 Long Str' }),
      ...end('max_tokens'),
    ]);
    expect(turn.cut).toEqual({ kind: 'tool_use' });
    expect(turn.toolCalls).toEqual([]);
    expect(turn.content.map((b) => b.type)).toEqual(['thinking', 'text']);
  });

  it('treats a closed tool call whose JSON breaks off at max_tokens as cut too', () => {
    const { turn } = assemble([
      start(),
      open(0, { type: 'tool_use', id: 'toolu_3', name: 'type', input: {} }),
      delta(0, { type: 'input_json_delta', partial_json: '{"ref": 3, "te' }),
      close(0),
      ...end('max_tokens'),
    ]);
    expect(turn.cut).toEqual({ kind: 'tool_use' });
    expect(turn.content).toEqual([]);
  });

  it('leaves out thinking cut before its signature', () => {
    const { turn } = assemble([
      start(),
      open(0, { type: 'thinking', thinking: '', signature: '' }),
      delta(0, { type: 'thinking_delta', thinking: 'Let me weigh' }),
      ...end('max_tokens'),
    ]);
    expect(turn).toMatchObject({ cut: { kind: 'thinking' }, content: [] });
  });

  it('reads a refusal and what the API said about it', () => {
    const { turn } = assemble([
      start(),
      ...end('refusal', { stop_details: { type: 'refusal', category: 'cyber', explanation: 'Declined.' } }),
    ]);
    expect(turn).toMatchObject({ stopReason: 'refusal', refusal: { category: 'cyber', explanation: 'Declined.' } });
  });

  it('keeps a compaction block whole, summary and opaque content, and sums usage over iterations', () => {
    const { turn } = assemble([
      start(),
      open(0, { type: 'compaction', content: null, encrypted_content: null }),
      delta(0, { type: 'compaction_delta', content: 'Summary: ', encrypted_content: null }),
      delta(0, { type: 'compaction_delta', content: 'the task.', encrypted_content: 'opaque==' }),
      close(0),
      open(1, { type: 'tool_use', id: 'toolu_4', name: 'go_back', input: {} }),
      close(1),
      ...end(
        'tool_use',
        {},
        {
          iterations: [
            { type: 'compaction', input_tokens: 80_000, output_tokens: 900, cache_read_input_tokens: 0 },
            { type: 'message', input_tokens: 3_000, output_tokens: 60, cache_read_input_tokens: 4_000 },
          ],
        },
      ),
    ]);
    expect(turn.content[0]).toEqual({
      type: 'compaction',
      content: 'Summary: the task.',
      encrypted_content: 'opaque==',
    });
    expect(turn.usage).toMatchObject({ input: 83_000, output: 960, cacheRead: 4_000 });
  });

  it('reports a tool input that is not valid JSON instead of guessing', () => {
    expect(parseToolCall({ block: { id: 't1', name: 'click' }, json: '{"ref": 1' })).toMatchObject({
      input: {},
      inputError: { raw: '{"ref": 1' },
    });
    expect(parseToolCall({ block: { id: 't2', name: 'go_back' }, json: '' })).toEqual({
      id: 't2',
      name: 'go_back',
      input: {},
    });
  });
});
