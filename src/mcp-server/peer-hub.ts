// The hub's side of a server process that joined it (decision 0030): that process's MCP client becomes one more slot
// of the hub's link to the panel. Its calls are carried as the hub's own are, its cancellations abort them, and when it
// goes its calls end and the panel drops it.

import type { WebSocket } from 'ws';
import { BRIDGE_PROTOCOL_VERSION, parseFrame } from '../shared/delegation/bridge-protocol';
import type { DelegationProgress, DelegationReply, DelegationToolName } from '../shared/delegation/tools';
import { type HubFrame, PeerFrame } from './peer-protocol';

/** What the hub's link offers a joined process (ExtensionLink). */
export interface HubSlots {
  join(name: string): string;
  leave(conn: string): void;
  call(
    conn: string,
    tool: DelegationToolName,
    args: Record<string, unknown>,
    io: { signal: AbortSignal; progress(step: DelegationProgress): void },
  ): Promise<DelegationReply>;
}

export function servePeer(ws: WebSocket, hub: HubSlots, log: (line: string) => void): void {
  let conn: string | null = null;
  const calls = new Map<string, AbortController>();
  const send = (frame: HubFrame) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };
  const refuse = (reason: string, code: number) => {
    log(`refused a joining server: ${reason}`);
    send({ type: 'refused', reason });
    ws.close(code, reason.slice(0, 120));
  };
  ws.on('error', (error) => log(`joined server error: ${error.message}`));
  ws.on('close', () => {
    for (const abort of calls.values()) abort.abort();
    if (conn !== null) hub.leave(conn);
  });
  ws.on('message', (data, isBinary) => {
    const parsed = isBinary
      ? { ok: false as const, reason: 'Binary frames are not spoken here.' }
      : parseFrame(data.toString(), PeerFrame);
    if (!parsed.ok) return refuse(parsed.reason, 1007);
    const frame = parsed.frame;
    if (frame.type === 'join') {
      if (conn !== null) return refuse('Joined already.', 1002);
      if (frame.version !== BRIDGE_PROTOCOL_VERSION)
        return refuse(`The hub speaks bridge protocol ${BRIDGE_PROTOCOL_VERSION}, this server ${frame.version}.`, 4002);
      conn = hub.join(frame.name);
      return;
    }
    if (conn === null) return refuse('Join first.', 1002);
    if (frame.type === 'cancel') return calls.get(frame.id)?.abort();
    const { id } = frame;
    const abort = new AbortController();
    calls.set(id, abort);
    void hub
      .call(conn, frame.tool, frame.args, {
        signal: abort.signal,
        progress: (step) => send({ type: 'progress', id, progress: step.progress, message: step.message }),
      })
      .then((reply) => send({ type: 'reply', id, reply }))
      .finally(() => calls.delete(id));
  });
}
