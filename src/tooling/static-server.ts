// A small static file server on 127.0.0.1 with pluggable routes. Serves the demo shop for `npm start`, and the
// fixture site for the tests (test/support/fixture-server.ts), so both behave the same.

import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** Handles a request and returns true, or returns false to let the next route (and finally the files) try. */
export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

export interface StaticServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  url(path: string): string;
  /** Every request path seen, in order. */
  hits: string[];
  close(): Promise<void>;
}

export async function serveFile(root: string, res: ServerResponse, path: string): Promise<void> {
  const file = normalize(join(root, decodeURIComponent(path === '/' ? '/index.html' : path)));
  if (!file.startsWith(root)) {
    res.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: ${path}`);
  }
}

export async function startStaticServer(root: string, routes: Route[] = [], port = 0): Promise<StaticServer> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    hits.push(url.pathname + url.search);
    void (async () => {
      for (const route of routes) if (await route(req, res, url)) return;
      await serveFile(root, res, url.pathname);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const actual = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${actual}`;
  return {
    origin,
    port: actual,
    url: (path) => `${origin}${path}`,
    hits,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
