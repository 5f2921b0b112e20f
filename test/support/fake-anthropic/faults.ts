// Scripted failures of the API around a turn: HTTP errors as the API words and heads them
// (https://platform.claude.com/docs/en/api/errors), and the streams that break mid-way.

import type { ServerResponse } from 'node:http';
import { sendError } from './http';
import type { Fault, StreamErrorType } from './reply-types';
import type { ErrorType } from './schema';

export type HttpFault = Exclude<Fault, { fault: 'hang' | 'cut' | 'stall' | 'stream_error' }>;

export const STREAM_ERRORS: Record<StreamErrorType, { status: number; message: string }> = {
  overloaded_error: { status: 529, message: 'Overloaded' },
  api_error: { status: 500, message: 'Internal server error' },
  rate_limit_error: { status: 429, message: 'This request would exceed your rate limit.' },
};

/**
 * Default messages: the 429 in its older, shorter wording (the 2026 one adds the org, limit and model, as in
 * continuedev/continue#12057; tests that need it pass `message`), "Overloaded" (claude-code#35775) and
 * "invalid x-api-key" as received.
 */
const DEFAULT_MESSAGES: Record<Exclude<HttpFault['fault'], 'spend_limit'>, string> = {
  rate_limit: 'This request would exceed your rate limit.',
  server_error: 'Internal server error',
  overloaded: 'Overloaded',
  unauthorized: 'invalid x-api-key',
  bad_request: 'Bad request',
};

const STATUS: Record<HttpFault['fault'], { status: number; type: ErrorType }> = {
  rate_limit: { status: 429, type: 'rate_limit_error' },
  spend_limit: { status: 429, type: 'rate_limit_error' },
  server_error: { status: 500, type: 'api_error' },
  overloaded: { status: 529, type: 'overloaded_error' },
  unauthorized: { status: 401, type: 'authentication_error' },
  bad_request: { status: 400, type: 'invalid_request_error' },
};

/**
 * The usage tier's monthly cap: "API usage pauses until 00:00 UTC on the first day of the next month", message as the
 * docs' example gives it, `error.details.error_code: "enforced_spend_limit_reached"`, and "the response has no
 * retry-after header" (https://platform.claude.com/docs/en/api/errors).
 */
export function spendLimitMessage(now: number): string {
  const date = new Date(now);
  const next = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
  return `You have reached your API usage limits: your organization has crossed its monthly API usage threshold, set based on your organization's API tier. You will regain access on ${next.toISOString().slice(0, 10)} at 00:00 UTC.`;
}

export function sendHttpFault(fault: HttpFault, res: ServerResponse, now: number): void {
  const { status, type } = STATUS[fault.fault];
  const headers: Record<string, string> = {};
  // 529s carry `x-should-retry: true` and 400s `false` (headers quoted in anthropic-sdk-typescript#616 and
  // writingmate/chatlabs#35).
  if (fault.fault === 'overloaded') headers['x-should-retry'] = 'true';
  if (fault.fault === 'bad_request') headers['x-should-retry'] = 'false';
  if (fault.shouldRetry !== undefined) headers['x-should-retry'] = String(fault.shouldRetry);
  if (fault.fault === 'rate_limit' && fault.retryAfterSec !== null)
    headers['retry-after'] = String(fault.retryAfterSec ?? 1);
  if (fault.fault === 'spend_limit') {
    const message = fault.message ?? spendLimitMessage(now);
    sendError(res, status, type, message, headers, { error_code: 'enforced_spend_limit_reached' });
    return;
  }
  sendError(res, status, type, fault.message ?? DEFAULT_MESSAGES[fault.fault], headers);
}
