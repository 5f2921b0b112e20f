// The panel's DialBridge over Node's `ws`, sending the Origin our extension's pages send: the real panel-side session
// (src/panel/bridge/) can then speak to the built server in a Node test.

import WebSocket from 'ws';
import type { DialBridge } from '../../../src/panel/bridge/ports';

export function nodeDial(origin: string): DialBridge {
  return (url, events) => {
    const ws = new WebSocket(url, { origin });
    let closed = false;
    ws.on('open', () => events.onOpen());
    ws.on('message', (data) => events.onMessage(data.toString()));
    ws.on('error', () => {});
    ws.on('close', (code, reason) => {
      if (closed) return;
      closed = true;
      events.onClose(code, reason.toString());
    });
    return {
      send: (text) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(text);
      },
      close: (code, reason) => ws.close(code, reason),
    };
  };
}
