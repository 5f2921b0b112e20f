// Rules on the conversation as a whole: empty content, the first role, tool calls answered by tool results, prefill.
// "Consecutive `user` or `assistant` turns in your request will be combined into a single turn" (`messages` in
// @anthropic-ai/sdk src/resources/messages/messages.ts): the rules work on turns, so such runs are never refused.

import type { JsonObject } from './json';
import type { ModelProfile } from './profile-types';
import type { RequestMessage } from './request-types';
import { invalid } from './schema';

interface Turn {
  role: RequestMessage['role'];
  messages: RequestMessage[];
}

/** Runs of same-role messages; a `system` message is a turn of its own. */
export function turnsOf(messages: readonly RequestMessage[]): Turn[] {
  const turns: Turn[] = [];
  for (const message of messages) {
    const last = turns.at(-1);
    if (last && last.role === message.role && message.role !== 'system') last.messages.push(message);
    else turns.push({ role: message.role, messages: [message] });
  }
  return turns;
}

function textBlocks(block: JsonObject): JsonObject[] {
  if (block.type === 'text') return [block];
  if (block.type === 'tool_result' && Array.isArray(block.content)) {
    return block.content.filter((part): part is JsonObject => (part as JsonObject)?.type === 'text');
  }
  if (block.type === 'tool_result' && typeof block.content === 'string') return [{ type: 'text', text: block.content }];
  return [];
}

/**
 * Verbatim: "messages.N: all messages must have non-empty content except for the optional final assistant message"
 * (anthropics/claude-code#6774), "messages: text content blocks must be non-empty" (#59812) and "messages: text content
 * blocks must contain non-whitespace text" (#23440).
 */
function checkEmptiness(messages: readonly RequestMessage[]): void {
  messages.forEach((message, i) => {
    const isFinalAssistant = i === messages.length - 1 && message.role === 'assistant';
    // A system message's own rule (content or output_config) was checked with its shape.
    if (message.content.length === 0 && !isFinalAssistant && message.role !== 'system') {
      invalid(
        `messages.${message.index}: all messages must have non-empty content except for the optional final assistant message`,
      );
    }
  });
  for (const message of messages) {
    for (const text of message.content.flatMap(textBlocks)) {
      if (text.text === '') invalid('messages: text content blocks must be non-empty');
      if (typeof text.text === 'string' && text.text.trim() === '') {
        invalid('messages: text content blocks must contain non-whitespace text');
      }
    }
  }
}

/**
 * Verbatim "messages: first message must use the \"user\" role" (tonyljx/TextWordExplain#2). Leading `system`
 * messages are let through: they carry instructions, not a turn. So is an assistant message that opens with a
 * compaction block: "The returned block first in messages, in place of the messages it summarizes"
 * (https://platform.claude.com/docs/en/build-with-claude/compaction).
 */
function checkFirstRole(messages: readonly RequestMessage[]): void {
  const first = messages.find((message) => message.role !== 'system');
  if (!first || first.role === 'user' || first.content[0]?.type === 'compaction') return;
  invalid('messages: first message must use the "user" role');
}

function blocksOf(turn: Turn | undefined): Array<{ block: JsonObject; message: number; index: number }> {
  return (turn?.messages ?? []).flatMap((message) =>
    message.content.map((block, index) => ({ block, message: message.index, index })),
  );
}

/**
 * Every tool_use is answered at the start of the next turn, which must be the user's (a `system` message in between
 * counts as a next turn without results: strict, as the error says "immediately after"). Verbatim:
 * "messages.N: `tool_use` ids were found without `tool_result` blocks immediately after: A, B. Each `tool_use` block
 * must have a corresponding `tool_result` block in the next message." (claude-code#5989), "messages.N: Did not find 1
 * `tool_result` block(s) at the beginning of this message. Messages following `tool_use` blocks must begin with a
 * matching number of `tool_result` blocks." (claude-code#37) and "messages.N.content.M: unexpected `tool_use_id` found
 * in `tool_result` blocks: X. Each `tool_result` block must have a corresponding `tool_use` block in the previous
 * message." (claude-code#13460).
 */
function checkToolPairing(turns: readonly Turn[]): void {
  turns.forEach((turn, t) => {
    const next = turns[t + 1];
    if (turn.role === 'assistant' && next) checkAnswered(turn, next);
    if (turn.role === 'user') checkExpected(turn, turns[t - 1]);
  });
}

function checkAnswered(turn: Turn, next: Turn): void {
  const uses = blocksOf(turn).filter(({ block }) => block.type === 'tool_use');
  if (uses.length === 0) return;
  const results = next.role === 'user' ? blocksOf(next) : [];
  const leadingEnd = results.findIndex(({ block }) => block.type !== 'tool_result');
  const leading = new Set(
    results.slice(0, leadingEnd === -1 ? results.length : leadingEnd).map(({ block }) => block.tool_use_id),
  );
  const anywhere = new Set(
    results.filter(({ block }) => block.type === 'tool_result').map(({ block }) => block.tool_use_id),
  );
  const missing = uses.filter(({ block }) => !leading.has(block.id));
  if (missing.length === 0) return;
  const unanswered = missing.filter(({ block }) => !anywhere.has(block.id));
  if (unanswered.length === 0) {
    const first = next.messages[0]?.index ?? 0;
    invalid(
      `messages.${first}: Did not find ${missing.length} \`tool_result\` block(s) at the beginning of this message. Messages following \`tool_use\` blocks must begin with a matching number of \`tool_result\` blocks.`,
    );
  }
  const ids = unanswered.map(({ block }) => String(block.id)).join(', ');
  invalid(
    `messages.${unanswered[0]?.message}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${ids}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
  );
}

function checkExpected(turn: Turn, previous: Turn | undefined): void {
  const offered = new Set(
    previous?.role === 'assistant'
      ? blocksOf(previous)
          .filter(({ block }) => block.type === 'tool_use')
          .map(({ block }) => block.id)
      : [],
  );
  for (const message of turn.messages) {
    const unexpected = message.content
      .map((block, index) => ({ block, index }))
      .filter(({ block }) => block.type === 'tool_result' && !offered.has(block.tool_use_id));
    const first = unexpected[0];
    if (!first) continue;
    const ids = unexpected.map(({ block }) => String(block.tool_use_id)).join(', ');
    invalid(
      `messages.${message.index}.content.${first.index}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${ids}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
    );
  }
}

/**
 * Tool blocks need tools: "Requests which include `tool_use` or `tool_result` blocks must define tools." (wording as
 * catalogued by portkey.ai's error library; not seen in Anthropic's own pages).
 */
function checkToolsDefined(messages: readonly RequestMessage[], tools: readonly JsonObject[]): void {
  const hasToolBlocks = messages.some((m) => m.content.some((b) => b.type === 'tool_use' || b.type === 'tool_result'));
  if (hasToolBlocks && tools.length === 0) {
    invalid('Requests which include `tool_use` or `tool_result` blocks must define tools.');
  }
}

/**
 * Prefill: verbatim "This model does not support assistant message prefill. The conversation must end with a user
 * message." (opencode-dynamic-context-pruning#520). Sending back a paused turn is the documented continuation, not
 * prefill: "If the response "stop_reason" is "pause_turn", continue the turn: append the assistant content to messages
 * and resend" (https://platform.claude.com/docs/en/agents-and-tools/tool-use/server-tools).
 */
function checkPrefill(
  messages: readonly RequestMessage[],
  profile: ModelProfile,
  isContinuation: (blocks: JsonObject[]) => boolean,
): void {
  const last = messages.findLast((message) => message.role !== 'system');
  if (last?.role !== 'assistant' || !profile.prefillRefused || isContinuation(last.content)) return;
  invalid('This model does not support assistant message prefill. The conversation must end with a user message.');
}

export function checkConversation(
  messages: readonly RequestMessage[],
  tools: readonly JsonObject[],
  profile: ModelProfile,
  isContinuation: (blocks: JsonObject[]) => boolean,
): void {
  checkEmptiness(messages);
  checkFirstRole(messages);
  checkToolsDefined(messages, tools);
  checkToolPairing(turnsOf(messages));
  checkPrefill(messages, profile, isContinuation);
}
