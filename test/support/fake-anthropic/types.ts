// Public types of the stand-in Messages API server. Tests script "turns" (reply-types.ts: what the model answers
// next) and read back "recorded requests" (what the client sent, whether the stand-in refused it, and what the model
// would have read after the API's own context management).

import type Anthropic from '@anthropic-ai/sdk';
import type {
  BetaContentBlockParam,
  BetaTextBlockParam,
  BetaToolUnion,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { Turn } from './reply-types';

export type {
  CutAt,
  Fault,
  RefusalSpec,
  Reply,
  ReplyBlock,
  StopReason,
  StreamErrorType,
  TextBlockSpec,
  ThinkingBlockSpec,
  ToolUseBlockSpec,
  Turn,
  UsageSpec,
} from './reply-types';

/** What the client sent, loosely typed: the stand-in validates it itself and records it whatever it holds. */
export type RequestBody = Partial<Omit<Anthropic.MessageCreateParamsNonStreaming, 'stream'>> & {
  stream?: boolean;
  [key: string]: unknown;
};

/** Which credential header the request carried (`x-api-key` wins when both are present). */
export type AuthKind = 'x-api-key' | 'bearer' | 'none';

/** A 4xx the stand-in answered because the request broke one of the API's rules. */
export interface Rejection {
  status: number;
  type: string;
  message: string;
}

export interface ViewMessage {
  role: 'user' | 'assistant' | 'system';
  content: BetaContentBlockParam[];
}

/**
 * What the model reads: the request after dropped thinking blocks, the compaction window, thinking and tool-result
 * clearing (cleared results carry `CLEARED_TOOL_RESULT_TEXT`) and, when it ran in this request, compaction.
 */
export interface ModelView {
  system: BetaTextBlockParam[];
  tools: BetaToolUnion[];
  messages: ViewMessage[];
}

export interface CacheCreationUsage {
  ephemeral_5m_input_tokens: number;
  ephemeral_1h_input_tokens: number;
}

export interface IterationUsage {
  type: 'compaction' | 'message';
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation: CacheCreationUsage;
}

/** The usage object as the response reported it (a compatible endpoint reports input and output tokens only). */
export interface ReportedUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
  cache_creation?: CacheCreationUsage;
  output_tokens_details?: { thinking_tokens: number };
  service_tier?: 'standard';
  iterations?: IterationUsage[];
}

export type AppliedEdit =
  | { type: 'clear_tool_uses_20250919'; cleared_tool_uses: number; cleared_input_tokens: number }
  | { type: 'clear_thinking_20251015'; cleared_thinking_turns: number; cleared_input_tokens: number };

export interface InputTransformation {
  type: 'thinking_dropped';
  /** `messages.{i}.content.{j}` of the request as sent. */
  path: string;
  reason: 'model_binding_mismatch' | 'prefix_binding_mismatch';
}

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
  /** The profile that served it: a canonical model id, or `compatible` for a non-`claude-` model. */
  profile?: string;
  /** Set when the stand-in refused the request for breaking a rule. */
  rejection?: Rejection;
  /** What the model reads; set before a responder is asked, so a scripted model acts only on that. */
  view?: ModelView;
  /** The usage the response reported (messages requests that got a reply). */
  usage?: ReportedUsage;
  /** Context management edits the API applied (`context_management.applied_edits`). */
  appliedEdits?: AppliedEdit[];
  /** Thinking blocks the API dropped instead of failing the request (`input_transformations`). */
  inputTransformations?: InputTransformation[];
}

/**
 * Chooses the answer when the queue is empty. `index` counts the POST /v1/messages requests that passed validation
 * since start/reset (refused requests never reach a responder).
 */
export type Responder = (req: RecordedRequest, index: number) => Turn | Promise<Turn>;

export interface FakeAnthropicOptions {
  /** Default 0 (any free port). */
  port?: number;
  /** When set, requests must present it as `x-api-key` or `Authorization: Bearer`. */
  apiKey?: string;
  /** Delay between streamed SSE events, so a UI can be seen receiving text. Default 0. */
  eventDelayMs?: number;
  /** Interval of the `ping` events sent while a turn thinks (`Reply.thinkMs`). Default 15000. */
  pingEveryMs?: number;
  /** Clock for prompt-cache lifetimes. Default `Date.now`. */
  now?: () => number;
  /** Writes the summary of a compaction from the view being compacted. Default: a short generated summary. */
  summarize?: (view: ModelView, instructions: string | undefined) => string;
  /** Reasoning tokens of a turn's leading thinking block when the reply does not say. Default 120. */
  defaultThinkingTokens?: number;
  /**
   * Plays a local Anthropic-compatible server on `GET /v1/models`: the list answers in the OpenAI shape with these
   * ids. Without it the list is the Anthropic Models API's. (`/v1/models/{id}` decides by the id either way.)
   */
  localModels?: readonly string[];
}

export interface FakeAnthropic {
  /** Base URL for the SDK's `baseURL`, e.g. `http://127.0.0.1:54321` (no trailing slash, no `/v1`). */
  readonly url: string;
  readonly port: number;
  /** Every request received since start/reset, CORS preflights included, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  /** Only the POST /v1/messages requests. */
  readonly messageRequests: readonly RecordedRequest[];
  /** Every request refused with a 4xx for breaking a rule (not scripted faults, not a wrong key). */
  readonly rejections: readonly RecordedRequest[];
  /** Appends turns; each POST /v1/messages that passes validation consumes one, in order. */
  enqueue(...turns: Turn[]): void;
  /** Answers POST /v1/messages once the queue is empty; `undefined` removes it. */
  respondWith(fn: Responder | undefined): void;
  /** How many enqueued turns are still unconsumed. */
  pendingTurns(): number;
  /**
   * Clears queue, responder, recorded requests, the prompt cache and what the stand-in remembers of conversations
   * (issued turns, paused turns, refusals), and drops any hanging connection.
   */
  reset(): void;
  /** Stops listening and destroys every open connection, hanging ones included. */
  close(): Promise<void>;
}
