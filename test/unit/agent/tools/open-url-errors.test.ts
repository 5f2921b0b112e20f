// docs/contracts.md, Seed 000, section 5, the open_url column of the error matrix: every way a commit wait can fail is
// a handler error naming the reason (the task goes on and the model decides), except Stop, which ends the task and is
// no tool error.

import { describe, expect, it } from 'vitest';
import { setupAgent } from '../fakes/harness';
import { call, toolResults } from '../fakes/scripted-model';
import { CALENDAR, DOCS, SITE } from '../fakes/sites';

const giveUp = call('done', { success: false, answer: 'Stopping here.' });

describe('open_url when the commit wait fails', () => {
  it('reports a commit that lands on another origin as a handler error naming it, and the task goes on', async () => {
    const h = setupAgent({ site: SITE, turns: [call('open_url', { url: DOCS }), giveUp] });
    // The server redirected the docs to the calendar site: the tab commits, but not to the origin asked for.
    const open = h.tabs.openUrl.bind(h.tabs);
    h.tabs.openUrl = (_url, options) => open(CALENDAR, options);

    const result = await h.controller.execute('Open docs.test (it may send you on to cal.test)');

    const [opened] = toolResults(h.model.requests[1]);
    expect(opened?.isError).toBe(true);
    expect(opened?.text).toContain(
      `open_url: tab ${h.tabId} updated but navigation did not commit to https://docs.test within 5s (origin-mismatch).`,
    );
    // Where the redirect took the tab is a URL the server chose: fenced.
    expect(opened?.text).toMatch(
      new RegExp(`Where the tab is now:\\nBEGIN UNTRUSTED PAGE CONTENT id=\\w+\\nURL: ${CALENDAR}\\n`),
    );
    expect(result.status).toBe('failed');
    expect(h.model.requests).toHaveLength(2);
  });

  it('reports a tab closed during the wait as a handler error saying the tab is gone, and the task goes on', async () => {
    const h = setupAgent({ site: SITE, turns: [call('open_url', { url: DOCS, newTab: true }), giveUp] });
    const wait = h.navigation.waitForUrlSettle.bind(h.navigation);
    h.navigation.waitForUrlSettle = (tabId, origin, timeoutMs, signal) => {
      h.browser.remove(tabId);
      return wait(tabId, origin, timeoutMs, signal);
    };

    const result = await h.controller.execute('Open docs.test in a new tab');

    const [opened] = toolResults(h.model.requests[1]);
    expect(opened?.isError).toBe(true);
    expect(opened?.text).toContain('navigation did not commit to https://docs.test within 5s (tab-gone)');
    expect(result.status).toBe('failed');
    expect(h.of('tool_result').find((e) => e.name === 'open_url')?.outcome).toBe('execute_error');
  });

  it('gives way to Stop during the wait: the task ends as stopped, with no tool error for the model', async () => {
    const h = setupAgent({ site: SITE, turns: [call('open_url', { url: DOCS })] });
    h.navigation.hang = true;

    const running = h.controller.execute('Open docs.test');
    for (let i = 0; i < 1_000 && h.navigation.settleCalls.length === 0; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(h.navigation.settleCalls).toHaveLength(1);
    h.controller.stop();
    const result = await running;

    expect(result).toMatchObject({ status: 'stopped', stopCause: 'person' });
    // No error to repair: the tab was already loading the address, so the load may have happened, and it says so.
    const opened = h.of('tool_result').filter((e) => e.name === 'open_url');
    expect(opened.map((e) => e.outcome)).toEqual(['stopped_in_flight']);
    expect(result.summary).toMatch(/^Stopped by you after 1 step\. Its last action \(open_url\) had already been sent/);
  });
});
