// The fixture site for end-to-end tests: static pages from test/fixtures/site plus routes that misbehave on
// purpose (a first byte delayed by a chosen time, redirects). Served on 127.0.0.1; the same server reached as
// `localhost` is a second origin for cross-origin cases.

import { resolve } from 'node:path';
import { type Route, type StaticServer, serveFile, startStaticServer } from '../../src/tooling/static-server';

export type { Route };

const SITE = resolve(import.meta.dirname, '../fixtures/site');
const MODULES = resolve(import.meta.dirname, '../../node_modules');

/** Real libraries the fixture pages load, by the name a page asks for: `/vendor/vue.js` and so on. */
const VENDOR: Record<string, string> = {
  'vue.js': '/vue/dist/vue.global.prod.js',
  'jquery.js': '/jquery/dist/jquery.min.js',
  'preact.mjs': '/preact/dist/preact.mjs',
};

export interface FixtureServer extends StaticServer {
  /** The same server as another origin: http://localhost:PORT */
  otherOrigin: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `/slow?ms=1500&page=/index.html`: waits before the first byte, then serves the page. */
const slowRoute: Route = async (req, res, url) => {
  if (url.pathname !== '/slow') return false;
  await sleep(Number(url.searchParams.get('ms') ?? 1500));
  if (req.destroyed) return true;
  await serveFile(SITE, res, url.searchParams.get('page') ?? '/index.html');
  return true;
};

/** `/redirect?to=/page2.html`: an HTTP 302. */
const redirectRoute: Route = (_req, res, url) => {
  if (url.pathname !== '/redirect') return false;
  res.writeHead(302, { location: url.searchParams.get('to') ?? '/index.html' }).end();
  return true;
};

const vendorRoute: Route = async (_req, res, url) => {
  const file = url.pathname.startsWith('/vendor/') ? VENDOR[url.pathname.slice('/vendor/'.length)] : undefined;
  if (!file) return false;
  await serveFile(MODULES, res, file);
  return true;
};

export async function startFixtureServer(extraRoutes: Route[] = []): Promise<FixtureServer> {
  const server = await startStaticServer(SITE, [...extraRoutes, slowRoute, redirectRoute, vendorRoute]);
  return { ...server, otherOrigin: `http://localhost:${server.port}` };
}
