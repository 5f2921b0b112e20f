// What went wrong with a model call, once, at the SDK boundary: which failures are worth retrying, how long to wait,
// and a message a person can act on for the ones that are not.

import Anthropic from '@anthropic-ai/sdk';
import { type ErrorCode, SteadyhandError } from '../../../shared/errors';

export type ModelFailureKind =
  | 'auth'
  | 'billing'
  | 'spend_limit'
  | 'bad_request'
  | 'not_found'
  | 'rate_limited'
  | 'overloaded'
  | 'server'
  | 'network'
  | 'stream_cut';

const CODES: Record<ModelFailureKind, ErrorCode> = {
  auth: 'forbidden',
  billing: 'forbidden',
  spend_limit: 'forbidden',
  bad_request: 'invalid_argument',
  not_found: 'not_found',
  rate_limited: 'timeout',
  overloaded: 'timeout',
  server: 'internal',
  network: 'relay_lost',
  stream_cut: 'relay_lost',
};

const RETRYABLE = new Set<ModelFailureKind>(['rate_limited', 'overloaded', 'server', 'network', 'stream_cut']);

export class ModelError extends SteadyhandError {
  override name = 'ModelError';
  readonly kind: ModelFailureKind;
  readonly status: number | undefined;
  readonly retryable: boolean;
  /** From `retry-after-ms` / `retry-after`, when the API said how long to wait. */
  readonly retryAfterMs: number | undefined;
  /**
   * What happened, without the advice for when retries have run out: the panel shows it while the call is retried
   * ("The API rate limit was reached (…)"), where "retries ran out: wait a minute" would be untrue.
   */
  readonly what: string;

  constructor(
    kind: ModelFailureKind,
    message: string,
    extra: { status?: number; retryable?: boolean; retryAfterMs?: number; cause?: unknown; what?: string } = {},
  ) {
    super(CODES[kind], message, { cause: extra.cause });
    this.kind = kind;
    this.status = extra.status;
    this.retryable = extra.retryable ?? RETRYABLE.has(kind);
    this.retryAfterMs = extra.retryAfterMs;
    this.what = extra.what ?? message;
  }
}

/** `retry-after-ms`, else `retry-after` in seconds or as an HTTP date; undefined when absent or unusable. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms > 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return seconds > 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isFinite(date) && date > now ? date - now : undefined;
}

/**
 * A spend limit, which no retry can get past before the date the API names: the usage tier's monthly cap (a 429
 * `rate_limit_error` with `error.details.error_code: "enforced_spend_limit_reached"` and no retry-after) and a limit
 * the organisation or workspace set itself (a 400 saying "You have reached your specified ... API usage limits")
 * (https://platform.claude.com/docs/en/api/errors).
 */
function isSpendLimit(errorCode: string | null, apiMessage: string): boolean {
  if (errorCode === 'enforced_spend_limit_reached') return true;
  return /You have reached your (specified )?(workspace )?API usage limits/i.test(apiMessage);
}

function kindOf(status: number | undefined, type: string | null): ModelFailureKind {
  if (status === 401 || status === 403 || type === 'authentication_error' || type === 'permission_error') return 'auth';
  if (status === 402 || type === 'billing_error') return 'billing';
  if (status === 404 || type === 'not_found_error') return 'not_found';
  if (status === 429 || type === 'rate_limit_error') return 'rate_limited';
  if (status === 529 || type === 'overloaded_error') return 'overloaded';
  if (status === 408 || status === 409 || (status !== undefined && status >= 500) || type === 'api_error') {
    return 'server';
  }
  // Errors sent inside an SSE stream carry a type but no status.
  return status === undefined && type === null ? 'server' : 'bad_request';
}

/** The failure as it is while it is still being retried. */
function happened(kind: ModelFailureKind, apiMessage: string, status: number | undefined): string {
  switch (kind) {
    case 'rate_limited':
      return `The API rate limit was reached (${apiMessage})`;
    case 'overloaded':
      return `The API is overloaded (${apiMessage})`;
    case 'server':
      return `The API failed${status === undefined ? '' : ` with status ${status}`} (${apiMessage})`;
    default:
      return apiMessage;
  }
}

function describe(kind: ModelFailureKind, apiMessage: string, model: string): string {
  switch (kind) {
    case 'auth':
      return `Check your API key in settings: the API refused it (${apiMessage}).`;
    case 'billing':
      return `The API account cannot pay for this request: check its billing and credit (${apiMessage}).`;
    case 'spend_limit':
      return (
        `Your API account reached its spend limit, so the API takes no more requests until the date it names: raise ` +
        `the limit in the Claude Console (Settings → Limits) or wait until then. The API said: ${apiMessage}`
      );
    case 'not_found':
      return `The API does not know the model "${model}": choose another model in settings (${apiMessage}).`;
    case 'rate_limited':
      return `The API rate limit was reached and retries ran out: wait a minute, then run the task again (${apiMessage}).`;
    case 'overloaded':
      return `The API is overloaded and retries ran out: try again in a few minutes (${apiMessage}).`;
    case 'server':
      return `The API failed and retries ran out: try again later (${apiMessage}).`;
    default:
      return apiMessage;
  }
}

/** A spend limit lasts until the date it names; otherwise the API's own verdict wins over the status, as in the SDK. */
function retryVerdict(kind: ModelFailureKind, shouldRetry: string | null | undefined): { retryable?: boolean } {
  if (kind === 'spend_limit' || shouldRetry === 'false') return { retryable: false };
  return shouldRetry === 'true' ? { retryable: true } : {};
}

/** Any error from one SDK call → ModelError (abort errors are not passed here). */
export function toModelError(error: unknown, model: string, midStream: boolean, timeoutMs?: number): ModelError {
  if (error instanceof ModelError) return error;
  if (error instanceof Anthropic.APIConnectionError) {
    const timedOut = error instanceof Anthropic.APIConnectionTimeoutError;
    const within = timeoutMs === undefined ? 'in time' : `within ${Math.round(timeoutMs / 100) / 10} s`;
    const what = timedOut ? `The model API did not answer ${within}` : 'Could not reach the model API';
    return new ModelError(midStream ? 'stream_cut' : 'network', `${what}: check the network and the base URL.`, {
      cause: error,
      what,
    });
  }
  if (error instanceof Anthropic.APIError) {
    const apiMessage = error.apiMessage ?? error.message;
    const kind = isSpendLimit(error.errorCode, apiMessage) ? 'spend_limit' : kindOf(error.status, error.type);
    return new ModelError(kind, kind === 'bad_request' ? apiMessage : describe(kind, apiMessage, model), {
      status: error.status,
      cause: error,
      what: happened(kind, apiMessage, error.status),
      retryAfterMs: retryAfterMs(error.headers),
      ...retryVerdict(kind, error.headers?.get('x-should-retry')),
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  // A body that breaks off mid-way surfaces as a plain Error (or TypeError) from the stream reader.
  return new ModelError(midStream ? 'stream_cut' : 'network', `The connection to the model broke: ${message}`, {
    cause: error,
  });
}
