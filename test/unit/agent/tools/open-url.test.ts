// docs/contracts.md, Seed 000, the open_url guard: the handler waits for the navigation to commit; a commit that does
// not come is a handler error naming the reason, the task goes on, and the tab is kept. The tasks name docs.test, so
// opening it needs no permission question (decision 0010; the questions themselves are in site-permissions.test.ts).

import { describe, expect, it } from 'vitest';
import { readObservation } from '../../../../src/panel/agent/run/observation-reader';
import { STOP_TEXT } from '../../../../src/panel/agent/task/events';
import { TabError } from '../../../../src/shared/errors';
import { type AgentHarness, setupAgent } from '../fakes/harness';
import { call, calls, lastUserText, toolResults } from '../fakes/scripted-model';
import { DOCS, SHOP, SITE } from '../fakes/sites';

const giveUp = call('done', { success: false, answer: 'Stopping here.' });

/** As the real TabsManager does: a tab the agent opens becomes its current tab at once, before it commits. */
function madeCurrentOnCreate(h: AgentHarness): void {
  const open = h.tabs.openUrl.bind(h.tabs);
  h.tabs.openUrl = async (url, options) => {
    const opened = await open(url, options);
    if (opened.createdTab) h.tabs.currentTabId = opened.tabId;
    return opened;
  };
}

describe('open_url', () => {
  it('creates a tab, waits for its commit and reports success; switch_tab in the same turn then works on it', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [
        calls({ name: 'open_url', input: { url: DOCS, newTab: true } }, { name: 'switch_tab', input: { tabId: 2 } }),
        call('read_page'),
        call('done', {
          success: true,
          answer: '50 per minute.',
          kind: 'reading',
          evidence: { quotes: ['50 requests per minute'] },
        }),
      ],
    });
    h.tabs.commitAfterMs = 1_500;

    const result = await h.controller.execute('Find the API limit in the docs at docs.test');

    expect(result.status).toBe('succeeded');
    expect(h.navigation.settleCalls).toEqual([{ tabId: 2, expectedOrigin: 'https://docs.test', timeoutMs: 5_000 }]);
    const [opened, switched] = toolResults(h.model.requests[1]);
    expect(opened).toMatchObject({ isError: false });
    expect(opened?.text).toMatch(
      /^open_url: tab 2 committed to https:\/\/docs\.test\. Its URL:\nBEGIN UNTRUSTED PAGE CONTENT id=\w+\nURL: https:\/\/docs\.test\/\nEND/,
    );
    expect(switched).toMatchObject({ isError: false });
    expect(switched?.text).toMatch(
      /^switch_tab: now on tab 2\. Its URL:\nBEGIN UNTRUSTED PAGE CONTENT id=\w+\nURL: https:\/\/docs\.test\/\n/,
    );
    expect(readObservation(lastUserText(h.model.requests[1]))).toMatchObject({ tabId: 2, url: 'https://docs.test/' });
    expect(h.tabs.currentTabId).toBe(2);
  });

  it('navigates the current tab unless a new tab is asked for', async () => {
    const h = setupAgent({ site: SITE, turns: [call('open_url', { url: 'docs.test' }), giveUp] });
    h.tabs.commitAfterMs = 2_500;
    await h.controller.execute('Open the docs at docs.test');
    expect(h.tabs.openCalls).toEqual([{ url: DOCS, newTab: false }]);
    expect(h.browser.tab(h.tabId).url).toBe(DOCS);
    expect(lastUserText(h.model.requests[1])).toContain('The API limit is 50 requests per minute.');
  });

  it('reports a commit timeout as a handler error naming the reason; the task goes on and the tab is kept', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [call('open_url', { url: DOCS, newTab: true }), call('read_page'), giveUp],
    });
    h.tabs.commitAfterMs = 'never';

    const result = await h.controller.execute('Open the docs at docs.test');

    const [opened] = toolResults(h.model.requests[1]);
    expect(opened?.isError).toBe(true);
    expect(opened?.text).toMatch(
      /^open_url: tab 2 created but navigation did not commit to https:\/\/docs\.test within 5s \(timeout\)\. The tab is kept; look at it or close it\. The agent is still on tab 1\. Where the tab is now:\nBEGIN UNTRUSTED PAGE CONTENT id=\w+\nURL: about:blank\n/,
    );
    expect(result.status).toBe('failed');
    expect(h.model.requests).toHaveLength(3);
    expect(h.browser.tabs.has(2)).toBe(true);
    expect(h.of('tool_result').find((e) => e.name === 'open_url')?.outcome).toBe('execute_error');
  });

  it('stays on its tab when a new tab that the TabsManager made current does not commit; the task goes on', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [call('open_url', { url: DOCS, newTab: true }), call('read_page'), giveUp],
    });
    madeCurrentOnCreate(h);
    h.tabs.commitAfterMs = 'never';

    const result = await h.controller.execute('Open the docs at docs.test');

    const [opened] = toolResults(h.model.requests[1]);
    expect(opened?.text).toContain('The tab is kept; look at it or close it. The agent is still on tab 1.');
    // Without going back, the next step would wait 5 s on the stuck tab and stop as "restricted".
    expect(result).toMatchObject({ status: 'failed', answer: 'Stopping here.' });
    expect(h.model.requests).toHaveLength(3);
    expect(readObservation(lastUserText(h.model.requests[1]))).toMatchObject({ tabId: h.tabId, url: SHOP });
    expect(h.tabs.currentTabId).toBe(h.tabId);
    expect(h.browser.tabs.has(2)).toBe(true);
    expect(h.navigation.settleCalls).toHaveLength(1);
  });

  it('a new tab that commits stays the agent’s tab when the TabsManager made it current', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [call('open_url', { url: DOCS, newTab: true }), giveUp],
    });
    madeCurrentOnCreate(h);
    h.tabs.commitAfterMs = 1_500;
    await h.controller.execute('Open the docs at docs.test');
    const [opened] = toolResults(h.model.requests[1]);
    expect(opened?.text).toMatch(
      new RegExp(`^open_url: tab 2 committed to https://docs\\.test\\. Its URL:\\n.*\\nURL: ${DOCS}\\n`),
    );
    expect(h.tabs.currentTabId).toBe(2);
  });

  it('turns a rejected tabs.openUrl into an is_error result and goes on', async () => {
    const h = setupAgent({ site: SITE, turns: [call('open_url', { url: DOCS, newTab: true }), giveUp] });
    h.tabs.openError = new TabError('not_owned', 'The task group was removed by the person.');

    const result = await h.controller.execute('Open the docs at docs.test');

    const [opened] = toolResults(h.model.requests[1]);
    expect(opened).toMatchObject({ isError: true });
    expect(opened?.text).toContain('open_url failed: The task group was removed by the person.');
    expect(result.status).toBe('failed');
  });

  it('a new tab that never commits and is switched to stops with the restricted text at the next step', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [
        calls({ name: 'open_url', input: { url: DOCS, newTab: true } }, { name: 'switch_tab', input: { tabId: 2 } }),
        giveUp,
      ],
    });
    h.tabs.commitAfterMs = 'never';
    const result = await h.controller.execute('Open the docs at docs.test');
    expect(result).toMatchObject({ status: 'stopped', summary: STOP_TEXT.restricted });
    // One wait in the handler, one at the top of the step: both guards ran.
    expect(h.navigation.settleCalls).toHaveLength(2);
  });

  it('refuses browser pages and other schemes without navigating', async () => {
    const h = setupAgent({ site: SITE, turns: [call('open_url', { url: 'chrome://settings' }), giveUp] });
    await h.controller.execute('Open settings');
    const [opened] = toolResults(h.model.requests[1]);
    expect(opened?.isError).toBe(true);
    expect(opened?.text).toContain('open_url: chrome://settings cannot be opened');
    expect(h.tabs.openCalls).toEqual([]);
    expect(h.browser.tab(h.tabId).url).toBe(SHOP);
  });
});
