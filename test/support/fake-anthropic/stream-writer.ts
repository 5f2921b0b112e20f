// Writes a stream plan to the socket: events spaced by `eventDelayMs`, and while the model thinks, a `ping` every
// `pingEveryMs` ("Event streams may also include any number of `ping` events",
// https://platform.claude.com/docs/en/build-with-claude/streaming; observed every ~15–30 s in long thinking silences,
// anthropics/anthropic-sdk-typescript#867).

import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { baseHeaders } from './http';
import { formatEvent, isPause, PING, type StreamStep } from './sse';

/** Waits for the chunk to reach the socket, so a following destroy() cannot swallow it. */
function write(res: ServerResponse, chunk: string): Promise<void> {
  return new Promise((resolve) => {
    res.write(chunk, () => resolve());
  });
}

export function openStream(res: ServerResponse, requestId: string): void {
  res.writeHead(
    200,
    baseHeaders(requestId, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' }),
  );
  res.flushHeaders();
}

async function think(res: ServerResponse, pauseMs: number, pingEveryMs: number): Promise<void> {
  let left = pauseMs;
  while (left > 0 && !res.destroyed) {
    const slice = Math.min(left, pingEveryMs);
    await sleep(slice);
    left -= slice;
    if (slice === pingEveryMs && !res.destroyed) await write(res, formatEvent(PING));
  }
}

export async function writeSteps(
  res: ServerResponse,
  steps: readonly StreamStep[],
  delayMs: number,
  pingEveryMs: number,
): Promise<void> {
  let first = true;
  for (const step of steps) {
    // The client may have aborted, or close()/reset() destroyed the connection, while we slept.
    if (res.destroyed) return;
    if (isPause(step)) {
      await think(res, step.pauseMs, pingEveryMs);
      continue;
    }
    if (!first && delayMs > 0) await sleep(delayMs);
    first = false;
    if (res.destroyed) return;
    await write(res, formatEvent(step));
  }
}
