// `tools` and `tool_choice`. Custom tools only: the server tools and toolsets of the SDK's `ToolUnion` are not played.

import type { JsonObject } from './json';
import type { ModelProfile } from './profile-types';
import type { ThinkingPlan } from './request-types';
import { checkCacheControl } from './rules-blocks';
import {
  invalid,
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

/** Fields of the SDK's custom `Tool` (src/resources/messages/messages.ts). */
const TOOL_FIELDS = [
  'name',
  'input_schema',
  'description',
  'cache_control',
  'type',
  'strict',
  'input_examples',
  'defer_loading',
  'allowed_callers',
  'eager_input_streaming',
];
const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,128}$/;

/**
 * Custom tools. Verbatim: "tools.N.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'" (probed on
 * claude-sonnet-5), "tools.N.custom.input_schema.type: Input should be 'object'" and "tools: Tool names must be
 * unique." (anthropics/claude-code#10687).
 */
export function checkTools(value: unknown): JsonObject[] {
  if (!present(value)) return [];
  const tools = requireList(value, 'tools').map((raw, i) => {
    const path = `tools.${i}`;
    const tool = requireObject(raw, path);
    if (present(tool.type) && tool.type !== 'custom') {
      if (typeof tool.type === 'string' && /_\d{8}$/.test(tool.type)) notModelled(`${path}.${tool.type}`);
      tagError(path, tool.type, ['custom']);
    }
    const at = `${path}.custom`;
    onlyKeys(tool, TOOL_FIELDS, at);
    const name = requireString(required(tool, 'name', at), `${at}.name`);
    if (!NAME_PATTERN.test(name)) invalid(`${at}.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
    const schema = requireObject(required(tool, 'input_schema', at), `${at}.input_schema`);
    if (schema.type !== 'object') invalid(`${at}.input_schema.type: Input should be 'object'`);
    if (present(tool.description)) requireString(tool.description, `${at}.description`);
    if (present(tool.strict)) requireBoolean(tool.strict, `${at}.strict`);
    checkCacheControl(tool.cache_control, `${at}.cache_control`);
    return tool;
  });
  const names = tools.map((tool) => tool.name);
  if (new Set(names).size !== names.length) invalid('tools: Tool names must be unique.');
  return tools;
}

const CHOICE_FIELDS: Record<string, readonly string[]> = {
  auto: ['type', 'disable_parallel_tool_use'],
  any: ['type', 'disable_parallel_tool_use'],
  tool: ['type', 'name', 'disable_parallel_tool_use'],
  none: ['type'],
};

/** The shape of `tool_choice`; true when it forces tool use (`any` or `tool`). */
export function checkToolChoice(value: unknown): boolean {
  if (!present(value)) return false;
  const choice = requireObject(value, 'tool_choice');
  const type = String(choice.type);
  const fields = CHOICE_FIELDS[type];
  if (!fields) tagError('tool_choice', choice.type, Object.keys(CHOICE_FIELDS));
  onlyKeys(choice, fields, `tool_choice.${type}`);
  if (type === 'tool') requireString(required(choice, 'name', 'tool_choice.tool'), 'tool_choice.tool.name');
  if (present(choice.disable_parallel_tool_use)) {
    requireBoolean(choice.disable_parallel_tool_use, `tool_choice.${type}.disable_parallel_tool_use`);
  }
  return type === 'any' || type === 'tool';
}

/**
 * Forced tool use where the model refuses it: "Claude Opus 5.5, Claude Sonnet 5.5, Claude Fable 5.1 and Claude Mythos
 * 5.1 are exceptions and return a 400" (https://platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows),
 * worded "`tool_choice: type "tool" and "any" are not supported for this model.`" (Fable 5.1 what's-new). With manual
 * thinking on a 4.x model, verbatim "Thinking may not be enabled when tool_choice forces tool use." (mastra#7507).
 */
export function checkForcedToolChoice(forced: boolean, profile: ModelProfile, thinking: ThinkingPlan): void {
  if (!forced) return;
  if (profile.forcedToolChoiceRefused) invalid('tool_choice: type "tool" and "any" are not supported for this model.');
  if (profile.kind === 'standard' && thinking.on)
    invalid('Thinking may not be enabled when tool_choice forces tool use.');
}
