// Navigation tools. They go through AgentTabs (the TabsManager: owned set, task group) and never touch tabs the agent
// does not own. open_url is the first of the two guards (docs/contracts.md 000-D1): it waits for the navigation to
// commit, so a slow page is never mistaken for a dead end, and a commit that does not come is a handler error, not a
// stop. Before it loads anything, the task's site permissions are asked (decision 0010): a denied origin is never
// loaded.

import { z } from 'zod';
import { abortedError } from '../../../shared/rpc';
import { describeRestriction, isRestrictedUrl } from '../../../shared/urls';
import { isAbort, raceAbort } from '../core/abort';
import { capEcho, ECHO_MAX_CHARS } from '../core/echo';
import { NAVIGATION_TIMEOUT_MS } from '../observe/tab-check';
import { defineTool, sentHook } from './common';
import type { ToolContext, ToolOutput } from './types';
import { describeBadUrl } from './url-parts';

const withScheme = (raw: string) => {
  const text = raw.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
};
const quoted = (url: string) => capEcho(url, ECHO_MAX_CHARS);
/** A tab's URL as a result's fenced part gives it, like the observation's page block (prompt.ts §OBSERVATION_LINE). */
const urlLine = (url: string) => `URL: ${url || 'loading'}`;

/** The URL the model asked for, with https:// added to a bare host ("example.com/a"). */
export function parseTarget(raw: string): URL | null {
  try {
    return new URL(withScheme(raw));
  } catch {
    return null;
  }
}

export const openUrl = defineTool({
  name: 'open_url',
  description:
    "Load a URL in the agent's current tab, or in a new tab of the task with newTab: true (it opens in the " +
    "background of the person's browser and becomes the agent's tab; switch_tab goes back). Waits until the " +
    'navigation commits.',
  schema: z
    .object({
      url: z.string().min(1).describe('An http(s) URL.'),
      newTab: z.boolean().optional().describe('Open in a new tab of the task instead of the current one.'),
    })
    .strict(),
  group: 'nav',
  mayNavigate: true,
  usesPage: false,
  async run(input, ctx): Promise<ToolOutput> {
    const target = parseTarget(input.url);
    if (!target || !/^https?:$/.test(target.protocol) || isRestrictedUrl(target.href, ctx.ownOrigin)) {
      // Named for the part that is wrong (scheme, host, port), so the model fixes that part (url-parts.ts).
      const why =
        target && /^https?:$/.test(target.protocol)
          ? `${describeRestriction(target.href)}`
          : describeBadUrl(input.url, withScheme(input.url));
      const text = `open_url: ${quoted(input.url)} cannot be opened: ${why}`.trim();
      return { outcome: 'execute_error', text, brief: 'refused: not a page that can be opened' };
    }
    const newTab = input.newTab ?? false;
    const decision = await ctx.sites.ask(target.origin, { kind: 'open_url', url: target.href, newTab }, ctx.signal);
    if (decision === 'deny') {
      const text =
        `open_url: ${target.origin} was not opened: ${ctx.sites.describeDenial(target.origin)}. That is final for ` +
        'this task: do not try to reach it another way (another address, a link, a new tab). Go on with the sites ' +
        'you may use, or call done with success: false and say that the task needs this site.';
      return {
        outcome: 'execute_error',
        text,
        brief: `not allowed: ${target.origin}`,
        effects: { siteDenied: target.origin },
      };
    }
    // The network hold lets the load through only once its rules know the site.
    await ctx.hold?.refresh();
    const before = ctx.tabs.currentTabId;
    const { tabId, createdTab } = await ctx.tabs.openUrl(target.href, {
      newTab,
      signal: ctx.signal,
    });
    // The tab is loading the address now: a Stop during the wait below cannot take it back.
    ctx.sent?.mark('open_url');
    const settle = await ctx.navigation.waitForUrlSettle(tabId, target.origin, NAVIGATION_TIMEOUT_MS, ctx.signal);
    if (!settle.committed) {
      if (settle.reason === 'aborted') throw abortedError('open_url');
      // docs/contracts.md, Seed 000: a tab that did not commit is kept but not adopted. The TabsManager made the new
      // tab current when it created it; stay on the tab the agent was on, or the next step would wait on the stuck tab
      // and stop.
      const stayed = createdTab ? await returnTo(ctx, before, tabId) : null;
      // Where the tab is instead is a URL a page chose (a redirect): it goes to the model fenced.
      const landed = settle.observedUrl ? { pageText: urlLine(settle.observedUrl) } : {};
      const verb = createdTab ? 'created' : 'updated';
      const where = stayed === null ? '' : ` The agent is still on tab ${stayed}.`;
      const text =
        `open_url: tab ${tabId} ${verb} but navigation did not commit to ${target.origin} within ` +
        `${NAVIGATION_TIMEOUT_MS / 1000}s (${settle.reason}). The tab is kept; look at it or close it.${where}` +
        (settle.observedUrl ? ' Where the tab is now:' : '');
      const effects = { pageChanged: ctx.tabs.currentTabId === tabId || ctx.tabId === tabId, navigatedTabId: tabId };
      return { outcome: 'execute_error', text, brief: `no commit (${settle.reason})`, ...landed, effects };
    }
    const isCurrent = ctx.tabs.currentTabId === tabId;
    // The tab now shows another document: later page calls of this turn must not act on the old one.
    const effects = { pageChanged: isCurrent || ctx.tabId === tabId, navigatedTabId: tabId };
    const where =
      createdTab && !isCurrent
        ? ` It is a new background tab; the agent is still on tab ${ctx.tabs.currentTabId ?? 'none'}: ` +
          `call switch_tab with tabId ${tabId} to work there.`
        : '';
    // The URL it committed to is the page's own (its server may redirect within the origin): fenced.
    return {
      outcome: 'ok',
      text: `open_url: tab ${tabId} committed to ${target.origin}.${where} Its URL:`,
      pageText: urlLine(settle.url),
      verification: { verified: true, effects: ['navigation'] },
      brief: `ok, tab ${tabId} at ${settle.url}`,
      effects,
    };
  },
});

/**
 * After a new tab failed to commit: makes `previous` the agent's tab again if the new one took its place and
 * `previous` is still alive. Returns the tab the agent is on afterwards when that is `previous`, else null.
 */
async function returnTo(ctx: ToolContext, previous: number | null, opened: number): Promise<number | null> {
  if (previous === null || previous === opened) return null;
  if (ctx.tabs.currentTabId === previous) return previous;
  if (ctx.tabs.currentTabId !== opened) return null;
  try {
    await raceAbort(ctx.tabs.switchTo(previous), ctx.signal, 'open_url');
  } catch (error) {
    if (isAbort(error, ctx.signal)) throw error;
    return null; // the old tab is gone too: the agent works on in the new one
  }
  return ctx.tabs.currentTabId === previous ? previous : null;
}

export const switchTab = defineTool({
  name: 'switch_tab',
  description: "Make one of the task's tabs (listed under Tabs in the observation) the agent's current tab.",
  schema: z.object({ tabId: z.number().int() }).strict(),
  group: 'nav',
  mayNavigate: true,
  usesPage: false,
  async run(input, ctx): Promise<ToolOutput> {
    const tab = await raceAbort(ctx.tabs.switchTo(input.tabId), ctx.signal, 'switch_tab');
    if (ctx.tabs.currentTabId !== input.tabId) {
      const reason = `the agent's tab is still ${ctx.tabs.currentTabId ?? 'none'}`;
      return { outcome: 'failed_verify', text: `switch_tab: failed_verify: ${reason}.`, brief: `failed_verify` };
    }
    // The tab's URL is the page's (replaceState rewrites it): fenced.
    return {
      outcome: 'ok',
      text: `switch_tab: now on tab ${input.tabId}. Its URL:`,
      pageText: urlLine(tab.url),
      verification: { verified: true, effects: [] },
      brief: `ok, on tab ${input.tabId}`,
      effects: { pageChanged: true },
    };
  },
});

export const closeTab = defineTool({
  name: 'close_tab',
  description: "Close one of the task's tabs.",
  schema: z.object({ tabId: z.number().int() }).strict(),
  group: 'nav',
  mayNavigate: true,
  usesPage: false,
  async run(input, ctx): Promise<ToolOutput> {
    const closing = ctx.tabs.close(input.tabId);
    // Asked of the browser at once: a Stop while it answers cannot take it back.
    ctx.sent?.mark('close_tab');
    await raceAbort(closing, ctx.signal, 'close_tab');
    const now = ctx.tabs.currentTabId;
    const after = now === null ? 'The agent has no tab now: use open_url.' : `The agent is on tab ${now}.`;
    return {
      outcome: 'ok',
      text: `close_tab: closed tab ${input.tabId}. ${after}`,
      brief: `ok, closed ${input.tabId}`,
      effects: { pageChanged: input.tabId === ctx.tabId },
    };
  },
});

export const goBack = defineTool({
  name: 'go_back',
  description: "Go back one page in the agent's current tab (browser history).",
  schema: z.object({}).strict(),
  group: 'nav',
  mayNavigate: true,
  usesPage: false,
  async run(_input, ctx): Promise<ToolOutput> {
    const tabId = ctx.tabs.currentTabId;
    await ctx.tabs.goBack({ signal: ctx.signal, onSent: sentHook(ctx) });
    return {
      outcome: 'ok',
      text: 'go_back: went back; the next observation shows the page it landed on.',
      brief: 'ok',
      effects: { pageChanged: true, ...(tabId === null ? {} : { navigatedTabId: tabId }) },
    };
  },
});

export const TAB_TOOLS = [openUrl, switchTab, closeTab, goBack];
