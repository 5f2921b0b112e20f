// `thinking` and `output_config`: which thinking types and effort levels the model takes, and what the request's
// thinking resolves to. Per-model facts: https://platform.claude.com/docs/en/build-with-claude/thinking-troubleshooting,
// https://platform.claude.com/docs/en/models/sonnet-5-5/whats-new-sonnet-5-5, .../opus-5-5/whats-new-opus-5-5.

import { BETA } from './betas';
import type { JsonObject } from './json';
import { type Display, EFFORTS, type Effort, type ModelProfile, type ThinkingType } from './profile-types';
import type { ThinkingPlan } from './request-types';
import {
  invalid,
  literalError,
  notModelled,
  onlyKeys,
  present,
  required,
  requireInt,
  requireObject,
  tagError,
} from './schema';

const ADAPTIVE_HINT = 'Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.';

/** `output_config`: effort levels per model; `format` and `task_budget` are not played. */
export function checkOutputConfig(body: JsonObject, profile: ModelProfile, betas: ReadonlySet<string>): Effort | null {
  if (!present(body.output_config)) return profile.defaultEffort;
  const config = requireObject(body.output_config, 'output_config');
  onlyKeys(
    config,
    betas.has('task-budgets-2026-03-13') ? ['effort', 'format', 'task_budget'] : ['effort', 'format'],
    'output_config',
  );
  if (present(config.format)) notModelled('output_config.format');
  if (present(config.task_budget)) notModelled('output_config.task_budget');
  if (!present(config.effort)) return profile.defaultEffort;
  const effort = config.effort as Effort;
  if (!EFFORTS.includes(effort)) literalError('output_config.effort', EFFORTS);
  // Composed: Haiku 4.5 lists effort as "Not supported" (https://platform.claude.com/docs/en/about-claude/models/overview).
  if (profile.efforts.length === 0) invalid('output_config.effort: effort is not supported for this model.');
  if (!profile.efforts.includes(effort)) invalid(`output_config.effort: "${effort}" is not supported for this model.`);
  return effort;
}

/**
 * A `thinking.type` the model refuses. Verbatim for `enabled` and `disabled` on the 5.x models ("\"thinking.type.
 * enabled\" is not supported for this model. Use …", Opus 5.5 what's-new); composed for Sonnet 5.5's `disabled`, whose
 * message "points you to between_tools" (Sonnet 5.5 what's-new), and for the rest.
 */
function refuseType(type: ThinkingType, profile: ModelProfile): never {
  const refused = `"thinking.type.${type}" is not supported for this model.`;
  if (profile.thinkingHint === 'enabled') {
    invalid(`${refused} Use "thinking.type.enabled" with "budget_tokens" to control thinking behavior.`);
  }
  if (type === 'disabled' && profile.thinkingTypes.between_tools) {
    invalid(
      `${refused} Use "thinking.type.between_tools" to turn off up-front thinking, or "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.`,
    );
  }
  invalid(`${refused} ${ADAPTIVE_HINT}`);
}

/**
 * Effort limits of thinking off (Opus 5, Haiku 5.5: up to high) and of `between_tools` (Sonnet 5.5: low to high),
 * documented in https://platform.claude.com/docs/en/models/sonnet-5-5/whats-new-sonnet-5-5; both messages composed.
 */
function checkTypeEffort(type: ThinkingType, profile: ModelProfile, effort: Effort | null): void {
  const level = effort ?? 'high';
  const max = profile.disabledMaxEffort;
  if (type === 'disabled' && max && EFFORTS.indexOf(level) > EFFORTS.indexOf(max)) {
    invalid(
      `"thinking.type.disabled" is not supported with "output_config.effort" "${level}" for this model. Use an effort of "${max}" or lower, or "thinking.type.adaptive".`,
    );
  }
  const allowed = profile.betweenToolsEfforts;
  if (type === 'between_tools' && allowed && !allowed.includes(level)) {
    invalid(
      `"thinking.type.between_tools" is not supported with "output_config.effort" "${level}". Use ${allowed.map((e) => `"${e}"`).join(', ')}.`,
    );
  }
}

function fieldsOf(type: ThinkingType, profile: ModelProfile, betas: ReadonlySet<string>): string[] {
  if (profile.kind === 'compatible') return type === 'enabled' ? ['type', 'budget_tokens'] : ['type'];
  const binding = betas.has(BETA.binding) ? ['block_binding'] : [];
  if (type === 'enabled') return ['type', 'budget_tokens', 'display', ...binding];
  if (type === 'adaptive') return ['type', 'display', ...binding];
  return ['type'];
}

/**
 * Manual thinking's budget: "Must be ≥1024 and less than `max_tokens`" (SDK `ThinkingConfigEnabled`), worded as
 * catalogued by third parties: "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024" and
 * "`max_tokens` must be greater than `thinking.budget_tokens`.".
 */
function checkBudget(thinking: JsonObject, maxTokens: number | undefined, profile: ModelProfile): number {
  const budget = requireInt(required(thinking, 'budget_tokens', 'thinking.enabled'), 'thinking.enabled.budget_tokens');
  if (profile.kind === 'compatible') return budget;
  if (budget < 1024) invalid('thinking.enabled.budget_tokens: Input should be greater than or equal to 1024');
  if (maxTokens !== undefined && maxTokens <= budget)
    invalid('`max_tokens` must be greater than `thinking.budget_tokens`.');
  return budget;
}

/** The display; `updates` needs its beta (https://platform.claude.com/docs/en/models/fable-5-1/whats-new-fable-5-1). */
function checkDisplay(
  thinking: JsonObject,
  type: ThinkingType,
  profile: ModelProfile,
  betas: ReadonlySet<string>,
): Display {
  if (!present(thinking.display)) return profile.kind === 'compatible' ? 'summarized' : profile.defaultDisplay;
  const allowed: Display[] = betas.has(BETA.displayUpdates)
    ? ['summarized', 'omitted', 'updates']
    : ['summarized', 'omitted'];
  if (!allowed.includes(thinking.display as Display)) literalError(`thinking.${type}.display`, allowed);
  // Composed: "updates" is offered on Sonnet 5.5, Opus 5.5 and Fable/Mythos 5.x only.
  if (thinking.display === 'updates' && !profile.displayUpdates)
    invalid('"thinking.display.updates" is not supported for this model.');
  return thinking.display as Display;
}

function checkBinding(thinking: JsonObject, type: ThinkingType): ThinkingPlan['binding'] {
  if (!present(thinking.block_binding)) return undefined;
  const path = `thinking.${type}.block_binding`;
  const binding = requireObject(thinking.block_binding, path);
  onlyKeys(binding, ['prefix_mismatch_behavior'], path);
  const behavior = binding.prefix_mismatch_behavior;
  if (!present(behavior)) return undefined;
  if (behavior !== 'error' && behavior !== 'drop_block')
    literalError(`${path}.prefix_mismatch_behavior`, ['error', 'drop_block']);
  return behavior;
}

export interface ThinkingInputs {
  body: JsonObject;
  profile: ModelProfile;
  betas: ReadonlySet<string>;
  maxTokens: number | undefined;
  effort: Effort | null;
  forcedTool: boolean;
}

/** What the request's thinking resolves to, after the per-model rules. */
export function resolveThinking({ body, profile, betas, maxTokens, effort, forcedTool }: ThinkingInputs): ThinkingPlan {
  let type: ThinkingType | 'none' = profile.kind === 'thinking' ? 'adaptive' : 'none';
  let display: Display = profile.kind === 'compatible' ? 'summarized' : profile.defaultDisplay;
  let budget: number | undefined;
  let binding: ThinkingPlan['binding'];
  if (present(body.thinking)) {
    const thinking = requireObject(body.thinking, 'thinking');
    const tags: ThinkingType[] =
      profile.kind === 'compatible' ? ['enabled', 'disabled'] : ['enabled', 'disabled', 'between_tools', 'adaptive'];
    if (!tags.includes(thinking.type as ThinkingType)) tagError('thinking', thinking.type, tags);
    type = thinking.type as ThinkingType;
    if (!profile.thinkingTypes[type]) refuseType(type, profile);
    checkTypeEffort(type, profile, effort);
    onlyKeys(thinking, fieldsOf(type, profile, betas), `thinking.${type}`);
    if (type === 'enabled') budget = checkBudget(thinking, maxTokens, profile);
    if (type === 'enabled' || type === 'adaptive') display = checkDisplay(thinking, type, profile, betas);
    binding = checkBinding(thinking, type);
  }
  const on = type === 'adaptive' || type === 'enabled' || type === 'between_tools';
  return {
    on,
    type,
    display,
    ...(budget !== undefined ? { budget } : {}),
    // "Where forced tool use is accepted, it skips thinking: the response starts with the tool call."
    // (https://platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows)
    leading: on && type !== 'between_tools' && !forcedTool,
    progressAsThinking: on && profile.textBetweenToolsAsThinking,
    ...(binding ? { binding } : {}),
  };
}
