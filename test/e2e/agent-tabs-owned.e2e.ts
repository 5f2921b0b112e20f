// The task's tabs (docs/contracts.md, Seeds 001 and 003) with the real agent loop: which tabs a task may use. Popups
// from its tab (a target=_blank link, window.open) are adopted and worked in, a tab the person opened is refused by
// switch_tab, and tabs it opens itself stay in the background in the `Task(<id>)` group with the tab it started on. At
// every model request the mask is held against its rule in every tab's DOM.

import { describe, expect, it } from 'vitest';
import { act, control } from '../support/agent';
import type { PanelGlobal } from '../support/panel';
import { activate, personOpens, type TabFacts, tabFacts } from './agent-tabs-browser';
import {
  type AgentSeen,
  actionsIn,
  pageLog,
  pollFor,
  runInstruction,
  stepTabs,
  taskIdOf,
  toolResultsOf,
} from './agent-tabs-harness';
import {
  agentTabsSuite,
  clickCount,
  clicksOf,
  finish,
  holdsMaskRule,
  nameOf,
  ownedTabs,
  playChecked,
  stepPage,
  tabNamed,
} from './agent-tabs-suite';

const suite = agentTabsSuite();
const page = (name: string) => stepPage(suite, name);

describe("the agent's own tabs, with the real loop", () => {
  it('adopts a target=_blank tab and a window.open popup from its tab, and switch_tab refuses a person tab', async () => {
    const person = await personOpens(suite.harness, page('bystander'));
    const agent = await personOpens(suite.harness, page('origin'));
    const met: { blank?: number; popup?: number; refused: boolean; refusal?: AgentSeen } = { refused: false };
    playChecked(suite, (seen) => {
      const name = nameOf(seen);
      if (name === 'origin' && met.blank === undefined) {
        return act('click', { ref: control(seen, 'link', /open in a new tab/i).ref });
      }
      if (name === 'origin') return act('click', { ref: control(seen, 'button', /open a popup/i).ref });
      if (name === 'origin-blank') {
        met.blank = seen.tabId ?? undefined;
        return clicksOf(seen) === 0 ? clickCount(seen) : act('switch_tab', { tabId: agent.tabId });
      }
      if (name === 'origin-popup') {
        met.popup = seen.tabId ?? undefined;
        if (clicksOf(seen) === 0) return clickCount(seen);
        if (!met.refused) {
          met.refused = true;
          return act('switch_tab', { tabId: person.tabId });
        }
        met.refusal = seen; // what the model reads back after the refused switch
        return finish('Step 1 of origin-popup');
      }
      throw new Error(`The agent is on an unexpected page: ${seen.url}`);
    });

    const { result, events } = await runInstruction(suite.harness.panel, 'Count once in each tab the page opens.');

    expect(suite.failures).toEqual([]);
    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const blank = await tabNamed(suite, 'origin-blank');
    const popup = await tabNamed(suite, 'origin-popup');
    // The agent followed both new tabs (its observations named them), and was never on the person's tab.
    expect([met.blank, met.popup]).toEqual([blank.tabId, popup.tabId]);
    const steps = stepTabs(events);
    expect(steps).toEqual(expect.arrayContaining([agent.tabId, blank.tabId, popup.tabId]));
    expect(steps).not.toContain(person.tabId);
    expect(await ownedTabs(suite)).toEqual(
      expect.arrayContaining([
        [agent.tabId, 'initial'],
        [blank.tabId, 'popup'],
        [popup.tabId, 'popup'],
      ]),
    );
    const taskId = taskIdOf(events);
    for (const tabId of [agent.tabId, blank.tabId, popup.tabId]) {
      expect((await tabFacts(suite.harness, tabId))?.groupTitle).toBe(`Task(${taskId})`);
    }

    // The pages' own log: the links were used on the agent's tab, the counting happened in the adopted tabs.
    await pollFor(
      async () => actionsIn(pageLog(suite.site, suite.logStart)).length,
      (n) => n >= 4,
    );
    const actions = actionsIn(pageLog(suite.site, suite.logStart)).map((a) => [a.page, a.event, a.tab]);
    expect(actions).toEqual([
      ['origin', 'blank', agent.key],
      ['origin-blank', 'click', blank.key],
      ['origin', 'popup', agent.key],
      ['origin-popup', 'click', popup.key],
    ]);

    // switch_tab to the person's tab: an error result that says why, and the agent stays where it was.
    const switches = toolResultsOf(events).filter((r) => r.name === 'switch_tab');
    expect(switches.map((r) => r.outcome)).toEqual(['ok', 'execute_error']);
    expect(switches[1]?.summary).toContain(`Tab ${person.tabId} is not one of this task's tabs`);
    expect(met.refusal?.results).toEqual([
      { isError: true, text: expect.stringContaining(`Tab ${person.tabId} is not one of this task's tabs`) },
    ]);
    expect(met.refusal?.tabId).toBe(popup.tabId);
    expect(person.key).not.toBe(agent.key);
  });

  it('opens tabs in the background, in the Task(<id>) group together with the tab it started on', async () => {
    const start = await personOpens(suite.harness, page('home'));
    let opened: { tabId: number; said: string } | null = null;
    const facts: { opened?: TabFacts | null; start?: TabFacts | null; taskId?: string | null } = {};
    // Each step the mask is checked against the rule (playChecked): on the person's tab while the agent works there,
    // nowhere while it works in its background tab, and on that tab once the person looks at it.
    playChecked(suite, async (seen) => {
      const name = nameOf(seen);
      if (name === 'home' && !opened) return act('open_url', { url: page('opened'), newTab: true });
      if (name === 'home') return act('switch_tab', { tabId: opened?.tabId });
      if (name !== 'opened' || seen.tabId === null) throw new Error(`Unexpected page ${seen.url}`);
      if (!opened) {
        // The model reads that the tab was opened; before anything else moves, look at the tabs as they are now.
        opened = { tabId: seen.tabId, said: seen.results[0]?.text ?? '' };
        facts.opened = await tabFacts(suite.harness, seen.tabId);
        facts.start = await tabFacts(suite.harness, start.tabId);
        facts.taskId = await suite.harness.panel.evaluate(
          () => (globalThis as PanelGlobal).steadyhand.controller.taskId,
        );
        return clickCount(seen);
      }
      if (seen.previousTools.includes('click')) return act('switch_tab', { tabId: start.tabId });
      // Back on the opened tab: the person now looks at it, and the mask must come with them.
      const openedPage = suite.harness.context.pages().find((p) => p.url().includes('name=opened'));
      if (!openedPage) throw new Error('No page for the opened tab');
      await activate(suite.harness, openedPage, seen.tabId);
      await holdsMaskRule(suite, seen);
      return finish('Step 1 of opened');
    });

    const { result, events } = await runInstruction(suite.harness.panel, 'Open the page in a new tab and count there.');

    expect(suite.failures).toEqual([]);
    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    if (!opened) throw new Error('The agent opened no tab');
    const { tabId, said } = opened;
    expect(said).toContain(`open_url: tab ${tabId} committed to`);
    const taskId = taskIdOf(events);
    expect(facts.taskId).toBe(taskId);
    // Right after open_url: the new tab is in the background, the person's tab kept the focus, both in the group.
    expect(facts.opened).toMatchObject({ active: false, groupTitle: `Task(${taskId})` });
    expect(facts.start).toMatchObject({ active: true, groupTitle: `Task(${taskId})` });
    expect(facts.opened?.groupId).toBe(facts.start?.groupId);
    expect(stepTabs(events)).toEqual([start.tabId, tabId, tabId, start.tabId, tabId]);
    expect(await ownedTabs(suite)).toEqual([
      [start.tabId, 'initial'],
      [tabId, 'opened'],
    ]);
    // The count landed in the new tab, while the person's tab was the one in front.
    const newTab = await tabNamed(suite, 'opened');
    expect(newTab.tabId).toBe(tabId);
    await pollFor(
      async () => actionsIn(pageLog(suite.site, suite.logStart)).length,
      (n) => n >= 1,
    );
    expect(actionsIn(pageLog(suite.site, suite.logStart)).map((a) => [a.page, a.tab])).toEqual([
      ['opened', newTab.key],
    ]);
    expect(newTab.key).not.toBe(start.key);
  });
});
