// The per-file setup of agent-tabs-owned/-reuse.e2e.ts, on the e2e kit: the fixture site with the navigation routes
// and a watch on the at-steps pages' log, a clean browser per test, and the small vocabulary the scripted model and
// the assertions share (the at-steps pages, and `maskChecked`, a policy wrapper that holds the mask against its rule
// at every model request).

import type { Page } from 'playwright-core';
import { navRoutes } from '../support/nav-routes';
import { maskDiagnosis, maskMismatches, NO_WINDOW, panelWindowId, resetBrowser, tabKey } from './agent-tabs-browser';
import { type LogEntry, logEntryOf, pollFor } from './agent-tabs-harness';
import {
  act,
  control,
  type ExtensionHarness,
  type FixtureServer,
  type PanelGlobal,
  type Policy,
  type Route,
  recordEvents,
  type Seen,
  tabIdOf,
  test,
  useKit,
} from './kit';

export interface Suite {
  /** The panel's window, which has the focus throughout these tests. */
  home: number;
  /** Where the current test's entries start in site.hits. */
  logStart: number;
  /** Resolves when an at-steps page reports an entry that `match` accepts (the moment it reaches the server). */
  whenLogged(match: (entry: LogEntry) => boolean): Promise<LogEntry>;
}

/** Sets the file's kit and registers its hooks (call it at the top of the file); returns what the tests read. */
export function agentTabsSuite(): Suite {
  const watchers = new Set<(entry: LogEntry) => void>();
  const suite: Suite = {
    home: NO_WINDOW, // set before the first test
    logStart: 0,
    whenLogged: (match) =>
      new Promise<LogEntry>((resolve) => {
        const watcher = (entry: LogEntry) => {
          if (!match(entry)) return;
          watchers.delete(watcher);
          resolve(entry);
        };
        watchers.add(watcher);
      }),
  };
  // Sees each report as it arrives, then lets navRoutes answer it.
  const watchLog: Route = (_req, _res, url) => {
    if (url.pathname === '/nav/log') for (const watcher of [...watchers]) watcher(logEntryOf(url));
    return false;
  };
  useKit({ routes: [watchLog, ...navRoutes()] });
  test.beforeAll(async ({ browser }) => {
    suite.home = await panelWindowId(browser);
  });
  test.beforeEach(async ({ browser, site }) => {
    watchers.clear();
    await resetBrowser(browser);
    await recordEvents(browser.panel);
    suite.logStart = site.hits.length;
  });
  return suite;
}

export const stepPage = (site: FixtureServer, name: string, n = 1) =>
  site.url(`/agent-tabs/at-steps.html?name=${name}&n=${n}`);
export const nameOf = (seen: Seen) => new URL(seen.url ?? 'http://x/').searchParams.get('name');
export const stepOf = (seen: Seen) => Number(new URL(seen.url ?? 'http://x/').searchParams.get('n') ?? 0);
export const clicksOf = (seen: Seen) => Number(/Clicks:\s*(\d+)/.exec(seen.text)?.[1] ?? 0);
export const clickCount = (seen: Seen) => act('click', { ref: control(seen, 'button', /^count$/i).ref });
export const clickNext = (seen: Seen) => act('click', { ref: control(seen, 'link', /next page/i).ref });
/** The tabs suites read where they end (decision 0024: a reading, whose answer says what it quotes). */
export const finish = (quote: string) =>
  act('done', { success: true, kind: 'reading', answer: `Found: ${quote}.`, evidence: { quotes: [quote] } });

/**
 * The mask rule holds in every tab's DOM while the agent waits for the model. The agent's tab is the one its task
 * works on now: a popup its click opened in front may have become it after the observation of `seen.tabId` was taken,
 * and since the mask no longer waits for the window's focus (docs/contracts.md O-OWN-5) the popup is masked at once.
 */
export async function holdsMaskRule(browser: ExtensionHarness, _suite: Suite, seen: Seen): Promise<void> {
  const agentTabId = () =>
    browser.panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.host.latest()?.manager()?.currentTabId ?? null);
  const wrong = await pollFor(
    async () => maskMismatches(browser, { agentTabId: (await agentTabId()) ?? seen.tabId }),
    (found) => found.length === 0,
  );
  if (wrong.length > 0) {
    const panel = await maskDiagnosis(browser);
    throw new Error(`The mask breaks its rule at model request ${seen.index}: ${wrong}; the panel: ${panel}`);
  }
}

/** `policy`, after holding the mask against its rule at each model request (a break fails the policy). */
export function maskChecked(browser: ExtensionHarness, suite: Suite, policy: Policy): Policy {
  return async (seen) => {
    if (seen.tabId !== null) await holdsMaskRule(browser, suite, seen);
    return policy(seen);
  };
}

/** The tab whose page has `name`: its Chrome id and the identity its pages log. */
export async function tabNamed(browser: ExtensionHarness, name: string): Promise<{ tabId: number; key: string }> {
  const found = browser.context.pages().find((p) => new URL(p.url()).searchParams.get('name') === name);
  if (!found) throw new Error(`No page named ${name}`);
  return { tabId: await tabIdOf(browser, found.url()), key: await tabKey(found) };
}

/** The current task's tabs as its TabsManager owns them: [tabId, how it came to be owned]. */
export function ownedTabs(panel: Page): Promise<[number, string][]> {
  return panel.evaluate(async () =>
    ((await (globalThis as PanelGlobal).steadyhand.host.latest()?.manager()?.owned()) ?? []).map(
      (t): [number, string] => [t.tabId, t.origin],
    ),
  );
}
