// The shape of `messages`: each entry's role and content, parsed into `RequestMessage`s.

import { BETA } from './betas';
import { asBlocks } from './canonical';
import type { JsonObject } from './json';
import type { RequestMessage } from './request-types';
import { type BlockContext, checkMessageBlock } from './rules-blocks';
import {
  extraInputs,
  invalid,
  literalError,
  onlyKeys,
  present,
  required,
  requireList,
  requireObject,
  requireString,
  tagError,
} from './schema';

const EFFORT_LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'];

/** String content is one text block; the empty string is empty content, which the conversation rules refuse. */
function checkContent(value: unknown, path: string): unknown[] {
  if (typeof value === 'string') return value === '' ? [] : asBlocks(value);
  return requireList(value, path);
}

/**
 * A mid-conversation `role: "system"` message (SDK `BetaSystemMessageParam`): text content, `clear_at` and a
 * per-message `output_config` behind their betas. The preserved-thinking docs recommend these for instructions that
 * change (https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/prefix-checks).
 */
function systemMessage(message: JsonObject, index: number, betas: ReadonlySet<string>): RequestMessage {
  const path = `messages.${index}`;
  for (const key of Object.keys(message)) {
    const unlocked =
      key === 'role' ||
      key === 'content' ||
      (key === 'clear_at' && betas.has(BETA.systemClearAt)) ||
      (key === 'output_config' && betas.has(BETA.systemOutputConfig));
    if (!unlocked) extraInputs(`${path}.${key}`);
  }
  let clearAt: RequestMessage['clearAt'];
  if (present(message.clear_at)) {
    if (message.clear_at !== 'next_user_message' && message.clear_at !== 'never') {
      literalError(`${path}.clear_at`, ['next_user_message', 'never']);
    }
    clearAt = message.clear_at;
  }
  if (present(message.output_config)) {
    const config = requireObject(message.output_config, `${path}.output_config`);
    onlyKeys(config, ['effort'], `${path}.output_config`);
    if (present(config.effort) && !EFFORT_LEVELS.includes(String(config.effort))) {
      literalError(`${path}.output_config.effort`, EFFORT_LEVELS);
    }
  }
  const content = present(message.content) ? checkContent(message.content, `${path}.content`) : [];
  // "a message with neither content nor output_config fields is rejected" (SDK `BetaSystemMessageParam`); composed.
  if (content.length === 0 && !present(message.output_config)) {
    invalid(`${path}: a \`system\` message must have \`content\` or \`output_config\``);
  }
  const blocks = content.map((raw, j) => {
    const blockPath = `${path}.content.${j}`;
    const block = requireObject(raw, blockPath);
    if (block.type !== 'text') tagError(blockPath, block.type, ['text']);
    onlyKeys(block, ['type', 'text', 'cache_control', 'citations'], `${blockPath}.text`);
    requireString(required(block, 'text', `${blockPath}.text`), `${blockPath}.text.text`);
    return block;
  });
  return { index, role: 'system', content: blocks, ...(clearAt ? { clearAt } : {}) };
}

/**
 * Every entry of `messages`. A role outside the union is a pydantic literal error (composed); on a local compatible
 * server a `system` entry gets Ollama's words, "unknown variant 'system', expected 'user' or 'assistant'"
 * (ollama/ollama#16372).
 */
export function checkMessagesSchema(value: unknown[], ctx: BlockContext): RequestMessage[] {
  // Verbatim "messages: at least one message is required" (langgenius/dify#25953).
  if (value.length === 0) invalid('messages: at least one message is required');
  const roles = ctx.profile.systemMessages ? ['user', 'assistant', 'system'] : ['user', 'assistant'];
  return value.map((raw, index) => {
    const path = `messages.${index}`;
    const message = requireObject(raw, path);
    const role = required(message, 'role', path);
    if (role === 'system' && ctx.profile.kind === 'compatible') {
      invalid("unknown variant 'system', expected 'user' or 'assistant'");
    }
    if (typeof role !== 'string' || !roles.includes(role)) literalError(`${path}.role`, roles);
    if (role === 'system') return systemMessage(message, index, ctx.betas);
    onlyKeys(message, ['role', 'content'], path);
    const content = checkContent(required(message, 'content', path), `${path}.content`);
    const messageRole = role as 'user' | 'assistant';
    const blocks = content.map((block, j) => checkMessageBlock(block, `${path}.content.${j}`, messageRole, ctx));
    return { index, role: messageRole, content: blocks };
  });
}
