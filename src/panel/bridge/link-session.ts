// One connection to the local MCP server, from the panel's side (decision 0030): hello with our protocol version, then
// the server names each MCP client it carries (its `conn`); a secret we hold the hash of is accepted, any other secret
// refused, and a client with none is shown to the person to pair. Only then are its calls taken, each handed to the
// DelegationHandler with its own AbortSignal, aborted by a cancel, by a revoke, by the client leaving (`gone`) and by
// the connection's end.

import {
  BRIDGE_PROTOCOL_VERSION,
  type PanelFrame,
  parseFrame,
  ServerFrame,
} from '../../shared/delegation/bridge-protocol';
import type { DelegationClient, DelegationHandler } from '../../shared/delegation/tools';
import type { BridgeSocket, DialBridge } from './ports';

/** The paired clients as the session needs them (pairing-book.ts over the bridge store). */
export interface PairingBook {
  /** The client whose secret this is, or null (unknown, or revoked). */
  find(secret: string): Promise<DelegationClient | null>;
  /** Asks the person; resolves with the new client and its secret once accepted, null when denied or given up. */
  pair(name: string, code: string, signal: AbortSignal): Promise<{ client: DelegationClient; secret: string } | null>;
  isPaired(id: string): boolean;
  touch(id: string): void;
}

export interface SessionEnd {
  /** The server answered our hello: the backoff starts over. */
  welcomed: boolean;
  /** What the server or we refused, in words, if anything. */
  refusal: string | null;
}

export function runLinkSession(options: {
  dial: DialBridge;
  url: string;
  handler: DelegationHandler;
  /** The connection of a client ended: its tasks that outlive a call (one asking a question) stop too (issue 29). */
  clientGone?(clientId: string): void;
  book: PairingBook;
  signal: AbortSignal;
  onWelcome?(): void;
}): Promise<SessionEnd> {
  const { book, handler } = options;
  const life = new AbortController();
  const calls = new Map<string, { conn: string; abort: AbortController }>();
  /** Each client the server carries: who it is once accepted, and what ends its pairing request when it leaves. */
  const clients = new Map<string, { client: DelegationClient | null; gone: AbortController }>();
  let welcomed = false;
  let refusal: string | null = null;
  let socket: BridgeSocket | null = null;

  const send = (frame: PanelFrame) => socket?.send(JSON.stringify(frame));

  const authenticate = async (conn: string, name: string, secret: string | null, code: string) => {
    clients.get(conn)?.gone.abort(); // named again: the earlier state goes
    const entry = { client: null as DelegationClient | null, gone: new AbortController() };
    clients.set(conn, entry);
    if (secret) {
      const found = await book.find(secret);
      if (!found)
        return send({
          type: 'auth',
          conn,
          status: 'refused',
          reason: 'Steadyhand does not know this secret (revoked, or never given).',
        });
      entry.client = found;
      book.touch(found.id);
      return send({ type: 'auth', conn, status: 'ok', clientId: found.id });
    }
    send({ type: 'auth', conn, status: 'pairing' });
    const paired = await book.pair(name, code, AbortSignal.any([life.signal, entry.gone.signal]));
    if (life.signal.aborted || entry.gone.signal.aborted) return;
    if (!paired) return send({ type: 'pair_denied', conn });
    entry.client = paired.client;
    send({ type: 'paired', conn, clientId: paired.client.id, secret: paired.secret });
  };

  const leave = (conn: string) => {
    const entry = clients.get(conn);
    entry?.gone.abort();
    clients.delete(conn);
    for (const call of calls.values()) if (call.conn === conn) call.abort.abort();
    if (entry?.client) options.clientGone?.(entry.client.id);
  };

  const call = async (id: string, tool: Extract<ServerFrame, { type: 'call' }>) => {
    const { conn } = tool;
    const entry = clients.get(conn);
    const caller = entry?.client ?? null;
    if (!entry || !caller || !book.isPaired(caller.id)) {
      if (entry && caller)
        send({ type: 'auth', conn, status: 'refused', reason: 'This client was revoked in Steadyhand.' });
      if (entry) entry.client = null;
      return send({ type: 'reply', id, reply: { text: 'This client is not paired with Steadyhand.', isError: true } });
    }
    book.touch(caller.id);
    const abort = new AbortController();
    calls.set(id, { conn, abort });
    try {
      const reply = await handler(
        { client: caller, tool: tool.tool, args: tool.args },
        {
          signal: abort.signal,
          progress: (step) => {
            if (!abort.signal.aborted) send({ type: 'progress', id, progress: step.progress, message: step.message });
          },
        },
      );
      if (!life.signal.aborted) send({ type: 'reply', id, reply });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!life.signal.aborted)
        send({ type: 'reply', id, reply: { text: `Steadyhand failed: ${message}`, isError: true } });
    } finally {
      calls.delete(id);
    }
  };

  return new Promise<SessionEnd>((resolve) => {
    const end = () => {
      if (life.signal.aborted) return;
      life.abort();
      for (const call of calls.values()) call.abort.abort();
      for (const entry of clients.values()) {
        entry.gone.abort();
        if (entry.client) options.clientGone?.(entry.client.id);
      }
      options.signal.removeEventListener('abort', stop);
      resolve({ welcomed, refusal });
    };
    const stop = () => {
      socket?.close(1000, 'Steadyhand stopped the link');
      end();
    };
    options.signal.addEventListener('abort', stop, { once: true });
    socket = options.dial(options.url, {
      onOpen: () => send({ type: 'hello', version: BRIDGE_PROTOCOL_VERSION }),
      onClose: end,
      onMessage: (text) => {
        const parsed = parseFrame(text, ServerFrame);
        if (!parsed.ok) {
          refusal = parsed.reason;
          return stop();
        }
        const frame = parsed.frame;
        if (!welcomed && frame.type !== 'welcome' && frame.type !== 'refused') return stop();
        switch (frame.type) {
          case 'welcome':
            if (frame.version !== BRIDGE_PROTOCOL_VERSION) {
              refusal = `The MCP server speaks bridge protocol ${frame.version}, Steadyhand ${BRIDGE_PROTOCOL_VERSION}.`;
              return stop();
            }
            welcomed = true;
            options.onWelcome?.();
            return;
          case 'refused':
            refusal = frame.reason;
            return;
          case 'client':
            void authenticate(frame.conn, frame.name, frame.secret, frame.code);
            return;
          case 'gone':
            leave(frame.conn);
            return;
          case 'call':
            void call(frame.id, frame);
            return;
          case 'cancel':
            calls.get(frame.id)?.abort.abort();
            return;
        }
      },
    });
    if (options.signal.aborted) stop();
  });
}
