// The comparable form of request content, its hashes and its token estimate. The same form serves the thinking
// blocks' prefix binding, prompt-cache keys, the refused-conversation memory and token counts, so "the same prefix"
// means one thing everywhere in the stand-in.

import { createHash } from 'node:crypto';
import { imageTokens } from './image-tokens';
import { isObject, type JsonObject } from './json';

/** JSON with sorted keys and no whitespace, so key order and spacing never make two requests differ. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function sha256(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('base64url');
}

/**
 * Content as blocks: "Using a `string` for `content` is shorthand for an array of one content block of type
 * `"text"`" (`MessageParam` in @anthropic-ai/sdk src/resources/messages/messages.ts), the same for `system`.
 */
export function asBlocks(content: unknown): unknown[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content : [];
}

/**
 * A block as the comparison sees it: `cache_control` markers are left out (moving a breakpoint changes no prefix,
 * https://docs.litellm.ai/docs/providers/anthropic_preserved_thinking), null fields count as absent, and a
 * tool_result's string content equals its one-text-block form.
 */
export function comparable(block: unknown): unknown {
  if (!isObject(block)) return block;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(block)) {
    if (key === 'cache_control' || value === null || value === undefined) continue;
    out[key] = value;
  }
  if (block.type === 'tool_result' && out.content !== undefined) out.content = asBlocks(out.content).map(comparable);
  return out;
}

export function comparableJson(block: unknown): string {
  return canonicalJson(comparable(block));
}

/** The rough chars/4 rule, so token counts grow with what is sent. */
export function textTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Tokens of one block: chars/4 of its canonical JSON, except images, which cost by their size
 * (https://platform.claude.com/docs/en/build-with-claude/vision: tokens = width * height / 750), and replayed thinking
 * blocks, which cost the reasoning they carry (`reasoning` maps them to the count their signature recorded).
 */
export function blockTokens(block: unknown, reasoning?: WeakMap<object, number>): number {
  if (!isObject(block)) return 0;
  const replayed = reasoning?.get(block);
  if (replayed !== undefined) return replayed;
  if (block.type === 'image') return imageTokens(block.source);
  if (block.type === 'tool_result' && Array.isArray(block.content)) {
    const { content, ...rest } = block;
    return textTokens(comparableJson(rest)) + content.reduce<number>((sum, part) => sum + blockTokens(part), 0);
  }
  return textTokens(comparableJson(block));
}
