// Fixture-server routes for the service-worker kill suite: requests a fixture page makes in the middle of an action
// (`/kill/hold`, a save the page shows a spinner for) and pages the browser is navigating to (`/kill/slow`), each
// held until the test's gate lets it go. The gate is where the test kills the worker, so the kill lands while the
// action runs or while the panel waits for the navigation, decided by events and never by a timer in the test.

import { resolve } from 'node:path';
import { serveFile } from '../../src/tooling/static-server';
import type { Route } from './fixture-server';

const SITE = resolve(import.meta.dirname, '../fixtures/site');

export type HeldRequest = 'action' | 'navigation';

/** Called as a held request arrives; the request goes on when the returned promise settles. */
export type Gate = (kind: HeldRequest, url: URL) => Promise<void>;

/**
 * - `/kill/hold?what=..&page=..&n=..`: a save a fixture page makes while the agent's action runs; 204 once let go.
 * - `/kill/slow?page=/kill-x.html&..`: the fixture page `page`, its first byte held until let go.
 */
export function killRoutes(gate: () => Gate): Route[] {
  return [
    async (req, res, url) => {
      if (url.pathname !== '/kill/hold') return false;
      await gate()('action', url);
      if (!req.destroyed) res.writeHead(204, { 'cache-control': 'no-store' }).end();
      return true;
    },
    async (req, res, url) => {
      if (url.pathname !== '/kill/slow') return false;
      await gate()('navigation', url);
      if (!req.destroyed) await serveFile(SITE, res, url.searchParams.get('page') ?? '/fault/kill-home.html');
      return true;
    },
  ];
}
