// The models the stand-in plays, one row each. Sources per fact:
// - lineup, dates, context and output caps: https://platform.claude.com/docs/en/models/haiku-5-5/overview,
//   https://platform.claude.com/docs/en/models/fable-5-2/whats-new-fable-5-2, .../models/sonnet-4-6/overview.md;
// - thinking types, default effort and display: https://platform.claude.com/docs/en/models/sonnet-5-5/migration-guide,
//   .../models/opus-5-5/whats-new-opus-5-5, .../build-with-claude/thinking-troubleshooting;
// - preserved thinking and which model reads whose blocks:
//   https://platform.claude.com/docs/en/build-with-claude/preserved-thinking (#switching-models);
// - minimum cacheable prompt: https://platform.claude.com/docs/en/build-with-claude/prompt-caching (4.x values as
//   quoted in anthropics/anthropic-sdk-python#1194; Sonnet 4.6 at 2048 as measured there; 5.x at 512);
// - context management support: .../build-with-claude/context-editing, .../compaction-threshold.

import { EFFORTS, type Effort, type ModelProfile } from './profile-types';

const ALL_CONTEXT_MANAGEMENT = { clearToolUses: true, clearThinking: true, compact: true } as const;
const NO_THINKING_TYPES = { adaptive: false, enabled: false, disabled: false, between_tools: false } as const;

/**
 * Models that bind no thinking to the model: blocks pass between them (before Claude Fable 5.1). Documented reads:
 * "Claude Fable 5.1 reads blocks from Claude Opus 5 and, on the Claude API, from Claude Opus 5.5", "Only Fable 5.2 and
 * Mythos 5.2 read Fable 5.2 blocks", Haiku 5.5 blocks replay anywhere and it reads no other model's. The rest of the
 * matrix is not published: a 5.5 model reading the older, unbound models is the stand-in's assumption, as is Fable
 * 5.2 reading everything Fable 5.1 reads. Forced tool use is refused only where documented (5.5, Fable/Mythos 5.1).
 */
const UNBOUND = [
  'claude-sonnet-4-6',
  'claude-opus-4-6',
  'claude-haiku-4-5-20251001',
  'claude-sonnet-5',
  'claude-opus-5',
];
/** "Claude Haiku 5.5 is an exception: its thinking blocks are not locked to the model that produced them." */
const HAIKU_5_5 = 'claude-haiku-5-5';

/** A 5.x model: adaptive thinking when `thinking` is omitted, sampling parameters and prefill refused. */
function fiveX(
  row: Partial<ModelProfile> & Pick<ModelProfile, 'id' | 'displayName' | 'createdAt' | 'line'>,
): ModelProfile {
  return {
    kind: 'thinking',
    aliases: [],
    maxInputTokens: 1_000_000,
    maxTokens: 128_000,
    thinkingTypes: { ...NO_THINKING_TYPES, adaptive: true },
    thinkingHint: 'adaptive',
    defaultDisplay: 'omitted',
    displayUpdates: false,
    efforts: EFFORTS,
    defaultEffort: 'high',
    samplingRefused: true,
    samplingExclusive: true,
    prefillRefused: true,
    forcedToolChoiceRefused: false,
    textBetweenToolsAsThinking: false,
    prefixCheck: false,
    systemMessages: true,
    reads: [...UNBOUND, HAIKU_5_5],
    minCacheableTokens: 512,
    contextManagement: ALL_CONTEXT_MANAGEMENT,
    ...row,
  };
}

/** A 4.x model: no thinking unless asked, sampling parameters accepted (one of temperature and top_p). */
function fourX(
  row: Partial<ModelProfile> & Pick<ModelProfile, 'id' | 'displayName' | 'createdAt' | 'line'>,
): ModelProfile {
  return {
    ...fiveX(row),
    kind: 'standard',
    thinkingTypes: { adaptive: true, enabled: true, disabled: true, between_tools: false },
    defaultDisplay: 'summarized',
    efforts: ['low', 'medium', 'high', 'max'],
    samplingRefused: false,
    systemMessages: false,
    ...row,
  };
}

/** The 5.5 generation and Fable/Mythos 5.1+: preserved thinking, text between tool calls inside thinking. */
const PRESERVED = { prefixCheck: true, displayUpdates: true, textBetweenToolsAsThinking: true } as const;
const FABLE_5_1_READS = [...UNBOUND, HAIKU_5_5, 'claude-opus-5-5', 'claude-fable-5-1', 'claude-mythos-5-1'];
const NO_FORCED: { forcedToolChoiceRefused: true } = { forcedToolChoiceRefused: true };
const HIGH_AT_MOST: Effort = 'high';

export const CATALOGUE: readonly ModelProfile[] = [
  fiveX({
    id: 'claude-fable-5-2',
    displayName: 'Claude Fable 5.2',
    createdAt: '2026-11-09T00:00:00Z',
    line: 'fable',
    ...PRESERVED,
    reads: [...FABLE_5_1_READS, 'claude-mythos-5-2'],
  }),
  fiveX({
    id: 'claude-mythos-5-2',
    displayName: 'Claude Mythos 5.2',
    createdAt: '2026-11-09T00:00:00Z',
    line: 'mythos',
    ...PRESERVED,
    reads: [...FABLE_5_1_READS, 'claude-fable-5-2'],
  }),
  fiveX({
    id: 'claude-haiku-5-5',
    displayName: 'Claude Haiku 5.5',
    createdAt: '2026-10-07T00:00:00Z',
    line: 'haiku',
    prefixCheck: true,
    defaultEffort: 'medium',
    reads: [],
    thinkingTypes: { ...NO_THINKING_TYPES, adaptive: true, disabled: true },
    disabledMaxEffort: HIGH_AT_MOST,
  }),
  fiveX({
    id: 'claude-sonnet-5-5',
    displayName: 'Claude Sonnet 5.5',
    createdAt: '2026-09-28T00:00:00Z',
    line: 'sonnet',
    ...PRESERVED,
    ...NO_FORCED,
    thinkingTypes: { ...NO_THINKING_TYPES, adaptive: true, between_tools: true },
    betweenToolsEfforts: ['low', 'medium', 'high'],
  }),
  fiveX({
    id: 'claude-opus-5-5',
    displayName: 'Claude Opus 5.5',
    createdAt: '2026-09-22T00:00:00Z',
    line: 'opus',
    ...PRESERVED,
    ...NO_FORCED,
    defaultEffort: 'medium',
  }),
  fiveX({
    id: 'claude-fable-5-1',
    displayName: 'Claude Fable 5.1',
    createdAt: '2026-09-01T00:00:00Z',
    line: 'fable',
    ...PRESERVED,
    ...NO_FORCED,
    reads: FABLE_5_1_READS,
  }),
  fiveX({
    id: 'claude-mythos-5-1',
    displayName: 'Claude Mythos 5.1',
    createdAt: '2026-09-01T00:00:00Z',
    line: 'mythos',
    ...PRESERVED,
    ...NO_FORCED,
    reads: FABLE_5_1_READS,
  }),
  fiveX({
    id: 'claude-opus-5',
    displayName: 'Claude Opus 5',
    createdAt: '2026-07-24T00:00:00Z',
    line: 'opus',
    thinkingTypes: { ...NO_THINKING_TYPES, adaptive: true, disabled: true },
    disabledMaxEffort: HIGH_AT_MOST,
  }),
  fiveX({
    id: 'claude-sonnet-5',
    displayName: 'Claude Sonnet 5',
    createdAt: '2026-06-30T00:00:00Z',
    line: 'sonnet',
    thinkingTypes: { ...NO_THINKING_TYPES, adaptive: true, disabled: true },
    minCacheableTokens: 1024,
  }),
  fourX({
    id: 'claude-sonnet-4-6',
    displayName: 'Claude Sonnet 4.6',
    createdAt: '2026-02-17T00:00:00Z',
    line: 'sonnet',
    minCacheableTokens: 2048,
  }),
  fourX({
    id: 'claude-opus-4-6',
    displayName: 'Claude Opus 4.6',
    createdAt: '2026-02-05T00:00:00Z',
    line: 'opus',
    minCacheableTokens: 4096,
  }),
  fourX({
    id: 'claude-haiku-4-5-20251001',
    aliases: ['claude-haiku-4-5'],
    displayName: 'Claude Haiku 4.5',
    createdAt: '2025-10-15T00:00:00Z',
    line: 'haiku',
    maxInputTokens: 200_000,
    maxTokens: 64_000,
    thinkingTypes: { adaptive: false, enabled: true, disabled: true, between_tools: false },
    thinkingHint: 'enabled',
    efforts: [],
    defaultEffort: null,
    prefillRefused: false,
    minCacheableTokens: 4096,
    contextManagement: { clearToolUses: true, clearThinking: true, compact: false },
  }),
];

/** Any model id not starting with `claude-`: how a local server names the model it serves. */
export const COMPATIBLE: ModelProfile = {
  ...fourX({
    id: 'compatible',
    displayName: 'Anthropic-compatible local model',
    createdAt: '1970-01-01T00:00:00Z',
    line: null,
  }),
  kind: 'compatible',
  maxInputTokens: Number.POSITIVE_INFINITY,
  maxTokens: Number.POSITIVE_INFINITY,
  thinkingTypes: { adaptive: false, enabled: true, disabled: true, between_tools: false },
  thinkingHint: 'enabled',
  efforts: [],
  defaultEffort: null,
  samplingExclusive: false,
  prefillRefused: false,
  reads: [],
  minCacheableTokens: Number.POSITIVE_INFINITY,
  contextManagement: { clearToolUses: false, clearThinking: false, compact: false },
};
