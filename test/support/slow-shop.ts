// The demo shop (src/tooling/site) served slowly, with the person able to get in the way: from `slowFrom()` on, every
// page waits before its first byte, and the test can wait for the next page request to arrive (an event, not a
// sleep) to know the person's navigation is in flight. Orders are the requests for the confirmation page.

import type { IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import { type Route, type StaticServer, serveFile, startStaticServer } from '../../src/tooling/static-server';

const SHOP = resolve(import.meta.dirname, '../../src/tooling/site');

export interface SlowShop extends StaticServer {
  /** Makes every page from now on wait `ms` before its first byte. */
  slowFrom(ms: number): void;
  /** Resolves when the next page request arrives (the person's navigation has left the browser). */
  nextPageRequest(): Promise<string>;
  /** Order submissions received: requests for the confirmation page. */
  orders(): string[];
}

const isPage = (path: string) => path === '/' || path.endsWith('.html');

export async function startSlowShop(): Promise<SlowShop> {
  let delayMs = 0;
  const waiting: ((path: string) => void)[] = [];
  const route: Route = async (_req: IncomingMessage, res, url) => {
    if (!isPage(url.pathname)) return false;
    for (const notify of waiting.splice(0)) notify(url.pathname);
    if (delayMs > 0) await new Promise((done) => setTimeout(done, delayMs));
    if (!res.destroyed) await serveFile(SHOP, res, url.pathname);
    return true;
  };
  const server = await startStaticServer(SHOP, [route]);
  return {
    ...server,
    slowFrom: (ms) => {
      delayMs = ms;
    },
    nextPageRequest: () => new Promise((done) => waiting.push(done)),
    orders: () => server.hits.filter((hit) => hit.startsWith('/confirmation.html?')),
  };
}
