// The model client over @anthropic-ai/sdk: streams one turn, hands text and thinking deltas to the UI as they come,
// and retries transient failures itself (the SDK's own retries are off) so every wait honours Stop, is counted in the
// task's metrics, and runs on an injected clock in tests. A turn is returned only once the stream finished: a stream
// cut mid-way is retried as a whole, so nothing from half a turn is ever acted on.
//
// What each request asks for depends on the endpoint (endpoint.ts): thinking with readable summaries, the effort
// level, server-side context management and prompt caching on the Anthropic API; none of it on a compatible local
// server, where the client bounds the request itself (local-bounding.ts). The conversation is never edited here.

import type Anthropic from '@anthropic-ai/sdk';
import type { BetaRawMessageStreamEvent } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import { abortedError } from '../../../shared/rpc';
import { isAbort } from '../core/abort';
import type { AgentSettings } from '../core/settings';
import { realSleep, type Sleep } from '../core/time';
import type { AgentModel, ModelCallOptions, ModelRequest, ModelTurn } from './agent-model';
import { anthropicClient } from './anthropic-client';
import { contextManagement } from './context-budget';
import { type EndpointProfile, resolveProfile } from './endpoint';
import { ModelError, toModelError } from './llm-errors';
import { boundLocally } from './local-bounding';
import { StallWatch, watchedFetch } from './stall-watch';
import { TurnAssembler } from './turn-assembler';

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
  /** Skips the Models API lookup (tests that know what the endpoint takes). */
  profile?: EndpointProfile;
}

/** Long enough for a large prompt's first token; a stream that goes quiet this long mid-answer is not coming back. */
export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;
const BASE_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/** Never sleep longer than this on a retry-after, so the person is not left waiting on a bad header. */
const MAX_RETRY_AFTER_MS = 60_000;

/** What the client needs from the settings; without `modelTimeoutSec` (a connection test) the default applies. */
export type ModelClientSettings = Pick<AgentSettings, 'apiKey' | 'baseUrl' | 'model'> &
  Partial<Pick<AgentSettings, 'modelTimeoutSec' | 'effort'>>;

function timeoutOf(settings: ModelClientSettings, options: ModelClientOptions): number {
  if (options.timeoutMs !== undefined) return options.timeoutMs;
  const sec = settings.modelTimeoutSec;
  return typeof sec === 'number' && Number.isFinite(sec) && sec > 0 ? sec * 1000 : DEFAULT_MODEL_TIMEOUT_MS;
}

export function createAnthropicModel(settings: ModelClientSettings, options: ModelClientOptions = {}): AgentModel {
  const timeoutMs = timeoutOf(settings, options);
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const clientWith = (fetchImpl: typeof fetch) => anthropicClient(settings, { timeoutMs, fetch: fetchImpl });
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const limits = { rate: options.maxRateLimitRetries ?? 5, failure: options.maxFailureRetries ?? 3 };
  let profile: Promise<EndpointProfile> | null = options.profile ? Promise.resolve(options.profile) : null;

  const profileFor = (signal: AbortSignal): Promise<EndpointProfile> => {
    profile ??= resolveProfile(
      settings.baseUrl,
      settings.model,
      (model, lookupSignal) => clientWith(baseFetch).models.retrieve(model, {}, { signal: lookupSignal }),
      signal,
    ).catch((error: unknown) => {
      profile = null;
      throw error;
    });
    return profile;
  };

  async function complete(request: ModelRequest, call: ModelCallOptions): Promise<ModelTurn> {
    // Without a key the SDK fails before sending anything, with an error that would look like a network failure.
    if (!settings.apiKey.trim()) throw new ModelError('auth', 'Add your Anthropic API key in settings: none is set.');
    const counts = { rate: 0, failure: 0 };
    for (let attempt = 1; ; attempt++) {
      try {
        const endpoint = await profileFor(call.signal);
        const body = requestBody(settings, request, endpoint);
        return await streamTurn(clientWith, baseFetch, body, call, timeoutMs);
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

interface RequestBody {
  body: Record<string, unknown>;
  betas: string[];
}

/**
 * The request as the endpoint takes it. Key order matters only for reading the body: tools, system, then messages is
 * also the order of the cached prefix.
 */
export function requestBody(
  settings: ModelClientSettings,
  request: ModelRequest,
  endpoint: EndpointProfile,
): RequestBody {
  const anthropic = endpoint.kind === 'anthropic';
  const maxTokens = Math.min(request.maxTokens, endpoint.maxOutputTokens ?? Number.POSITIVE_INFINITY);
  const body: Record<string, unknown> = { model: settings.model, max_tokens: maxTokens };
  if (request.tools.length > 0) body.tools = request.tools;
  if (request.system.length > 0) body.system = request.system;
  body.messages = anthropic ? request.messages : boundLocally(request);
  // Automatic caching: the breakpoint sits on the last block and moves forward as the conversation grows, so each
  // request reads the previous one's prefix without the client ever touching a sent message
  // (https://platform.claude.com/docs/en/build-with-claude/prompt-caching).
  if (anthropic) body.cache_control = { type: 'ephemeral' };
  // Summaries make the model's reasoning (and, on Sonnet and Opus 5.5, its notes between tool calls) readable; the
  // default display on 5.x leaves thinking blocks empty.
  if (endpoint.adaptiveThinking) body.thinking = { type: 'adaptive', display: 'summarized' };
  const effort = settings.effort;
  if (effort && endpoint.effort.has(effort)) body.output_config = { effort };
  const managed = contextManagement(endpoint);
  if (managed) body.context_management = managed.config;
  return { body, betas: managed?.betas ?? [] };
}

async function streamTurn(
  clientWith: (fetchImpl: typeof fetch) => Anthropic,
  baseFetch: typeof fetch,
  { body, betas }: RequestBody,
  call: ModelCallOptions,
  timeoutMs: number,
): Promise<ModelTurn> {
  let midStream = false;
  const model = String(body.model);
  const watch = new StallWatch(timeoutMs, call.signal);
  const client = clientWith(watchedFetch(baseFetch, () => watch.touch()));
  const stalled = () =>
    new ModelError('stream_cut', `The model stopped sending mid-answer: nothing came for ${seconds(timeoutMs)}.`);
  try {
    const params = { ...body, stream: true } as Anthropic.Beta.MessageCreateParamsStreaming;
    // Only the beta route carries context management; without betas the plain route, which compatible servers serve.
    const stream: AsyncIterable<BetaRawMessageStreamEvent> =
      betas.length > 0
        ? await client.beta.messages.create({ ...params, betas }, { signal: watch.signal })
        : ((await client.messages.create(params as Anthropic.MessageCreateParamsStreaming, {
            signal: watch.signal,
          })) as AsyncIterable<unknown> as AsyncIterable<BetaRawMessageStreamEvent>);
    midStream = true;
    watch.touch();
    const assembler = new TurnAssembler(model, call);
    for await (const event of stream) {
      watch.touch();
      assembler.add(event);
    }
    // The SDK ends the iteration quietly when the request is aborted, so a stall shows up here as an unfinished turn.
    if (watch.fired) throw stalled();
    if (!assembler.finished) throw new ModelError('stream_cut', 'The model stream ended before the turn was complete.');
    return assembler.turn();
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
