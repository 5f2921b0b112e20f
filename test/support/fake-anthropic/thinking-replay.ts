// Thinking blocks sent back in `messages`: their place in the turn, their signatures, their text, and the two checks
// of preserved thinking (https://platform.claude.com/docs/en/build-with-claude/preserved-thinking): "The model can read
// the block" (else dropped without an error) and "Nothing before the thinking block has changed" (else a 400, or the
// block dropped when the request sets `thinking.block_binding.prefix_mismatch_behavior: "drop_block"`).

import { BETA } from './betas';
import { BindingChain, isLiveCompaction } from './binding';
import type { JsonObject } from './json';
import type { ConversationMemory } from './memory';
import { canRead } from './profiles';
import type { RequestMessage, ValidRequest } from './request-types';
import { invalid } from './schema';
import { type Signer, thinkingTextHash } from './signature';
import type { InputTransformation } from './types';

export interface ReplayResult {
  /** Blocks removed before the model reads the request. */
  dropped: Set<JsonObject>;
  /** The drops, as reported with the binding beta. */
  transformations: InputTransformation[];
  /** Reasoning tokens of each replayed thinking block, which it costs as input. */
  reasoning: WeakMap<object, number>;
}

const isThinking = (block: JsonObject | undefined): boolean =>
  block?.type === 'thinking' || block?.type === 'redacted_thinking';

/** Where the compaction window starts: the latest compaction block with a summary; blocks before it are not read. */
function windowStart(messages: readonly RequestMessage[]): { message: number; block: number } {
  for (let i = messages.length - 1; i >= 0; i--) {
    const j = messages[i]?.content.findLastIndex(isLiveCompaction) ?? -1;
    if (j >= 0) return { message: i, block: j };
  }
  return { message: 0, block: 0 };
}

/**
 * Verbatim: "messages.N.content.0: If an assistant message contains any thinking blocks, the first block must be
 * thinking or redacted_thinking. Found text." (anthropics/claude-code#20705) and "messages.N: The final block in an
 * assistant message cannot be `thinking`." (tailcallhq/forgecode#2107). A leading compaction block is not counted.
 */
function checkPlacement(message: RequestMessage): void {
  const blocks = message.content.filter((block) => block.type !== 'compaction');
  if (!blocks.some(isThinking)) return;
  const first = blocks[0];
  if (!isThinking(first)) {
    invalid(
      `messages.${message.index}.content.0: If an assistant message contains any thinking blocks, the first block must be thinking or redacted_thinking. Found ${String(first?.type)}.`,
    );
  }
  if (isThinking(blocks.at(-1)))
    invalid(`messages.${message.index}: The final block in an assistant message cannot be \`thinking\`.`);
}

/**
 * A turn the stand-in issued starting with thinking, sent back without it while its tool calls are being answered:
 * the verbatim "Expected `thinking` or `redacted_thinking`, but found …" (n8n-io/n8n#22550, typo "preceeding"
 * included). The turn is recognised by its tool_use ids.
 */
function checkLeadingThinking(req: ValidRequest, memory: ConversationMemory): void {
  if (!req.thinking.on || req.thinking.type === 'between_tools') return;
  const nonSystem = req.messages.filter((message) => message.role !== 'system');
  const final = nonSystem.at(-1);
  if (final?.role !== 'user' || final.content[0]?.type !== 'tool_result') return;
  const answered = new Set(final.content.filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id));
  const turn = nonSystem.findLast((m) => m.role === 'assistant' && m.content.some((b) => answered.has(b.id)));
  // A compaction block the turn opened with comes before its thinking.
  const first = turn?.content.findIndex((block) => block.type !== 'compaction') ?? -1;
  if (!turn || first < 0 || isThinking(turn.content[first])) return;
  const issuedWithThinking = turn.content.some((b) => b.type === 'tool_use' && memory.thinkingFirstFor(String(b.id)));
  if (!issuedWithThinking) return;
  invalid(
    `messages.${turn.index}.content.${first}.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(turn.content[first]?.type)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`,
  );
}

/**
 * Verbatim "messages.N.content.M: Invalid `signature` in `thinking` block" (as catalogued by third parties) and
 * "messages.N.content.M: `thinking` or `redacted_thinking` blocks in the latest assistant message cannot be modified.
 * These blocks must remain as they were in the original response." (anthropics/claude-code#19539; applied to every
 * replayed block, since preserved-thinking models read them all). The stand-in never issues redacted thinking, so any
 * `redacted_thinking` is foreign (that message composed).
 */
function readSignature(
  block: JsonObject,
  path: string,
  signer: Signer,
): { model: string; prefix: string; tokens: number } {
  if (block.type === 'redacted_thinking') invalid(`${path}: Invalid \`data\` in \`redacted_thinking\` block`);
  const payload = signer.read(String(block.signature));
  if (!payload) invalid(`${path}: Invalid \`signature\` in \`thinking\` block`);
  if (payload.text !== thinkingTextHash(String(block.thinking))) {
    invalid(
      `${path}: \`thinking\` or \`redacted_thinking\` blocks in the latest assistant message cannot be modified. These blocks must remain as they were in the original response.`,
    );
  }
  return { model: payload.model, prefix: payload.prefix, tokens: payload.reasoningTokens };
}

/**
 * With thinking off, verbatim "messages.N.content.M: When thinking is disabled, an `assistant` message in the final
 * position cannot contain `thinking`. To use thinking blocks, enable `thinking` in your request." (forgecode#1853).
 */
function checkThinkingOff(req: ValidRequest, dropped: ReadonlySet<JsonObject>): void {
  if (req.thinking.on) return;
  const last = req.messages.findLast((message) => message.role === 'assistant');
  const j = last?.content.findIndex((block) => isThinking(block) && !dropped.has(block)) ?? -1;
  if (last && j >= 0) {
    invalid(
      `messages.${last.index}.content.${j}: When thinking is disabled, an \`assistant\` message in the final position cannot contain \`thinking\`. To use thinking blocks, enable \`thinking\` in your request.`,
    );
  }
}

export function checkReplay(req: ValidRequest, memory: ConversationMemory, signer: Signer): ReplayResult {
  const result: ReplayResult = { dropped: new Set(), transformations: [], reasoning: new WeakMap() };
  // A local compatible server neither signs nor checks thinking.
  if (req.profile.kind === 'compatible') return result;
  const start = windowStart(req.messages);
  const inWindow = (i: number, j: number) => i > start.message || (i === start.message && j >= start.block);
  req.messages.forEach((message, i) => {
    if (message.role === 'assistant' && i >= start.message) checkPlacement(message);
  });
  checkLeadingThinking(req, memory);
  const report = req.betas.has(BETA.binding);
  const drop = (block: JsonObject, path: string, reason: InputTransformation['reason']) => {
    result.dropped.add(block);
    if (report) result.transformations.push({ type: 'thinking_dropped', path, reason });
  };
  const chain = new BindingChain(req.system, req.tools);
  for (const [i, message] of req.messages.entries()) {
    let droppingRun = false;
    for (const [j, block] of message.content.entries()) {
      const prefix = chain.next(message.role, block);
      if (!isThinking(block)) droppingRun = false;
      if (message.role !== 'assistant' || !isThinking(block) || !inWindow(i, j)) continue;
      const path = `messages.${message.index}.content.${j}`;
      const signed = readSignature(block, path, signer);
      result.reasoning.set(block, signed.tokens);
      if (droppingRun) drop(block, path, 'prefix_binding_mismatch');
      else if (!canRead(req.profile, signed.model)) drop(block, path, 'model_binding_mismatch');
      else if (req.profile.prefixCheck && signed.prefix !== prefix) {
        if (req.thinking.binding !== 'drop_block') {
          invalid(
            `${path}: Invalid \`signature\` in \`thinking\` block. The block is bound to a different conversation. Remove the block, or set \`thinking.block_binding.prefix_mismatch_behavior\` to "drop_block".`,
          );
        }
        // "the rest of that turn's consecutive thinking blocks are removed with it" (SDK `BetaThinkingDroppedInputTransformation`)
        droppingRun = true;
        drop(block, path, 'prefix_binding_mismatch');
      }
    }
  }
  checkThinkingOff(req, result.dropped);
  return result;
}
