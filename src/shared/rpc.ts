// The generic half of every cross-context call: envelopes, deadlines, and serving an API object from a method table.
// Transports (a port to the service worker, tabs.sendMessage, runtime.sendMessage) live in each context and only
// move envelopes; the rules for time, cancellation and errors are here, once.

import { fromWire, RelayError, toWireError } from './errors';
import type { PageArgs, PageMethod, PageResult, Reply } from './protocol';

export const DEFAULT_CALL_TIMEOUT_MS = 10_000;

export interface CallOptions {
  /** Fails the call with `timeout` after this long. */
  timeoutMs?: number;
  /** Fails the call with `aborted` when this signal aborts. */
  signal?: AbortSignal;
  /**
   * The panel's own filter, never sent: whether a cross-origin frame at this URL may be read or acted in (the task's
   * site gate, decision 0010; decision 0021). Every frame may when absent.
   */
  frameAllowed?: (url: string) => boolean;
  /**
   * The panel's own check, never sent, awaited before a call that can change the page or send data
   * (src/panel/page/page-acts.ts) reaches a document: in the cross-origin frame at `frameUrl`, or on the tab's page
   * when null. Resolves with null when the agent may act there, else with the site and why not (the call then fails
   * with `not_allowed`, nothing done). Issue 24; every act may when absent.
   */
  mayAct?: (method: PageMethod, frameUrl: string | null) => Promise<ActRefusal | null>;
  /**
   * The panel's own callback, never sent: the call has left the panel for the page (handed to the worker). From then
   * on the page may run it whatever becomes of its answer: a Stop or a deadline only stops the waiting for it.
   */
  onSent?: (method: PageMethod) => void;
}

/** Why the task's site gate refused an act: the site it was refused on, and a sentence for the model. */
export interface ActRefusal {
  site: string;
  reason: string;
}

export function ok<T>(value: T): Reply<T> {
  return { ok: true, value };
}

/** Runs `fn` and wraps its outcome in an envelope; never throws. */
export async function toReply<T>(fn: () => T | Promise<T>): Promise<Reply<Awaited<T>>> {
  try {
    return ok(await fn());
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
}

/** The value of an envelope, or its error thrown as the matching typed error. */
export function unwrap<T>(reply: Reply<T>): T {
  if (reply.ok) return reply.value;
  throw fromWire(reply.error);
}

export function abortedError(what: string): RelayError {
  return new RelayError('aborted', `${what} was aborted.`);
}

/**
 * Races `run` against a timeout and an AbortSignal. `run` gets a signal that fires on either, so the transport can
 * drop its pending entry. The timer and the listener are removed on every path.
 */
export function withDeadline<T>(
  what: string,
  options: CallOptions,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const outer = options.signal;
  if (outer?.aborted) return Promise.reject(abortedError(what));
  const inner = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => {
      inner.abort();
      finish(() => reject(abortedError(what)));
    };
    const timer = setTimeout(() => {
      inner.abort();
      finish(() => reject(new RelayError('timeout', `${what} got no answer within ${timeoutMs} ms.`)));
    }, timeoutMs);
    outer?.addEventListener('abort', onAbort, { once: true });
    run(inner.signal).then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}

/**
 * Calls `api[method](...args)` if `method` is in `table`, as an envelope. The table (not a string switch) is the
 * allow-list, so a message cannot reach anything but the declared methods.
 */
export function dispatch<Api extends object>(
  api: Api,
  table: { readonly [K in keyof Api]: unknown },
  method: string,
  args: unknown[],
): Promise<Reply<unknown>> {
  return toReply(() => {
    if (!Object.hasOwn(table, method)) {
      throw new RelayError('unknown_method', `No such method: ${method}.`);
    }
    const fn = (api as Record<string, unknown>)[method];
    if (typeof fn !== 'function') throw new RelayError('unknown_method', `No such method: ${method}.`);
    return (fn as (...a: unknown[]) => unknown).apply(api, args);
  });
}

/**
 * The page API as a caller outside the page sees it: every method takes its argument and the call options (a timeout,
 * an AbortSignal), and answers asynchronously. The panel's page proxies (src/panel/page/page-proxy.ts) are one; the
 * agent's port (AgentPage) is derived from it.
 */
export type RemotePage = {
  [M in PageMethod]: (args: PageArgs<M>, options?: CallOptions) => Promise<PageResult<M>>;
};
