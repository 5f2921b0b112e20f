// The model as the loop sees it: one request in, one complete turn out. The Anthropic client (llm.ts) implements it
// over the real API; unit tests implement it with scripted turns. Request shapes are the Messages API's own types.

import type Anthropic from '@anthropic-ai/sdk';

export interface ModelRequest {
  system: Anthropic.TextBlockParam[];
  tools: Anthropic.Tool[];
  messages: Anthropic.MessageParam[];
  maxTokens: number;
}

export interface ModelToolCall {
  id: string;
  name: string;
  /** The parsed input; `{}` when the model's JSON could not be parsed (then `inputError` says why). */
  input: unknown;
  /** Set when the streamed input was not valid JSON: the parse error and the raw text, for the tool result. */
  inputError?: { message: string; raw: string };
}

export interface TokenUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface ModelTurn {
  text: string;
  toolCalls: ModelToolCall[];
  stopReason: string | null;
  usage: TokenUsage;
  /** The model that answered (from the response). */
  model: string;
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
