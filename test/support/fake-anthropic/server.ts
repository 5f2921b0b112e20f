// The fake server itself: routing, auth, turn scripting, fault injection and SSE streaming.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  baseHeaders,
  type ErrorType,
  isAuthorized,
  readBody,
  recordRequest,
  sendError,
  sendJson,
  sendPreflight,
} from './http';
import { formatEvent, messageToEvents, type SseEvent } from './sse';
import { buildMessage, estimateTokens, isFault, jsonBody } from './turns';
import type {
  FakeAnthropic,
  FakeAnthropicOptions,
  Fault,
  RecordedRequest,
  Reply,
  Responder,
  StreamErrorType,
  Turn,
} from './types';

const MESSAGES_PATH = '/v1/messages';

const MODELS = [
  { id: 'claude-sonnet-4-6', display_name: 'Claude Sonnet 4.6', created_at: '2026-02-17T00:00:00Z' },
  { id: 'claude-opus-4-6', display_name: 'Claude Opus 4.6', created_at: '2026-02-05T00:00:00Z' },
  { id: 'claude-haiku-4-5', display_name: 'Claude Haiku 4.5', created_at: '2025-10-15T00:00:00Z' },
].map((model) => ({ type: 'model', ...model }));

type HttpFault = Exclude<Fault, { fault: 'hang' } | { fault: 'cut' } | { fault: 'stall' } | { fault: 'stream_error' }>;

const STREAM_ERRORS: Record<StreamErrorType, { status: number; message: string }> = {
  overloaded_error: { status: 529, message: 'Overloaded' },
  api_error: { status: 500, message: 'Internal server error' },
  rate_limit_error: { status: 429, message: 'This request would exceed your rate limit.' },
};

const HTTP_FAULTS: Record<HttpFault['fault'], { status: number; type: ErrorType; message: string }> = {
  rate_limit: { status: 429, type: 'rate_limit_error', message: 'This request would exceed your rate limit.' },
  server_error: { status: 500, type: 'api_error', message: 'Internal server error' },
  overloaded: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
  unauthorized: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' },
  bad_request: { status: 400, type: 'invalid_request_error', message: 'Bad request' },
};

/** Waits for the chunk to reach the socket, so a following destroy() cannot swallow it. */
function write(res: ServerResponse, chunk: string): Promise<void> {
  return new Promise((resolve) => {
    res.write(chunk, () => resolve());
  });
}

class FakeAnthropicServer implements FakeAnthropic {
  readonly url: string;
  readonly port: number;
  readonly #server: Server;
  readonly #opts: FakeAnthropicOptions;
  #requests: RecordedRequest[] = [];
  #queue: Turn[] = [];
  #responder: Responder | undefined;
  #messageCount = 0;
  /** Responses held open by `hang`, destroyed on reset() so one test's hang cannot leak into the next. */
  readonly #hanging = new Set<ServerResponse>();
  #closing: Promise<void> | undefined;

  constructor(server: Server, opts: FakeAnthropicOptions) {
    this.#server = server;
    this.#opts = opts;
    this.port = (server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}`;
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      this.#handle(req, res).catch((error: unknown) => this.#crash(res, error));
    });
  }

  get requests(): readonly RecordedRequest[] {
    return this.#requests;
  }

  get messageRequests(): readonly RecordedRequest[] {
    return this.#requests.filter((req) => req.method === 'POST' && req.path === MESSAGES_PATH);
  }

  enqueue(...turns: Turn[]): void {
    this.#queue.push(...turns);
  }

  respondWith(fn: Responder | undefined): void {
    this.#responder = fn;
  }

  pendingTurns(): number {
    return this.#queue.length;
  }

  reset(): void {
    this.#requests = [];
    this.#queue = [];
    this.#responder = undefined;
    this.#messageCount = 0;
    for (const res of this.#hanging) res.destroy();
    this.#hanging.clear();
  }

  close(): Promise<void> {
    this.#closing ??= new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      // Keep-alive, hanging and mid-stream connections would otherwise keep close() waiting forever.
      this.#server.closeAllConnections();
    });
    return this.#closing;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const recorded = recordRequest(req, await readBody(req));
    this.#requests.push(recorded);
    if (recorded.method === 'OPTIONS') return sendPreflight(req, res);
    if (!isAuthorized(recorded, this.#opts.apiKey)) {
      return sendError(res, 401, 'authentication_error', 'invalid x-api-key');
    }
    const route = `${recorded.method} ${recorded.path}`;
    switch (route) {
      case `POST ${MESSAGES_PATH}`:
        return this.#answerMessages(recorded, res);
      case `POST ${MESSAGES_PATH}/count_tokens`:
        return sendJson(res, 200, { input_tokens: estimateTokens(recorded.rawBody) });
      case 'GET /v1/models':
        return sendJson(res, 200, {
          data: MODELS,
          has_more: false,
          first_id: MODELS[0]?.id,
          last_id: MODELS.at(-1)?.id,
        });
      default:
        return sendError(res, 404, 'not_found_error', `fake-anthropic: no route for ${route}`);
    }
  }

  async #answerMessages(req: RecordedRequest, res: ServerResponse): Promise<void> {
    const index = this.#messageCount++;
    const turn = this.#queue.shift() ?? (await this.#responder?.(req, index));
    if (turn === undefined) {
      // Not retryable, so a forgotten script fails the test at once instead of after the SDK's backoff.
      const message = `fake-anthropic: no turn was scripted for messages request #${index}`;
      return sendError(res, 500, 'api_error', message, { 'x-should-retry': 'false' });
    }
    if (isFault(turn)) return this.#answerFault(turn, req, res);
    return this.#answerReply(turn, req, res);
  }

  async #answerReply(reply: Reply, req: RecordedRequest, res: ServerResponse): Promise<void> {
    const message = buildMessage(reply, req);
    if (req.body?.stream !== true) return sendJson(res, 200, jsonBody(message));
    const delayMs = reply.eventDelayMs ?? this.#opts.eventDelayMs ?? 0;
    await this.#stream(res, messageToEvents(message), delayMs);
    res.end();
  }

  async #answerFault(turn: Fault, req: RecordedRequest, res: ServerResponse): Promise<void> {
    switch (turn.fault) {
      case 'hang':
        return this.#hold(res);
      case 'cut':
        return this.#cut(turn, req, res);
      case 'stall':
        return this.#stall(turn, req, res);
      case 'stream_error':
        return this.#streamError(turn, req, res);
      default:
        return this.#sendHttpFault(turn, res);
    }
  }

  #sendHttpFault(turn: HttpFault, res: ServerResponse): void {
    const spec = HTTP_FAULTS[turn.fault];
    const headers: Record<string, string> = {};
    if (turn.shouldRetry !== undefined) headers['x-should-retry'] = String(turn.shouldRetry);
    if (turn.fault === 'rate_limit') headers['retry-after'] = String(turn.retryAfterSec ?? 1);
    sendError(res, spec.status, spec.type, turn.message ?? spec.message, headers);
  }

  /** Keeps the response open, answering nothing more, until the client gives up or reset()/close() drops it. */
  #hold(res: ServerResponse): void {
    this.#hanging.add(res);
    res.on('close', () => this.#hanging.delete(res));
  }

  async #stall(turn: Extract<Fault, { fault: 'stall' }>, req: RecordedRequest, res: ServerResponse): Promise<void> {
    this.#hold(res);
    if (req.body?.stream !== true) return;
    const events = messageToEvents(buildMessage(turn.turn, req));
    const afterEvents = turn.afterEvents ?? Math.max(1, Math.floor(events.length / 2));
    await this.#stream(res, events.slice(0, afterEvents), turn.turn.eventDelayMs ?? this.#opts.eventDelayMs ?? 0);
  }

  async #streamError(
    turn: Extract<Fault, { fault: 'stream_error' }>,
    req: RecordedRequest,
    res: ServerResponse,
  ): Promise<void> {
    const type = turn.errorType ?? 'overloaded_error';
    const spec = STREAM_ERRORS[type];
    const message = turn.message ?? spec.message;
    if (req.body?.stream !== true) return sendError(res, spec.status, type, message);
    const events = messageToEvents(buildMessage(turn.turn, req)).slice(0, turn.afterEvents ?? 1);
    const error = { event: 'error', data: { type: 'error', error: { type, message } } };
    await this.#stream(res, [...events, error], turn.turn.eventDelayMs ?? this.#opts.eventDelayMs ?? 0);
    res.end();
  }

  async #cut(turn: Extract<Fault, { fault: 'cut' }>, req: RecordedRequest, res: ServerResponse): Promise<void> {
    if (req.body?.stream === true) {
      const events = messageToEvents(buildMessage(turn.turn, req));
      const afterEvents = turn.afterEvents ?? Math.max(1, Math.floor(events.length / 2));
      await this.#stream(res, events.slice(0, afterEvents), turn.turn.eventDelayMs ?? this.#opts.eventDelayMs ?? 0);
    }
    // Destroying mid-body leaves the chunked response unterminated, which fetch reports as a network error.
    res.destroy();
  }

  async #stream(res: ServerResponse, events: readonly SseEvent[], delayMs: number): Promise<void> {
    res.writeHead(
      200,
      baseHeaders({ 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' }),
    );
    res.flushHeaders();
    for (const [i, event] of events.entries()) {
      if (i > 0 && delayMs > 0) await sleep(delayMs);
      // The client may have aborted, or close()/reset() destroyed the connection, while we slept.
      if (res.destroyed) return;
      await write(res, formatEvent(event));
    }
  }

  #crash(res: ServerResponse, error: unknown): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const detail = error instanceof Error ? error.message : String(error);
    sendError(res, 500, 'api_error', `fake-anthropic crashed: ${detail}`, { 'x-should-retry': 'false' });
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Starts a fake Messages API on 127.0.0.1 (any free port by default). Close it in afterAll/afterEach. */
export async function startFakeAnthropic(opts: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const server = createServer();
  await listen(server, opts.port ?? 0);
  return new FakeAnthropicServer(server, opts);
}
