// A planned, limit-checked turn as the API issues it: signatures on its thinking blocks (each bound to its own
// prefix), stop reason and details, usage, and the beta fields of the response.

import { BindingChain } from './binding';
import type { Compaction } from './compaction';
import { applyLimits } from './cut';
import type { JsonObject } from './json';
import { planBlocks } from './plan';
import type { CacheResult } from './prompt-cache';
import type { Reply } from './reply-types';
import type { ValidRequest } from './request-types';
import { ScriptError } from './script-error';
import { type Signer, thinkingTextHash } from './signature';
import type { AppliedEdit, InputTransformation, ReportedUsage } from './types';
import { reportedUsage } from './usage';

export type IssuedBlock =
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: JsonObject | string; json: string }
  | { type: 'compaction'; content: string; encrypted_content: string };

export interface PlayedTurn {
  id: string;
  model: string;
  compatible: boolean;
  content: IssuedBlock[];
  /** The block a max_tokens cut fell in (unfinished: no signature, partial text or JSON). */
  cut: { index: number; blockStop: boolean } | undefined;
  stopReason: string;
  stopSequence: string | null;
  stopDetails: JsonObject | null;
  usage: ReportedUsage;
  /** Beta responses only: null when the request had no `context_management`. */
  contextManagement?: { applied_edits: AppliedEdit[] } | null;
  /** With the thinking-binding beta only. */
  inputTransformations?: InputTransformation[];
  thinkMs: number;
  eventDelayMs: number;
}

export interface TurnContext {
  id: string;
  model: string;
  req: ValidRequest;
  signer: Signer;
  /** Tokens of the view the turn is generated on (room left in the context window). */
  inputTokens: number;
  cache: CacheResult;
  compaction: { run: Compaction; cache: CacheResult } | undefined;
  appliedEdits: AppliedEdit[];
  transformations: InputTransformation[];
  defaultThinkingTokens: number;
  eventDelayMs: number;
}

/** The chain positioned after the request's last block, where the turn's own blocks bind. */
function chainAfter(req: ValidRequest): BindingChain {
  const chain = new BindingChain(req.system, req.tools);
  for (const message of req.messages) for (const block of message.content) chain.next(message.role, block);
  return chain;
}

function betaFields(ctx: TurnContext): Pick<PlayedTurn, 'contextManagement' | 'inputTransformations'> {
  const { req } = ctx;
  if (req.profile.kind === 'compatible') return {};
  return {
    ...(req.isBeta ? { contextManagement: req.edits ? { applied_edits: ctx.appliedEdits } : null } : {}),
    ...(req.betas.has('thinking-binding-controls-2026-08-01') ? { inputTransformations: ctx.transformations } : {}),
  };
}

function stopOf(reply: Reply, req: ValidRequest, content: readonly IssuedBlock[], limited: string | undefined) {
  const refused = reply.refusal !== undefined || reply.stop_reason === 'refusal';
  const reason =
    limited ??
    (refused
      ? 'refusal'
      : (reply.stop_reason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn')));
  let sequence: string | null = null;
  if (reason === 'stop_sequence') {
    sequence = reply.stopSequence ?? req.stopSequences[0] ?? null;
    if (sequence === null)
      throw new ScriptError('stop_reason stop_sequence needs `stopSequence` or a request with stop_sequences');
  }
  const details =
    reason === 'refusal'
      ? { type: 'refusal', category: reply.refusal?.category ?? null, explanation: reply.refusal?.explanation ?? null }
      : null;
  return { reason, sequence, details };
}

export function playReply(reply: Reply, ctx: TurnContext): PlayedTurn {
  const { req } = ctx;
  const compatible = req.profile.kind === 'compatible';
  const planned = planBlocks(reply, req.thinking, ctx.defaultThinkingTokens);
  const limits = applyLimits(planned, reply.cutAt, req.maxTokens, req.profile.maxInputTokens - ctx.inputTokens);
  const chain = chainAfter(req);
  const content: IssuedBlock[] = [];
  if (ctx.compaction) {
    const block = ctx.compaction.run.block as IssuedBlock;
    chain.next('assistant', block);
    content.push(block);
  }
  limits.blocks.forEach((block, i) => {
    let issued: IssuedBlock;
    if (block.kind === 'thinking') {
      const draft = { type: 'thinking' as const, thinking: block.text, signature: '' };
      const prefix = chain.enter('assistant', draft);
      const unfinished = limits.cut?.index === i;
      const signature =
        compatible || unfinished
          ? ''
          : ctx.signer.sign({
              model: req.profile.id,
              prefix,
              reasoningTokens: block.reasoningTokens,
              text: thinkingTextHash(block.text),
            });
      issued = { ...draft, signature };
      chain.push(issued);
    } else {
      issued =
        block.kind === 'text'
          ? { type: 'text', text: block.text }
          : { type: 'tool_use', id: block.id, name: block.name, input: block.input, json: block.text };
      chain.next(
        'assistant',
        issued.type === 'tool_use'
          ? { type: 'tool_use', id: issued.id, name: issued.name, input: issued.input }
          : issued,
      );
    }
    content.push(issued);
  });
  const offset = ctx.compaction ? 1 : 0;
  const stop = stopOf(reply, req, content, limits.stopReason);
  const usage = reportedUsage(
    {
      compatible,
      cache: ctx.cache,
      output: limits.outputTokens,
      thinking: req.thinking.on ? limits.thinkingTokens : undefined,
      ...(ctx.compaction
        ? { compaction: { cache: ctx.compaction.cache, output: ctx.compaction.run.summaryTokens } }
        : {}),
    },
    reply.usage,
  );
  return {
    id: ctx.id,
    model: reply.model ?? ctx.model,
    compatible,
    content,
    cut: limits.cut ? { index: limits.cut.index + offset, blockStop: limits.cut.blockStop } : undefined,
    stopReason: stop.reason,
    stopSequence: stop.sequence,
    stopDetails: stop.details,
    usage,
    ...betaFields(ctx),
    thinkMs: reply.thinkMs ?? 0,
    eventDelayMs: reply.eventDelayMs ?? ctx.eventDelayMs,
  };
}
