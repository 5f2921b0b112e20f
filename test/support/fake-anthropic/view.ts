// What the model reads of a request before any context management edit: dropped thinking blocks removed, system
// messages whose time is over hidden, history before the latest compaction block dropped, and earlier thinking left
// out when the request does not think.

import { isLiveCompaction } from './binding';
import { blockTokens } from './canonical';
import type { JsonObject } from './json';
import type { ValidRequest } from './request-types';
import type { ReplayResult } from './thinking-replay';

export interface InternalMessage {
  role: 'user' | 'assistant' | 'system';
  content: JsonObject[];
}

export interface InternalView {
  system: JsonObject[];
  tools: JsonObject[];
  messages: InternalMessage[];
}

export function viewTokens(view: InternalView, reasoning?: WeakMap<object, number>): number {
  const blocks = [...view.tools, ...view.system, ...view.messages.flatMap((message) => message.content)];
  return blocks.reduce((sum, block) => sum + blockTokens(block, reasoning), 0);
}

/**
 * `clear_at: "next_user_message"` "renders it only for the user turn it follows: once a later `role: "user"` message
 * exists in `messages` the message stays in the array (send it unchanged) but is no longer shown to the model"
 * (SDK `BetaSystemMessageParam.clear_at`).
 */
function isExpired(req: ValidRequest, position: number): boolean {
  const message = req.messages[position];
  if (message?.clearAt !== 'next_user_message') return false;
  return req.messages.slice(position + 1).some((later) => later.role === 'user');
}

export function baseView(req: ValidRequest, replay: ReplayResult): InternalView {
  let messages: InternalMessage[] = req.messages
    .filter((_, position) => !isExpired(req, position))
    .map((message) => ({ role: message.role, content: message.content.filter((block) => !replay.dropped.has(block)) }));
  // "The API automatically drops all content blocks before the `compaction` block."
  // (https://platform.claude.com/docs/en/build-with-claude/compaction-threshold)
  const at = messages.findLastIndex((message) => message.content.some(isLiveCompaction));
  if (at >= 0) {
    const head = messages[at] as InternalMessage;
    const first = head.content.findLastIndex(isLiveCompaction);
    messages = [{ role: head.role, content: head.content.slice(first) }, ...messages.slice(at + 1)];
  }
  // A request that does not think does not read earlier reasoning either (the model cannot use it with thinking off).
  if (!req.thinking.on) {
    messages = messages.map((message) => ({
      role: message.role,
      content: message.content.filter((block) => block.type !== 'thinking' && block.type !== 'redacted_thinking'),
    }));
  }
  return { system: req.system, tools: req.tools, messages: messages.filter((message) => message.content.length > 0) };
}
