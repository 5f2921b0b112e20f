// Turns a complete Messages API answer into the SSE event sequence the real API streams for it.

import type { ApiContentBlock, ApiMessage } from './turns';

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Small chunks, so even short texts arrive as several deltas and clients must accumulate them. */
const TEXT_CHUNK_CHARS = 8;
const JSON_CHUNK_CHARS = 8;

/** Splits on code points so a chunk never ends in half a surrogate pair. */
export function splitIntoChunks(text: string, size: number): string[] {
  const chars = Array.from(text);
  const chunks: string[] = [];
  for (let i = 0; i < chars.length; i += size) chunks.push(chars.slice(i, i + size).join(''));
  return chunks;
}

function blockStart(block: ApiContentBlock): Record<string, unknown> {
  // The real API opens a block empty and fills it through deltas; tool input always starts as `{}`.
  if (block.type === 'text') return { type: 'text', text: '' };
  return { type: 'tool_use', id: block.id, name: block.name, input: {} };
}

function blockDeltas(block: ApiContentBlock): Array<Record<string, unknown>> {
  if (block.type === 'text') {
    return splitIntoChunks(block.text, TEXT_CHUNK_CHARS).map((text) => ({ type: 'text_delta', text }));
  }
  const json = block.rawInput ?? JSON.stringify(block.input);
  return splitIntoChunks(json, JSON_CHUNK_CHARS).map((partial_json) => ({ type: 'input_json_delta', partial_json }));
}

function blockEvents(block: ApiContentBlock, index: number): SseEvent[] {
  const events: SseEvent[] = [
    { event: 'content_block_start', data: { type: 'content_block_start', index, content_block: blockStart(block) } },
  ];
  for (const delta of blockDeltas(block)) {
    events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta } });
  }
  events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  return events;
}

/** message_start, ping, per-block start/deltas/stop, message_delta, message_stop — as the real API sends them. */
export function messageToEvents(message: ApiMessage): SseEvent[] {
  const start = {
    ...message,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    // Output is only known at the end; the real API reports a token or so up front and the total in message_delta.
    usage: { ...message.usage, output_tokens: 1 },
  };
  const events: SseEvent[] = [
    { event: 'message_start', data: { type: 'message_start', message: start } },
    { event: 'ping', data: { type: 'ping' } },
  ];
  message.content.forEach((block, index) => {
    events.push(...blockEvents(block, index));
  });
  events.push(
    {
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: { stop_reason: message.stop_reason, stop_sequence: null },
        usage: { output_tokens: message.usage.output_tokens },
      },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  );
  return events;
}

export function formatEvent({ event, data }: SseEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
