// The per-file setup of agent-tabs-owned/-reuse.e2e.ts: one Chromium with the extension, the fixture site and the
// fake model for the file, a clean browser and a fresh model script per test, and the small vocabulary the scripted
// model and the assertions share (the at-steps pages, the mask rule held at every model request).

import { afterAll, beforeAll, beforeEach } from 'vitest';
import { act, control, useFakeModel } from '../support/agent';
import { type ExtensionHarness, launchExtension } from '../support/extension';
import { type FakeAnthropic, startFakeAnthropic, type Turn } from '../support/fake-anthropic';
import { type FixtureServer, type Route, startFixtureServer } from '../support/fixture-server';
import { navRoutes } from '../support/nav-routes';
import { type PanelGlobal, recordEvents, tabIdOf } from '../support/panel';
import { maskDiagnosis, maskMismatches, panelWindowId, resetBrowser, tabKey } from './agent-tabs-browser';
import { type AgentSeen, type LogEntry, logEntryOf, playModel, pollFor } from './agent-tabs-harness';

export interface Suite {
  harness: ExtensionHarness;
  site: FixtureServer;
  fake: FakeAnthropic;
  /** The panel's window, which has the focus throughout these tests. */
  home: number;
  /** Errors the scripted model met in the current test (each ended the task); a test expects none. */
  failures: string[];
  /** Where the current test's entries start in site.hits. */
  logStart: number;
  /** Resolves when an at-steps page reports an entry that `match` accepts (the moment it reaches the server). */
  whenLogged(match: (entry: LogEntry) => boolean): Promise<LogEntry>;
}

/** Registers the hooks and returns the suite the tests read (filled in by the hooks). */
export function agentTabsSuite(): Suite {
  const watchers = new Set<(entry: LogEntry) => void>();
  // harness, site, fake and home are set by beforeAll, before any test reads them.
  const suite = {
    failures: [],
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
  } as Partial<Suite> as Suite;
  // Sees each report as it arrives, then lets navRoutes answer it.
  const watchLog: Route = (_req, _res, url) => {
    if (url.pathname === '/nav/log') for (const watcher of [...watchers]) watcher(logEntryOf(url));
    return false;
  };
  beforeAll(async () => {
    [suite.site, suite.fake, suite.harness] = await Promise.all([
      startFixtureServer([watchLog, ...navRoutes()]),
      startFakeAnthropic(),
      launchExtension(),
    ]);
    await useFakeModel(suite.harness.panel, suite.fake);
    suite.home = await panelWindowId(suite.harness);
  });
  afterAll(async () => {
    await suite.harness?.close();
    await Promise.all([suite.site?.close(), suite.fake?.close()]);
  });
  beforeEach(async () => {
    suite.fake.reset();
    watchers.clear();
    await resetBrowser(suite.harness);
    await recordEvents(suite.harness.panel);
    suite.failures = [];
    suite.logStart = suite.site.hits.length;
  });
  return suite;
}

export const stepPage = (suite: Suite, name: string, n = 1) => suite.site.url(`/at-steps.html?name=${name}&n=${n}`);
export const nameOf = (seen: AgentSeen) => new URL(seen.url ?? 'http://x/').searchParams.get('name');
export const stepOf = (seen: AgentSeen) => Number(new URL(seen.url ?? 'http://x/').searchParams.get('n') ?? 0);
export const clicksOf = (seen: AgentSeen) => Number(/Clicks:\s*(\d+)/.exec(seen.text)?.[1] ?? 0);
export const clickCount = (seen: AgentSeen) => act('click', { ref: control(seen, 'button', /^count$/i).ref });
export const clickNext = (seen: AgentSeen) => act('click', { ref: control(seen, 'link', /next page/i).ref });
export const finish = (quote: string) => act('done', { success: true, answer: 'Done.', evidence: { quotes: [quote] } });

/** The mask rule holds in every tab's DOM while the agent waits for the model on `seen.tabId`. */
export async function holdsMaskRule(suite: Suite, seen: AgentSeen): Promise<void> {
  const wrong = await pollFor(
    () => maskMismatches(suite.harness, { agentTabId: seen.tabId, focusedWindowId: suite.home }),
    (found) => found.length === 0,
  );
  if (wrong.length > 0) {
    const panel = await maskDiagnosis(suite.harness);
    throw new Error(`The mask breaks its rule at model request ${seen.index}: ${wrong}; the panel: ${panel}`);
  }
}

/** Answers the model requests with `policy`, after holding the mask against its rule at each one. */
export function playChecked(suite: Suite, policy: (seen: AgentSeen) => Turn | Promise<Turn>): void {
  playModel(
    suite.fake,
    async (seen) => {
      if (seen.tabId !== null) await holdsMaskRule(suite, seen);
      return policy(seen);
    },
    suite.failures,
  );
}

/** The tab whose page has `name`: its Chrome id and the identity its pages log. */
export async function tabNamed(suite: Suite, name: string): Promise<{ tabId: number; key: string }> {
  const found = suite.harness.context.pages().find((p) => new URL(p.url()).searchParams.get('name') === name);
  if (!found) throw new Error(`No page named ${name}`);
  return { tabId: await tabIdOf(suite.harness, found.url()), key: await tabKey(found) };
}

/** The current task's tabs as its TabsManager owns them: [tabId, how it came to be owned]. */
export function ownedTabs(suite: Suite): Promise<[number, string][]> {
  return suite.harness.panel.evaluate(async () =>
    ((await (globalThis as PanelGlobal).steadyhand.manager()?.owned()) ?? []).map((t): [number, string] => [
      t.tabId,
      t.origin,
    ]),
  );
}
