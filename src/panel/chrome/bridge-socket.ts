// The connector's WebSocket (decision 0030). The browser sends our extension's Origin with it, which is what the
// local MCP server checks; a page cannot send that Origin. Text frames only.

import type { DialBridge } from '../bridge/ports';

export const dialWebSocket: DialBridge = (url, events) => {
  const socket = new WebSocket(url);
  let closed = false;
  socket.addEventListener('open', () => events.onOpen());
  socket.addEventListener('message', (event) => {
    if (typeof event.data === 'string') events.onMessage(event.data);
  });
  // A refused or failed connection fires `error` then `close`; `close` alone is what ends the session.
  socket.addEventListener('close', (event) => {
    if (closed) return;
    closed = true;
    events.onClose(event.code, event.reason);
  });
  return {
    send: (text) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
    },
    close: (code, reason) => socket.close(code, reason),
  };
};
