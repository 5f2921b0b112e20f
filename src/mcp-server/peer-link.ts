// A server process whose port another one already holds joins that hub (decision 0030): one WebSocket on loopback,
// no Origin, over which its MCP client's calls go and their progress and replies come back. When the hub goes (its
// coding agent quit), `onLost` fires and main.ts elects again: this process may become the hub.

import WebSocket from 'ws';
import { BRIDGE_PROTOCOL_VERSION, MAX_FRAME_BYTES, PEER_PATH, parseFrame } from '../shared/delegation/bridge-protocol';
import type { DelegationProgress, DelegationReply, DelegationToolName } from '../shared/delegation/tools';
import { HubFrame, type PeerFrame } from './peer-protocol';

interface Pending {
  resolve(reply: DelegationReply): void;
  progress(step: DelegationProgress): void;
}

export class PeerLink {
  private readonly ws: WebSocket;
  private readonly pending = new Map<string, Pending>();
  private nextId = 1;
  private open = false;
  private name: string | null = null;
  private joined = false;
  /** Resolves once connected to the hub, rejects when it cannot be reached. */
  readonly ready: Promise<void>;

  constructor(port: number, onLost: () => void) {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}${PEER_PATH}`, { maxPayload: MAX_FRAME_BYTES });
    this.ready = new Promise((resolve, reject) => {
      this.ws.once('open', () => {
        this.open = true;
        this.sendJoin();
        resolve();
      });
      this.ws.once('error', reject);
    });
    this.ws.on('error', () => {});
    this.ws.on('message', (data) => {
      const parsed = parseFrame(data.toString(), HubFrame);
      if (!parsed.ok) return;
      const frame = parsed.frame;
      if (frame.type === 'progress') this.pending.get(frame.id)?.progress(frame);
      else if (frame.type === 'reply') this.pending.get(frame.id)?.resolve(frame.reply);
    });
    this.ws.on('close', () => {
      const wasOpen = this.open;
      this.open = false;
      for (const pending of this.pending.values())
        pending.resolve({ text: 'The link to Steadyhand was lost before the call ended; call again.', isError: true });
      if (wasOpen) onLost();
    });
  }

  join(name: string): void {
    this.name = name;
    this.sendJoin();
  }

  close(): void {
    this.ws.close(1000);
  }

  call(
    tool: DelegationToolName,
    args: Record<string, unknown>,
    io: { signal: AbortSignal; progress(step: DelegationProgress): void },
  ): Promise<DelegationReply> {
    if (!this.open) return Promise.resolve({ text: 'The link to Steadyhand was lost; call again.', isError: true });
    const id = String(this.nextId++);
    return new Promise((resolve) => {
      const onAbort = () => {
        this.send({ type: 'cancel', id });
        finish({ text: 'Cancelled by the client.', isError: true });
      };
      const finish = (reply: DelegationReply) => {
        io.signal.removeEventListener('abort', onAbort);
        this.pending.delete(id);
        resolve(reply);
      };
      io.signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, { resolve: finish, progress: io.progress });
      this.send({ type: 'call', id, tool, args });
    });
  }

  private sendJoin(): void {
    if (!this.open || this.joined || this.name === null) return;
    this.joined = true;
    this.send({ type: 'join', version: BRIDGE_PROTOCOL_VERSION, name: this.name });
  }

  private send(frame: PeerFrame): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }
}
