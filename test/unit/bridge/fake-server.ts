// The local MCP server's end of the link as a fake for the panel's unit tests: every dial is recorded, each socket's
// frames kept, and the test speaks the server's frames.

import type { BridgeSocket, DialBridge, SocketEvents } from '../../../src/panel/bridge/ports';
import { BRIDGE_PROTOCOL_VERSION } from '../../../src/shared/delegation/bridge-protocol';

export class FakeSocket implements BridgeSocket {
  readonly sent: Record<string, unknown>[] = [];
  closed: number | null = null;
  constructor(
    readonly url: string,
    readonly events: SocketEvents,
  ) {}
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close(code = 1000) {
    if (this.closed !== null) return;
    this.closed = code;
    this.events.onClose(code, '');
  }
  /** The server speaks. */
  say(frame: unknown) {
    this.events.onMessage(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  /** The server opens, welcomes, and names its client. */
  welcome(client?: { name: string; secret: string | null; code?: string; conn?: string }) {
    this.events.onOpen();
    this.say({ type: 'welcome', version: BRIDGE_PROTOCOL_VERSION });
    if (client) this.say({ type: 'client', code: 'ABC-123', conn: '1', ...client });
  }
  /** The sent frames of one type. */
  of(type: string) {
    return this.sent.filter((f) => f.type === type);
  }
}

export function fakeDial() {
  const sockets: FakeSocket[] = [];
  const dial: DialBridge = (url, events) => {
    const socket = new FakeSocket(url, events);
    sockets.push(socket);
    return socket;
  };
  return { dial, sockets, last: () => sockets[sockets.length - 1] as FakeSocket };
}
