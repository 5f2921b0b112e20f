// Kept groups do not pile up (issue 28; src/panel/tabs/ownership/kept-groups.ts): with "Stay in their group (the last three tasks keep theirs)" (the
// default), four tasks one after another leave only the newest three `Task(<id>)` groups; the oldest is ungrouped,
// its tab still open, and a group of the person's own is never touched.

import { act, describe, expect, it, openTab, play, runTask } from './kit';

const WEIGHT = /Ruby falcon\s*\|\s*([\d,]+ grams)/;

interface GroupSeen {
  title: string;
  tabs: string[];
}

describe('groups kept at tasks’ ends', () => {
  it('leaves the newest three task groups, ungroups the oldest with its tabs open, and spares the person’s', async ({
    browser,
    site,
    model,
  }) => {
    const { panel } = browser;
    // The person's own group, made before any task.
    const own = await openTab(browser, site.url('/agent/agent-facts.html?own'));
    await panel.evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      const groupId = await chrome.tabs.group({ tabIds: tab?.id ?? -1 });
      await chrome.tabGroups.update(groupId, { title: 'Recipes' });
    }, own.page.url());

    play(model, (seen) => {
      if (!seen.url?.includes('agent-facts-2')) {
        return act('open_url', { url: site.url(`/agent/agent-facts-2.html?task=${seen.index}`) });
      }
      if (!seen.previousTools.includes('read_page')) return act('read_page');
      const weight = WEIGHT.exec(seen.text)?.[1] ?? 'unknown';
      return act('done', {
        success: true,
        kind: 'reading',
        answer: `It weighs ${weight}.`,
        evidence: { quotes: [weight] },
      });
    });

    const taskIds: string[] = [];
    for (let i = 1; i <= 4; i += 1) {
      const person = await openTab(browser, site.url(`/agent/agent-facts.html?person=${i}`));
      await person.page.bringToFront();
      const { result } = await runTask(panel, `How much does the ruby falcon weigh? (${i})`);
      expect(result).toMatchObject({ status: 'succeeded', verified: true });
      taskIds.push(result.taskId);
    }

    const groupsNow = () =>
      panel.evaluate(async () => {
        const groups = await chrome.tabGroups.query({});
        return Promise.all(
          groups.map(async (group) => ({
            title: group.title ?? '',
            tabs: (await chrome.tabs.query({ groupId: group.id })).map((tab) => tab.url ?? ''),
          })),
        );
      });
    const titles = (groups: GroupSeen[]) => groups.map((group) => group.title).sort();
    await expect
      .poll(async () => titles(await groupsNow()))
      .toEqual(['Recipes', ...taskIds.slice(1).map((id) => `Task(${id})`)].sort());

    // The oldest task's tab is still open, in no group (the first task opened ?task=0); the person's group still
    // holds their tab.
    const opened = await panel.evaluate(() => chrome.tabs.query({ url: '*://*/agent/agent-facts-2.html*' }));
    const ungrouped = opened.filter((tab) => tab.groupId === -1).map((tab) => new URL(tab.url ?? '').search);
    expect(ungrouped).toEqual(['?task=0']);
    expect(opened).toHaveLength(4);
    const recipes = (await groupsNow()).find((group) => group.title === 'Recipes');
    expect(recipes?.tabs).toEqual([own.page.url()]);
  });
});
