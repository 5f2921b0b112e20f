// The hub's end of the link the panel dials (decision 0030): a WebSocket on 127.0.0.1 only, upgraded only for our
// extension's Origin and a loopback Host (upgrade-checks.ts), a version handshake first, frames capped and parsed, and
// each MCP client's pairing: its stored secret offered to the panel, or a code the person must accept there. The hub's
// own client and those of the server processes that joined it (peer-hub.ts) are slots, each with its `conn`.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import {
  BRIDGE_PATH,
  BRIDGE_PROTOCOL_VERSION,
  MAX_FRAME_BYTES,
  PanelFrame,
  PEER_PATH,
  pairingCode,
  parseFrame,
  type ServerFrame,
} from '../shared/delegation/bridge-protocol';
import type { DelegationProgress, DelegationReply, DelegationToolName } from '../shared/delegation/tools';
import type { ClientSecrets } from './client-secrets';
import { type AuthState, linkReplies } from './link-replies';
import { servePeer } from './peer-hub';
import { checkPeerUpgrade, checkUpgrade } from './upgrade-checks';

export interface LinkOptions {
  port: number;
  extensionId: string | null;
  secrets: ClientSecrets;
  log(line: string): void;
  /** How long the panel has to say hello before the socket is closed. */
  helloTimeoutMs?: number;
  /** The pairing code of each client (a test fixes it). */
  code?: () => string;
}

interface Pending {
  conn: string;
  resolve(reply: DelegationReply): void;
  progress(step: DelegationProgress): void;
}

interface Slot {
  name: string;
  code: string;
  auth: AuthState;
}

export type CallIo = { signal: AbortSignal; progress(step: DelegationProgress): void };

export class ExtensionLink {
  private readonly http: Server;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private socket: WebSocket | null = null;
  private readonly slots = new Map<string, Slot>();
  private readonly pending = new Map<string, Pending>();
  private nextId = 1;
  /** The port listened on: the Host header must name it. */
  private port: number;

  constructor(private readonly options: LinkOptions) {
    this.port = options.port;
    this.http = createServer((_request, response) => {
      response.statusCode = 404;
      response.end();
    });
    this.http.on('upgrade', (request, socket, head) => this.upgrade(request, socket, head));
  }

  /** Listens on 127.0.0.1 only; resolves with the port (the given one, or the one picked for 0). */
  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(this.options.port, '127.0.0.1', () => {
        const address = this.http.address();
        if (typeof address === 'object' && address) this.port = address.port;
        resolve(this.port);
      });
    });
  }

  close(): void {
    this.socket?.close(1001, 'server closing');
    for (const client of this.wss.clients) client.close(1001, 'server closing');
    this.wss.close();
    this.http.close();
  }

  /** A client joins (this process's own, or a joined process's): the panel hears of it once connected. */
  join(name: string): string {
    const conn = String(this.nextId++);
    this.slots.set(conn, { name, code: (this.options.code ?? pairingCode)(), auth: 'none' });
    void this.announce(conn);
    return conn;
  }

  /** A client leaves: its calls end, and the panel drops it (a pairing request it showed goes). */
  leave(conn: string): void {
    if (!this.slots.delete(conn)) return;
    for (const [id, pending] of this.pending)
      if (pending.conn === conn)
        pending.resolve({ text: 'The client left before the call ended.', isError: true, data: { id } });
    if (this.socket) this.send(this.socket, { type: 'gone', conn });
  }

  state(conn: string): { connected: boolean; auth: AuthState } {
    return { connected: this.socket !== null, auth: this.slots.get(conn)?.auth ?? 'none' };
  }

  /** Forwards one tool call of client `conn` to the panel, or answers at once why it cannot. */
  call(conn: string, tool: DelegationToolName, args: Record<string, unknown>, io: CallIo): Promise<DelegationReply> {
    const socket = this.socket;
    const slot = this.slots.get(conn);
    const refusal = linkReplies({
      connected: socket !== null,
      auth: slot?.auth ?? 'none',
      code: slot?.code ?? '',
      name: slot?.name ?? null,
    });
    if (refusal || !socket) return Promise.resolve(refusal ?? { text: 'Steadyhand is not connected.', isError: true });
    const id = String(this.nextId++);
    return new Promise<DelegationReply>((resolve) => {
      const onAbort = () => {
        this.send(socket, { type: 'cancel', id });
        finish({ text: 'Cancelled by the client.', isError: true });
      };
      const finish = (reply: DelegationReply) => {
        io.signal.removeEventListener('abort', onAbort);
        this.pending.delete(id);
        resolve(reply);
      };
      if (io.signal.aborted) return finish({ text: 'Cancelled by the client.', isError: true });
      io.signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, { conn, resolve: finish, progress: io.progress });
      this.send(socket, { type: 'call', conn, id, tool, args });
    });
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const verdict =
      path === PEER_PATH
        ? checkPeerUpgrade(request, { port: this.port, path: PEER_PATH })
        : checkUpgrade(request, { port: this.port, path: BRIDGE_PATH, extensionId: this.options.extensionId });
    if (!verdict.ok) {
      this.options.log(
        `refused a connection: ${verdict.reason} (Host ${request.headers.host}, Origin ${request.headers.origin})`,
      );
      socket.end(`HTTP/1.1 ${verdict.status} ${verdict.status === 404 ? 'Not Found' : 'Forbidden'}\r\n\r\n`);
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) =>
      path === PEER_PATH ? servePeer(ws, this, this.options.log) : this.accept(ws),
    );
  }

  private accept(ws: WebSocket): void {
    let greeted = false;
    const helloTimer = setTimeout(() => ws.close(4000, 'no hello'), this.options.helloTimeoutMs ?? 5_000);
    // A frame over the cap, a bad UTF-8 frame: ws closes the socket and reports here; the server goes on.
    ws.on('error', (error) => this.options.log(`extension link error: ${error.message}`));
    ws.on('close', () => {
      clearTimeout(helloTimer);
      if (this.socket !== ws) return;
      this.socket = null;
      for (const slot of this.slots.values()) slot.auth = 'none';
      for (const pending of this.pending.values())
        pending.resolve({ text: 'Steadyhand disconnected before the call ended.', isError: true });
    });
    ws.on('message', (data, isBinary) => {
      const parsed = isBinary
        ? { ok: false as const, reason: 'Binary frames are not spoken here.' }
        : parseFrame(data.toString(), PanelFrame);
      if (!parsed.ok) return this.refuse(ws, parsed.reason, 1007);
      const frame = parsed.frame;
      if (greeted) {
        this.onFrame(ws, frame).catch((error: unknown) =>
          this.options.log(`could not keep a client's secret: ${String(error)}`),
        );
        return;
      }
      if (frame.type !== 'hello') return this.refuse(ws, 'Say hello first.', 1002);
      if (frame.version !== BRIDGE_PROTOCOL_VERSION)
        return this.refuse(
          ws,
          `This server speaks bridge protocol ${BRIDGE_PROTOCOL_VERSION}, Steadyhand sent ${frame.version}: update the older of the two (npx steadyhand-mcp@latest, or the extension).`,
          4002,
        );
      greeted = true;
      clearTimeout(helloTimer);
      // One panel holds the link (its Web Lock); a newer connection replaces a stale one.
      const previous = this.socket;
      this.socket = ws;
      previous?.close(4003, 'replaced');
      this.send(ws, { type: 'welcome', version: BRIDGE_PROTOCOL_VERSION });
      for (const conn of this.slots.keys()) void this.announce(conn);
    });
  }

  private async onFrame(ws: WebSocket, frame: PanelFrame): Promise<void> {
    if (ws !== this.socket) return;
    if (frame.type === 'hello') return this.refuse(ws, 'Hello was said already.', 1002);
    if (frame.type === 'progress') return this.pending.get(frame.id)?.progress(frame);
    if (frame.type === 'reply') return this.pending.get(frame.id)?.resolve(frame.reply);
    const slot = this.slots.get(frame.conn);
    if (!slot) return;
    switch (frame.type) {
      case 'auth':
        slot.auth = frame.status;
        // A secret the panel no longer knows (revoked, or never given) is dropped: the client pairs anew next start.
        if (frame.status === 'refused') await this.options.secrets.set(slot.name, null);
        return;
      case 'paired':
        slot.auth = 'ok';
        await this.options.secrets.set(slot.name, { clientId: frame.clientId, secret: frame.secret });
        return;
      case 'pair_denied':
        slot.auth = 'denied';
        return;
    }
  }

  private async announce(conn: string): Promise<void> {
    const socket = this.socket;
    const slot = this.slots.get(conn);
    if (!socket || !slot) return;
    const stored = await this.options.secrets.get(slot.name);
    this.send(socket, { type: 'client', conn, name: slot.name, secret: stored?.secret ?? null, code: slot.code });
  }

  private refuse(ws: WebSocket, reason: string, code: number): void {
    this.options.log(`refused the extension link: ${reason}`);
    this.send(ws, { type: 'refused', reason });
    ws.close(code, reason.slice(0, 120));
  }

  private send(ws: WebSocket, frame: ServerFrame): void {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  }
}
