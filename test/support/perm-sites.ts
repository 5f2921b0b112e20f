// Support for the site permission tests: a route that logs each request with the host it was sent to (the fixture
// server answers as 127.0.0.1 and as localhost, and `site.hits` keeps paths only), the panel's permission box, and
// the site lists set through the settings form as a person sets them.

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Route } from './fixture-server';
import type { PanelGlobal } from './panel';
import { openSettingsSection } from './settings-form';

export interface HostLog {
  route: Route;
  /** Every request as `http://host:port/path?query`, in order. */
  requests: string[];
  /** The requests made to `origin` whose path starts with `path`. */
  to(origin: string, path: string): string[];
}

export function hostLog(): HostLog {
  const requests: string[] = [];
  return {
    route: (req, _res, url) => {
      requests.push(`http://${req.headers.host ?? ''}${url.pathname}${url.search}`);
      return false;
    },
    requests,
    to: (origin, path) => requests.filter((request) => request.startsWith(`${origin}${path}`)),
  };
}

/** The permission question of the task card the panel shows, and the decisions listed under it. */
export function permissionBox(panel: Page) {
  const box = panel.getByTestId('task-card').getByTestId('permission');
  return {
    box,
    origin: box.getByTestId('permission-origin'),
    why: box.getByTestId('permission-why'),
    allowOnce: box.getByRole('button', { name: 'Allow once' }),
    allowAlways: box.getByRole('button', { name: 'Always allow this site' }),
    readOnly: box.getByRole('button', { name: 'Read only' }),
    deny: box.getByRole('button', { name: 'Deny' }),
    records: panel.getByTestId('task-card').getByTestId('permission-record'),
  };
}

/**
 * Types the allow- and block-list into the settings form (each saved when the person leaves it), then goes back to
 * the task view once both are saved.
 */
export async function setSiteLists(panel: Page, lists: { allowed?: string[]; blocked?: string[] }): Promise<void> {
  const form = await openSettingsSection(panel, 'sites');
  await form.getByLabel('Allowed sites').fill((lists.allowed ?? []).join('\n'));
  await form.getByLabel('Blocked sites').fill((lists.blocked ?? []).join('\n'));
  await form.getByLabel('Blocked sites').blur();
  await expect
    .poll(() => panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.settings.getState().settings.blockedSites))
    .toEqual(lists.blocked ?? []);
  await expect
    .poll(() => panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.settings.getState().settings.allowedSites))
    .toEqual(lists.allowed ?? []);
  await panel.getByRole('navigation').getByRole('button', { name: 'Task' }).click();
}
