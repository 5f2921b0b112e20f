// HTTP plumbing: CORS, Anthropic-shaped errors, request parsing.

import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { makeId } from './ids';
import { isObject } from './json';
import type { ErrorType } from './schema';
import type { AuthKind, RecordedRequest, RequestBody } from './types';

/** On every response: the extension page fetches from `chrome-extension://…`, and needs to read `request-id` etc. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': '*',
};

/** "Every response carries a `request-id` header" (https://platform.claude.com/docs/en/api/errors). */
export function baseHeaders(requestId: string, extra: OutgoingHttpHeaders = {}): OutgoingHttpHeaders {
  return { ...CORS_HEADERS, 'request-id': requestId, ...extra };
}

export function sendPreflight(req: IncomingMessage, res: ServerResponse): void {
  // The `*` wildcard never covers `Authorization` in browsers, so echo what the page asked for when it asked.
  const requested = req.headers['access-control-request-headers'];
  res.writeHead(
    204,
    baseHeaders(makeId('req'), {
      'access-control-allow-headers': requested ?? '*',
      'access-control-allow-methods': 'POST, GET, OPTIONS',
      'access-control-max-age': '600',
    }),
  );
  res.end();
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  requestId = makeId('req'),
  extra: OutgoingHttpHeaders = {},
): void {
  res.writeHead(status, baseHeaders(requestId, { 'content-type': 'application/json', ...extra }));
  res.end(JSON.stringify(body));
}

/**
 * "Errors are always returned as JSON, with a top-level error object that always includes a type and message value.
 * The response also includes a request_id field." (https://platform.claude.com/docs/en/api/errors)
 */
export function sendError(
  res: ServerResponse,
  status: number,
  type: ErrorType,
  message: string,
  extra: OutgoingHttpHeaders = {},
  details?: Record<string, unknown>,
): void {
  const requestId = makeId('req');
  const error = { type, message, ...(details ? { details } : {}) };
  sendJson(res, status, { type: 'error', error, request_id: requestId }, requestId, extra);
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(rawBody: string): RequestBody | undefined {
  if (rawBody === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(rawBody);
    // Recorded as sent, for assertions; the rules check it separately.
    return isObject(parsed) ? (parsed as RequestBody) : undefined;
  } catch {
    return undefined;
  }
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function bearerToken(headers: Record<string, string>): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
}

function readAuth(headers: Record<string, string>): { auth: AuthKind; credential: string | undefined } {
  const apiKey = headers['x-api-key'];
  if (apiKey) return { auth: 'x-api-key', credential: apiKey };
  const token = bearerToken(headers);
  if (token) return { auth: 'bearer', credential: token };
  return { auth: 'none', credential: undefined };
}

export function recordRequest(req: IncomingMessage, rawBody: string): RecordedRequest {
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  const headers = flattenHeaders(req);
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.search.replace(/^\?/, ''),
    headers,
    body: parseBody(rawBody),
    rawBody,
    time: Date.now(),
    ...readAuth(headers),
  };
}

/** Accepts the key in either header, as the real API does. */
export function isAuthorized(req: RecordedRequest, apiKey: string | undefined): boolean {
  if (apiKey === undefined) return true;
  return req.headers['x-api-key'] === apiKey || bearerToken(req.headers) === apiKey;
}
