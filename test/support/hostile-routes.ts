// Fixture routes for the hostile-page suite: a page served under the strictest Content-Security-Policy a site can
// send as a header (a <meta> policy cannot carry every directive, and some sites only send headers).

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Route } from './fixture-server';

const SITE = resolve(import.meta.dirname, '../fixtures/site');

/** Nothing but same-origin script files: no inline script, handler or style, no eval, Trusted Types required. */
export const STRICT_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; " +
  "frame-ancestors 'none'; require-trusted-types-for 'script'; trusted-types 'none'";

/** `/fault/hostile-csp.html`, served with STRICT_CSP as a response header. */
export const strictCspRoute: Route = async (_req, res, url) => {
  if (url.pathname !== '/fault/hostile-csp.html') return false;
  const body = await readFile(resolve(SITE, 'fault/hostile-csp.html'));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': STRICT_CSP }).end(body);
  return true;
};

export const hostileRoutes: Route[] = [strictCspRoute];
