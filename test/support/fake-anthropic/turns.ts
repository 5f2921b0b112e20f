// Turn helpers for tests: short ways to script what the model answers.

import type { Fault, Reply, ReplyBlock, Turn } from './reply-types';

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
