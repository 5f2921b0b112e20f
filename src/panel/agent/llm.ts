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
  /** Per request; a stalled stream fails after this and is retried as a network error. */
  timeoutMs?: number;
  /** Retries for 429 and 529 (default 5). */
  maxRateLimitRetries?: number;
  /** Retries for 5xx, network errors and cut streams (default 3). */
  maxFailureRetries?: number;
  /** For backoff jitter; injectable so tests are deterministic. */
  random?: () => number;
  fetch?: typeof fetch;
}

const BASE_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/** Never sleep longer than this on a retry-after, so the person is not left waiting on a bad header. */
const MAX_RETRY_AFTER_MS = 60_000;

export function createAnthropicModel(
  settings: Pick<AgentSettings, 'apiKey' | 'baseUrl' | 'model'>,
  options: ModelClientOptions = {},
): AgentModel {
  const client = new Anthropic({
    // SDK 1.x sends apiKey as `Authorization: Bearer`; the fake server and the API accept it.
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    // The key is the person's own, typed into their own browser; the panel is the only place it is used.
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    timeout: options.timeoutMs ?? 120_000,
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
        return await streamTurn(client, settings.model, request, call);
      } catch (error) {
        if (isAbort(error, call.signal)) throw abortedError('The model call');
        const failure = error as ModelError;
        const bucket = failure.kind === 'rate_limited' || failure.kind === 'overloaded' ? 'rate' : 'failure';
        if (!failure.retryable || counts[bucket] >= limits[bucket]) throw failure;
        counts[bucket]++;
        const backoff = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** (attempt - 1)) * (0.75 + random() * 0.25);
        const delayMs = Math.round(Math.min(MAX_RETRY_AFTER_MS, failure.retryAfterMs ?? backoff));
        call.onRetry?.({ attempt, reason: failure.message, delayMs });
        await sleep(delayMs, call.signal);
      }
    }
  }

  return { modelId: settings.model, complete };
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
): Promise<ModelTurn> {
  let midStream = false;
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
      { signal: call.signal },
    );
    midStream = true;
    const turn = emptyTurn(model);
    const blocks = new Map<number, PendingTool | { text: true }>();
    let finished = false;
    for await (const event of stream) {
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
    if (!finished) throw new ModelError('stream_cut', 'The model stream ended before the turn was complete.');
    return turn;
  } catch (error) {
    if (isAbort(error, call.signal)) throw error;
    throw toModelError(error, model, midStream);
  }
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
