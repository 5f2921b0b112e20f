// Server-side context editing (https://platform.claude.com/docs/en/build-with-claude/context-editing): applied to the
// view in the order of `context_management.edits`, never to what the client sent ("Your client application maintains
// the full, unmodified conversation history").

import { blockTokens } from './canonical';
import type { JsonObject } from './json';
import type { ClearThinkingEdit, ClearToolUsesEdit } from './request-types';
import type { AppliedEdit } from './types';
import { type InternalMessage, type InternalView, viewTokens } from './view';

/**
 * What a cleared tool result reads. The docs say only that "each cleared result is replaced with placeholder text so
 * Claude knows it was removed" and do not quote it: this text is the stand-in's own.
 */
export const CLEARED_TOOL_RESULT_TEXT = '[tool result cleared]';

const isThinking = (block: JsonObject) => block.type === 'thinking' || block.type === 'redacted_thinking';

/** Assistant turns: runs of consecutive assistant messages in the view, oldest first. */
function assistantTurns(messages: readonly InternalMessage[]): InternalMessage[][] {
  const turns: InternalMessage[][] = [];
  messages.forEach((message, i) => {
    if (message.role !== 'assistant') return;
    if (messages[i - 1]?.role === 'assistant') turns.at(-1)?.push(message);
    else turns.push([message]);
  });
  return turns;
}

/**
 * `clear_thinking_20251015`: thinking stays in the last `keep` assistant turns and leaves the older ones. Without this
 * edit the stand-in keeps all thinking: the docs disagree by model generation (older pages keep only the last turn's,
 * preserved-thinking models expect every turn's), and keeping all is what the preserved-thinking models read.
 */
export function clearThinking(
  view: InternalView,
  edit: ClearThinkingEdit,
  reasoning: WeakMap<object, number>,
): AppliedEdit | undefined {
  if (edit.keep === 'all') return undefined;
  const turns = assistantTurns(view.messages);
  const older = turns.slice(0, Math.max(0, turns.length - edit.keep));
  let turnsCleared = 0;
  let tokens = 0;
  for (const turn of older) {
    const removed = turn.flatMap((message) => message.content.filter(isThinking));
    if (removed.length === 0) continue;
    turnsCleared++;
    tokens += removed.reduce((sum, block) => sum + blockTokens(block, reasoning), 0);
    for (const message of turn) message.content = message.content.filter((block) => !isThinking(block));
  }
  view.messages = view.messages.filter((message) => message.content.length > 0);
  if (turnsCleared === 0) return undefined;
  return { type: 'clear_thinking_20251015', cleared_thinking_turns: turnsCleared, cleared_input_tokens: tokens };
}

interface ToolUseSite {
  name: string;
  use: { message: InternalMessage; index: number };
  result: { message: InternalMessage; index: number };
}

function toolUseSites(messages: readonly InternalMessage[]): ToolUseSite[] {
  const results = new Map<unknown, ToolUseSite['result']>();
  for (const message of messages) {
    message.content.forEach((block, index) => {
      if (block.type === 'tool_result') results.set(block.tool_use_id, { message, index });
    });
  }
  const sites: ToolUseSite[] = [];
  for (const message of messages) {
    message.content.forEach((block, index) => {
      const result = block.type === 'tool_use' ? results.get(block.id) : undefined;
      if (result) sites.push({ name: String(block.name), use: { message, index }, result });
    });
  }
  return sites;
}

function clearedResult(block: JsonObject): JsonObject {
  const { is_error: _isError, ...rest } = block;
  return { ...rest, content: [{ type: 'text', text: CLEARED_TOOL_RESULT_TEXT }] };
}

function clearsInput(edit: ClearToolUsesEdit, name: string): boolean {
  return Array.isArray(edit.clearToolInputs) ? edit.clearToolInputs.includes(name) : edit.clearToolInputs === true;
}

/** The tokens clearing one site saves, and the edit that does it. */
function clearing(site: ToolUseSite, edit: ClearToolUsesEdit): { saved: number; apply: () => void } {
  const result = site.result.message.content[site.result.index] as JsonObject;
  const use = site.use.message.content[site.use.index] as JsonObject;
  const newResult = clearedResult(result);
  const newUse = clearsInput(edit, site.name) ? { ...use, input: {} } : use;
  const saved = blockTokens(result) - blockTokens(newResult) + blockTokens(use) - blockTokens(newUse);
  return {
    saved,
    apply: () => {
      site.result.message.content[site.result.index] = newResult;
      site.use.message.content[site.use.index] = newUse;
    },
  };
}

/**
 * `clear_tool_uses_20250919`. Clearing is an event: "you'll incur cache write costs each time content is cleared, but
 * subsequent requests can reuse the newly cached prefix". The client re-sends the full history every time, so the
 * cleared set is recomputed from nothing cleared and grows in fixed chunks: while the view is over the trigger, the
 * next oldest clearable tool uses (never an excluded tool, never the most recent `keep`) are cleared together until
 * they save `clear_at_least`; "If the API can't clear at least the specified amount, the strategy will not be applied",
 * so clearing stops when the remaining clearable uses cannot save that much. The chunks are the same on every request,
 * so what was cleared stays cleared and the cached prefix only changes when a new chunk goes.
 */
export function clearToolUses(
  view: InternalView,
  edit: ClearToolUsesEdit,
  reasoning: WeakMap<object, number>,
): AppliedEdit | undefined {
  const sites = toolUseSites(view.messages);
  const clearable = sites
    .slice(0, Math.max(0, sites.length - edit.keep))
    .filter((site) => !edit.excludeTools.includes(site.name));
  let tokens = viewTokens(view, reasoning);
  let uncleared = sites.length;
  const over = () =>
    edit.trigger.type === 'input_tokens' ? tokens > edit.trigger.value : uncleared > edit.trigger.value;
  let next = 0;
  let clearedUses = 0;
  let clearedTokens = 0;
  while (over() && next < clearable.length) {
    const chunk: Array<ReturnType<typeof clearing>> = [];
    let saved = 0;
    while (next < clearable.length && (chunk.length === 0 || saved < edit.clearAtLeast)) {
      const step = clearing(clearable[next] as ToolUseSite, edit);
      chunk.push(step);
      saved += step.saved;
      next++;
    }
    if (edit.clearAtLeast > 0 && saved < edit.clearAtLeast) break;
    for (const step of chunk) step.apply();
    tokens -= saved;
    uncleared -= chunk.length;
    clearedUses += chunk.length;
    clearedTokens += saved;
  }
  if (clearedUses === 0) return undefined;
  return { type: 'clear_tool_uses_20250919', cleared_tool_uses: clearedUses, cleared_input_tokens: clearedTokens };
}
