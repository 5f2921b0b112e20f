// Fixture-server routes for the navigation and tab tests (docs/contracts.md, seeds 000 and 001): pages whose first byte is late, pages
// that never commit in time, HTTP redirects, pages that move themselves by script or meta refresh, pages that count
// their visits, and a log that fixture pages report their own events to. Pass `navRoutes()` to
// `startFixtureServer(extraRoutes)`; pass it an `Arrivals` to wait for a request the browser has just sent.

import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join, normalize, resolve } from 'node:path';
import { NAVIGATION_TIMEOUT_MS } from '../../src/panel/agent/observe/tab-check';
import type { Route } from './fixture-server';

const SITE = resolve(import.meta.dirname, '../fixtures/site');

/** How long `/nav/never` holds back its first byte: well past the commit wait (8 s). */
export const NEVER_COMMITS_MS = NAVIGATION_TIMEOUT_MS + 3_000;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function html(res: ServerResponse, title: string, body: string, head = ''): void {
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${head}</head>
<body>${body}</body></html>`);
}

/** A fixture page by path (only inside test/fixtures/site), or a generated page naming the URL it was asked for. */
async function servePage(res: ServerResponse, page: string | null, url: URL): Promise<void> {
  if (page) {
    const file = normalize(join(SITE, page));
    if (file.startsWith(SITE)) {
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
        return;
      } catch {
        // fall through to the generated page
      }
    }
  }
  const label = url.searchParams.get('label') ?? 'Slow page';
  html(res, label, `<h1>${escapeHtml(label)}</h1><p id="where">${escapeHtml(url.pathname + url.search)}</p>`);
}

/** Waits `ms` before the first byte; gives up quietly if the browser went away meanwhile. */
async function holdFirstByte(req: { destroyed: boolean }, ms: number): Promise<boolean> {
  await sleep(ms);
  return !req.destroyed;
}

function delayOf(url: URL, fallback: number): number {
  const ms = Number(url.searchParams.get('ms') ?? fallback);
  return Number.isFinite(ms) && ms >= 0 ? ms : fallback;
}

/**
 * Requests as they arrive at the server, before any delay: a test waits on `next` to know that a navigation is in
 * flight (the browser asked, the first byte is still held back) instead of sleeping.
 */
export class Arrivals {
  private readonly seen: string[] = [];
  private readonly waiters = new Set<{ match: (path: string) => boolean; resolve: (path: string) => void }>();

  /** Called by the route for every request: path and query, as in FixtureServer.hits. */
  record(path: string): void {
    this.seen.push(path);
    for (const waiter of this.waiters) {
      if (!waiter.match(path)) continue;
      this.waiters.delete(waiter);
      waiter.resolve(path);
    }
  }

  /** How many requests so far matched `match`. */
  count(match: (path: string) => boolean): number {
    return this.seen.filter(match).length;
  }

  /**
   * Resolves with the first request matching `match` that arrives after index `since` (default: from now on).
   * Rejects after `timeoutMs` so a test that never sees its request fails with the request named.
   */
  next(match: (path: string) => boolean, options: { since?: number; timeoutMs?: number } = {}): Promise<string> {
    const earlier = this.seen.slice(options.since ?? this.seen.length).find(match);
    if (earlier !== undefined) return Promise.resolve(earlier);
    const timeoutMs = options.timeoutMs ?? 15_000;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`No matching request reached the fixture server within ${timeoutMs} ms (${match})`));
      }, timeoutMs);
      const waiter = {
        match,
        resolve: (path: string) => {
          clearTimeout(timer);
          resolve(path);
        },
      };
      this.waiters.add(waiter);
    });
  }

  /** The number of requests seen so far: pass it as `since` to wait only for later ones. */
  get mark(): number {
    return this.seen.length;
  }
}

/** Visits per `/nav/visit` key, for the lifetime of the routes. */
function visitCounter(): (key: string) => number {
  const visits = new Map<string, number>();
  return (key) => {
    const n = (visits.get(key) ?? 0) + 1;
    visits.set(key, n);
    return n;
  };
}

/**
 * - `/nav/slow?ms=1500[&page=/navigation/nav-target.html][&label=..]`: the first byte after `ms`.
 * - `/nav/never[?ms=8000]`: the first byte after NEVER_COMMITS_MS, so the commit wait (5 s) times out.
 * - `/nav/redirect?to=/navigation/nav-target.html[&status=302][&ms=0]`: an HTTP redirect, optionally late.
 * - `/nav/script-redirect?to=..[&after=300]`: a page that moves itself with location.replace after `after` ms.
 * - `/nav/meta-refresh?to=..[&s=0]`: a page that moves itself with <meta http-equiv="refresh">.
 * - `/nav/visit?key=..[&ms=0]`: a page saying "Visit N of <key>", N counting the requests for that key, so a test can
 *   tell a reloaded document from the one before; the first byte after `ms`.
 * - `/nav/log?page=..&event=..`: a fixture page reporting its own event (see FixtureServer.hits); 204.
 */
export function navRoutes(options: { arrivals?: Arrivals } = {}): Route[] {
  const nextVisit = visitCounter();
  return [
    (_req, _res, url) => {
      options.arrivals?.record(url.pathname + url.search);
      return false;
    },
    async (req, res, url) => {
      if (url.pathname !== '/nav/slow') return false;
      if (await holdFirstByte(req, delayOf(url, 1_500))) await servePage(res, url.searchParams.get('page'), url);
      return true;
    },
    async (req, res, url) => {
      if (url.pathname !== '/nav/never') return false;
      if (await holdFirstByte(req, delayOf(url, NEVER_COMMITS_MS))) await servePage(res, null, url);
      return true;
    },
    async (req, res, url) => {
      if (url.pathname !== '/nav/redirect') return false;
      if (!(await holdFirstByte(req, delayOf(url, 0)))) return true;
      const status = Number(url.searchParams.get('status') ?? 302);
      res.writeHead([301, 302, 303, 307, 308].includes(status) ? status : 302, {
        location: url.searchParams.get('to') ?? '/navigation/nav-target.html',
        'cache-control': 'no-store',
      });
      res.end();
      return true;
    },
    (_req, res, url) => {
      if (url.pathname !== '/nav/script-redirect') return false;
      const to = JSON.stringify(url.searchParams.get('to') ?? '/navigation/nav-target.html');
      const after = Number(url.searchParams.get('after') ?? 300);
      html(
        res,
        'Redirecting by script',
        `<h1>Redirecting by script</h1><script>setTimeout(() => location.replace(${to}), ${after});</script>`,
      );
      return true;
    },
    (_req, res, url) => {
      if (url.pathname !== '/nav/meta-refresh') return false;
      const to = url.searchParams.get('to') ?? '/navigation/nav-target.html';
      const seconds = Number(url.searchParams.get('s') ?? 0);
      html(
        res,
        'Redirecting by meta refresh',
        '<h1>Redirecting by meta refresh</h1>',
        `<meta http-equiv="refresh" content="${seconds};url=${escapeHtml(to)}">`,
      );
      return true;
    },
    async (req, res, url) => {
      if (url.pathname !== '/nav/visit') return false;
      const key = url.searchParams.get('key') ?? 'page';
      const n = nextVisit(key); // counted on arrival, so the order of requests decides, not the delays
      if (!(await holdFirstByte(req, delayOf(url, 0)))) return true;
      html(res, `Visit ${n} of ${key}`, `<h1>Visit ${n} of ${escapeHtml(key)}</h1><p>Served for request ${n}.</p>`);
      return true;
    },
    (_req, res, url) => {
      if (url.pathname !== '/nav/log') return false;
      res.writeHead(204, { 'cache-control': 'no-store' }).end();
      return true;
    },
  ];
}

/** The events fixture pages reported through `/nav/log`, in order, from FixtureServer.hits. */
export function pageLog(hits: string[]): { page: string; event: string; detail: string }[] {
  return hits
    .filter((hit) => hit.startsWith('/nav/log?'))
    .map((hit) => {
      const params = new URL(hit, 'http://x').searchParams;
      return { page: params.get('page') ?? '', event: params.get('event') ?? '', detail: params.get('detail') ?? '' };
    });
}
