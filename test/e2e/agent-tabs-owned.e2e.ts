// The task's tabs (docs/contracts.md, Seeds 001 and 003) with the real agent loop: which tabs a task may use. Popups
// from its tab (a target=_blank link, window.open) are adopted and worked in, a tab the person opened is refused by
// switch_tab, and tabs it opens itself stay in the background in the `Task(<id>)` group with the tab it started on. At
// every model request the mask is held against its rule in every tab's DOM.

import { activate, personOpens, type TabFacts, tabFacts } from './agent-tabs-browser';
import { actionsIn, pageLog, pollFor, stepTabs, taskIdOf, toolResultsOf } from './agent-tabs-harness';
import {
  agentTabsSuite,
  clickCount,
  clicksOf,
  finish,
  holdsMaskRule,
  maskChecked,
  nameOf,
  ownedTabs,
  stepPage,
  tabNamed,
} from './agent-tabs-suite';
import { act, control, describe, expect, it, type PanelGlobal, play, runTask, type Seen } from './kit';

const suite = agentTabsSuite();

describe("the agent's own tabs, with the real loop", () => {
  it('adopts a target=_blank tab and a window.open popup from its tab, and switch_tab refuses a person tab', async ({
    browser,
    site,
    model,
  }) => {
    const person = await personOpens(browser, stepPage(site, 'bystander'));
    const agent = await personOpens(browser, stepPage(site, 'origin'));
    const met: { blank?: number; popup?: number; refused: boolean; refusal?: Seen } = { refused: false };
    play(
      model,
      maskChecked(browser, suite, (seen) => {
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
      }),
    );

    const { result, events } = await runTask(browser.panel, 'Count once in each tab the page opens.');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const blank = await tabNamed(browser, 'origin-blank');
    const popup = await tabNamed(browser, 'origin-popup');
    // The agent followed both new tabs (its observations named them), and was never on the person's tab.
    expect([met.blank, met.popup]).toEqual([blank.tabId, popup.tabId]);
    const steps = stepTabs(events);
    expect(steps).toEqual(expect.arrayContaining([agent.tabId, blank.tabId, popup.tabId]));
    expect(steps).not.toContain(person.tabId);
    expect(await ownedTabs(browser.panel)).toEqual(
      expect.arrayContaining([
        [agent.tabId, 'initial'],
        [blank.tabId, 'popup'],
        [popup.tabId, 'popup'],
      ]),
    );
    const taskId = taskIdOf(events);
    for (const tabId of [agent.tabId, blank.tabId, popup.tabId]) {
      expect((await tabFacts(browser, tabId))?.groupTitle).toBe(`Task(${taskId})`);
    }

    // The pages' own log: the links were used on the agent's tab, the counting happened in the adopted tabs.
    await pollFor(
      async () => actionsIn(pageLog(site, suite.logStart)).length,
      (n) => n >= 4,
    );
    const actions = actionsIn(pageLog(site, suite.logStart)).map((a) => [a.page, a.event, a.tab]);
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

  it('opens tabs in the background, in the Task(<id>) group together with the tab it started on', async ({
    browser,
    site,
    model,
  }) => {
    const start = await personOpens(browser, stepPage(site, 'home'));
    let opened: { tabId: number; said: string } | null = null;
    const facts: { opened?: TabFacts | null; start?: TabFacts | null; taskId?: string | null } = {};
    // Each step the mask is checked against the rule (maskChecked): on the person's tab while the agent works there,
    // nowhere while it works in its background tab, and on that tab once the person looks at it.
    play(
      model,
      maskChecked(browser, suite, async (seen) => {
        const name = nameOf(seen);
        if (name === 'home' && !opened) return act('open_url', { url: stepPage(site, 'opened'), newTab: true });
        if (name === 'home') return act('switch_tab', { tabId: opened?.tabId });
        if (name !== 'opened' || seen.tabId === null) throw new Error(`Unexpected page ${seen.url}`);
        if (!opened) {
          // The model reads that the tab was opened; before anything else moves, look at the tabs as they are now.
          opened = { tabId: seen.tabId, said: seen.results[0]?.text ?? '' };
          facts.opened = await tabFacts(browser, seen.tabId);
          facts.start = await tabFacts(browser, start.tabId);
          facts.taskId = await browser.panel.evaluate(
            () => (globalThis as PanelGlobal).steadyhand.host.latest()?.controller.taskId,
          );
          return clickCount(seen);
        }
        if (seen.previousTools.includes('click')) return act('switch_tab', { tabId: start.tabId });
        // Back on the opened tab: the person now looks at it, and the mask must come with them.
        const openedPage = browser.context.pages().find((p) => p.url().includes('name=opened'));
        if (!openedPage) throw new Error('No page for the opened tab');
        await activate(browser, openedPage, seen.tabId);
        await holdsMaskRule(browser, suite, seen);
        return finish('Step 1 of opened');
      }),
    );

    const { result, events } = await runTask(browser.panel, 'Open the page in a new tab and count there.');

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
    expect(await ownedTabs(browser.panel)).toEqual([
      [start.tabId, 'initial'],
      [tabId, 'opened'],
    ]);
    // The count landed in the new tab, while the person's tab was the one in front.
    const newTab = await tabNamed(browser, 'opened');
    expect(newTab.tabId).toBe(tabId);
    await pollFor(
      async () => actionsIn(pageLog(site, suite.logStart)).length,
      (n) => n >= 1,
    );
    expect(actionsIn(pageLog(site, suite.logStart)).map((a) => [a.page, a.tab])).toEqual([['opened', newTab.key]]);
    expect(newTab.key).not.toBe(start.key);
  });
});
