// A tool call whose name the API would refuse is never sent back as it came. The API checks every tool_use name in
// the history against the tools' name pattern (the stand-in's rules-blocks.ts: "messages.1.content.1.tool_use.name:
// String should match pattern …"), so a turn that called `browser.click`, kept as it came, would make every later
// request of the task fail with a 400 the model never sees (docs/contracts.md P-TURN).
//
// Why rewriting the block is safe for thinking signatures (decision 0012): a thinking block is bound to the system
// prompt, the tools and every block before it (https://platform.claude.com/docs/en/build-with-claude/preserved-thinking).
// The thinking blocks before the renamed tool_use stay byte-identical, so their prefix is unchanged. A thinking block
// after it in the same message would be bound to the name as it came, so the message is cut right after the renamed
// call, the way a reply cut by the output limit keeps its complete blocks (cut.ts); the model is told.

import { capEcho } from '../core/echo';
import type { ContentBlock, ModelTurn } from './agent-model';

/**
 * Letters, digits, `_` and `-`, as the API's pattern for tool names. The stand-in (rules-tools.ts, rules-blocks.ts)
 * takes up to 128 characters as probed; 64 is the older documented bound and the stricter of the two, so a name
 * kept here is taken either way, and every tool this extension offers is far shorter.
 */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
/** What a refused name becomes in the history: a name the API takes and no tool has, so it is plainly not a call. */
export const PLACEHOLDER_TOOL_NAME = 'invalid_tool_name';
/** How much of a refused name the model's result quotes. */
export const QUOTED_NAME_MAX = 64;

export const isSendableToolName = (name: string) => TOOL_NAME_PATTERN.test(name);

/** A refused name, quoted for the model: capped, with a note of the cut. */
export const quotedToolName = (name: string) => `"${capEcho(name, QUOTED_NAME_MAX)}"`;

export interface SendableTurn {
  turn: ModelTurn;
  /** What the model is told when the message was cut after a renamed call; null when nothing was dropped. */
  note: string | null;
}

/** The turn with every refused tool name replaced, cut after the first renamed call if a thinking block follows it. */
export function withSendableToolNames(turn: ModelTurn): SendableTurn {
  const renamed = turn.content.findIndex((block) => block.type === 'tool_use' && !isSendableToolName(block.name));
  if (renamed < 0) return { turn, note: null };
  const thinkingAfter = turn.content
    .slice(renamed + 1)
    .some((block) => block.type === 'thinking' || block.type === 'redacted_thinking');
  const kept = thinkingAfter ? turn.content.slice(0, renamed + 1) : turn.content;
  const content = kept.map(
    (block): ContentBlock =>
      block.type === 'tool_use' && !isSendableToolName(block.name) ? { ...block, name: PLACEHOLDER_TOOL_NAME } : block,
  );
  const ids = new Set(content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])));
  const toolCalls = turn.toolCalls.filter((call) => ids.has(call.id));
  const first = turn.content[renamed] as Extract<ContentBlock, { type: 'tool_use' }>;
  const note = thinkingAfter
    ? `Your last reply called a tool named ${quotedToolName(first.name)}, a name the API does not accept; the rest ` +
      'of that reply after this call was dropped and none of its calls ran. Use only the tools you were given.'
    : null;
  return { turn: { ...turn, content, toolCalls }, note };
}
