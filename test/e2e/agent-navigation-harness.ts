// Shared setup of the agent-navigation tests (docs/contracts.md, Seed 000, in Chromium): the real panel, relay and
// content script, a scripted model on the fake Messages API that may wait for the browser before it answers (so a test
// can make the person or the page act between two model turns), and the panel-side moves a person makes on a tab.

import type Anthropic from '@anthropic-ai/sdk';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { AgentEvent, TaskResult } from '../../src/panel/agent/events';
import { STOP_TEXT } from '../../src/panel/agent/events';
import { latestPage } from '../../src/panel/agent/observation-reader';
import { act, type Seen, useFakeModel } from '../support/agent';
import { type ExtensionHarness, launchExtension } from '../support/extension';
import { type FakeAnthropic, lastUserText, startFakeAnthropic, type Turn } from '../support/fake-anthropic';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server';
import { Arrivals, navRoutes } from '../support/nav-routes';
import { openTab, type PanelGlobal } from '../support/panel';

export interface NavWorld {
  harness: ExtensionHarness;
  site: FixtureServer;
  fake: FakeAnthropic;
  arrivals: Arrivals;
}

/** What the model was shown at each request, in order: the agent's URL and the page title. */
export interface SeenStep {
  url: string | null;
  title: string | null;
}

export type AsyncPolicy = (seen: Seen, step: number) => Turn | Promise<Turn>;

const titleOf = (text: string) => /^Title: (.*)$/m.exec(text)?.[1] ?? null;

/**
 * Answers every model request with what `policy` decides from the latest observation; the policy may first wait for
 * the browser (a request reaching the fixture server, a tab moving). Returns the log of what the model saw.
 */
export function playNav(fake: FakeAnthropic, policy: AsyncPolicy): SeenStep[] {
  const log: SeenStep[] = [];
  fake.respondWith(async (request, index) => {
    const messages = (request.body?.messages ?? []) as Anthropic.MessageParam[];
    const previous = messages.findLast((m) => m.role === 'assistant');
    const previousTools = Array.isArray(previous?.content)
      ? previous.content.flatMap((block) => (block.type === 'tool_use' ? [block.name] : []))
      : [];
    const seen: Seen = { ...latestPage(messages), previousTools, request };
    log.push({ url: seen.url, title: titleOf(seen.text) });
    try {
      return await policy(seen, index + 1);
    } catch (error) {
      // A broken expectation inside the policy ends the task visibly instead of hanging the fake server.
      const why = error instanceof Error ? error.message : String(error);
      return act('done', { success: false, answer: `Test policy failed: ${why}` });
    }
  });
  return log;
}

/** The "Tabs of this task" line of an observation: `12 (current) http://… · 15 loading`. */
export function taskTabs(text: string): { id: number; current: boolean; url: string }[] {
  const list = /^Tabs of this task: (.*)$/m.exec(text)?.[1] ?? '';
  return [...list.matchAll(/(\d+)( \(current\))? (\S+)/g)].map((m) => ({
    id: Number(m[1]),
    current: Boolean(m[2]),
    url: m[3] ?? '',
  }));
}

/** A verified done whose quote must be on the page the agent ends on. */
export const doneWith = (quote: string, answer = `Found: ${quote}`) =>
  act('done', { success: true, answer, evidence: { quotes: [quote] } });

/** Opens `path` in a new tab and makes it the person's active tab, so a task starts on it. */
export async function personTab(world: NavWorld, path: string): Promise<{ page: Page; tabId: number }> {
  const opened = await openTab(world.harness, world.site.url(path));
  await opened.page.bringToFront();
  return opened;
}

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
export function toldAt(world: NavWorld, index: number): string {
  const request = world.fake.messageRequests[index];
  if (!request) throw new Error(`the model was asked ${world.fake.messageRequests.length} times, not ${index + 1}`);
  return lastUserText(request);
}

/** The tool results of a run as [name, outcome] pairs, in order. */
export function outcomes(events: AgentEvent[]): [string, string][] {
  return events.flatMap((e) => (e.type === 'tool_result' ? [[e.name, e.outcome] as [string, string]] : []));
}

export interface TabState {
  url: string;
  pendingUrl: string;
  status: string;
}

/** The tab as Chrome reports it now; null when it is gone. */
export function tabState(world: NavWorld, tabId: number): Promise<TabState | null> {
  return world.harness.panel.evaluate(async (id) => {
    const tab = await chrome.tabs.get(id).catch(() => null);
    return tab ? { url: tab.url ?? '', pendingUrl: tab.pendingUrl ?? '', status: tab.status ?? '' } : null;
  }, tabId);
}

/**
 * Waits until the tab shows a URL starting with `urlPrefix` (checked on every tabs.onUpdated and once at the start).
 */
export async function waitForTab(world: NavWorld, tabId: number, urlPrefix: string): Promise<void> {
  await world.harness.panel.evaluate(
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
export function nextTabId(world: NavWorld): Promise<number> {
  return world.harness.panel.evaluate(async () => {
    const tabs = await chrome.tabs.query({});
    const windows = await chrome.windows.getAll();
    return Math.max(...tabs.map((t) => t.id ?? 0), ...windows.map((w) => w.id ?? 0)) + 1;
  });
}

/** The person acts on a tab from the browser UI (reload, back, typing a URL); returns once Chrome took the order. */
export async function personNavigates(
  world: NavWorld,
  tabId: number,
  how: { reload: true } | { back: true } | { url: string },
): Promise<void> {
  await world.harness.panel.evaluate(
    async ({ id, how }) => {
      if ('reload' in how) await chrome.tabs.reload(id);
      else if ('back' in how) await chrome.tabs.goBack(id);
      else await chrome.tabs.update(id, { url: how.url });
    },
    { id: tabId, how },
  );
}

/** Closes every tab but the panel, so the next test starts from one person's tab of its own. */
export async function closeWebTabs(world: NavWorld): Promise<void> {
  await world.harness.panel.evaluate(async () => {
    const own = chrome.runtime.getURL('');
    const tabs = await chrome.tabs.query({});
    const ids = tabs.filter((t) => !(t.url ?? '').startsWith(own) && t.id !== undefined).map((t) => t.id ?? -1);
    if (ids.length > 0) await chrome.tabs.remove(ids);
  });
}

/** The current task's tabs as the TabsManager owns them. */
export function ownedTabIds(world: NavWorld): Promise<number[]> {
  return world.harness.panel.evaluate(async () => {
    const manager = (globalThis as PanelGlobal).steadyhand.manager();
    return manager ? (await manager.owned()).map((t) => t.tabId) : [];
  });
}

/**
 * The world both navigation suites run in: the fixture site with the navigation routes, the fake model (the panel's
 * settings point at it), and Chromium with the extension. Registers its own hooks; the object it returns is filled
 * in before the first test.
 */
export function useNavWorld(): NavWorld {
  const world = {} as NavWorld;
  beforeAll(async () => {
    const arrivals = new Arrivals();
    const [site, fake, harness] = await Promise.all([
      startFixtureServer(navRoutes({ arrivals })),
      startFakeAnthropic(),
      launchExtension(),
    ]);
    Object.assign(world, { site, fake, harness, arrivals });
    await useFakeModel(harness.panel, fake);
  });
  afterAll(async () => {
    await world.harness?.close();
    await Promise.all([world.site?.close(), world.fake?.close()]);
  });
  beforeEach(() => world.fake.reset());
  afterEach(() => closeWebTabs(world));
  return world;
}
