// Turns the loop receives in pieces or cut short. Thinking counts toward `max_tokens`
// (https://platform.claude.com/docs/en/build-with-claude/thinking), so a reply can end mid-thought or mid-call; the
// complete blocks before the cut are kept and run, the cut one is dropped, the model is told, and the output room is
// raised for the rest of the task.

import type { ContentBlock, ModelTurn } from './agent-model';

/** The largest output room any current model takes; the client caps it further by the model's own limit. */
const MAX_OUTPUT_TOKENS = 128_000;

/**
 * Whether the blocks can go back as an assistant message: the API takes no empty one, and none that ends in a thinking
 * block (a reply cut right after its thinking has nothing to show for it).
 */
export function keepable(content: readonly ContentBlock[]): boolean {
  const last = content.at(-1);
  return last !== undefined && last.type !== 'thinking' && last.type !== 'redacted_thinking';
}

export function raisedLimit(maxTokens: number): number {
  return Math.min(MAX_OUTPUT_TOKENS, maxTokens * 2);
}

/** What the model is told about its cut reply, with the next request. */
export function cutNote(turn: ModelTurn, limit: number, raised: number): string {
  const where =
    turn.cut?.kind === 'tool_use'
      ? 'in the middle of a tool call: that call was not received and was not run'
      : turn.cut?.kind === 'thinking' || turn.cut?.kind === 'redacted_thinking'
        ? 'while you were still thinking, before you called any tool'
        : 'before it was complete: the unfinished part was dropped';
  const ran = turn.toolCalls.length > 0 ? ' The complete tool calls before the cut were run.' : '';
  return `Your last reply was cut off at the output limit (${limit} tokens) ${where}.${ran} The limit is now ${raised} tokens; go on from the latest observation.`;
}

/** A paused turn and its continuation, as one turn for the loop (each part is already its own message). */
export function joinTurns(first: ModelTurn, next: ModelTurn): ModelTurn {
  return {
    ...next,
    text: first.text + next.text,
    thinking: first.thinking + next.thinking,
    toolCalls: [...first.toolCalls, ...next.toolCalls],
    usage: {
      input: first.usage.input + next.usage.input,
      output: first.usage.output + next.usage.output,
      cacheRead: first.usage.cacheRead + next.usage.cacheRead,
      cacheWrite: first.usage.cacheWrite + next.usage.cacheWrite,
    },
  };
}
