// What a test scripts: the model's next turn (`Reply`) or a failure of the API around it (`Fault`).

export interface TextBlockSpec {
  type: 'text';
  text: string;
}

export interface ToolUseBlockSpec {
  type: 'tool_use';
  /** Generated as `toolu_…` when missing. */
  id?: string;
  name: string;
  input: Record<string, unknown>;
  /**
   * The input JSON exactly as the model streams it, valid or not (a tool call whose input does not parse). Streamed
   * in place of `input`; a non-streaming reply carries it parsed when it parses, else as the raw string.
   */
  rawInput?: string;
}

/**
 * Interleaved thinking the model does between other blocks. Sent as a signed `thinking` block whose text is this
 * reasoning summary when the request's display returns summaries, `''` when it omits them. Dropped on a turn where the
 * model does not think (thinking off for the request).
 */
export interface ThinkingBlockSpec {
  type: 'thinking';
  thinking: string;
}

export type ReplyBlock = TextBlockSpec | ToolUseBlockSpec | ThinkingBlockSpec;

/** https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons */
export type StopReason =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded'
  | 'stop_sequence';

export interface UsageSpec {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
}

export interface RefusalSpec {
  /** `RefusalStopDetails.category`, e.g. `cyber`; null when the refusal maps to no named category. */
  category?: string | null;
  explanation?: string | null;
}

export interface CutAt {
  /** Index into `content` as scripted (the generated leading thinking block is not counted). */
  block: number;
  /** Characters of the block's streamed text or input JSON that get out before the cut; default half. */
  chars?: number;
  /**
   * Whether the cut block still gets its `content_block_stop`. Default false, as in the SDK's recorded
   * `incomplete_partial_json_response.txt` (anthropics/anthropic-sdk-typescript tests/lib/fixtures).
   */
  blockStop?: boolean;
}

/** A successful model answer. Everything but `content` is derived when missing. */
export interface Reply {
  content: ReplyBlock[];
  /**
   * Defaults to `tool_use` when a tool_use block is present, else `end_turn`; `max_tokens` or
   * `model_context_window_exceeded` when the stand-in had to cut the turn.
   */
  stop_reason?: StopReason;
  /** The stop sequence reported with `stop_reason: 'stop_sequence'`; default the request's first one. */
  stopSequence?: string;
  /** Overrides the computed usage counters it names. */
  usage?: UsageSpec;
  /** Defaults to the model named in the request (its canonical id when an alias was named). */
  model?: string;
  /** Overrides the server's `eventDelayMs` for this streamed reply. */
  eventDelayMs?: number;
  /**
   * The summary text of the turn's leading thinking block, on a request that thinks. Default a short generated
   * sentence; `false` when the model did not think this turn (no leading block).
   */
  thinking?: string | false;
  /** Reasoning tokens of the leading thinking block: billed as output, counted toward max_tokens. */
  thinkingTokens?: number;
  /** The model thinks this long before its first content block; the stream sends pings meanwhile. */
  thinkMs?: number;
  /** Makes the turn a refusal: stop_reason `refusal` with these `stop_details`; `content` may hold partial text. */
  refusal?: RefusalSpec;
  /** Forces a max_tokens cut inside one block. */
  cutAt?: CutAt;
}

/** Options shared by the faults that answer with an HTTP error status. */
interface HttpFaultOptions {
  /** Overrides the default error message. */
  message?: string;
  /** Sets `x-should-retry`, which the SDK obeys over its own status-based retry policy. */
  shouldRetry?: boolean;
}

/** Error types the API sends inside a stream. */
export type StreamErrorType = 'overloaded_error' | 'api_error' | 'rate_limit_error';

export type Fault =
  /**
   * 429 rate_limit_error with `retry-after: retryAfterSec` (default 1; fractions are sent as-is; `null` sends no
   * retry-after header at all).
   */
  | ({ fault: 'rate_limit'; retryAfterSec?: number | null } & HttpFaultOptions)
  /**
   * 429 rate_limit_error for the usage tier's monthly spend cap: `error.details.error_code:
   * "enforced_spend_limit_reached"`, access back on the first day of next month, and no retry-after header.
   */
  | ({ fault: 'spend_limit' } & HttpFaultOptions)
  /** 500 api_error. */
  | ({ fault: 'server_error' } & HttpFaultOptions)
  /** 529 overloaded_error with `x-should-retry: true`, as the API sends it. */
  | ({ fault: 'overloaded' } & HttpFaultOptions)
  /** 401 authentication_error. */
  | ({ fault: 'unauthorized' } & HttpFaultOptions)
  /** 400 invalid_request_error with `x-should-retry: false` unless `shouldRetry` says otherwise. */
  | { fault: 'bad_request'; message: string; shouldRetry?: boolean }
  /** Never answers; the socket is destroyed by `close()` or `reset()`. */
  | { fault: 'hang' }
  /**
   * Streaming: sends the first `afterEvents` SSE events of `turn` (default: half of them), then destroys the
   * connection. Non-streaming: destroys the connection before answering.
   */
  | { fault: 'cut'; afterEvents?: number; turn: Reply }
  /**
   * Streaming: sends the first `afterEvents` SSE events of `turn` (default: half of them), then sends nothing more
   * and keeps the connection open, like a hang that starts mid-stream. Non-streaming: the same as `hang`.
   */
  | { fault: 'stall'; afterEvents?: number; turn: Reply }
  /**
   * Streaming: sends the first `afterEvents` SSE events of `turn` (default 1: message_start), then an `error` event
   * of `errorType` (default `overloaded_error`, as the API sends when it is overloaded mid-answer) and ends the
   * response. Non-streaming: answers with that error's HTTP status instead.
   */
  | { fault: 'stream_error'; afterEvents?: number; turn: Reply; errorType?: StreamErrorType; message?: string };

export type Turn = Reply | Fault;
