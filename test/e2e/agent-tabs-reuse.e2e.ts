// The task's tabs (docs/contracts.md, Seeds 001 and 003) with the real agent loop: a task keeps using its tab. open_url
// without newTab navigates the agent's own tab, a follow-up instruction goes on in the same tab and group, and when the
// person closes the agent's tab in the middle of a step the task stops with "Tab was closed" and the next instruction
// opens a new tab in the group.

import type { Page } from 'playwright-core';
import { STOP_TEXT } from '../../src/panel/agent/task/events';
import { eventMark, personOpens, tabFacts, waitForEventAfter } from './agent-tabs-browser';
import { actionsIn, pageLog, pollFor, stepTabs, taskIdOf, toolResultsOf } from './agent-tabs-harness';
import {
  agentTabsSuite,
  clickCount,
  clickNext,
  clicksOf,
  finish,
  maskChecked,
  nameOf,
  ownedTabs,
  stepOf,
  stepPage,
  tabNamed,
} from './agent-tabs-suite';
import { act, control, describe, type ExtensionHarness, expect, it, type PanelGlobal, play, runTask } from './kit';

const suite = agentTabsSuite();

const tabCount = (panel: Page) => panel.evaluate(async () => (await chrome.tabs.query({})).length);
const groupOf = async (browser: ExtensionHarness, tabId: number) => {
  const facts = await tabFacts(browser, tabId);
  return { groupId: facts?.groupId ?? -1, title: facts?.groupTitle ?? null };
};

describe('a task keeps using its tab', () => {
  it('navigates its own tab with open_url, and a follow-up continues in the same tab and group', async ({
    browser,
    site,
    model,
  }) => {
    const start = await personOpens(browser, stepPage(site, 'first'));
    const tabsBefore = await tabCount(browser.panel);
    play(
      model,
      maskChecked(browser, suite, (seen) => {
        if (nameOf(seen) === 'first') return act('open_url', { url: stepPage(site, 'second') });
        if (nameOf(seen) !== 'second') throw new Error(`Unexpected page ${seen.url}`);
        return clicksOf(seen) === 0 ? clickCount(seen) : finish('Step 1 of second');
      }),
    );

    const first = await runTask(browser.panel, 'Open the second page and count there.');

    expect(first.result).toMatchObject({ status: 'succeeded', verified: true });
    const taskId = taskIdOf(first.events);
    const opened = toolResultsOf(first.events).find((r) => r.name === 'open_url');
    expect(opened).toMatchObject({ outcome: 'ok', summary: expect.stringContaining(`tab ${start.tabId} at `) });
    expect(new Set(stepTabs(first.events))).toEqual(new Set([start.tabId]));
    expect(await tabCount(browser.panel)).toBe(tabsBefore);
    const group = await groupOf(browser, start.tabId);
    expect(group.title).toBe(`Task(${taskId})`);

    play(
      model,
      maskChecked(browser, suite, (seen) => {
        if (nameOf(seen) !== 'second') throw new Error(`Unexpected page ${seen.url}`);
        if (stepOf(seen) === 1) return clickNext(seen);
        return clicksOf(seen) === 0 ? clickCount(seen) : finish('Step 2 of second');
      }),
    );

    const next = await runTask(browser.panel, 'Now count on the next page too.', { followUp: true });

    expect(next.result).toMatchObject({ taskId, status: 'succeeded', verified: true });
    expect(next.events.find((e) => e.type === 'task_started')).toMatchObject({ taskId, followUp: true });
    expect(new Set(stepTabs(next.events))).toEqual(new Set([start.tabId]));
    expect(await tabCount(browser.panel)).toBe(tabsBefore);
    expect(await groupOf(browser, start.tabId)).toEqual(group);
    expect(await ownedTabs(browser.panel)).toEqual([[start.tabId, 'initial']]);

    // The pages' own log: both pages were counted in the tab the task started in (its identity survived the
    // navigation), which is the tab the person had opened.
    await pollFor(
      async () => actionsIn(pageLog(site, suite.logStart)).length,
      (n) => n >= 3,
    );
    expect(actionsIn(pageLog(site, suite.logStart)).map((a) => [a.page, a.n, a.event, a.tab])).toEqual([
      ['second', 1, 'click', start.key],
      ['second', 1, 'next', start.key],
      ['second', 2, 'click', start.key],
    ]);
  });

  it('stops with "Tab was closed" when its tab is closed mid-step; the next instruction opens a tab in the group', async ({
    browser,
    site,
    model,
  }) => {
    const bystander = await personOpens(browser, stepPage(site, 'bystander'));
    const doomed = await personOpens(browser, stepPage(site, 'doomed'));
    let group: { groupId: number; title: string | null } | null = null;
    play(
      model,
      maskChecked(browser, suite, async (seen) => {
        if (seen.index === 0) return clickCount(seen);
        if (seen.index === 1) {
          // Mid-step: the agent has observed its tab and waits for the model. The person closes that tab now; the
          // model, which cannot know, answers with the next action for the page it was shown.
          group = await groupOf(browser, doomed.tabId);
          const mark = await eventMark(browser);
          await doomed.page.close();
          await waitForEventAfter(browser, mark, { type: 'removed', tabId: doomed.tabId });
          return clickNext(seen);
        }
        throw new Error(`The task went on after its tab was closed: ${seen.text.split('\n')[1]}`);
      }),
    );

    const first = await runTask(browser.panel, 'Count, then go to the next page.');

    expect(first.result).toMatchObject({ status: 'stopped', stopCause: 'tab_closed', summary: STOP_TEXT.tabClosed });
    const taskId = taskIdOf(first.events);
    expect(group).toEqual({ groupId: expect.any(Number), title: `Task(${taskId})` });

    play(
      model,
      maskChecked(browser, suite, (seen) => {
        if (seen.tabId === null) return act('open_url', { url: stepPage(site, 'reborn') });
        if (nameOf(seen) !== 'reborn') throw new Error(`Unexpected page ${seen.url}`);
        return clicksOf(seen) === 0 ? clickCount(seen) : finish('Step 1 of reborn');
      }),
    );

    const next = await runTask(browser.panel, 'Try again on a new page.', { followUp: true });

    expect(next.result).toMatchObject({ taskId, status: 'succeeded', verified: true });
    const reborn = await tabNamed(browser, 'reborn');
    expect(reborn.tabId).not.toBe(doomed.tabId);
    expect(stepTabs(next.events)).toEqual([null, reborn.tabId, reborn.tabId]);
    const facts = await tabFacts(browser, reborn.tabId);
    // A new tab, in the background (the person is on their own tab), in a group titled for the same task.
    expect(facts).toMatchObject({ active: false, groupTitle: `Task(${taskId})` });
    expect(await tabFacts(browser, bystander.tabId)).toMatchObject({ groupId: -1 });
    expect(await ownedTabs(browser.panel)).toEqual([[reborn.tabId, 'opened']]);
    expect(
      await browser.panel.evaluate(
        () => (globalThis as PanelGlobal).steadyhand.host.latest()?.manager()?.record ?? null,
      ),
    ).toMatchObject({ taskId, tabId: reborn.tabId, groupId: facts?.groupId, initialTabId: doomed.tabId });

    await pollFor(
      async () => actionsIn(pageLog(site, suite.logStart)).length,
      (n) => n >= 2,
    );
    expect(actionsIn(pageLog(site, suite.logStart)).map((a) => [a.page, a.event, a.tab])).toEqual([
      ['doomed', 'click', doomed.key],
      ['reborn', 'click', reborn.key],
    ]);
  });

  it('stops with "Tab was closed" when its tab is closed while an action runs', async ({ browser, site, model }) => {
    await personOpens(browser, stepPage(site, 'bystander'));
    const doomed = await personOpens(browser, stepPage(site, 'doomed'));
    play(
      model,
      maskChecked(browser, suite, (seen) => {
        if (seen.index === 0) return act('click', { ref: control(seen, 'button', /count slowly/i).ref });
        throw new Error(`The task went on after its tab was closed: ${seen.text.split('\n').slice(0, 3).join(' | ')}`);
      }),
    );
    // The person closes the tab the moment the page reports the click: its effect comes only later, so the agent
    // is still in the middle of the action, waiting for it.
    const closed = suite
      .whenLogged((entry) => entry.page === 'doomed' && entry.event === 'slow-click')
      .then(() => doomed.page.close());

    const { result, events } = await runTask(browser.panel, 'Count slowly.');
    await closed;

    expect(result).toMatchObject({ status: 'stopped', stopCause: 'tab_closed', summary: STOP_TEXT.tabClosed });
    expect(toolResultsOf(events).map((r) => r.name)).toEqual(['click']);
    expect(stepTabs(events)).toEqual([doomed.tabId]);
  });
});
