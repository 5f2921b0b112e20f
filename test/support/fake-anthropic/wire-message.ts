// A played turn as the Message JSON of a non-streaming response (SDK `Message` / `BetaMessage`), and the turn a
// paused compaction plays.

import { partialParse } from '@anthropic-ai/sdk/_vendor/partial-json-parser/parser';
import type { Compaction } from './compaction';
import { isObject, type JsonObject } from './json';
import type { IssuedBlock, PlayedTurn, TurnContext } from './play';
import type { CacheResult } from './prompt-cache';

/**
 * A block as the JSON carries it. A tool call cut mid-input carries what its partial JSON parses to, as the SDK's
 * partial-json parser reads a cut stream (anthropics/anthropic-sdk-typescript src/lib/MessageStream.ts).
 */
function wireBlock(block: IssuedBlock, cut: boolean): JsonObject {
  if (block.type !== 'tool_use') return { ...block };
  const { json, ...rest } = block;
  if (!cut) return rest;
  let input: unknown;
  try {
    input = partialParse(json);
  } catch {
    input = {};
  }
  return { ...rest, input: isObject(input) ? input : {} };
}

export function messageJson(turn: PlayedTurn): JsonObject {
  const message: JsonObject = {
    id: turn.id,
    type: 'message',
    role: 'assistant',
    model: turn.model,
    content: turn.content.map((block, i) => wireBlock(block, turn.cut?.index === i)),
    stop_reason: turn.stopReason,
    stop_sequence: turn.stopSequence,
  };
  // A local compatible server reports no stop_details (https://docs.ollama.com/api/anthropic-compatibility).
  if (!turn.compatible) message.stop_details = turn.stopDetails;
  message.usage = turn.usage;
  if (turn.contextManagement !== undefined) message.context_management = turn.contextManagement;
  if (turn.inputTransformations !== undefined) message.input_transformations = turn.inputTransformations;
  return message;
}

/**
 * `pause_after_compaction`: "Whether to pause after compaction and return the compaction block to the user"
 * (SDK `BetaCompact20260112Edit`): the block alone, stop_reason `compaction`. No message step ran, so the top-level
 * usage is zero and `iterations` holds the compaction step only.
 */
export type PauseContext = Pick<
  TurnContext,
  'id' | 'model' | 'req' | 'appliedEdits' | 'transformations' | 'eventDelayMs'
>;

export function pausedCompaction(ctx: PauseContext, run: Compaction, cache: CacheResult): PlayedTurn {
  const compactionUsage = {
    type: 'compaction' as const,
    input_tokens: cache.uncached,
    output_tokens: run.summaryTokens,
    cache_creation_input_tokens: cache.written5m + cache.written1h,
    cache_read_input_tokens: cache.read,
    cache_creation: { ephemeral_5m_input_tokens: cache.written5m, ephemeral_1h_input_tokens: cache.written1h },
  };
  return {
    id: ctx.id,
    model: ctx.model,
    compatible: false,
    content: [run.block as IssuedBlock],
    cut: undefined,
    stopReason: 'compaction',
    stopSequence: null,
    stopDetails: null,
    usage: {
      input_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      output_tokens: 0,
      service_tier: 'standard',
      iterations: [compactionUsage],
    },
    contextManagement: { applied_edits: ctx.appliedEdits },
    ...(ctx.req.betas.has('thinking-binding-controls-2026-08-01') ? { inputTransformations: ctx.transformations } : {}),
    thinkMs: 0,
    eventDelayMs: ctx.eventDelayMs,
  };
}
