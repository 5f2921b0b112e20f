// The task's tabs (docs/contracts.md, Seeds 001 and 003) with the real agent loop: a task keeps using its tab. open_url
// without newTab navigates the agent's own tab, a follow-up instruction goes on in the same tab and group, and when the
// person closes the agent's tab in the middle of a step the task stops with "Tab was closed" and the next instruction
// opens a new tab in the group.

import { describe, expect, it } from 'vitest';
import { act, control } from '../support/agent';
import type { PanelGlobal } from '../support/panel';
import { eventMark, personOpens, tabFacts, waitForEventAfter } from './agent-tabs-browser';
import { actionsIn, pageLog, pollFor, runInstruction, stepTabs, taskIdOf, toolResultsOf } from './agent-tabs-harness';
import {
  agentTabsSuite,
  clickCount,
  clickNext,
  clicksOf,
  finish,
  nameOf,
  ownedTabs,
  playChecked,
  stepOf,
  stepPage,
  tabNamed,
} from './agent-tabs-suite';

const suite = agentTabsSuite();
const page = (name: string) => stepPage(suite, name);

const tabCount = () => suite.harness.panel.evaluate(async () => (await chrome.tabs.query({})).length);
const groupOf = async (tabId: number) => {
  const facts = await tabFacts(suite.harness, tabId);
  return { groupId: facts?.groupId ?? -1, title: facts?.groupTitle ?? null };
};

describe('a task keeps using its tab', () => {
  it('navigates its own tab with open_url, and a follow-up continues in the same tab and group', async () => {
    const start = await personOpens(suite.harness, page('first'));
    const tabsBefore = await tabCount();
    playChecked(suite, (seen) => {
      if (nameOf(seen) === 'first') return act('open_url', { url: page('second') });
      if (nameOf(seen) !== 'second') throw new Error(`Unexpected page ${seen.url}`);
      return clicksOf(seen) === 0 ? clickCount(seen) : finish('Step 1 of second');
    });

    const first = await runInstruction(suite.harness.panel, 'Open the second page and count there.');

    expect(suite.failures).toEqual([]);
    expect(first.result).toMatchObject({ status: 'succeeded', verified: true });
    const taskId = taskIdOf(first.events);
    const opened = toolResultsOf(first.events).find((r) => r.name === 'open_url');
    expect(opened).toMatchObject({ outcome: 'ok', summary: expect.stringContaining(`tab ${start.tabId} at `) });
    expect(new Set(stepTabs(first.events))).toEqual(new Set([start.tabId]));
    expect(await tabCount()).toBe(tabsBefore);
    const group = await groupOf(start.tabId);
    expect(group.title).toBe(`Task(${taskId})`);

    playChecked(suite, (seen) => {
      if (nameOf(seen) !== 'second') throw new Error(`Unexpected page ${seen.url}`);
      if (stepOf(seen) === 1) return clickNext(seen);
      return clicksOf(seen) === 0 ? clickCount(seen) : finish('Step 2 of second');
    });

    const next = await runInstruction(suite.harness.panel, 'Now count on the next page too.', true);

    expect(suite.failures).toEqual([]);
    expect(next.result).toMatchObject({ taskId, status: 'succeeded', verified: true });
    expect(next.events.find((e) => e.type === 'task_started')).toMatchObject({ taskId, followUp: true });
    expect(new Set(stepTabs(next.events))).toEqual(new Set([start.tabId]));
    expect(await tabCount()).toBe(tabsBefore);
    expect(await groupOf(start.tabId)).toEqual(group);
    expect(await ownedTabs(suite)).toEqual([[start.tabId, 'initial']]);

    // The pages' own log: both pages were counted in the tab the task started in (its identity survived the
    // navigation), which is the tab the person had opened.
    await pollFor(
      async () => actionsIn(pageLog(suite.site, suite.logStart)).length,
      (n) => n >= 3,
    );
    expect(actionsIn(pageLog(suite.site, suite.logStart)).map((a) => [a.page, a.n, a.event, a.tab])).toEqual([
      ['second', 1, 'click', start.key],
      ['second', 1, 'next', start.key],
      ['second', 2, 'click', start.key],
    ]);
  });

  it('stops with "Tab was closed" when its tab is closed mid-step; the next instruction opens a tab in the group', async () => {
    const bystander = await personOpens(suite.harness, page('bystander'));
    const doomed = await personOpens(suite.harness, page('doomed'));
    let group: { groupId: number; title: string | null } | null = null;
    playChecked(suite, async (seen) => {
      if (seen.index === 0) return clickCount(seen);
      if (seen.index === 1) {
        // Mid-step: the agent has observed its tab and waits for the model. The person closes that tab now; the
        // model, which cannot know, answers with the next action for the page it was shown.
        group = await groupOf(doomed.tabId);
        const mark = await eventMark(suite.harness);
        await doomed.page.close();
        await waitForEventAfter(suite.harness, mark, { type: 'removed', tabId: doomed.tabId });
        return clickNext(seen);
      }
      throw new Error(`The task went on after its tab was closed: ${seen.text.split('\n')[1]}`);
    });

    const first = await runInstruction(suite.harness.panel, 'Count, then go to the next page.');

    expect(suite.failures).toEqual([]);
    expect(first.result).toMatchObject({ status: 'stopped', stopCause: 'tab_closed', summary: 'Tab was closed' });
    const taskId = taskIdOf(first.events);
    expect(group).toEqual({ groupId: expect.any(Number), title: `Task(${taskId})` });

    playChecked(suite, (seen) => {
      if (seen.tabId === null) return act('open_url', { url: page('reborn') });
      if (nameOf(seen) !== 'reborn') throw new Error(`Unexpected page ${seen.url}`);
      return clicksOf(seen) === 0 ? clickCount(seen) : finish('Step 1 of reborn');
    });

    const next = await runInstruction(suite.harness.panel, 'Try again on a new page.', true);

    expect(suite.failures).toEqual([]);
    expect(next.result).toMatchObject({ taskId, status: 'succeeded', verified: true });
    const reborn = await tabNamed(suite, 'reborn');
    expect(reborn.tabId).not.toBe(doomed.tabId);
    expect(stepTabs(next.events)).toEqual([null, reborn.tabId, reborn.tabId]);
    const facts = await tabFacts(suite.harness, reborn.tabId);
    // A new tab, in the background (the person is on their own tab), in a group titled for the same task.
    expect(facts).toMatchObject({ active: false, groupTitle: `Task(${taskId})` });
    expect(await tabFacts(suite.harness, bystander.tabId)).toMatchObject({ groupId: -1 });
    expect(await ownedTabs(suite)).toEqual([[reborn.tabId, 'opened']]);
    expect(
      await suite.harness.panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.manager()?.record ?? null),
    ).toMatchObject({ taskId, tabId: reborn.tabId, groupId: facts?.groupId, initialTabId: doomed.tabId });

    await pollFor(
      async () => actionsIn(pageLog(suite.site, suite.logStart)).length,
      (n) => n >= 2,
    );
    expect(actionsIn(pageLog(suite.site, suite.logStart)).map((a) => [a.page, a.event, a.tab])).toEqual([
      ['doomed', 'click', doomed.key],
      ['reborn', 'click', reborn.key],
    ]);
  });

  it('stops with "Tab was closed" when its tab is closed while an action runs', async () => {
    await personOpens(suite.harness, page('bystander'));
    const doomed = await personOpens(suite.harness, page('doomed'));
    playChecked(suite, (seen) => {
      if (seen.index === 0) return act('click', { ref: control(seen, 'button', /count slowly/i).ref });
      throw new Error(`The task went on after its tab was closed: ${seen.text.split('\n').slice(0, 3).join(' | ')}`);
    });
    // The person closes the tab the moment the page reports the click: its effect comes only later, so the agent
    // is still in the middle of the action, waiting for it.
    const closed = suite
      .whenLogged((entry) => entry.page === 'doomed' && entry.event === 'slow-click')
      .then(() => doomed.page.close());

    const { result, events } = await runInstruction(suite.harness.panel, 'Count slowly.');
    await closed;

    expect(suite.failures).toEqual([]);
    expect(result).toMatchObject({ status: 'stopped', stopCause: 'tab_closed', summary: 'Tab was closed' });
    expect(toolResultsOf(events).map((r) => r.name)).toEqual(['click']);
    expect(stepTabs(events)).toEqual([doomed.tabId]);
  });
});
