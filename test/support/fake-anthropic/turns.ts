// Turn helpers for tests, and the conversion of a scripted Reply into the exact Messages API JSON.

import { randomBytes } from 'node:crypto';
import type { Fault, RecordedRequest, Reply, ReplyBlock, StopReason, Turn } from './types';

// Only used when the request names no model; not claude-sonnet-4-5, which the SDK warns about as deprecated.
const DEFAULT_MODEL = 'claude-sonnet-4-6';

export function textTurn(text: string): Reply {
  return { content: [{ type: 'text', text }] };
}

export function toolTurn(name: string, input: Record<string, unknown>, text?: string): Reply {
  return toolsTurn([{ name, input }], text);
}

/** Several tool calls in one assistant turn, optionally preceded by text (the order the model uses). */
export function toolsTurn(
  calls: ReadonlyArray<{ name: string; input: Record<string, unknown>; id?: string }>,
  text?: string,
): Reply {
  const content: ReplyBlock[] = text === undefined ? [] : [{ type: 'text', text }];
  for (const call of calls) content.push({ type: 'tool_use', ...call });
  return { content };
}

/** One tool call whose streamed input is `rawInput` verbatim, e.g. JSON that breaks off or does not parse. */
export function rawToolTurn(name: string, rawInput: string, text?: string): Reply {
  const content: ReplyBlock[] = text === undefined ? [] : [{ type: 'text', text }];
  content.push({ type: 'tool_use', name, input: {}, rawInput });
  return { content };
}

export function isFault(turn: Turn): turn is Fault {
  return 'fault' in turn;
}

/** Real ids are `msg_01` / `toolu_01` followed by base62-ish noise; clients only rely on the prefix. */
export function makeId(prefix: 'msg' | 'toolu' | 'req'): string {
  return `${prefix}_01${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** The rough chars/4 rule, so token accounting in the client sees numbers that grow with the conversation. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

export interface ApiTextBlock {
  type: 'text';
  text: string;
}

export interface ApiToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  /** A string only for a scripted `rawInput` that does not parse. */
  input: Record<string, unknown> | string;
  /** What the stream sends as input_json_delta, when it is not `JSON.stringify(input)`. */
  rawInput?: string;
}

export type ApiContentBlock = ApiTextBlock | ApiToolUseBlock;

export interface ApiUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export interface ApiMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ApiContentBlock[];
  stop_reason: StopReason;
  stop_sequence: null;
  usage: ApiUsage;
}

function parsedOrRaw(raw: string): Record<string, unknown> | string {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : raw;
  } catch {
    return raw;
  }
}

function completeBlock(block: ReplyBlock): ApiContentBlock {
  if (block.type === 'text') return { type: 'text', text: block.text };
  const id = block.id ?? makeId('toolu');
  if (block.rawInput === undefined) return { type: 'tool_use', id, name: block.name, input: block.input };
  return { type: 'tool_use', id, name: block.name, input: parsedOrRaw(block.rawInput), rawInput: block.rawInput };
}

function defaultStopReason(content: readonly ApiContentBlock[]): StopReason {
  return content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
}

function outputChars(content: readonly ApiContentBlock[]): string {
  return content.map((block) => (block.type === 'text' ? block.text : JSON.stringify(block.input))).join('');
}

/** Fills in ids, stop_reason, model and usage the way the real API would report them. */
export function buildMessage(reply: Reply, req: RecordedRequest): ApiMessage {
  const content = reply.content.map(completeBlock);
  const usage = reply.usage;
  return {
    id: makeId('msg'),
    type: 'message',
    role: 'assistant',
    model: reply.model ?? req.body?.model ?? DEFAULT_MODEL,
    content,
    stop_reason: reply.stop_reason ?? defaultStopReason(content),
    stop_sequence: null,
    usage: {
      input_tokens: usage?.input_tokens ?? estimateTokens(req.rawBody),
      output_tokens: usage?.output_tokens ?? estimateTokens(outputChars(content)),
      cache_creation_input_tokens: usage?.cache_creation_input_tokens ?? 0,
      cache_read_input_tokens: usage?.cache_read_input_tokens ?? 0,
    },
  };
}

/** The message as a non-streaming response sends it: `rawInput` is how a stream spells the input, not a field. */
export function jsonBody(message: ApiMessage): ApiMessage {
  const content = message.content.map((block) => {
    if (block.type !== 'tool_use' || block.rawInput === undefined) return block;
    const { rawInput: _raw, ...rest } = block;
    return rest;
  });
  return { ...message, content };
}

function blockText(block: unknown): string {
  if (typeof block !== 'object' || block === null) return '';
  if ('text' in block && typeof block.text === 'string') return block.text;
  // tool_result blocks carry the page/tool output the agent showed the model
  if ('content' in block) return contentText(block.content);
  return '';
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(blockText).join('\n');
  return '';
}

/**
 * All text of the last user message (text blocks and tool_result contents), so a responder can react to what the
 * model was shown, e.g. pick an element ref out of a page snapshot.
 */
export function lastUserText(req: RecordedRequest): string {
  const messages = req.body?.messages ?? [];
  const lastUser = messages.findLast((message) => message.role === 'user');
  return lastUser ? contentText(lastUser.content) : '';
}
