// The person takes a tab back from a running task (issue 28, docs/contracts.md O-OWN-9, O-OWN-10): the task's next
// observation says so in the harness's words, nothing of the task reaches that tab again, and the task goes on in its
// other tab; with no tab left it ends as when its tab is closed.

import { describe, expect, it } from 'vitest';
import type { AgentTabsChange } from '../../../src/panel/agent/core/ports';
import { tabFactLine } from '../../../src/panel/agent/observe/tab-facts';
import { observationText } from '../../../src/panel/agent/run/prompt';
import { setupAgent } from './fakes/harness';
import { call, lastUserText } from './fakes/scripted-model';
import { DOCS, SHOP, SITE } from './fakes/sites';

describe('a tab the person takes back', () => {
  it('is told to the model at its next step, refused to the agent, and the task goes on in its other tab', async () => {
    let opened = -1;
    const seen: string[] = [];
    const h = setupAgent({
      site: SITE,
      responder: (request, index) => {
        seen.push(lastUserText(request));
        if (index === 0) return call('open_url', { url: DOCS, newTab: true });
        if (index === 1) {
          opened = h.tabs.currentTabId ?? -1;
          h.tabs.personTakesBack(opened); // dragged out of the group while the model thinks
          return call('click', { ref: 1 });
        }
        return call('done', {
          success: true,
          kind: 'reading',
          answer: 'Delivery is free over 50 EUR.',
          evidence: { quotes: ['Free delivery over 50 EUR'] },
        });
      },
    });

    const result = await h.controller.execute('Read docs.test, then the delivery terms');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const refused = h.of('tool_result').find((event) => event.name === 'click');
    expect(refused).toMatchObject({ isError: true });
    expect(h.browser.tab(opened).url).toBe(DOCS); // the click never reached it
    expect(seen[2]).toContain(
      `The person took tab ${opened} back (dragged it out of the task's group): it is no longer yours; you are now ` +
        `on tab ${h.tabId}, another of your tabs; go on there or ask.`,
    );
    expect(seen[2]).toContain(`Agent's tab: ${h.tabId}`);
    expect(seen.filter((text) => text.includes('took tab'))).toHaveLength(1); // told once
    expect(h.browser.tab(h.tabId).url).toBe(SHOP);
  });

  it('goes on to its other tab when its tab leaves while the model thinks, instead of ending', async () => {
    const listeners = new Set<(change: AgentTabsChange) => void>();
    const h = setupAgent({
      site: SITE,
      responder: (_request, index) => {
        if (index === 0) return call('open_url', { url: DOCS, newTab: true });
        if (index === 1) return { hang: true };
        return call('done', {
          success: true,
          kind: 'reading',
          answer: 'Free.',
          evidence: { quotes: ['Free delivery'] },
        });
      },
    });
    // As TabsManager does: the task's tab changes, to whoever listens until their signal aborts.
    h.tabs.subscribe = (listener, signal) => {
      listeners.add(listener);
      signal?.addEventListener('abort', () => listeners.delete(listener), { once: true });
    };
    const running = h.controller.execute('Read docs.test');
    for (let i = 0; i < 1_000 && h.model.requests.length < 2; i++) await new Promise((r) => setImmediate(r));
    const opened = h.tabs.currentTabId ?? -1;
    h.tabs.personTakesBack(opened);
    for (const listener of listeners) listener({ type: 'lost', tabId: opened, wasCurrent: true });

    const result = await running;
    expect(result).toMatchObject({ status: 'succeeded' });
    expect(h.model.requests).toHaveLength(3);
    expect(lastUserText(h.model.requests[2])).toContain(`The person took tab ${opened} back`);
  });

  it('ends as when its tab is closed when the person takes back its only tab', async () => {
    const h = setupAgent({
      site: SITE,
      responder: () => {
        h.tabs.personTakesBack(h.tabId);
        return call('read_page');
      },
    });
    const result = await h.controller.execute('Read the page');
    expect(result).toMatchObject({ status: 'stopped', stopCause: 'tab_closed', summary: 'Tab was closed' });
  });
});

describe('the words of a tab fact', () => {
  it('says what the person did and where the agent goes on, outside the page fence', () => {
    const closed = { kind: 'closed' as const, tabId: 7, wasCurrent: false, nowOn: null };
    const moved = {
      kind: 'taken_back' as const,
      tabId: 8,
      how: 'other_window' as const,
      wasCurrent: true,
      nowOn: null,
    };
    expect(tabFactLine(closed)).toBe('The person closed tab 7: go on with your other tabs or ask.');
    expect(tabFactLine(moved)).toBe(
      'The person took tab 8 back (moved it to another window): it is no longer yours; you have no tab left.',
    );
    const text = observationText(
      { step: 2, stepsLeft: 3, tabId: null, url: null, tabs: [], snapshot: null, problem: null, tabFacts: [closed] },
      'n0nce',
    );
    expect(text.split('\n')[1]).toBe('The person closed tab 7: go on with your other tabs or ask.');
  });
});
