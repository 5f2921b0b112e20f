// Cutting a turn at max_tokens. "the tokens Claude spends reasoning are billed as output tokens, even when the
// thinking text isn't returned to you, and they count toward `max_tokens` alongside the response text"
// (https://platform.claude.com/docs/en/build-with-claude/thinking): a turn that needs more output than `max_tokens`
// stops inside the block where the budget runs out. On models that stop at the context window instead
// ("model_context_window_exceeded: the response filled the model's context window", .../handling-stop-reasons), the
// window's remaining room is the budget when it is the smaller one.

import type { PlannedBlock } from './plan';
import type { CutAt } from './reply-types';
import { ScriptError } from './script-error';

export interface CutPlan {
  /** The blocks that get out, the last one truncated when `cut` is set. */
  blocks: PlannedBlock[];
  /** Index (in `blocks`) of the block the cut fell in; it is unfinished. */
  cut: { index: number; blockStop: boolean } | undefined;
  stopReason: 'max_tokens' | 'model_context_window_exceeded' | undefined;
  outputTokens: number;
  thinkingTokens: number;
}

function truncate(block: PlannedBlock, chars: number, tokens: number): PlannedBlock {
  const text = Array.from(block.text).slice(0, chars).join('');
  if (block.kind === 'thinking') return { ...block, text, reasoningTokens: tokens, outputTokens: tokens };
  return { ...block, text, outputTokens: tokens };
}

function totals(blocks: readonly PlannedBlock[]): { output: number; thinking: number } {
  const output = blocks.reduce((sum, block) => sum + block.outputTokens, 0);
  const thinking = blocks.reduce((sum, block) => sum + (block.kind === 'thinking' ? block.reasoningTokens : 0), 0);
  // "`output_tokens` will be non-zero, even for an empty string response from Claude" (SDK `Usage`).
  return { output: Math.max(1, output), thinking };
}

function whole(blocks: PlannedBlock[]): CutPlan {
  const { output, thinking } = totals(blocks);
  return { blocks, cut: undefined, stopReason: undefined, outputTokens: output, thinkingTokens: thinking };
}

function cutInside(blocks: readonly PlannedBlock[], index: number, chars: number, tokens: number): PlannedBlock[] {
  return [...blocks.slice(0, index), truncate(blocks[index] as PlannedBlock, chars, tokens)];
}

/** A `cutAt` the test scripted: always `max_tokens`. */
function forcedCut(planned: readonly PlannedBlock[], cutAt: CutAt): CutPlan {
  const index = planned.findIndex((block) => block.source === cutAt.block);
  if (index < 0) throw new ScriptError(`cutAt.block ${cutAt.block} is not a block of the reply's content`);
  const block = planned[index] as PlannedBlock;
  const length = Array.from(block.text).length;
  const chars = Math.max(0, Math.min(length, cutAt.chars ?? Math.floor(length / 2)));
  const tokens = length === 0 ? Math.floor(block.outputTokens / 2) : Math.ceil((block.outputTokens * chars) / length);
  const blocks = cutInside(planned, index, chars, tokens);
  const { output, thinking } = totals(blocks);
  return {
    blocks,
    cut: { index, blockStop: cutAt.blockStop === true },
    stopReason: 'max_tokens',
    outputTokens: output,
    thinkingTokens: thinking,
  };
}

export function applyLimits(
  planned: PlannedBlock[],
  cutAt: CutAt | undefined,
  maxTokens: number | undefined,
  windowRoom: number,
): CutPlan {
  if (cutAt) return forcedCut(planned, cutAt);
  const limit = Math.min(maxTokens ?? Number.POSITIVE_INFINITY, windowRoom);
  const stopReason =
    maxTokens !== undefined && maxTokens <= windowRoom ? 'max_tokens' : 'model_context_window_exceeded';
  let used = 0;
  for (const [index, block] of planned.entries()) {
    if (used + block.outputTokens <= limit) {
      used += block.outputTokens;
      continue;
    }
    const room = limit - used;
    // The budget ran out exactly at a block boundary: the next block never starts.
    if (room <= 0) return { ...whole(planned.slice(0, index)), stopReason, outputTokens: Math.max(1, limit) };
    const length = Array.from(block.text).length;
    const chars = block.kind === 'thinking' ? Math.floor((length * room) / block.outputTokens) : room * 4;
    const blocks = cutInside(planned, index, Math.min(chars, length), room);
    return {
      blocks,
      cut: { index, blockStop: false },
      stopReason,
      outputTokens: limit,
      thinkingTokens: totals(blocks).thinking,
    };
  }
  return whole(planned);
}
