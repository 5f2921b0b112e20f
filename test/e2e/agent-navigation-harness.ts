// Shared setup of the agent-navigation tests (docs/contracts.md, Seed 000, in Chromium), on the e2e kit: the fixture
// site with the navigation routes (and the Arrivals a policy waits on before it answers, so a test can make the
// person or the page act between two model turns), a clean browser after each test, and the panel-side moves a
// person makes on a tab. The kit's `play` takes the policies as they are: they may be async and read `Seen`.

import type { Page } from 'playwright-core';
import type { AgentEvent, TaskResult } from '../../src/panel/agent/task/events';
import { STOP_TEXT } from '../../src/panel/agent/task/events';
import { Arrivals, navRoutes } from '../support/nav-routes';
import { act, expect, type FakeAnthropic, lastUserText, outcomes, type PanelGlobal, test, useKit } from './kit';

/**
 * The file's kit: the fixture site answers the navigation routes, whose arrivals the returned object records, and
 * every web tab is closed after each test. Call it at the top of the file.
 */
export function useNavKit(): Arrivals {
  const arrivals = new Arrivals();
  useKit({ routes: navRoutes({ arrivals }) });
  test.afterEach(({ browser }) => closeWebTabs(browser.panel));
  return arrivals;
}

/**
 * A verified done whose quote must be on the page the agent ends on: these tasks read where they land (a page opened
 * by address shows what was there for anyone), so the done is a reading (decision 0024).
 */
export const doneWith = (quote: string, answer = `Found: ${quote}`) =>
  act('done', { success: true, kind: 'reading', answer, evidence: { quotes: [quote] } });

/**
 * The run reached its end on the final page: succeeded with a done whose evidence a fresh observation confirmed, and
 * nothing on the way spoke of a restricted URL.
 */
export function expectVerifiedEnd(result: TaskResult, events: AgentEvent[], quote: string): void {
  const restricted = events.filter((e) => JSON.stringify(e).includes(STOP_TEXT.restricted));
  expect(restricted).toEqual([]);
  const told = { summary: result.summary, answer: result.answer, tools: outcomes(events) };
  expect(result, JSON.stringify(told)).toMatchObject({
    status: 'succeeded',
    verified: true,
    evidence: { quotes: [quote] },
  });
}

/** Everything the model was told in its request number `index` (0-based): tool results and the observation. */
export function toldAt(model: FakeAnthropic, index: number): string {
  const request = model.messageRequests[index];
  if (!request) throw new Error(`the model was asked ${model.messageRequests.length} times, not ${index + 1}`);
  return lastUserText(request);
}

export interface TabState {
  url: string;
  pendingUrl: string;
  status: string;
}

/** The tab as Chrome reports it now; null when it is gone. */
export function tabState(panel: Page, tabId: number): Promise<TabState | null> {
  return panel.evaluate(async (id) => {
    const tab = await chrome.tabs.get(id).catch(() => null);
    return tab ? { url: tab.url ?? '', pendingUrl: tab.pendingUrl ?? '', status: tab.status ?? '' } : null;
  }, tabId);
}

/**
 * Waits until the tab shows a URL starting with `urlPrefix` (checked on every tabs.onUpdated and once at the start).
 */
export async function waitForTab(panel: Page, tabId: number, urlPrefix: string): Promise<void> {
  await panel.evaluate(
    ({ id, prefix }) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          chrome.tabs.onUpdated.removeListener(onUpdated);
          reject(new Error(`Tab ${id} did not reach ${prefix}`));
        }, 15_000);
        const check = (tab: chrome.tabs.Tab) => {
          if (!tab.url?.startsWith(prefix)) return;
          clearTimeout(timer);
          chrome.tabs.onUpdated.removeListener(onUpdated);
          resolve();
        };
        const onUpdated = (tabId: number, _change: unknown, tab: chrome.tabs.Tab) => {
          if (tabId === id) check(tab);
        };
        chrome.tabs.onUpdated.addListener(onUpdated);
        void chrome.tabs.get(id).then(check);
      }),
    { id: tabId, prefix: urlPrefix },
  );
}

/** The id Chrome will give the next tab: ids come from one counter that only grows. */
export function nextTabId(panel: Page): Promise<number> {
  return panel.evaluate(async () => {
    const tabs = await chrome.tabs.query({});
    const windows = await chrome.windows.getAll();
    return Math.max(...tabs.map((t) => t.id ?? 0), ...windows.map((w) => w.id ?? 0)) + 1;
  });
}

/** The person acts on a tab from the browser UI (reload, back, typing a URL); returns once Chrome took the order. */
export async function personNavigates(
  panel: Page,
  tabId: number,
  how: { reload: true } | { back: true } | { url: string },
): Promise<void> {
  await panel.evaluate(
    async ({ id, how }) => {
      if ('reload' in how) await chrome.tabs.reload(id);
      else if ('back' in how) await chrome.tabs.goBack(id);
      else await chrome.tabs.update(id, { url: how.url });
    },
    { id: tabId, how },
  );
}

/** Closes every tab but the panel, so the next test starts from one person's tab of its own. */
export async function closeWebTabs(panel: Page): Promise<void> {
  await panel.evaluate(async () => {
    const own = chrome.runtime.getURL('');
    const tabs = await chrome.tabs.query({});
    const ids = tabs.filter((t) => !(t.url ?? '').startsWith(own) && t.id !== undefined).map((t) => t.id ?? -1);
    if (ids.length > 0) await chrome.tabs.remove(ids);
  });
}

/** The current task's tabs as the TabsManager owns them. */
export function ownedTabIds(panel: Page): Promise<number[]> {
  return panel.evaluate(async () => {
    const manager = (globalThis as PanelGlobal).steadyhand.host.latest()?.manager();
    return manager ? (await manager.owned()).map((t) => t.tabId) : [];
  });
}
