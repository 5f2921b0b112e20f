// The loop's guard (docs/contracts.md 000-D1): a navigation in flight is waited for, never mistaken for a restricted
// page; the stop texts follow the error matrix (docs/contracts.md 000-E*); a URL that is not transient never calls the
// wait.

import { describe, expect, it } from 'vitest';
import type { AgentTabs, Navigation, TabSnapshot, UrlSettleResult } from '../../../src/panel/agent/core/ports';
import { checkAgentTab, NAVIGATION_TIMEOUT_MS } from '../../../src/panel/agent/observe/tab-check';
import { STOP_TEXT } from '../../../src/panel/agent/task/events';
import { TabError } from '../../../src/shared/errors';
import { type AgentHarness, setupAgent } from './fakes/harness';
import { call, calls, lastUserText, toolResults } from './fakes/scripted-model';
import { DOCS, RESULTS, SHOP, SITE } from './fakes/sites';

const giveUp = call('done', { success: false, answer: 'Stopping here.' });

/** After the agent's first read_page (step 1 acted, step 2 not begun), the world changes once. */
function afterFirstRead(h: AgentHarness, change: () => void): void {
  let done = false;
  h.browser.afterPageCall = (method) => {
    if (method !== 'readPage' || done) return;
    done = true;
    change();
  };
}

describe('top-of-step check in the loop (docs/contracts.md 000-T8..T11)', () => {
  it('waits for a transient tab to commit within 5 s and continues to the snapshot', async () => {
    const h = setupAgent({ site: SITE, turns: [call('read_page'), giveUp] });
    afterFirstRead(h, () => h.browser.startNavigation(h.tabId, RESULTS, 1_200, true));
    const start = h.clock.now();

    const result = await h.controller.execute('Read the page');

    expect(result.status).toBe('failed');
    expect(h.navigation.settleCalls).toEqual([
      { tabId: h.tabId, expectedOrigin: 'https://shop.test', timeoutMs: 5_000 },
    ]);
    expect(h.navigation.readyCalls).toEqual([h.tabId]);
    expect(lastUserText(h.model.requests[1])).toContain('3 results for "lamp"');
    expect(h.clock.now() - start).toBe(1_200);
  });

  it('stops at once with "origin changed" when pendingUrl heads to another origin', async () => {
    const h = setupAgent({ site: SITE, turns: [call('read_page'), giveUp] });
    afterFirstRead(h, () => h.browser.startNavigation(h.tabId, 'https://evil.test/', 500, true));

    const result = await h.controller.execute('Read the page');

    expect(result).toMatchObject({ status: 'stopped', stopCause: 'origin_changed' });
    expect(result.summary).toBe(STOP_TEXT.originChanged('https://shop.test', 'https://evil.test'));
    expect(result.summary).toContain('origin changed');
    expect(h.navigation.settleCalls).toEqual([]);
    expect(h.model.requests).toHaveLength(1);
  });

  it('stops with the restricted text when the commit does not come within 5 s', async () => {
    const h = setupAgent({ site: SITE, turns: [call('read_page'), giveUp] });
    afterFirstRead(h, () => h.browser.startNavigation(h.tabId, RESULTS, 'never', true));
    const start = h.clock.now();

    const result = await h.controller.execute('Read the page');

    expect(result).toMatchObject({
      status: 'stopped',
      stopCause: 'restricted',
      summary: 'Page navigated to a restricted URL, agent stopped',
    });
    expect(h.navigation.settleCalls).toHaveLength(1);
    expect(h.clock.now() - start).toBe(NAVIGATION_TIMEOUT_MS);
  });

  it('never calls the wait for a URL that is not transient', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [
        call('type', { ref: 1, text: 'lamp' }),
        call('click', { ref: 2 }),
        call('read_page'),
        call('done', { success: true, answer: 'Found.', evidence: { quotes: ['3 results for "lamp"'] } }),
      ],
    });
    const result = await h.controller.execute('Search for lamps');
    expect(result.status).toBe('succeeded');
    expect(h.navigation.settleCalls).toEqual([]);
    // The click's navigation was still in flight at the next step: the ready handshake, not a sleep, covered it.
    expect(h.navigation.readyCalls).toEqual([h.tabId]);
  });

  it('follows the agent when its own click takes the tab to another site', async () => {
    const site = {
      ...SITE,
      [SHOP]: () => ({
        title: 'Shop',
        elements: [{ ref: 7, role: 'link', name: 'API docs' }],
        act: (_action: unknown, ctx: { navigate(url: string): void }) => {
          ctx.navigate(DOCS);
          return { ok: true, verified: true, effects: ['navigation' as const] };
        },
      }),
    };
    const h = setupAgent({
      site,
      // The link leads to another site: the person is asked at the next step, and allows it.
      answerSites: 'once',
      turns: [
        call('click', { ref: 7 }),
        call('read_page'),
        call('done', { success: true, answer: '50 per minute', evidence: { quotes: ['50 requests per minute'] } }),
      ],
    });
    const result = await h.controller.execute('Find the API limit');
    expect(result.status).toBe('succeeded');
    expect(h.browser.tab(h.tabId).url).toBe(DOCS);
    expect(h.of('permission_request').map((e) => e.origin)).toEqual(['https://docs.test']);
  });

  it('stops with "origin changed" when the page moves to another site without the agent', async () => {
    const h = setupAgent({ site: SITE, turns: [call('read_page'), giveUp] });
    afterFirstRead(h, () => h.browser.commit(h.tabId, DOCS));
    const result = await h.controller.execute('Read');
    expect(result).toMatchObject({ status: 'stopped', stopCause: 'origin_changed' });
    expect(result.summary).toBe(STOP_TEXT.originChanged('https://shop.test', 'https://docs.test'));
  });

  it('stops with the restricted text when the tab lands on a browser page without the agent', async () => {
    const h = setupAgent({ site: SITE, turns: [call('read_page'), giveUp] });
    afterFirstRead(h, () => h.browser.commit(h.tabId, 'chrome://settings/'));
    const result = await h.controller.execute('Read');
    expect(result).toMatchObject({ status: 'stopped', stopCause: 'restricted', summary: STOP_TEXT.restricted });
  });

  it('stops at once when the person sends the agent’s tab to a browser page that has not committed yet', async () => {
    const h = setupAgent({ site: SITE, turns: [call('read_page'), giveUp] });
    // view-source: of a slow page: the tab still shows the shop, with the restricted page pending for 2.5 s.
    afterFirstRead(h, () => h.browser.startNavigation(h.tabId, `view-source:${RESULTS}`, 2_500));
    const start = h.clock.now();
    const result = await h.controller.execute('Read');
    expect(result).toMatchObject({ status: 'stopped', stopCause: 'restricted', summary: STOP_TEXT.restricted });
    expect(h.model.requests).toHaveLength(1); // the model does not act again on the page being left
    expect(h.navigation.readyCalls).toEqual([]);
    expect(h.clock.now() - start).toBe(0);
  });

  it('keeps the tool list on a restricted start page: a page tool says why it cannot run, open_url goes on', async () => {
    const h = setupAgent({
      site: SITE,
      startUrl: 'chrome://newtab/',
      turns: [calls({ name: 'read_page' }, { name: 'open_url', input: { url: SHOP } }), call('read_page'), giveUp],
    });
    const result = await h.controller.execute('Look at the shop on shop.test');
    expect(result.status).toBe('failed');
    const tools = (i: number) => JSON.stringify(h.model.requests[i]?.tools);
    // The list is part of the prefix every thinking block is bound to: the same bytes on every request.
    expect(tools(1)).toBe(tools(0));
    expect(tools(2)).toBe(tools(0));
    expect(h.model.requests[0]?.tools.map((t) => t.name)).toContain('click');
    expect(lastUserText(h.model.requests[0])).toContain('cannot be operated');
    expect(toolResults(h.model.requests[1])).toEqual([
      expect.objectContaining({
        isError: true,
        text: expect.stringMatching(/^read_page is not available: the agent's current tab cannot be operated/),
      }),
      expect.objectContaining({ isError: false, text: expect.stringMatching(/^open_url: /) }),
    ]);
    expect(lastUserText(h.model.requests[2])).toContain('Welcome to the shop');
  });

  it('does not stop when the agent itself goes back to a browser page: the page is shown as not operable', async () => {
    const h = setupAgent({
      site: SITE,
      startUrl: 'chrome://newtab/',
      turns: [call('open_url', { url: SHOP }), call('go_back'), giveUp],
    });
    const result = await h.controller.execute('Open the shop (shop.test), then go back');
    expect(result.status).toBe('failed');
    expect(lastUserText(h.model.requests[2])).toContain('cannot be operated');
    expect(JSON.stringify(h.model.requests[2]?.tools)).toBe(JSON.stringify(h.model.requests[0]?.tools));
  });
});

describe('observing after the agent navigated', () => {
  it('says the page cannot be operated when the ready wait finds it restricted, without stopping', async () => {
    const site = {
      ...SITE,
      [SHOP]: () => ({
        title: 'Shop',
        elements: [{ ref: 7, role: 'link', name: 'Settings' }],
        act: (_action: unknown, ctx: { navigate(url: string): void }) => {
          ctx.navigate(DOCS);
          return { ok: true, verified: true, effects: ['navigation' as const] };
        },
      }),
    };
    const h = setupAgent({ site, turns: [call('click', { ref: 7 }), giveUp] });
    h.navigation.readyError = new TabError('restricted', 'Steadyhand cannot work on chrome://settings/.');
    const result = await h.controller.execute('Open the settings link');
    expect(result.status).toBe('failed'); // the scripted give-up, not a stop
    expect(JSON.stringify(h.model.requests[1]?.tools)).toBe(JSON.stringify(h.model.requests[0]?.tools));
    expect(lastUserText(h.model.requests[1])).toContain(
      'This page cannot be operated: Steadyhand cannot work on chrome://settings/',
    );
  });
});

describe('checkAgentTab outcomes (docs/contracts.md 000-E*)', () => {
  const tab = (over: Partial<TabSnapshot>): TabSnapshot => ({
    tabId: 5,
    windowId: 1,
    url: 'https://a.test/page',
    status: 'complete',
    title: '',
    active: true,
    ...over,
  });

  function stubs(current: TabSnapshot | null, settle: UrlSettleResult) {
    const calls: string[] = [];
    const tabs = { getTab: async () => current } as unknown as AgentTabs;
    const navigation: Navigation = {
      waitForUrlSettle: async (_tabId, expected) => {
        calls.push(expected);
        return settle;
      },
      waitForDocumentReady: async () => {},
      mark: () => ({ seq: 0, token: null }),
      waitForNavigation: async () => 'navigated',
    };
    return { tabs, navigation, calls };
  }

  const input = (
    s: ReturnType<typeof stubs>,
    over: { agentMoved?: boolean; tabLossExpected?: boolean; tabId?: number | null } = {},
  ) => ({
    tabs: s.tabs,
    navigation: s.navigation,
    tabId: over.tabId === undefined ? 5 : over.tabId,
    pinnedOrigin: 'https://a.test',
    agentMoved: over.agentMoved ?? false,
    tabLossExpected: over.tabLossExpected ?? false,
    ownOrigin: 'chrome-extension://own',
    signal: new AbortController().signal,
  });

  const loading = tab({ url: 'about:blank', status: 'loading' });

  it('commit: continues with the committed URL', async () => {
    const s = stubs(loading, { committed: true, url: 'https://a.test/next' });
    expect(await checkAgentTab(input(s))).toMatchObject({ kind: 'ready', url: 'https://a.test/next', committed: true });
    expect(s.calls).toEqual(['https://a.test']);
  });

  it('an empty URL is transient too', async () => {
    const s = stubs(tab({ url: '', status: 'loading' }), { committed: true, url: 'https://a.test/' });
    expect(await checkAgentTab(input(s))).toMatchObject({ kind: 'ready' });
    expect(s.calls).toHaveLength(1);
  });

  it('tab-gone during the wait: "Tab was closed"', async () => {
    const s = stubs(loading, { committed: false, reason: 'tab-gone' });
    expect(await checkAgentTab(input(s))).toMatchObject({ kind: 'stop', summary: 'Tab was closed' });
  });

  it('the tab gone before the check: "Tab was closed"', async () => {
    const s = stubs(null, { committed: true, url: '' });
    expect(await checkAgentTab(input(s))).toMatchObject({ kind: 'stop', cause: 'tab_closed' });
  });

  it('origin-mismatch reported by the wait: "origin changed"', async () => {
    const s = stubs(loading, { committed: false, reason: 'origin-mismatch', observedUrl: 'https://b.test/' });
    const check = await checkAgentTab(input(s));
    expect(check).toMatchObject({ kind: 'stop', cause: 'origin_changed' });
    expect(check.kind === 'stop' && check.summary).toContain('origin changed');
  });

  it('origin-mismatch after the agent navigated: the new origin is adopted', async () => {
    const s = stubs(loading, { committed: false, reason: 'origin-mismatch', observedUrl: 'https://b.test/' });
    expect(await checkAgentTab(input(s, { agentMoved: true }))).toMatchObject({
      kind: 'ready',
      origin: 'https://b.test',
    });
  });

  it('aborted: throws the aborted error, the run ends as stopped', async () => {
    const s = stubs(loading, { committed: false, reason: 'aborted' });
    await expect(checkAgentTab(input(s))).rejects.toMatchObject({ code: 'aborted' });
  });

  it('about:blank of a loaded tab is restricted, not transient, and never waited on', async () => {
    const s = stubs(tab({ url: 'about:blank', status: 'complete' }), { committed: true, url: '' });
    expect(await checkAgentTab(input(s))).toMatchObject({ kind: 'stop', summary: STOP_TEXT.restricted });
    expect(s.calls).toEqual([]);
  });

  it('a pending restricted URL: stops without waiting, unless the agent moved the tab', async () => {
    const s = stubs(tab({ pendingUrl: 'chrome://version/', status: 'loading' }), { committed: true, url: '' });
    expect(await checkAgentTab(input(s))).toMatchObject({ kind: 'stop', cause: 'restricted' });
    expect(await checkAgentTab(input(s, { agentMoved: true }))).toMatchObject({ kind: 'ready' });
    // A new tab heading to a browser page: no 5 s wait for a commit extensions are never told about.
    const fresh = stubs(tab({ url: '', pendingUrl: 'chrome://version/', status: 'loading' }), {
      committed: false,
      reason: 'timeout',
    });
    expect(await checkAgentTab(input(fresh))).toMatchObject({ kind: 'stop', summary: STOP_TEXT.restricted });
    expect(fresh.calls).toEqual([]);
  });

  it('a pending about:blank is a sentinel, not a restricted destination', async () => {
    const s = stubs(tab({ pendingUrl: 'about:blank', status: 'loading' }), { committed: true, url: '' });
    expect(await checkAgentTab(input(s))).toMatchObject({ kind: 'ready', url: 'https://a.test/page' });
  });

  it("the panel's own page is not restricted", async () => {
    const s = stubs(tab({ url: 'chrome-extension://own/panel.html' }), { committed: true, url: '' });
    expect(await checkAgentTab(input(s, { agentMoved: true }))).toMatchObject({ kind: 'ready' });
  });

  it('no current tab: inoperable after the agent closed it, "Tab was closed" otherwise', async () => {
    const s = stubs(null, { committed: true, url: '' });
    expect(await checkAgentTab(input(s, { tabId: null, tabLossExpected: true }))).toMatchObject({
      kind: 'inoperable',
    });
    expect(await checkAgentTab(input(s, { tabId: null }))).toMatchObject({ kind: 'stop', cause: 'tab_closed' });
  });

  it('a tab that vanished under the agent stops the task even right after an action that may navigate', async () => {
    const s = stubs(null, { committed: true, url: '' });
    expect(await checkAgentTab(input(s, { tabId: null, agentMoved: true }))).toMatchObject({ cause: 'tab_closed' });
    expect(await checkAgentTab(input(s, { agentMoved: true }))).toMatchObject({ kind: 'stop', cause: 'tab_closed' });
  });
});
