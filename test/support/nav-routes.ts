// Fixture-server routes for the navigation and tab tests (issues 5 and 6): pages whose first byte is late, pages
// that never commit in time, HTTP redirects, pages that move themselves by script or meta refresh, and a log that
// fixture pages report their own events to. Pass `navRoutes()` to `startFixtureServer(extraRoutes)`.

import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join, normalize, resolve } from 'node:path';
import type { Route } from './fixture-server';

const SITE = resolve(import.meta.dirname, '../fixtures/site');

/** How long `/nav/never` holds back its first byte: well past the 5 s commit wait. */
export const NEVER_COMMITS_MS = 8_000;

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
 * - `/nav/slow?ms=1500[&page=/nav-target.html][&label=..]`: the first byte after `ms`.
 * - `/nav/never[?ms=8000]`: the first byte after NEVER_COMMITS_MS, so the commit wait (5 s) times out.
 * - `/nav/redirect?to=/nav-target.html[&status=302][&ms=0]`: an HTTP redirect, optionally late.
 * - `/nav/script-redirect?to=..[&after=300]`: a page that moves itself with location.replace after `after` ms.
 * - `/nav/meta-refresh?to=..[&s=0]`: a page that moves itself with <meta http-equiv="refresh">.
 * - `/nav/log?page=..&event=..`: a fixture page reporting its own event (see FixtureServer.hits); 204.
 */
export function navRoutes(): Route[] {
  return [
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
        location: url.searchParams.get('to') ?? '/nav-target.html',
        'cache-control': 'no-store',
      });
      res.end();
      return true;
    },
    (_req, res, url) => {
      if (url.pathname !== '/nav/script-redirect') return false;
      const to = JSON.stringify(url.searchParams.get('to') ?? '/nav-target.html');
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
      const to = url.searchParams.get('to') ?? '/nav-target.html';
      const seconds = Number(url.searchParams.get('s') ?? 0);
      html(
        res,
        'Redirecting by meta refresh',
        '<h1>Redirecting by meta refresh</h1>',
        `<meta http-equiv="refresh" content="${seconds};url=${escapeHtml(to)}">`,
      );
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
