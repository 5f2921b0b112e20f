// The model client over @anthropic-ai/sdk: streams one turn, hands text deltas to the UI as they come, and retries
// transient failures itself (the SDK's own retries are off) so every wait honours Stop, is counted in the task's
// metrics, and runs on an injected clock in tests. A turn is returned only once the stream finished: a stream cut
// mid-way is retried as a whole, so nothing from half a turn is ever acted on.

import Anthropic from '@anthropic-ai/sdk';
import { abortedError } from '../../shared/rpc';
import { isAbort, realSleep, type Sleep } from './abort';
import { ModelError, toModelError } from './llm-errors';
import type { AgentModel, ModelCallOptions, ModelRequest, ModelToolCall, ModelTurn } from './model';
import type { AgentSettings } from './settings';

export interface ModelClientOptions {
  sleep?: Sleep;
  /**
   * How long to wait for the response to start, and then for each next event of its stream; past it the attempt
   * fails (as `network` before the response started, `stream_cut` after) and is retried. Overrides the settings'
   * `modelTimeoutSec`.
   */
  timeoutMs?: number;
  /** Retries for 429 and 529 (default 5). */
  maxRateLimitRetries?: number;
  /** Retries for 5xx, network errors and cut streams (default 3). */
  maxFailureRetries?: number;
  /** For backoff jitter; injectable so tests are deterministic. */
  random?: () => number;
  fetch?: typeof fetch;
}

/** Long enough for a large prompt's first token; a stream that goes quiet this long mid-answer is not coming back. */
export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;
const BASE_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/** Never sleep longer than this on a retry-after, so the person is not left waiting on a bad header. */
const MAX_RETRY_AFTER_MS = 60_000;

/** What the client needs from the settings; without `modelTimeoutSec` (a connection test) the default applies. */
export type ModelClientSettings = Pick<AgentSettings, 'apiKey' | 'baseUrl' | 'model'> &
  Partial<Pick<AgentSettings, 'modelTimeoutSec'>>;

function timeoutOf(settings: ModelClientSettings, options: ModelClientOptions): number {
  if (options.timeoutMs !== undefined) return options.timeoutMs;
  const sec = settings.modelTimeoutSec;
  return typeof sec === 'number' && Number.isFinite(sec) && sec > 0 ? sec * 1000 : DEFAULT_MODEL_TIMEOUT_MS;
}

export function createAnthropicModel(settings: ModelClientSettings, options: ModelClientOptions = {}): AgentModel {
  const timeoutMs = timeoutOf(settings, options);
  const client = new Anthropic({
    // SDK 1.x sends apiKey as `Authorization: Bearer`; the fake server and the API accept it.
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    // The key is the person's own, typed into their own browser; the panel is the only place it is used.
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    // The SDK's timeout only covers the wait for the response headers; streamTurn watches the stream itself.
    timeout: timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const limits = { rate: options.maxRateLimitRetries ?? 5, failure: options.maxFailureRetries ?? 3 };

  async function complete(request: ModelRequest, call: ModelCallOptions): Promise<ModelTurn> {
    // Without a key the SDK fails before sending anything, with an error that would look like a network failure.
    if (!settings.apiKey.trim()) throw new ModelError('auth', 'Add your Anthropic API key in settings: none is set.');
    const counts = { rate: 0, failure: 0 };
    for (let attempt = 1; ; attempt++) {
      try {
        return await streamTurn(client, settings.model, request, call, timeoutMs);
      } catch (error) {
        if (isAbort(error, call.signal)) throw abortedError('The model call');
        const failure = error as ModelError;
        const bucket = failure.kind === 'rate_limited' || failure.kind === 'overloaded' ? 'rate' : 'failure';
        if (!failure.retryable) throw failure;
        if (counts[bucket] >= limits[bucket]) throw gaveUp(failure, attempt);
        counts[bucket]++;
        const backoff = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** (attempt - 1)) * (0.75 + random() * 0.25);
        const delayMs = Math.round(Math.min(MAX_RETRY_AFTER_MS, failure.retryAfterMs ?? backoff));
        call.onRetry?.({
          attempt,
          reason: `${failure.what.replace(/\.$/, '')}: retrying in ${seconds(delayMs)}.`,
          delayMs,
        });
        await sleep(delayMs, call.signal);
      }
    }
  }

  return { modelId: settings.model, complete };
}

/**
 * The last failure, saying that it was retried, so a person reading "error" knows it was not a one-off. API errors
 * already say "retries ran out" (llm-errors.ts); a connection that failed or went quiet does not.
 */
function gaveUp(failure: ModelError, attempts: number): ModelError {
  if (attempts <= 1 || (failure.kind !== 'network' && failure.kind !== 'stream_cut')) return failure;
  return new ModelError(
    failure.kind,
    `${failure.message} Retries ran out after ${attempts} attempts: try again later.`,
    {
      status: failure.status,
      retryable: false,
      cause: failure,
      what: failure.what,
    },
  );
}

/**
 * Aborts the request when the stream has been quiet for `ms`: the SDK's own timeout ends once the headers arrive,
 * so without this a stream that stalls mid-answer would hold the task until Stop.
 */
class StallWatch {
  readonly #controller = new AbortController();
  readonly signal: AbortSignal;
  #timer: ReturnType<typeof setTimeout> | undefined;
  fired = false;

  constructor(
    private readonly ms: number,
    outer: AbortSignal,
  ) {
    this.signal = AbortSignal.any([outer, this.#controller.signal]);
  }

  /** (Re)arms the watch: called when the response starts and on every event. */
  touch(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.fired = true;
      this.#controller.abort();
    }, this.ms);
  }

  dispose(): void {
    clearTimeout(this.#timer);
  }
}

interface PendingTool {
  id: string;
  name: string;
  json: string;
}

async function streamTurn(
  client: Anthropic,
  model: string,
  request: ModelRequest,
  call: ModelCallOptions,
  timeoutMs: number,
): Promise<ModelTurn> {
  let midStream = false;
  const watch = new StallWatch(timeoutMs, call.signal);
  const stalled = () =>
    new ModelError('stream_cut', `The model stopped sending mid-answer: nothing came for ${seconds(timeoutMs)}.`);
  try {
    // Key order matters only for reading the body: tools, system, then messages is also the cache-prefix order.
    const stream = await client.messages.create(
      {
        model,
        max_tokens: request.maxTokens,
        stream: true,
        tools: request.tools,
        system: request.system,
        messages: request.messages,
      },
      { signal: watch.signal },
    );
    midStream = true;
    watch.touch();
    const turn = emptyTurn(model);
    const blocks = new Map<number, PendingTool | { text: true }>();
    let finished = false;
    for await (const event of stream) {
      watch.touch();
      switch (event.type) {
        case 'message_start':
          turn.model = event.message.model;
          addUsage(turn, event.message.usage);
          break;
        case 'content_block_start':
          if (event.content_block.type === 'tool_use') {
            const { id, name } = event.content_block;
            blocks.set(event.index, { id, name, json: '' });
          } else if (event.content_block.type === 'text') {
            blocks.set(event.index, { text: true });
          }
          break;
        case 'content_block_delta': {
          const block = blocks.get(event.index);
          if (event.delta.type === 'text_delta') {
            turn.text += event.delta.text;
            call.onText?.(event.delta.text);
          } else if (event.delta.type === 'input_json_delta' && block && 'json' in block) {
            block.json += event.delta.partial_json;
          }
          break;
        }
        case 'content_block_stop': {
          const block = blocks.get(event.index);
          if (block && 'json' in block) turn.toolCalls.push(parseToolCall(block));
          break;
        }
        case 'message_delta':
          turn.stopReason = event.delta.stop_reason;
          turn.usage.output = event.usage.output_tokens;
          break;
        case 'message_stop':
          finished = true;
          break;
      }
    }
    // The SDK ends the iteration quietly when the request is aborted, so a stall shows up here as an unfinished turn.
    if (watch.fired) throw stalled();
    if (!finished) throw new ModelError('stream_cut', 'The model stream ended before the turn was complete.');
    return turn;
  } catch (error) {
    if (isAbort(error, call.signal)) throw error;
    if (watch.fired) throw stalled();
    throw toModelError(error, model, midStream, timeoutMs);
  } finally {
    watch.dispose();
  }
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

function emptyTurn(model: string): ModelTurn {
  return {
    text: '',
    toolCalls: [],
    stopReason: null,
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    model,
  };
}

function addUsage(turn: ModelTurn, usage: Anthropic.Usage): void {
  turn.usage.input += usage.input_tokens;
  turn.usage.output += usage.output_tokens;
  turn.usage.cacheRead += usage.cache_read_input_tokens ?? 0;
  turn.usage.cacheWrite += usage.cache_creation_input_tokens ?? 0;
}

/** The model's streamed JSON, parsed strictly: a broken input is reported back to it, never guessed at. */
export function parseToolCall(block: PendingTool): ModelToolCall {
  const raw = block.json.trim();
  if (raw === '') return { id: block.id, name: block.name, input: {} };
  try {
    return { id: block.id, name: block.name, input: JSON.parse(raw) as unknown };
  } catch (error) {
    return {
      id: block.id,
      name: block.name,
      input: {},
      inputError: { message: (error as Error).message, raw: raw.slice(0, 300) },
    };
  }
}
