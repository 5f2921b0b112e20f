// Sending a played turn (JSON or stream), and the scripted faults that break the answer.

import type { ServerResponse } from 'node:http';
import { STREAM_ERRORS, sendHttpFault } from './faults';
import { sendError, sendJson } from './http';
import { makeId } from './ids';
import type { RouteState } from './messages-route';
import type { PlayedTurn } from './play';
import type { Fault, Reply } from './reply-types';
import type { ValidRequest } from './request-types';
import { eventCount, firstEvents, turnToStream } from './sse';
import { openStream, writeSteps } from './stream-writer';
import { messageJson } from './wire-message';

export async function sendPlayed(
  res: ServerResponse,
  played: PlayedTurn,
  stream: boolean,
  pingEveryMs: number,
): Promise<void> {
  if (!stream) return sendJson(res, 200, messageJson(played));
  openStream(res, makeId('req'));
  await writeSteps(res, turnToStream(played), played.eventDelayMs, pingEveryMs);
  res.end();
}

export interface FaultContext {
  res: ServerResponse;
  valid: ValidRequest;
  state: RouteState;
  /** Plays the fault's turn on the request (prompt cache included: the prompt was read before the failure). */
  play: (reply: Reply) => PlayedTurn;
}

/** Streams the first `count` events of the turn (default half of them). */
async function streamPart(ctx: FaultContext, reply: Reply, count: number | undefined): Promise<void> {
  const played = ctx.play(reply);
  const steps = turnToStream(played);
  const events = count ?? Math.max(1, Math.floor(eventCount(steps) / 2));
  openStream(ctx.res, makeId('req'));
  await writeSteps(ctx.res, firstEvents(steps, events), played.eventDelayMs, ctx.state.options.pingEveryMs);
}

export async function answerFault(fault: Fault, ctx: FaultContext): Promise<void> {
  const { res, valid, state } = ctx;
  switch (fault.fault) {
    case 'hang':
      return state.hold(res);
    case 'cut':
      if (valid.stream) await streamPart(ctx, fault.turn, fault.afterEvents);
      // Destroying mid-body leaves the chunked response unterminated, which fetch reports as a network error.
      res.destroy();
      return;
    case 'stall':
      state.hold(res);
      if (valid.stream) await streamPart(ctx, fault.turn, fault.afterEvents);
      return;
    case 'stream_error': {
      const type = fault.errorType ?? 'overloaded_error';
      const spec = STREAM_ERRORS[type];
      const message = fault.message ?? spec.message;
      if (!valid.stream) return sendError(res, spec.status, type, message);
      await streamPart(ctx, fault.turn, fault.afterEvents ?? 1);
      // "We may occasionally send errors in the event stream" (https://platform.claude.com/docs/en/build-with-claude/streaming)
      if (!res.destroyed)
        res.write(`event: error\ndata: ${JSON.stringify({ type: 'error', error: { type, message } })}\n\n`);
      res.end();
      return;
    }
    default:
      return sendHttpFault(fault, res, state.options.now());
  }
}
