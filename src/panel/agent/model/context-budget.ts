// How the conversation is kept bounded without the client ever editing it (decision 0012): on the Anthropic API by
// the API's own context management, applied server-side to what the model reads; on a compatible local server, where
// nothing is bound to the history, by the client clearing old tool results the same way.
//
// Observations travel inside tool results, so clearing old tool results clears old page views. Notes the model writes
// with the `note` tool are never cleared: that is how a fact read early survives.

import type { BetaContextManagementConfig } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { EndpointProfile } from './endpoint';

/** The tool whose calls keep facts for the whole task: excluded from clearing. */
export const NOTE_TOOL = 'note';

/**
 * Clear old tool results once the prompt passes this many input tokens. Low enough that a long task costs about what
 * its first steps cost (a page observation is up to ~2,000 tokens), high enough that clearing is an occasional event
 * rather than a per-step one: every clearing changes the prompt prefix and costs one cache write.
 */
export const CLEAR_TRIGGER_TOKENS = 16_000;
/** The most recent tool results (and with them the latest observations) always stay. */
export const KEEP_TOOL_USES = 3;
/** Each clearing removes at least this much, so the cache write it costs pays for itself over the next steps. */
export const CLEAR_AT_LEAST_TOKENS = 8_000;
/** Compaction is the backstop for very long tasks (the API's minimum trigger is 50,000). */
export const COMPACTION_TRIGGER_TOKENS = 80_000;

/** Summaries the API writes when it compacts must keep what the task depends on. */
export const COMPACTION_INSTRUCTIONS =
  'Keep the task and every follow-up instruction from the person word for word, every note the agent wrote with ' +
  'the note tool word for word, the sites the person allowed or denied, and what the agent has done so far and ' +
  'on which page it is. Page contents may be summarised briefly.';

export const CONTEXT_MANAGEMENT_BETA = 'context-management-2025-06-27';
export const COMPACTION_BETA = 'compact-2026-01-12';

/** The context management edits a request asks for, with the betas they need; null when there are none. */
export function contextManagement(
  profile: EndpointProfile,
): { config: BetaContextManagementConfig; betas: string[] } | null {
  if (profile.kind !== 'anthropic') return null;
  const edits: NonNullable<BetaContextManagementConfig['edits']> = [];
  const betas: string[] = [];
  // Clearing thinking must come first; keeping all of it keeps the cached prefix stable from step to step
  // (https://platform.claude.com/docs/en/build-with-claude/context-editing).
  if (profile.adaptiveThinking && profile.clearThinking) edits.push({ type: 'clear_thinking_20251015', keep: 'all' });
  if (profile.clearToolUses) {
    edits.push({
      type: 'clear_tool_uses_20250919',
      trigger: { type: 'input_tokens', value: CLEAR_TRIGGER_TOKENS },
      keep: { type: 'tool_uses', value: KEEP_TOOL_USES },
      clear_at_least: { type: 'input_tokens', value: CLEAR_AT_LEAST_TOKENS },
      exclude_tools: [NOTE_TOOL],
    });
  }
  if (edits.length > 0) betas.push(CONTEXT_MANAGEMENT_BETA);
  if (profile.compaction) {
    edits.push({
      type: 'compact_20260112',
      trigger: { type: 'input_tokens', value: COMPACTION_TRIGGER_TOKENS },
      instructions: COMPACTION_INSTRUCTIONS,
    });
    betas.push(COMPACTION_BETA);
  }
  return edits.length > 0 ? { config: { edits }, betas } : null;
}
