// Public types of the fake Anthropic Messages API server. Tests script "turns" (what the model answers next) and
// read back "recorded requests" (what the client actually sent).

import type Anthropic from '@anthropic-ai/sdk';

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

export type ReplyBlock = TextBlockSpec | ToolUseBlockSpec;

export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens';

export interface UsageSpec {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
}

/** A successful model answer. Everything but `content` is derived when missing. */
export interface Reply {
  content: ReplyBlock[];
  /** Defaults to `tool_use` when a tool_use block is present, else `end_turn`. */
  stop_reason?: StopReason;
  /** Defaults to an estimate: input = request body chars / 4, output = content chars / 4. */
  usage?: UsageSpec;
  /** Defaults to the model named in the request. */
  model?: string;
  /** Overrides the server's `eventDelayMs` for this streamed reply. */
  eventDelayMs?: number;
}

/** Options shared by the faults that answer with an HTTP error status. */
interface HttpFaultOptions {
  /** Overrides the default error message. */
  message?: string;
  /** Sets `x-should-retry`, which the SDK obeys over its own status-based retry policy. */
  shouldRetry?: boolean;
}

export type Fault =
  /** 429 rate_limit_error with `retry-after: retryAfterSec` (default 1; fractions are sent as-is). */
  | ({ fault: 'rate_limit'; retryAfterSec?: number } & HttpFaultOptions)
  /** 500 api_error. */
  | ({ fault: 'server_error' } & HttpFaultOptions)
  /** 529 overloaded_error. */
  | ({ fault: 'overloaded' } & HttpFaultOptions)
  /** 401 authentication_error. */
  | ({ fault: 'unauthorized' } & HttpFaultOptions)
  /** 400 invalid_request_error. */
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

/** Error types the API sends inside a stream. */
export type StreamErrorType = 'overloaded_error' | 'api_error' | 'rate_limit_error';

export type Turn = Reply | Fault;

/** What the client sent, as far as a test cares: the Messages API params, loosely (nothing is validated). */
export type RequestBody = Partial<Omit<Anthropic.MessageCreateParamsNonStreaming, 'stream'>> & {
  stream?: boolean;
  [key: string]: unknown;
};

/** Which credential header the request carried (`x-api-key` wins when both are present). */
export type AuthKind = 'x-api-key' | 'bearer' | 'none';

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/messages`. */
  path: string;
  /** Query string without `?`, empty when absent. */
  query: string;
  /** Lower-cased header names; repeated headers are joined with `, `. */
  headers: Record<string, string>;
  /** Parsed JSON body; undefined when there was no body or it was not a JSON object. */
  body: RequestBody | undefined;
  rawBody: string;
  /** `Date.now()` when the request was received. */
  time: number;
  auth: AuthKind;
  /** The key or token presented in that header. */
  credential: string | undefined;
}

/** Chooses the answer when the queue is empty. `index` counts POST /v1/messages requests since start/reset. */
export type Responder = (req: RecordedRequest, index: number) => Turn | Promise<Turn>;

export interface FakeAnthropicOptions {
  /** Default 0 (any free port). */
  port?: number;
  /** When set, requests must present it as `x-api-key` or `Authorization: Bearer`. */
  apiKey?: string;
  /** Delay between streamed SSE events, so a UI can be seen receiving text. Default 0. */
  eventDelayMs?: number;
}

export interface FakeAnthropic {
  /** Base URL for the SDK's `baseURL`, e.g. `http://127.0.0.1:54321` (no trailing slash, no `/v1`). */
  readonly url: string;
  readonly port: number;
  /** Every request received since start/reset, CORS preflights included, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  /** Only the POST /v1/messages requests. */
  readonly messageRequests: readonly RecordedRequest[];
  /** Appends turns; each POST /v1/messages consumes one, in order. */
  enqueue(...turns: Turn[]): void;
  /** Answers POST /v1/messages once the queue is empty; `undefined` removes it. */
  respondWith(fn: Responder | undefined): void;
  /** How many enqueued turns are still unconsumed. */
  pendingTurns(): number;
  /** Clears queue, responder and recorded requests, and drops any hanging connection. */
  reset(): void;
  /** Stops listening and destroys every open connection, hanging ones included. */
  close(): Promise<void>;
}
