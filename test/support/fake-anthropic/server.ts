// The stand-in server: routing, auth, the turn script, and the record of requests and refusals.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultSummary } from './compaction';
import { isAuthorized, readBody, recordRequest, sendError, sendJson, sendPreflight } from './http';
import { ConversationMemory } from './memory';
import { answerCountTokens, answerMessages, type RouteState } from './messages-route';
import { listModels, retrieveModel } from './models-endpoint';
import { PromptCache } from './prompt-cache';
import type { Turn } from './reply-types';
import { RuleViolation } from './schema';
import { ScriptError } from './script-error';
import { Signer } from './signature';
import type { FakeAnthropic, FakeAnthropicOptions, RecordedRequest, Responder } from './types';

const MESSAGES_PATH = '/v1/messages';

class FakeAnthropicServer implements FakeAnthropic {
  readonly url: string;
  readonly port: number;
  readonly #server: Server;
  readonly #opts: FakeAnthropicOptions;
  readonly #state: RouteState;
  #requests: RecordedRequest[] = [];
  #rejections: RecordedRequest[] = [];
  #queue: Turn[] = [];
  #responder: Responder | undefined;
  #messageCount = 0;
  /** Responses held open by `hang`/`stall`, destroyed on reset() so one test's hang cannot leak into the next. */
  readonly #hanging = new Set<ServerResponse>();
  #closing: Promise<void> | undefined;

  constructor(server: Server, opts: FakeAnthropicOptions) {
    this.#server = server;
    this.#opts = opts;
    this.port = (server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}`;
    const now = opts.now ?? Date.now;
    this.#state = {
      options: {
        eventDelayMs: opts.eventDelayMs ?? 0,
        pingEveryMs: opts.pingEveryMs ?? 15_000,
        now,
        summarize: opts.summarize ?? defaultSummary,
        defaultThinkingTokens: opts.defaultThinkingTokens ?? 120,
      },
      signer: new Signer(),
      memory: new ConversationMemory(),
      cache: new PromptCache(now),
      nextTurn: async (req) => {
        const index = this.#messageCount++;
        const turn = this.#queue.shift() ?? (await this.#responder?.(req, index));
        return { turn, index };
      },
      hold: (res) => this.#hold(res),
    };
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

  get rejections(): readonly RecordedRequest[] {
    return this.#rejections;
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
    this.#rejections = [];
    this.#queue = [];
    this.#responder = undefined;
    this.#messageCount = 0;
    this.#state.memory.clear();
    this.#state.cache.clear();
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
    try {
      await this.#route(recorded, res);
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
      this.#reject(recorded, res, error);
    }
  }

  async #route(req: RecordedRequest, res: ServerResponse): Promise<void> {
    const route = `${req.method} ${req.path}`;
    if (route === `POST ${MESSAGES_PATH}`) return answerMessages(this.#state, req, res);
    if (route === `POST ${MESSAGES_PATH}/count_tokens`) return answerCountTokens(this.#state, req, res);
    if (route === 'GET /v1/models') return sendJson(res, 200, listModels(req.query, this.#opts.localModels));
    const model = /^\/v1\/models\/([^/]+)$/.exec(req.path)?.[1];
    if (req.method === 'GET' && model) return sendJson(res, 200, retrieveModel(decodeURIComponent(model)));
    throw new RuleViolation(404, 'not_found_error', `fake-anthropic: no route for ${route}`);
  }

  /** A 4xx for a broken rule: recorded, and never retryable (real 400s carry `x-should-retry: false`). */
  #reject(req: RecordedRequest, res: ServerResponse, violation: RuleViolation): void {
    req.rejection = { status: violation.status, type: violation.errorType, message: violation.message };
    this.#rejections.push(req);
    sendError(res, violation.status, violation.errorType, violation.message, { 'x-should-retry': 'false' });
  }

  /** Keeps the response open, answering nothing more, until the client gives up or reset()/close() drops it. */
  #hold(res: ServerResponse): void {
    this.#hanging.add(res);
    res.on('close', () => this.#hanging.delete(res));
  }

  #crash(res: ServerResponse, error: unknown): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const detail = error instanceof Error ? error.message : String(error);
    const message = error instanceof ScriptError ? `fake-anthropic: ${detail}` : `fake-anthropic crashed: ${detail}`;
    sendError(res, 500, 'api_error', message, { 'x-should-retry': 'false' });
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

/** Starts the stand-in Messages API on 127.0.0.1 (any free port by default). Close it in afterAll/afterEach. */
/** Every stand-in started and not yet closed, so a suite can check after each test that none refused a request. */
const LIVE = new Set<FakeAnthropic>();

export function liveFakes(): readonly FakeAnthropic[] {
  return [...LIVE];
}

export async function startFakeAnthropic(opts: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const server = createServer();
  await listen(server, opts.port ?? 0);
  const fake = new FakeAnthropicServer(server, opts);
  LIVE.add(fake);
  server.once('close', () => LIVE.delete(fake));
  return fake;
}
