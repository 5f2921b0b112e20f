// The fixture site for end-to-end tests: static pages from test/fixtures/site plus routes that misbehave on
// purpose (a first byte delayed by a chosen time, redirects). Served on 127.0.0.1; the same server reached as
// `localhost` is a second origin for cross-origin cases.

import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

const SITE = resolve(import.meta.dirname, '../fixtures/site');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export interface FixtureServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** The same server as another origin: http://localhost:PORT */
  otherOrigin: string;
  url(path: string): string;
  /** Every request path seen, in order (for asserting where actions landed). */
  hits: string[];
  close(): Promise<void>;
}

export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `/slow?ms=1500&page=/index.html`: waits before the first byte, then serves the page. */
const slowRoute: Route = async (req, res, url) => {
  if (url.pathname !== '/slow') return false;
  await sleep(Number(url.searchParams.get('ms') ?? 1500));
  if (req.destroyed) return true;
  await serveFile(res, url.searchParams.get('page') ?? '/index.html');
  return true;
};

/** `/redirect?to=/page2.html`: an HTTP 302. */
const redirectRoute: Route = (_req, res, url) => {
  if (url.pathname !== '/redirect') return false;
  res.writeHead(302, { location: url.searchParams.get('to') ?? '/index.html' }).end();
  return true;
};

async function serveFile(res: ServerResponse, path: string): Promise<void> {
  const file = normalize(join(SITE, decodeURIComponent(path === '/' ? '/index.html' : path)));
  if (!file.startsWith(SITE)) {
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

export async function startFixtureServer(extraRoutes: Route[] = []): Promise<FixtureServer> {
  const hits: string[] = [];
  const routes = [...extraRoutes, slowRoute, redirectRoute];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    hits.push(url.pathname + url.search);
    void (async () => {
      for (const route of routes) if (await route(req, res, url)) return;
      await serveFile(res, url.pathname);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    otherOrigin: `http://localhost:${port}`,
    url: (path) => `${origin}${path}`,
    hits,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
