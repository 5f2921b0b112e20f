// A WebSocket peer for the server's extension link in unit tests: any Host, Origin and path, every frame it receives
// kept, and how it closed (or that the upgrade was refused, with the HTTP status).

import WebSocket from 'ws';

export const OUR_ID = 'abcdefghijklmnopabcdefghijklmnop';
export const OTHER_ID = 'ponmlkjihgfedcbaponmlkjihgfedcba';

export interface Peer {
  ws: WebSocket;
  frames: Record<string, unknown>[];
  /** Resolves once open (true) or refused at the upgrade (false, with the status). */
  opened: Promise<{ open: boolean; status?: number }>;
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  next(type: string): Promise<Record<string, unknown>>;
}

export function peer(
  port: number,
  options: { host?: string; origin?: string | null; path?: string; maxPayload?: number } = {},
): Peer {
  const headers: Record<string, string> = {};
  if (options.host) headers.host = options.host;
  const origin = options.origin === undefined ? `chrome-extension://${OUR_ID}` : options.origin;
  const ws = new WebSocket(`ws://127.0.0.1:${port}${options.path ?? '/steadyhand'}`, {
    headers,
    ...(origin ? { origin } : {}),
  });
  const frames: Record<string, unknown>[] = [];
  const waiters: { type: string; resolve(frame: Record<string, unknown>): void }[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Record<string, unknown>;
    frames.push(frame);
    for (const waiter of waiters.filter((w) => w.type === frame.type)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(frame);
    }
  });
  ws.on('error', () => {});
  const opened = new Promise<{ open: boolean; status?: number }>((resolve) => {
    ws.once('open', () => resolve({ open: true }));
    ws.once('unexpected-response', (_request, response) => {
      resolve({ open: false, status: response.statusCode });
      ws.terminate();
    });
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return {
    ws,
    frames,
    opened,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: (type) => {
      const seen = frames.find((f) => f.type === type);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ type, resolve }));
    },
  };
}
