// The context bound for endpoints without server-side context management (Anthropic-compatible local servers):
// the request the client sends has old tool results replaced by a short line, as the API's
// `clear_tool_uses_20250919` does server-side. Only the request is trimmed; the conversation stays whole. Done only
// when no message carries a signed thinking block: a signature binds its block to everything before it, and any edit
// there would invalidate it (decision 0012).

import { estimateTokens as estimateTextTokens } from '../../../shared/token-estimate';
import type { ContentBlock, MessageParam, ModelRequest } from './agent-model';
import { CLEAR_AT_LEAST_TOKENS, CLEAR_TRIGGER_TOKENS, KEEP_TOOL_USES, NOTE_TOOL } from './context-budget';

export const CLEARED_RESULT_TEXT = '[Older tool result cleared to keep the context small.]';

/** The extension's token estimate of the value's JSON (src/shared/token-estimate.ts): enough to decide when to clear. */
export function estimateTokens(value: unknown): number {
  return estimateTextTokens(JSON.stringify(value));
}

function blocksOf(message: MessageParam): ContentBlock[] {
  return typeof message.content === 'string' ? [] : (message.content as ContentBlock[]);
}

function hasSignedThinking(messages: readonly MessageParam[]): boolean {
  return messages.some((message) =>
    blocksOf(message).some(
      (block) =>
        (block.type === 'thinking' && block.signature !== '') ||
        (block.type === 'redacted_thinking' && block.data !== ''),
    ),
  );
}

interface ResultAt {
  message: number;
  block: number;
  tokens: number;
}

/** Tool results that may be cleared, oldest first: not a note, not among the most recent KEEP_TOOL_USES. */
function clearable(messages: readonly MessageParam[]): ResultAt[] {
  const names = new Map<string, string>();
  const results: (ResultAt & { name: string | undefined })[] = [];
  messages.forEach((message, m) => {
    blocksOf(message).forEach((block, b) => {
      if (block.type === 'tool_use') names.set(block.id, block.name);
      if (block.type === 'tool_result') {
        results.push({
          message: m,
          block: b,
          tokens: estimateTokens(block.content),
          name: names.get(block.tool_use_id),
        });
      }
    });
  });
  const countable = results.filter((result) => result.name !== NOTE_TOOL);
  return countable.slice(0, Math.max(0, countable.length - KEEP_TOOL_USES));
}

/** The request's messages, bounded; the same array when nothing needs clearing or nothing may be. */
export function boundLocally(request: ModelRequest): MessageParam[] {
  const { messages } = request;
  let tokens = estimateTokens(request);
  if (tokens <= CLEAR_TRIGGER_TOKENS || hasSignedThinking(messages)) return messages;
  const cleared = new Set<string>();
  const queue = clearable(messages);
  // In chunks, as the server does: clearing changes the prefix, so it should happen seldom and remove enough.
  while (tokens > CLEAR_TRIGGER_TOKENS && queue.length > 0) {
    let chunk = 0;
    while (chunk < CLEAR_AT_LEAST_TOKENS && queue.length > 0) {
      const next = queue.shift() as ResultAt;
      cleared.add(`${next.message}.${next.block}`);
      chunk += next.tokens;
    }
    tokens -= chunk;
  }
  return messages.map((message, m) => {
    const blocks = blocksOf(message);
    if (!blocks.some((_, b) => cleared.has(`${m}.${b}`))) return message;
    const content = blocks.map((block, b) =>
      block.type === 'tool_result' && cleared.has(`${m}.${b}`)
        ? { ...block, content: [{ type: 'text' as const, text: CLEARED_RESULT_TEXT }] }
        : block,
    );
    return { ...message, content } as MessageParam;
  });
}
