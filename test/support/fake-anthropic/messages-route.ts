// POST /v1/messages and POST /v1/messages/count_tokens: prepare the request, pick the turn (remembered refusal,
// paused compaction, or the script), play it and answer.

import type { ServerResponse } from 'node:http';
import { compactIfDue } from './compaction';
import { sendError, sendJson } from './http';
import { makeId } from './ids';
import type { ConversationMemory } from './memory';
import type { PlayedTurn, TurnContext } from './play';
import { playReply } from './play';
import { asModelView, checkPromptLength, type Prepared, prepare } from './prepare';
import { servedModel } from './profiles';
import type { PromptCache } from './prompt-cache';
import type { Reply, Turn } from './reply-types';
import { answerFault, sendPlayed } from './respond';
import type { Signer } from './signature';
import { isFault } from './turns';
import type { ModelView, RecordedRequest } from './types';
import { viewTokens } from './view';
import { messageJson, pausedCompaction } from './wire-message';

export interface ResolvedOptions {
  eventDelayMs: number;
  pingEveryMs: number;
  now: () => number;
  summarize: (view: ModelView, instructions: string | undefined) => string;
  defaultThinkingTokens: number;
}

export interface RouteState {
  readonly options: ResolvedOptions;
  readonly signer: Signer;
  readonly memory: ConversationMemory;
  readonly cache: PromptCache;
  /** The scripted turn for this request, consuming it; undefined when nothing was scripted. */
  nextTurn(req: RecordedRequest): Promise<{ turn: Turn | undefined; index: number }>;
  /** Keeps the response open until the client gives up or reset()/close() drops it. */
  hold(res: ServerResponse): void;
}

/** Token counting: the same checks and edits, then the view's size (`original_input_tokens` for beta requests). */
export function answerCountTokens(state: RouteState, req: RecordedRequest, res: ServerResponse): void {
  const { valid, view, replay, originalTokens } = prepare(req, 'count_tokens', state.memory, state.signer);
  const body: Record<string, unknown> = { input_tokens: viewTokens(view, replay.reasoning) };
  if (valid.isBeta && valid.profile.kind !== 'compatible') {
    body.context_management = valid.edits ? { original_input_tokens: originalTokens } : null;
  }
  sendJson(res, 200, body);
}

/** Plays a reply on the prepared request: reads and writes the prompt cache, then builds the turn. */
function play(
  state: RouteState,
  prepared: Prepared,
  reply: Reply,
  compaction: ReturnType<typeof compactIfDue>,
): PlayedTurn {
  const { valid, replay } = prepared;
  const model = servedModel(valid.profile, valid.model);
  const minTokens = valid.profile.minCacheableTokens;
  const compactionCache = compaction
    ? state.cache.use(model, compaction.before, replay.reasoning, valid.topLevelCache, minTokens)
    : undefined;
  const view = compaction?.compacted ?? prepared.view;
  const ctx: TurnContext = {
    id: makeId('msg'),
    model,
    req: valid,
    signer: state.signer,
    inputTokens: viewTokens(view, replay.reasoning),
    cache: state.cache.use(model, view, replay.reasoning, valid.topLevelCache, minTokens),
    compaction: compaction && compactionCache ? { run: compaction, cache: compactionCache } : undefined,
    appliedEdits: prepared.applied,
    transformations: replay.transformations,
    defaultThinkingTokens: state.options.defaultThinkingTokens,
    eventDelayMs: state.options.eventDelayMs,
  };
  return playReply(reply, ctx);
}

function remember(memory: ConversationMemory, prepared: Prepared, played: PlayedTurn, refusedBefore: boolean): void {
  const content = messageJson(played).content as Array<Record<string, unknown>>;
  memory.rememberToolCalls(content);
  if (played.stopReason === 'pause_turn') memory.rememberPaused(content);
  if (played.stopReason === 'refusal' && !refusedBefore && played.stopDetails) {
    const { category, explanation } = played.stopDetails as { category: string | null; explanation: string | null };
    memory.rememberRefusal(prepared.valid.messages, { category, explanation });
  }
}

export async function answerMessages(state: RouteState, req: RecordedRequest, res: ServerResponse): Promise<void> {
  const prepared = prepare(req, 'messages', state.memory, state.signer);
  const { valid, replay } = prepared;
  const refusal = state.memory.refusalFor(valid.messages);
  const edit = valid.edits?.find((e) => e.type === 'compact_20260112');
  const compaction =
    edit && edit.type === 'compact_20260112' && !refusal
      ? compactIfDue(prepared.view, edit, replay.reasoning, state.options.summarize, state.signer)
      : undefined;
  if (compaction) req.view = asModelView(compaction.compacted);
  checkPromptLength(compaction?.compacted ?? prepared.view, valid, replay.reasoning);

  if (compaction && edit?.type === 'compact_20260112' && edit.pauseAfterCompaction) {
    const model = servedModel(valid.profile, valid.model);
    const cache = state.cache.use(
      model,
      compaction.before,
      replay.reasoning,
      valid.topLevelCache,
      valid.profile.minCacheableTokens,
    );
    const ctx = {
      id: makeId('msg'),
      model,
      req: valid,
      appliedEdits: prepared.applied,
      transformations: replay.transformations,
      eventDelayMs: state.options.eventDelayMs,
    };
    const played = pausedCompaction(ctx, compaction, cache);
    state.memory.rememberPaused([compaction.block]);
    req.usage = played.usage;
    return sendPlayed(res, played, valid.stream, state.options.pingEveryMs);
  }

  // "Attempting to continue without resetting will result in continued refusals": answered without asking the script.
  const { turn, index } = refusal ? { turn: { content: [], refusal } as Turn, index: -1 } : await state.nextTurn(req);
  if (turn === undefined) {
    // Not retryable, so a forgotten script fails the test at once instead of after the SDK's backoff.
    const message = `fake-anthropic: no turn was scripted for messages request #${index}`;
    return sendError(res, 500, 'api_error', message, { 'x-should-retry': 'false' });
  }
  if (isFault(turn)) {
    const playFault = (reply: Reply) => play(state, prepared, reply, compaction);
    return answerFault(turn, { res, valid, state, play: playFault });
  }
  const played = play(state, prepared, turn, compaction);
  remember(state.memory, prepared, played, refusal !== undefined);
  req.usage = played.usage;
  return sendPlayed(res, played, valid.stream, state.options.pingEveryMs);
}
