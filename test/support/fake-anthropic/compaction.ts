// Threshold compaction (`compact_20260112`, https://platform.claude.com/docs/en/build-with-claude/compaction-threshold):
// "1) detect input tokens reached the trigger; 2) generate a summary; 3) create a `compaction` block containing it;
// 4) continue the response with the compacted context". The summary is an extra sampling step, reported as a
// `compaction` entry of `usage.iterations`.

import { textTokens } from './canonical';
import type { JsonObject } from './json';
import type { CompactEdit } from './request-types';
import type { Signer } from './signature';
import type { ModelView } from './types';
import { type InternalView, viewTokens } from './view';

export interface Compaction {
  block: JsonObject;
  summary: string;
  /** The view the turn is generated on: the summary alone, as the first block of the assistant's turn. */
  compacted: InternalView;
  /** The view that was summarised. */
  before: InternalView;
  summaryTokens: number;
}

function textOf(block: JsonObject): string {
  if (block.type === 'text') return String(block.text);
  if (block.type === 'compaction') return String(block.content ?? '');
  if (block.type === 'tool_result') {
    const content = block.content;
    if (typeof content === 'string') return content;
    if (Array.isArray(content)) return content.map((part) => textOf(part as JsonObject)).join(' ');
  }
  return '';
}

/** A summary a scripted model can recognise: the first and the latest thing the person said. */
export function defaultSummary(view: ModelView): string {
  const internal = view as unknown as InternalView;
  const userTexts = internal.messages
    .filter((message) => message.role === 'user')
    .map((message) => message.content.map(textOf).join(' ').trim())
    .filter((text) => text !== '');
  const clip = (text: string | undefined) => (text ?? '').slice(0, 400);
  return `Summary of the conversation so far (${internal.messages.length} messages). The task: ${clip(userTexts[0])}. Latest: ${clip(userTexts.at(-1))}.`;
}

export function compactIfDue(
  view: InternalView,
  edit: CompactEdit,
  reasoning: WeakMap<object, number>,
  summarize: (view: ModelView, instructions: string | undefined) => string,
  signer: Signer,
): Compaction | undefined {
  // "Compaction starts by default when input tokens reach 150,000."
  if (viewTokens(view, reasoning) < edit.trigger) return undefined;
  const summary = summarize(view as unknown as ModelView, edit.instructions);
  const block = { type: 'compaction', content: summary, encrypted_content: signer.seal(summary) };
  return {
    block,
    summary,
    compacted: { system: view.system, tools: view.tools, messages: [{ role: 'assistant', content: [block] }] },
    before: view,
    summaryTokens: Math.max(1, textTokens(summary)),
  };
}
