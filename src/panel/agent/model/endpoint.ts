// What the endpoint behind the base URL can take, so every request asks only for what it accepts: the Anthropic API
// (thinking, effort, server-side context management, prompt caching) or an Anthropic-compatible local server
// (Ollama ≥ 0.14, llama.cpp's llama-server, LM Studio), which refuses betas and fields it does not know.
//
// The Models API says what a model accepts (`GET /v1/models/{id}` → `capabilities`,
// https://platform.claude.com/docs/en/api/models/retrieve). A compatible server answers that route in the OpenAI
// shape, without capabilities, or not at all; that is how it is told apart. On api.anthropic.com a failed lookup
// falls back to what the model's generation is documented to accept, never to the compatible profile: a client that
// trimmed history there would break the thinking blocks' binding (decision 0012).

import type { ModelInfo } from '@anthropic-ai/sdk/resources/models';
import { EFFORT_LEVELS, type Effort } from '../core/settings';

export interface EndpointProfile {
  kind: 'anthropic' | 'compatible';
  /** Ask for adaptive thinking with readable summaries (the model accepts `thinking.type: "adaptive"`). */
  adaptiveThinking: boolean;
  /** The effort levels the model accepts; empty when `output_config.effort` must not be sent. */
  effort: ReadonlySet<Effort>;
  /** Server-side context management strategies the model supports. */
  clearToolUses: boolean;
  clearThinking: boolean;
  compaction: boolean;
  /** The model's cap on `max_tokens`, when known. */
  maxOutputTokens: number | null;
}

const ALL_EFFORTS: ReadonlySet<Effort> = new Set(EFFORT_LEVELS);

export const COMPATIBLE_PROFILE: EndpointProfile = {
  kind: 'compatible',
  adaptiveThinking: false,
  effort: new Set(),
  clearToolUses: false,
  clearThinking: false,
  compaction: false,
  maxOutputTokens: null,
};

/** From the Models API's capabilities; null when the answer carries none (not the Anthropic API). */
export function profileFromModelInfo(info: Partial<ModelInfo> | null | undefined): EndpointProfile | null {
  const caps = info?.capabilities;
  if (!caps || typeof caps !== 'object') return null;
  const effort = new Set<Effort>();
  if (caps.effort?.supported) {
    for (const level of ALL_EFFORTS) if (caps.effort[level]?.supported) effort.add(level);
  }
  const cm = caps.context_management;
  return {
    kind: 'anthropic',
    adaptiveThinking: Boolean(caps.thinking?.supported && caps.thinking.types?.adaptive?.supported),
    effort,
    clearToolUses: Boolean(cm?.supported && cm.clear_tool_uses_20250919?.supported),
    clearThinking: Boolean(cm?.supported && cm.clear_thinking_20251015?.supported),
    compaction: Boolean(cm?.supported && cm.compact_20260112?.supported),
    maxOutputTokens: typeof info?.max_tokens === 'number' ? info.max_tokens : null,
  };
}

/**
 * What a model is documented to accept, by its generation, for when the Models API could not be asked
 * (https://platform.claude.com/docs/en/about-claude/models/overview, .../build-with-claude/context-editing).
 */
export function documentedProfile(model: string): EndpointProfile {
  const base: EndpointProfile = { ...COMPATIBLE_PROFILE, kind: 'anthropic' };
  const thinking = {
    adaptiveThinking: true,
    effort: ALL_EFFORTS,
    clearToolUses: true,
    clearThinking: true,
    compaction: true,
  };
  if (/^claude-(opus|sonnet|haiku|fable|mythos)-5/.test(model))
    return { ...base, ...thinking, maxOutputTokens: 128_000 };
  if (/^claude-(opus|sonnet)-4-[678]/.test(model)) return { ...base, ...thinking, maxOutputTokens: 64_000 };
  if (/^claude-/.test(model)) return { ...base, clearToolUses: true, maxOutputTokens: 64_000 };
  return base;
}

export function isAnthropicHost(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname;
    return host === 'anthropic.com' || host.endsWith('.anthropic.com');
  } catch {
    return false;
  }
}

/** Reads a model's entry from the Models API; rejects when the endpoint does not answer it. */
export type ModelLookup = (model: string, signal: AbortSignal) => Promise<Partial<ModelInfo>>;

const LOOKUP_TIMEOUT_MS = 15_000;

/**
 * The profile for `model` at `baseUrl`: from the Models API when it answers with capabilities; on the Anthropic API
 * otherwise from the documented table; elsewhere the compatible profile.
 */
export async function resolveProfile(
  baseUrl: string,
  model: string,
  lookup: ModelLookup,
  signal: AbortSignal,
): Promise<EndpointProfile> {
  try {
    const info = await lookup(model, AbortSignal.any([signal, AbortSignal.timeout(LOOKUP_TIMEOUT_MS)]));
    const profile = profileFromModelInfo(info);
    if (profile) return profile;
  } catch (error) {
    if (signal.aborted) throw error;
  }
  return isAnthropicHost(baseUrl) ? documentedProfile(model) : COMPATIBLE_PROFILE;
}
