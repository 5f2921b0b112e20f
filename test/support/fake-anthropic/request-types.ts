// A request the rules accepted, in the shape the rest of the stand-in works on.

import type { JsonObject } from './json';
import type { Display, Effort, ModelProfile, ThinkingType } from './profile-types';

export type Endpoint = 'messages' | 'count_tokens';

export interface RequestMessage {
  /** Index in the request's `messages`, for error paths. */
  index: number;
  role: 'user' | 'assistant' | 'system';
  /** The content as blocks; string content becomes one text block. The block objects are the parsed ones. */
  content: JsonObject[];
  /** `clear_at` of a `role: "system"` message. */
  clearAt?: 'next_user_message' | 'never';
}

export interface ThinkingPlan {
  /** Whether the model thinks on this request. */
  on: boolean;
  /** The resolved `thinking.type` (`none` when the request has none and the model does not think by default). */
  type: ThinkingType | 'none';
  display: Display;
  budget?: number;
  /** A turn starts with a reasoning block (unless the reply says it did not think). */
  leading: boolean;
  /** Text written between tool calls comes back as thinking blocks. */
  progressAsThinking: boolean;
  binding?: 'error' | 'drop_block';
}

export interface ClearToolUsesEdit {
  type: 'clear_tool_uses_20250919';
  trigger: { type: 'input_tokens' | 'tool_uses'; value: number };
  keep: number;
  clearAtLeast: number;
  excludeTools: readonly string[];
  clearToolInputs: boolean | readonly string[];
}

export interface ClearThinkingEdit {
  type: 'clear_thinking_20251015';
  /** Assistant turns whose thinking stays; `all` keeps every turn's. */
  keep: number | 'all';
}

export interface CompactEdit {
  type: 'compact_20260112';
  trigger: number;
  pauseAfterCompaction: boolean;
  instructions: string | undefined;
}

export type ContextEdit = ClearToolUsesEdit | ClearThinkingEdit | CompactEdit;

export interface ValidRequest {
  endpoint: Endpoint;
  profile: ModelProfile;
  /** The model as the request named it. */
  model: string;
  betas: ReadonlySet<string>;
  /** Sent through the SDK's beta namespace (`?beta=true`) or with an `anthropic-beta` header. */
  isBeta: boolean;
  stream: boolean;
  /** Undefined on count_tokens. */
  maxTokens: number | undefined;
  system: JsonObject[];
  tools: JsonObject[];
  messages: RequestMessage[];
  thinking: ThinkingPlan;
  effort: Effort | null;
  /** `tool_choice` `any` or `tool`. */
  forcedTool: boolean;
  /** Undefined when the request has no `context_management`. */
  edits: ContextEdit[] | undefined;
  /** TTL of a top-level `cache_control` (automatic caching), when set. */
  topLevelCache: '5m' | '1h' | undefined;
  stopSequences: string[];
}
