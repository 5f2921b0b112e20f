// The panel's connection to the service worker: one long-lived port, re-opened at once whenever the worker dies.
// A call whose reply was lost with the worker is sent once more, with the same call tag: the content script runs a
// repeated read again and answers a repeated action with the result it remembers, so an action happens at most once
// (decision 0011). When the second send is lost too, the call fails with `relay_lost`: its fate is unknown.

import { RelayError } from '../../shared/errors';
import {
  type CallTag,
  isRuntimeMessage,
  PAGE_METHODS,
  PANEL_PORT_NAME,
  type PageMethod,
  PROTOCOL_VERSION,
  type Reply,
  type RpcCallMessage,
} from '../../shared/protocol';
import { withDeadline } from '../../shared/rpc';
import type { Relay, RelayCallOptions } from '../page/remote-page';

/** Sends of one call at most: the first, and one after a lost worker. */
const MAX_SENDS = 2;

interface Pending {
  message: Omit<RpcCallMessage, 'call'>;
  /** Told once, when the first send went out (CallOptions.onSent). */
  onSent: ((method: PageMethod) => void) | undefined;
  tag: Omit<CallTag, 'attempt'>;
  resolve(reply: Reply<unknown>): void;
  reject(error: Error): void;
  /** Sends that may have reached the worker. */
  sends: number;
  /** The port the last of them went out on: when it dies, this call's reply died with it. */
  port: chrome.runtime.Port | null;
}

export type ConnectFn = () => chrome.runtime.Port;

export const connectToWorker: ConnectFn = () => chrome.runtime.connect({ name: PANEL_PORT_NAME });

/** A prefix no other panel session shares, so a page never mistakes another session's call for a repeat. */
function sessionPrefix(): string {
  return crypto.randomUUID().slice(0, 13);
}

/**
 * The reply to a re-sent action that found no content script (or one of another build) in the tab: the document the
 * first send may have reached is gone, replaced by one that must not be asked to run it afresh, which is what the
 * page proxy would do (inject and call again). Its fate is unknown.
 */
function afterResend(message: Pending['message'], reply: Reply<unknown>): Reply<unknown> {
  if (reply.ok || PAGE_METHODS[message.method].idempotent) return reply;
  if (reply.error.code !== 'no_receiver' && reply.error.code !== 'version_mismatch') return reply;
  const error = new RelayError(
    'relay_lost',
    `The page in tab ${message.tabId} changed while ${message.method} was on its way (the service worker restarted ` +
      'and the answer was lost); it may have run on the page before, so it was not run again.',
  );
  return { ok: false, error: error.toWire() };
}

export class PortTransport implements Relay {
  private port: chrome.runtime.Port | null = null;
  private nextId = 1;
  private readonly session = sessionPrefix();
  private readonly pending = new Map<number, Pending>();
  /** How many times the worker went away under us; for diagnostics and tests. */
  reconnects = 0;
  /** Calls sent again after a lost worker, by method; for diagnostics and tests. */
  readonly resent: Partial<Record<PageMethod, number>> = {};

  constructor(
    private readonly connect: ConnectFn = connectToWorker,
    private readonly now: () => number = Date.now,
  ) {}

  /** Opens the port now, so the worker is awake before the first call. */
  open(): void {
    this.ensurePort();
  }

  call(tabId: number, method: PageMethod, args: unknown[], options: RelayCallOptions = {}): Promise<Reply<unknown>> {
    const id = this.nextId++;
    const frame = options.frameId === undefined || options.frameId === 0 ? {} : { frameId: options.frameId };
    const message = { kind: 'rpc:call' as const, v: PROTOCOL_VERSION, id, tabId, ...frame, method, args };
    const tag = { id: `${this.session}-${id}`, issuedAt: this.now() };
    const where = options.frameId ? `frame ${options.frameId} of tab ${tabId}` : `tab ${tabId}`;
    return withDeadline(`${method} on ${where}`, options, (signal) => {
      signal.addEventListener('abort', () => this.pending.delete(id), { once: true });
      return new Promise<Reply<unknown>>((resolve, reject) => {
        this.pending.set(id, { message, tag, onSent: options.onSent, resolve, reject, sends: 0, port: null });
        this.send(id);
      });
    });
  }

  private ensurePort(): chrome.runtime.Port {
    if (this.port) return this.port;
    const port = this.connect();
    port.onMessage.addListener((message: unknown) => this.onMessage(message));
    port.onDisconnect.addListener(() => this.onDisconnect(port));
    this.port = port;
    return port;
  }

  private send(id: number): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    entry.sends += 1;
    const message: RpcCallMessage = { ...entry.message, call: { ...entry.tag, attempt: entry.sends } };
    const port = this.ensurePort();
    try {
      port.postMessage(message);
      entry.port = port;
      if (entry.sends === 1) entry.onSent?.(entry.message.method);
    } catch {
      // Not delivered (the port was already dead, its disconnect still on its way), so this send does not count as
      // one that may have run. A new port is opened now; the old one's disconnect still re-sends what went out on it.
      this.port = null;
      entry.sends -= 1;
      queueMicrotask(() => this.send(id));
    }
  }

  private onMessage(message: unknown): void {
    if (!isRuntimeMessage(message) || message.kind !== 'rpc:response') return;
    const entry = this.pending.get(message.id);
    if (!entry) return;
    this.pending.delete(message.id);
    entry.resolve(entry.sends > 1 ? afterResend(entry.message, message.reply) : message.reply);
  }

  private onDisconnect(port: chrome.runtime.Port): void {
    void chrome.runtime.lastError; // read it, or Chrome logs "Unchecked runtime.lastError"
    this.reconnects += 1;
    if (this.port === port) {
      this.port = null;
      this.ensurePort(); // at once: waking the worker also brings tab events back
    }
    for (const [id, entry] of this.pending) {
      if (entry.port !== port) continue; // sent on a newer port, still alive
      if (entry.sends < MAX_SENDS) {
        const { method } = entry.message;
        this.resent[method] = (this.resent[method] ?? 0) + 1;
        this.send(id);
        continue;
      }
      this.pending.delete(id);
      entry.reject(
        new RelayError(
          'relay_lost',
          `The service worker stopped twice while ${entry.message.method} was running on tab ${entry.message.tabId}; ` +
            'it may or may not have happened, so it was not sent again.',
        ),
      );
    }
  }
}
