// The shape of each content block: which fields it has (the SDK's `*BlockParam` types in
// src/resources/beta/messages/messages.ts), which are required, and which role may carry it. Unknown fields are
// "Extra inputs are not permitted" with the block's type in the path, as in the verbatim
// "messages.65.content.1.tool_use.text: Extra inputs are not permitted" (copilot-api#145) and
// "messages.1.content.0.thinking.cache_control: Extra inputs are not permitted" (CLIProxyAPI#512).

import { BETA } from './betas';
import { isObject, type JsonObject } from './json';
import type { ModelProfile } from './profile-types';
import {
  invalid,
  join,
  literalError,
  notModelled,
  onlyKeys,
  present,
  requireBoolean,
  required,
  requireList,
  requireObject,
  requireString,
  tagError,
} from './schema';

type Role = 'user' | 'assistant';

interface BlockShape {
  fields: readonly string[];
  required: readonly string[];
  roles: readonly Role[];
}

const SHAPES: Record<string, BlockShape> = {
  text: { fields: ['type', 'text', 'cache_control', 'citations'], required: ['text'], roles: ['user', 'assistant'] },
  image: {
    fields: ['type', 'source', 'cache_control', 'transformations'],
    required: ['source'],
    roles: ['user', 'assistant'],
  },
  document: {
    fields: ['type', 'source', 'cache_control', 'citations', 'context', 'title'],
    required: ['source'],
    roles: ['user', 'assistant'],
  },
  search_result: {
    fields: ['type', 'content', 'source', 'title', 'cache_control', 'citations'],
    required: ['content', 'source', 'title'],
    roles: ['user', 'assistant'],
  },
  thinking: { fields: ['type', 'thinking', 'signature'], required: ['signature', 'thinking'], roles: ['assistant'] },
  redacted_thinking: { fields: ['type', 'data'], required: ['data'], roles: ['assistant'] },
  tool_use: {
    fields: ['type', 'id', 'input', 'name', 'cache_control', 'caller', 'toolset_name'],
    required: ['id', 'input', 'name'],
    roles: ['assistant'],
  },
  tool_result: {
    fields: ['type', 'tool_use_id', 'cache_control', 'content', 'is_error', 'toolset_name'],
    required: ['tool_use_id'],
    roles: ['user'],
  },
  compaction: {
    fields: ['type', 'cache_control', 'content', 'encrypted_content', 'signature', 'tool_changes'],
    required: [],
    roles: ['assistant'],
  },
};

/** Block types the API has (the `BetaContentBlockParam` union) that the stand-in does not play. */
const UNMODELLED = [
  'server_tool_use',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'advisor_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'mcp_tool_use',
  'mcp_tool_result',
  'container_upload',
  'tool_addition',
  'tool_removal',
  'mcp_tool_listing',
  'fallback',
  'tool_reference',
  'browser_state',
];

/** What a local compatible server takes (https://docs.ollama.com/api/anthropic-compatibility). */
const COMPATIBLE_TYPES = ['text', 'image', 'tool_use', 'tool_result', 'thinking'];
const TOOL_RESULT_PARTS = ['text', 'image', 'document', 'search_result'];
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const SOURCE_FIELDS: Record<string, readonly string[]> = {
  base64: ['type', 'media_type', 'data'],
  url: ['type', 'url'],
  file: ['type', 'file_id'],
  text: ['type', 'media_type', 'data'],
  content: ['type', 'content'],
};

export interface BlockContext {
  profile: ModelProfile;
  betas: ReadonlySet<string>;
}

/** `cache_control: {type: 'ephemeral', ttl?: '5m' | '1h'}` (SDK `CacheControlEphemeral`). */
export function checkCacheControl(value: unknown, path: string): void {
  if (!present(value)) return;
  const control = requireObject(value, path);
  if (control.type !== 'ephemeral') tagError(path, control.type, ['ephemeral']);
  onlyKeys(control, ['type', 'ttl'], `${path}.ephemeral`);
  if (present(control.ttl) && control.ttl !== '5m' && control.ttl !== '1h')
    literalError(`${path}.ephemeral.ttl`, ['5m', '1h']);
}

function allowedTypes(ctx: BlockContext): string[] {
  if (ctx.profile.kind === 'compatible') return COMPATIBLE_TYPES;
  const compaction = ctx.betas.has(BETA.compact) || ctx.betas.has(BETA.compactOnDemand);
  return Object.keys(SHAPES).filter((type) => type !== 'compaction' || compaction);
}

function checkSource(value: unknown, path: string, allowed: readonly string[]): void {
  const source = requireObject(value, path);
  if (typeof source.type !== 'string' || !allowed.includes(source.type)) tagError(path, source.type, allowed);
  onlyKeys(source, SOURCE_FIELDS[source.type] ?? [], `${path}.${source.type}`);
}

function checkFields(block: JsonObject, type: string, path: string, ctx: BlockContext): void {
  const at = `${path}.${type}`;
  if (type === 'text') requireString(block.text, `${at}.text`);
  if (type === 'image') {
    checkSource(block.source, `${at}.source`, ['base64', 'url', 'file']);
    const source = block.source as JsonObject;
    if (source.type === 'base64' && !IMAGE_TYPES.includes(String(source.media_type))) {
      literalError(`${at}.source.base64.media_type`, IMAGE_TYPES);
    }
  }
  if (type === 'document') checkSource(block.source, `${at}.source`, ['base64', 'text', 'content', 'url', 'file']);
  if (type === 'search_result') {
    for (const [k, part] of requireList(block.content, `${at}.content`).entries())
      checkTextPart(part, `${at}.content.${k}`);
  }
  if (type === 'thinking') {
    requireString(block.thinking, `${at}.thinking`);
    requireString(block.signature, `${at}.signature`);
  }
  if (type === 'redacted_thinking') requireString(block.data, `${at}.data`);
  if (type === 'tool_use') checkToolUse(block, at);
  if (type === 'tool_result') checkToolResult(block, at, ctx);
  if (type === 'compaction' && present(block.content) && requireString(block.content, `${at}.content`) === '') {
    // "Empty string content is not allowed." (SDK `BetaCompactionBlockParam`); the wording is composed.
    invalid(`${at}.content: String should have at least 1 character`);
  }
  checkCacheControl(block.cache_control, `${at}.cache_control`);
}

function checkTextPart(part: unknown, path: string): void {
  const text = requireObject(part, path);
  if (text.type !== 'text') tagError(path, text.type, ['text']);
  onlyKeys(text, SHAPES.text?.fields ?? [], `${path}.text`);
  requireString(required(text, 'text', `${path}.text`), `${path}.text.text`);
  checkCacheControl(text.cache_control, `${path}.text.cache_control`);
}

/** Tool names in history follow the tools' pattern ("messages.1.content.1.tool_use.name: String should match …"). */
function checkToolUse(block: JsonObject, at: string): void {
  requireString(block.id, `${at}.id`);
  const name = requireString(block.name, `${at}.name`);
  if (!/^[a-zA-Z0-9_-]{1,128}$/.test(name)) invalid(`${at}.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
  if (!isObject(block.input)) invalid(`${at}.input: Input should be a valid dictionary`);
}

function checkToolResult(block: JsonObject, at: string, ctx: BlockContext): void {
  requireString(block.tool_use_id, `${at}.tool_use_id`);
  if (present(block.is_error)) requireBoolean(block.is_error, `${at}.is_error`);
  if (!present(block.content) || typeof block.content === 'string') return;
  requireList(block.content, `${at}.content`).forEach((part, k) => {
    const path = `${at}.content.${k}`;
    const inner = requireObject(part, path);
    const type = String(inner.type);
    if (UNMODELLED.includes(type)) notModelled(`${path}.${type}`);
    const allowed = ctx.profile.kind === 'compatible' ? ['text', 'image'] : TOOL_RESULT_PARTS;
    if (!allowed.includes(type)) tagError(path, inner.type, allowed);
    onlyKeys(inner, SHAPES[type]?.fields ?? [], `${path}.${type}`);
    for (const key of SHAPES[type]?.required ?? []) required(inner, key, `${path}.${type}`);
    checkFields(inner, type, path, ctx);
  });
}

/** One block of `messages.N.content`, at `path` = `messages.N.content.M`. */
export function checkMessageBlock(value: unknown, path: string, role: Role, ctx: BlockContext): JsonObject {
  const block = requireObject(value, path);
  const type = String(block.type);
  if (UNMODELLED.includes(type) && ctx.profile.kind !== 'compatible') notModelled(`${path}.${type}`);
  const allowed = allowedTypes(ctx);
  if (!allowed.includes(type)) tagError(path, block.type, allowed);
  const shape = SHAPES[type] as BlockShape;
  onlyKeys(block, shape.fields, `${path}.${type}`);
  for (const key of shape.required) required(block, key, `${path}.${type}`);
  // Composed: the docs place tool calls, thinking and compaction in assistant turns and tool results in user turns.
  if (!shape.roles.includes(role)) invalid(`${path}: \`${type}\` blocks are not allowed in \`${role}\` messages`);
  checkFields(block, type, path, ctx);
  return block;
}

/** A block of the top-level `system` (always text; `system.N.<field>` paths, as in "system.1.cache_control…"). */
export function checkSystemBlock(value: unknown, path: string): JsonObject {
  const block = requireObject(value, path);
  if (block.type !== 'text') literalError(join(path, 'type'), ['text']);
  onlyKeys(block, SHAPES.text?.fields ?? [], path);
  requireString(required(block, 'text', path), `${path}.text`);
  checkCacheControl(block.cache_control, `${path}.cache_control`);
  return block;
}
