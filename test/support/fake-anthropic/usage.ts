// Usage as the API reports it (SDK `Usage`, `BetaMessageDeltaUsage`, `BetaIterationsUsage`): "Total input tokens in a
// request is the summation of `input_tokens`, `cache_creation_input_tokens`, and `cache_read_input_tokens`";
// `output_tokens` counts reasoning and content, with `output_tokens_details.thinking_tokens` the reasoning part; when
// compaction ran, `iterations` lists the compaction step and the message step and the top-level fields cover the
// message step only ("A `compaction` entry's tokens are not included in the top-level `usage` fields").

import type { CacheResult } from './prompt-cache';
import type { IterationUsage, ReportedUsage, UsageSpec } from './types';

export interface UsageInputs {
  compatible: boolean;
  cache: CacheResult;
  output: number;
  /** Reasoning tokens, on a request that thinks; undefined otherwise. */
  thinking: number | undefined;
  /** The compaction step, when one ran. */
  compaction?: { cache: CacheResult; output: number };
}

function iteration(type: IterationUsage['type'], cache: CacheResult, output: number): IterationUsage {
  return {
    type,
    input_tokens: cache.uncached,
    output_tokens: output,
    cache_creation_input_tokens: cache.written5m + cache.written1h,
    cache_read_input_tokens: cache.read,
    cache_creation: { ephemeral_5m_input_tokens: cache.written5m, ephemeral_1h_input_tokens: cache.written1h },
  };
}

export function reportedUsage(
  { compatible, cache, output, thinking, compaction }: UsageInputs,
  spec?: UsageSpec,
): ReportedUsage {
  if (compatible) {
    // Ollama: "`usage` has only input_tokens and output_tokens" (https://docs.ollama.com/api/anthropic-compatibility).
    return {
      input_tokens: spec?.input_tokens ?? cache.uncached + cache.read + cache.written5m + cache.written1h,
      output_tokens: spec?.output_tokens ?? output,
    };
  }
  const message = iteration('message', cache, output);
  const usage: ReportedUsage = {
    input_tokens: spec?.input_tokens ?? message.input_tokens,
    cache_creation_input_tokens: spec?.cache_creation_input_tokens ?? message.cache_creation_input_tokens,
    cache_read_input_tokens: spec?.cache_read_input_tokens ?? message.cache_read_input_tokens,
    cache_creation: message.cache_creation,
    output_tokens: spec?.output_tokens ?? output,
    ...(thinking !== undefined ? { output_tokens_details: { thinking_tokens: thinking } } : {}),
    service_tier: 'standard',
  };
  if (compaction) usage.iterations = [iteration('compaction', compaction.cache, compaction.output), message];
  return usage;
}

/** `message_start` reports the input side and one output token; the rest comes cumulatively in `message_delta`. */
export function startUsage(usage: ReportedUsage): ReportedUsage {
  const { iterations: _iterations, output_tokens_details: _details, ...start } = usage;
  return { ...start, output_tokens: 1 };
}

/** The cumulative counters `message_delta` carries. */
export function deltaUsage(usage: ReportedUsage, compatible: boolean): Record<string, unknown> {
  if (compatible) return { output_tokens: usage.output_tokens };
  return {
    input_tokens: usage.input_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens,
    cache_read_input_tokens: usage.cache_read_input_tokens,
    output_tokens: usage.output_tokens,
    ...(usage.output_tokens_details ? { output_tokens_details: usage.output_tokens_details } : {}),
    ...(usage.iterations ? { iterations: usage.iterations } : {}),
  };
}
