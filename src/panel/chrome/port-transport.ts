// The panel's connection to the service worker: one long-lived port, re-opened at once whenever the worker dies.
// A call whose reply was lost with the worker is sent again only if repeating it is harmless; otherwise its fate is
// unknown and it fails with `relay_lost` rather than risk doing it twice.

import { RelayError } from '../../shared/errors';
import {
  isRuntimeMessage,
  PAGE_METHODS,
  PANEL_PORT_NAME,
  type PageMethod,
  PROTOCOL_VERSION,
  type Reply,
  type RpcCallMessage,
} from '../../shared/protocol';
import { type CallOptions, withDeadline } from '../../shared/rpc';

export interface Relay {
  call(tabId: number, method: PageMethod, args: unknown[], options?: CallOptions): Promise<Reply<unknown>>;
}

interface Pending {
  message: RpcCallMessage;
  resolve(reply: Reply<unknown>): void;
  reject(error: Error): void;
  /** Sends so far; an idempotent call gets one more after a lost worker. */
  sends: number;
}

export type ConnectFn = () => chrome.runtime.Port;

export const connectToWorker: ConnectFn = () => chrome.runtime.connect({ name: PANEL_PORT_NAME });

export class PortTransport implements Relay {
  private port: chrome.runtime.Port | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** How many times the worker went away under us; for diagnostics and tests. */
  reconnects = 0;

  constructor(private readonly connect: ConnectFn = connectToWorker) {}

  /** Opens the port now, so the worker is awake before the first call. */
  open(): void {
    this.ensurePort();
  }

  call(tabId: number, method: PageMethod, args: unknown[], options: CallOptions = {}): Promise<Reply<unknown>> {
    const id = this.nextId++;
    const message: RpcCallMessage = { kind: 'rpc:call', v: PROTOCOL_VERSION, id, tabId, method, args };
    return withDeadline(`${method} on tab ${tabId}`, options, (signal) => {
      signal.addEventListener('abort', () => this.pending.delete(id), { once: true });
      return new Promise<Reply<unknown>>((resolve, reject) => {
        this.pending.set(id, { message, resolve, reject, sends: 0 });
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
    try {
      this.ensurePort().postMessage(entry.message);
    } catch {
      // Not delivered (the port was already dead), so sending again cannot repeat the call.
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
    entry.resolve(message.reply);
  }

  private onDisconnect(port: chrome.runtime.Port): void {
    void chrome.runtime.lastError; // read it, or Chrome logs "Unchecked runtime.lastError"
    if (this.port !== port) return;
    this.port = null;
    this.reconnects += 1;
    this.ensurePort(); // at once: waking the worker also brings tab events back
    for (const [id, entry] of this.pending) {
      if (PAGE_METHODS[entry.message.method].idempotent && entry.sends < 2) {
        this.send(id);
      } else {
        this.pending.delete(id);
        entry.reject(
          new RelayError(
            'relay_lost',
            `The service worker stopped while ${entry.message.method} was running on tab ${entry.message.tabId}; ` +
              'it may or may not have happened, so it was not repeated.',
          ),
        );
      }
    }
  }
}
