// A played turn as the event stream the API sends (https://platform.claude.com/docs/en/build-with-claude/streaming):
// message_start, per block content_block_start / deltas / content_block_stop, message_delta with the stop reason and
// cumulative usage, message_stop. The first `ping` follows the first content_block_start, as in the SDK's recorded
// fixtures (anthropics/anthropic-sdk-typescript tests/lib/fixtures/basic_response.txt); every frame has an `event:`
// line, since the SDK ignores frames without one.

import type { JsonObject } from './json';
import type { IssuedBlock, PlayedTurn } from './play';
import { deltaUsage, startUsage } from './usage';

export interface SseEvent {
  event: string;
  data: JsonObject;
}

/** A silence while the model thinks, filled with pings by the writer. */
export interface ThinkPause {
  pauseMs: number;
}

export type StreamStep = SseEvent | ThinkPause;

export function isPause(step: StreamStep): step is ThinkPause {
  return 'pauseMs' in step;
}

/** Small chunks, so even short texts arrive as several deltas and clients must accumulate them. */
const TEXT_CHUNK_CHARS = 8;
const JSON_CHUNK_CHARS = 8;
const THINKING_CHUNK_CHARS = 16;

export const PING: SseEvent = { event: 'ping', data: { type: 'ping' } };

/** Splits on code points so a chunk never ends in half a surrogate pair. */
export function splitIntoChunks(text: string, size: number): string[] {
  const chars = Array.from(text);
  const chunks: string[] = [];
  for (let i = 0; i < chars.length; i += size) chunks.push(chars.slice(i, i + size).join(''));
  return chunks;
}

/** Blocks open empty and fill through deltas; a thinking block opens with an empty signature. */
function blockStart(block: IssuedBlock): JsonObject {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: '' };
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: {} };
    case 'compaction':
      return { type: 'compaction', content: null, encrypted_content: null };
  }
}

/**
 * Deltas: thinking_delta chunks then one signature_delta "just before the block's `content_block_stop`" (SDK
 * `SignatureDelta`); input_json_delta starting with `""`, as recorded in tool_use_response.txt; a compaction block's
 * whole value in one compaction_delta (SDK `BetaMessageStream` assigns it).
 */
function blockDeltas(block: IssuedBlock, unfinished: boolean): JsonObject[] {
  switch (block.type) {
    case 'text':
      return splitIntoChunks(block.text, TEXT_CHUNK_CHARS).map((text) => ({ type: 'text_delta', text }));
    case 'thinking': {
      const deltas: JsonObject[] = splitIntoChunks(block.thinking, THINKING_CHUNK_CHARS).map((thinking) => ({
        type: 'thinking_delta',
        thinking,
      }));
      if (!unfinished) deltas.push({ type: 'signature_delta', signature: block.signature });
      return deltas;
    }
    case 'tool_use':
      return ['', ...splitIntoChunks(block.json, JSON_CHUNK_CHARS)].map((partial_json) => ({
        type: 'input_json_delta',
        partial_json,
      }));
    case 'compaction':
      return [{ type: 'compaction_delta', content: block.content, encrypted_content: block.encrypted_content }];
  }
}

function messageStart(turn: PlayedTurn): SseEvent {
  const message: JsonObject = {
    id: turn.id,
    type: 'message',
    role: 'assistant',
    model: turn.model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    ...(turn.compatible ? {} : { stop_details: null }),
    usage: startUsage(turn.usage),
    ...(turn.contextManagement !== undefined ? { context_management: null } : {}),
    // "When streaming, the array is final in `message_start`" (SDK `BetaMessage.input_transformations`).
    ...(turn.inputTransformations !== undefined ? { input_transformations: turn.inputTransformations } : {}),
  };
  return { event: 'message_start', data: { type: 'message_start', message } };
}

function messageDelta(turn: PlayedTurn): SseEvent {
  const delta: JsonObject = { stop_reason: turn.stopReason, stop_sequence: turn.stopSequence };
  // "In the event stream, stop_details arrives on the message_delta event alongside stop_reason."
  if (!turn.compatible) delta.stop_details = turn.stopDetails;
  const data: JsonObject = { type: 'message_delta', delta, usage: deltaUsage(turn.usage, turn.compatible) };
  if (turn.contextManagement !== undefined) data.context_management = turn.contextManagement;
  return { event: 'message_delta', data };
}

/**
 * The whole stream. A block cut at max_tokens gets no content_block_stop (as incomplete_partial_json_response.txt
 * records) unless the script asks for one, and a cut thinking block no signature.
 */
export function turnToStream(turn: PlayedTurn): StreamStep[] {
  const steps: StreamStep[] = [messageStart(turn)];
  if (turn.thinkMs > 0) steps.push({ pauseMs: turn.thinkMs });
  turn.content.forEach((block, index) => {
    const unfinished = turn.cut?.index === index;
    steps.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: blockStart(block) },
    });
    if (index === 0) steps.push(PING);
    for (const delta of blockDeltas(block, unfinished)) {
      steps.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta } });
    }
    if (!unfinished || turn.cut?.blockStop)
      steps.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  if (turn.content.length === 0) steps.push(PING);
  steps.push(messageDelta(turn), { event: 'message_stop', data: { type: 'message_stop' } });
  return steps;
}

export function formatEvent({ event, data }: SseEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The steps up to and including the `count`-th event (pauses before it included). */
export function firstEvents(steps: readonly StreamStep[], count: number): StreamStep[] {
  const out: StreamStep[] = [];
  let events = 0;
  for (const step of steps) {
    if (events >= count) break;
    out.push(step);
    if (!isPause(step)) events++;
  }
  return out;
}

export function eventCount(steps: readonly StreamStep[]): number {
  return steps.filter((step) => !isPause(step)).length;
}
