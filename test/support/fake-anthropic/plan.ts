// A scripted Reply as the model would produce it on this request: the leading thinking block, interleaved thinking,
// text written between tool calls turned into thinking blocks where the model does that, what each thinking block
// shows under the request's display, and what every block costs in output tokens.

import { textTokens } from './canonical';
import { makeId } from './ids';
import { isObject, type JsonObject } from './json';
import type { Reply } from './reply-types';
import type { ThinkingPlan } from './request-types';
import { ScriptError } from './script-error';

export type PlannedBlock =
  | { kind: 'thinking'; source: number | undefined; text: string; reasoningTokens: number; outputTokens: number }
  | { kind: 'text'; source: number; text: string; outputTokens: number }
  | {
      kind: 'tool_use';
      source: number;
      id: string;
      name: string;
      input: JsonObject | string;
      /** The input JSON as streamed. */
      text: string;
      outputTokens: number;
    };

function parsedOrRaw(raw: string): JsonObject | string {
  try {
    const value: unknown = JSON.parse(raw);
    return isObject(value) ? value : raw;
  } catch {
    return raw;
  }
}

function defaultSummary(reply: Reply): string {
  const tools = reply.content.flatMap((block) => (block.type === 'tool_use' ? [block.name] : []));
  return tools.length > 0 ? `Deciding the next step: ${tools.join(', ')}.` : 'Working out the answer.';
}

/** Thinking shown: reasoning under `summarized`; progress notes under `summarized`, `updates` and `between_tools`. */
function shown(text: string, role: 'reasoning' | 'progress', thinking: ThinkingPlan): string {
  if (role === 'reasoning') return thinking.display === 'summarized' ? text : '';
  return thinking.type === 'between_tools' || thinking.display !== 'omitted' ? text : '';
}

/**
 * "text between tool calls comes back in `thinking` blocks" (https://platform.claude.com/docs/en/models/sonnet-5-5/
 * whats-new-sonnet-5-5), "whose text is empty with the default `display` setting" (…/opus-5-5/whats-new-opus-5-5).
 */
export function planBlocks(reply: Reply, thinking: ThinkingPlan, defaultThinkingTokens: number): PlannedBlock[] {
  const planned: PlannedBlock[] = [];
  const content = reply.content;
  // A turn with no content has nothing to think before: it never ends on a thinking block.
  if (thinking.leading && reply.thinking !== false && content.length > 0) {
    const wanted = reply.thinkingTokens ?? defaultThinkingTokens;
    const tokens = thinking.budget !== undefined ? Math.min(wanted, thinking.budget) : wanted;
    const text = shown(reply.thinking ?? defaultSummary(reply), 'reasoning', thinking);
    planned.push({ kind: 'thinking', source: undefined, text, reasoningTokens: tokens, outputTokens: tokens });
  }
  content.forEach((block, i) => {
    if (block.type === 'thinking') {
      if (!thinking.on) return;
      const tokens = Math.max(1, textTokens(block.thinking));
      planned.push({
        kind: 'thinking',
        source: i,
        text: shown(block.thinking, 'reasoning', thinking),
        reasoningTokens: tokens,
        outputTokens: tokens,
      });
    } else if (block.type === 'text') {
      const beforeTool = content.slice(i + 1).some((later) => later.type === 'tool_use');
      if (thinking.progressAsThinking && beforeTool) {
        const tokens = Math.max(1, textTokens(block.text));
        planned.push({
          kind: 'thinking',
          source: i,
          text: shown(block.text, 'progress', thinking),
          reasoningTokens: tokens,
          outputTokens: tokens,
        });
      } else {
        planned.push({ kind: 'text', source: i, text: block.text, outputTokens: textTokens(block.text) });
      }
    } else {
      const json = block.rawInput ?? JSON.stringify(block.input);
      const input = block.rawInput === undefined ? block.input : parsedOrRaw(block.rawInput);
      planned.push({
        kind: 'tool_use',
        source: i,
        id: block.id ?? makeId('toolu'),
        name: block.name,
        input,
        text: json,
        outputTokens: textTokens(json),
      });
    }
  });
  checkPlausible(planned);
  return planned;
}

/** The API's own rules for a turn that thinks, applied to what a test scripts. */
function checkPlausible(planned: readonly PlannedBlock[]): void {
  if (!planned.some((block) => block.kind === 'thinking')) return;
  if (planned[0]?.kind !== 'thinking') {
    throw new ScriptError(
      'a turn with thinking blocks must begin with one: script `thinking` first, or leave `thinking` unset',
    );
  }
  if (planned.at(-1)?.kind === 'thinking') throw new ScriptError('a turn cannot end with a thinking block');
}
