// `context_management.edits`: the three server-side strategies with the SDK's parameter shapes
// (`BetaClearToolUses20250919Edit`, `BetaClearThinking20251015Edit`, `BetaCompact20260112Edit`), their betas, their
// order, and the models that support them. https://platform.claude.com/docs/en/build-with-claude/context-editing,
// https://platform.claude.com/docs/en/build-with-claude/compaction-threshold

import { BETA } from './betas';
import type { JsonObject } from './json';
import type { ModelProfile } from './profile-types';
import type { ClearThinkingEdit, ClearToolUsesEdit, CompactEdit, ContextEdit, ThinkingPlan } from './request-types';
import {
  invalid,
  onlyKeys,
  present,
  requireBoolean,
  required,
  requireInt,
  requireList,
  requireObject,
  requireString,
  tagError,
} from './schema';

const CLEAR_TOOL_USES = 'clear_tool_uses_20250919';
const CLEAR_THINKING = 'clear_thinking_20251015';
const COMPACT = 'compact_20260112';

/** `{type, value}` objects (triggers, keep, clear_at_least), with `type` one of `types`. */
function typedValue(
  value: unknown,
  path: string,
  types: readonly string[],
  min: number,
): { type: string; value: number } {
  const object = requireObject(value, path);
  if (!types.includes(String(object.type))) tagError(path, object.type, types);
  onlyKeys(object, ['type', 'value'], `${path}.${object.type}`);
  const number = requireInt(required(object, 'value', `${path}.${object.type}`), `${path}.${object.type}.value`, min);
  return { type: String(object.type), value: number };
}

function stringList(value: unknown, path: string): string[] {
  return requireList(value, path).map((item, i) => requireString(item, `${path}.${i}`));
}

/** Defaults from the docs' table: trigger 100,000 input tokens, keep 3 tool uses, no clear_at_least. */
function clearToolUses(edit: JsonObject, path: string): ClearToolUsesEdit {
  onlyKeys(edit, ['type', 'trigger', 'keep', 'clear_at_least', 'exclude_tools', 'clear_tool_inputs'], path);
  const trigger = present(edit.trigger)
    ? typedValue(edit.trigger, `${path}.trigger`, ['input_tokens', 'tool_uses'], 1)
    : { type: 'input_tokens', value: 100_000 };
  const keep = present(edit.keep) ? typedValue(edit.keep, `${path}.keep`, ['tool_uses'], 0).value : 3;
  const atLeast = present(edit.clear_at_least)
    ? typedValue(edit.clear_at_least, `${path}.clear_at_least`, ['input_tokens'], 0).value
    : 0;
  let inputs: boolean | string[] = false;
  if (Array.isArray(edit.clear_tool_inputs)) inputs = stringList(edit.clear_tool_inputs, `${path}.clear_tool_inputs`);
  else if (present(edit.clear_tool_inputs))
    inputs = requireBoolean(edit.clear_tool_inputs, `${path}.clear_tool_inputs`);
  return {
    type: CLEAR_TOOL_USES,
    trigger: trigger as ClearToolUsesEdit['trigger'],
    keep,
    clearAtLeast: atLeast,
    excludeTools: present(edit.exclude_tools) ? stringList(edit.exclude_tools, `${path}.exclude_tools`) : [],
    clearToolInputs: inputs,
  };
}

/** `keep`: `'all'`, `{type: 'all'}` or `{type: 'thinking_turns', value}`; one turn when absent (the docs' default). */
function clearThinking(edit: JsonObject, path: string): ClearThinkingEdit {
  onlyKeys(edit, ['type', 'keep'], path);
  if (!present(edit.keep)) return { type: CLEAR_THINKING, keep: 1 };
  if (edit.keep === 'all') return { type: CLEAR_THINKING, keep: 'all' };
  const keep = requireObject(edit.keep, `${path}.keep`);
  if (keep.type === 'all') {
    onlyKeys(keep, ['type'], `${path}.keep.all`);
    return { type: CLEAR_THINKING, keep: 'all' };
  }
  return { type: CLEAR_THINKING, keep: typedValue(keep, `${path}.keep`, ['thinking_turns', 'all'], 0).value };
}

/**
 * Trigger default 150,000 input tokens; the minimum of 50,000 is documented (as summarised on velog.io/@jungseonw00,
 * 2026-10-30), the error's wording is composed in pydantic style.
 */
function compact(edit: JsonObject, path: string): CompactEdit {
  onlyKeys(edit, ['type', 'trigger', 'pause_after_compaction', 'instructions'], path);
  let trigger = 150_000;
  if (present(edit.trigger)) {
    trigger = typedValue(edit.trigger, `${path}.trigger`, ['input_tokens'], 1).value;
    if (trigger < 50_000) invalid(`${path}.trigger.input_tokens.value: Input should be greater than or equal to 50000`);
  }
  const pause = present(edit.pause_after_compaction)
    ? requireBoolean(edit.pause_after_compaction, `${path}.pause_after_compaction`)
    : false;
  const instructions = present(edit.instructions)
    ? requireString(edit.instructions, `${path}.instructions`)
    : undefined;
  return { type: COMPACT, trigger, pauseAfterCompaction: pause, instructions };
}

function supported(type: string, profile: ModelProfile): boolean {
  const cm = profile.contextManagement;
  return type === CLEAR_TOOL_USES ? cm.clearToolUses : type === CLEAR_THINKING ? cm.clearThinking : cm.compact;
}

/**
 * The edits. Strategy tags open with their betas: clearing with `context-management-2025-06-27`, compaction with
 * `compact-2026-01-12` (either header opens the `context_management` field itself). Verbatim: "`clear_thinking_20251015`
 * strategy requires `thinking` to be enabled or adaptive" (router-for-me/CLIProxyAPI#4784). Composed: that clearing
 * thinking must come first ("When combining strategies, clear_thinking_20251015 must come first", as SDKs document it)
 * and that the model must support the strategy (its `capabilities.context_management`).
 */
export function checkContextManagement(
  value: unknown,
  profile: ModelProfile,
  betas: ReadonlySet<string>,
  thinking: ThinkingPlan,
): ContextEdit[] | undefined {
  if (!present(value)) return undefined;
  const config = requireObject(value, 'context_management');
  onlyKeys(config, ['edits'], 'context_management');
  if (!present(config.edits)) return [];
  const tags = [
    ...(betas.has(BETA.contextManagement) ? [CLEAR_TOOL_USES, CLEAR_THINKING] : []),
    ...(betas.has(BETA.compact) ? [COMPACT] : []),
  ];
  const edits = requireList(config.edits, 'context_management.edits').map((raw, i): ContextEdit => {
    const path = `context_management.edits.${i}`;
    const edit = requireObject(raw, path);
    const type = String(edit.type);
    if (!tags.includes(type)) tagError(path, edit.type, tags);
    if (!supported(type, profile)) invalid(`${path}: \`${type}\` is not supported for this model.`);
    if (type === CLEAR_TOOL_USES) return clearToolUses(edit, `${path}.${type}`);
    if (type === CLEAR_THINKING) return clearThinking(edit, `${path}.${type}`);
    return compact(edit, `${path}.${type}`);
  });
  edits.forEach((edit, i) => {
    if (edit.type !== CLEAR_THINKING) return;
    if (thinking.type !== 'adaptive' && thinking.type !== 'enabled') {
      invalid('`clear_thinking_20251015` strategy requires `thinking` to be enabled or adaptive');
    }
    if (i !== 0)
      invalid(
        'context_management.edits: `clear_thinking_20251015` must come first when combined with other strategies',
      );
  });
  return edits;
}
