// The model as the loop sees it: one request in, one complete turn out. The Anthropic client (llm.ts) implements it
// over the real API; unit tests and the offline demo implement it with scripted turns. Request shapes are the
// Messages API's own types (the beta ones: context management lives there).

import type {
  BetaContentBlockParam,
  BetaMessageParam,
  BetaTextBlockParam,
  BetaTool,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { ActionEffect } from '../../../shared/page-types';

export type ContentBlock = BetaContentBlockParam;
export type MessageParam = BetaMessageParam;
export type TextBlock = BetaTextBlockParam;
export type ToolDefinition = BetaTool;
/** A tool call's result as it goes back to the model, and its content as a list of blocks. */
export type ToolResultBlock = Extract<ContentBlock, { type: 'tool_result' }>;
export type ToolResultContent = Exclude<ToolResultBlock['content'], string | undefined>;

export interface ModelRequest {
  /** Byte-identical for the life of a task (docs/decisions/0012-append-only-conversation.md). */
  system: TextBlock[];
  /** Byte-identical for the life of a task. */
  tools: ToolDefinition[];
  /** The task's conversation, append-only, ending with a user message (or an assistant message to continue). */
  messages: MessageParam[];
  maxTokens: number;
}

export interface ModelToolCall {
  id: string;
  name: string;
  /** The parsed input; `{}` when the model's JSON could not be parsed (then `inputError` says why). */
  input: unknown;
  /** Set when the streamed input was not valid JSON: the parse error and the raw text, for the tool result. */
  inputError?: { message: string; raw: string };
  /**
   * Never from the API: a driver's own knowledge of what the call will do, the kinds of effect a saved task's step
   * had when it was recorded (replay-model.ts). The page action is sent with it (shared/page-types.ts §ActionHints).
   */
  expect?: ActionEffect[];
}

export interface TokenUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** Why the model stopped, as the API says it (`stop_reason`), or null when it did not say. */
export type StopReasonName =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'stop_sequence'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded'
  | 'compaction';

export interface RefusalDetails {
  category: string | null;
  explanation: string | null;
}

export interface ModelTurn {
  /**
   * Every complete block of the assistant message, exactly as the API sent it (thinking with its signature, text,
   * tool_use, compaction, ...), in order: this is what goes back in the next request. A block cut off by
   * `max_tokens` is not here (`cut` says so).
   */
  content: ContentBlock[];
  /** The text blocks, joined. */
  text: string;
  /** The readable part of the thinking blocks (summaries, progress notes), joined; empty when the display omits it. */
  thinking: string;
  toolCalls: ModelToolCall[];
  stopReason: StopReasonName | string | null;
  /** Set when the model declined (stop_reason `refusal`). */
  refusal?: RefusalDetails;
  /** A block was cut off by the output limit (or the context window) and left out of `content`. */
  cut?: { kind: string };
  usage: TokenUsage;
  /** The model that answered (from the response). */
  model: string;
  /**
   * No model wrote this turn: its driver asked for nothing but a fresh look at the page (a page-level session's
   * snapshot, issue 29). Not a turn without tools: the loop looks again and asks for the next turn.
   */
  looksOnly?: boolean;
}

export interface ModelRetry {
  /** 1 for the first retry. */
  attempt: number;
  /** What failed and that it is being retried, in words a person can read ("… retrying in 2 s."). */
  reason: string;
  delayMs: number;
}

export interface ModelCallOptions {
  signal: AbortSignal;
  /** Text as it streams; a retried attempt starts over, announced by `onRetry` first. */
  onText?(delta: string): void;
  /** Readable thinking (a summary or progress note) as it streams. */
  onThinking?(delta: string): void;
  onRetry?(retry: ModelRetry): void;
}

export interface AgentModel {
  readonly modelId: string;
  /**
   * Resolves with the whole turn once the model finished it; never with half a turn. Throws ModelError when the
   * API refuses or retries run out, and an `aborted` error when the signal fires.
   */
  complete(request: ModelRequest, options: ModelCallOptions): Promise<ModelTurn>;
}
