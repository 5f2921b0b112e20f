// "Ask before acting" in the loop (decision 0026): nothing acts before the person approves a plan (a call that would
// act is refused as data; reading is allowed), the approved plan (as edited) is the tool's result, its sites are
// allowed by the approval and a site the person removed is asked about, its changes are kept on the task, Cancel ends
// the task with nothing done, and a follow-up keeps the task's mode.

import { describe, expect, it } from 'vitest';
import { PLAN_CANCELLED_SUMMARY } from '../../../../src/panel/agent/run/loop';
import { ASK_FIRST_PROMPT, type PlanAnswer, type TaskPlan } from '../../../../src/panel/agent/sites/plan';
import type { AgentSetup } from '../fakes/harness';
import { setupAgent } from '../fakes/harness';
import { call, calls, lastUserText, toolResults } from '../fakes/scripted-model';
import { CALENDAR, DOCS, RESULTS, SHOP, SITE } from '../fakes/sites';

const PLAN = {
  summary: 'Search the shop for a lamp and compare with the docs',
  sites: ['https://shop.test', 'docs.test'],
  changes: [
    { site: 'https://shop.test', kind: 'submit', what: 'Send the search form' },
    { site: 'https://docs.test', kind: 'post', what: 'Post a comment' },
  ],
  steps: '1. Search for lamp\n2. Read the docs',
};
const propose = call('propose_plan', PLAN);
const search = call('click', { ref: 2 });
const giveUp = call('done', { success: false, answer: 'Stopping here.' });

/** An agent whose person answers each plan with `answer(plan)`, and each site question with `answerSites`. */
function planAgent(answer: (plan: TaskPlan) => PlanAnswer, setup: Partial<AgentSetup> = {}) {
  const h = setupAgent({ site: SITE, settings: { autonomy: 'ask_first' }, ...setup });
  h.controller.subscribe((event) => {
    if (event.type === 'plan_proposed') h.controller.answerPlan(event.planId, answer(event.plan));
  });
  return h;
}

const approveAsIs = (plan: TaskPlan): PlanAnswer => ({ approved: true, plan });

describe('the order of "Ask before acting"', () => {
  it('refuses a call that would act before a plan is approved, as data, and runs nothing on the page', async () => {
    const h = planAgent(approveAsIs, { turns: [search, giveUp] });

    await h.controller.execute('Find a lamp');

    const [refused] = toolResults(h.model.requests[1]);
    expect(refused).toMatchObject({ isError: true });
    expect(refused?.text).toContain('click was not run: this task runs in "Ask before acting"');
    expect(refused?.text).toContain('Call propose_plan first');
    expect(h.of('tool_result')[0]).toMatchObject({ name: 'click', outcome: 'skipped' });
    expect(h.browser.tab(h.tabId).url).toBe(SHOP);
    expect(h.of('repair')).toEqual([]);
  });

  it('lets the model read the page before its plan, and act once the plan is approved', async () => {
    const h = planAgent(approveAsIs, { turns: [call('read_page'), propose, search, giveUp] });

    await h.controller.execute('Find a lamp');

    expect(h.of('tool_result').map((r) => [r.name, r.outcome])).toEqual([
      ['read_page', 'ok'],
      ['propose_plan', 'ok'],
      ['click', 'ok'],
      ['done', 'done_accepted'],
    ]);
    expect(h.browser.tab(h.tabId).url).toBe(RESULTS);
  });

  it('does not run what the model wrote after propose_plan in the same turn', async () => {
    const h = planAgent(approveAsIs, {
      turns: [calls({ name: 'propose_plan', input: PLAN }, { name: 'click', input: { ref: 2 } }), giveUp],
    });

    await h.controller.execute('Find a lamp');

    const [, after] = toolResults(h.model.requests[1]);
    expect(after?.text).toContain("written before you read the person's answer to your plan");
    expect(h.browser.tab(h.tabId).url).toBe(SHOP);
  });

  it('in "Act without asking" offers no propose_plan and acts at once', async () => {
    const h = setupAgent({ site: SITE, turns: [search, giveUp] });

    await h.controller.execute('Find a lamp');

    expect(h.model.requests[0]?.tools.map((tool) => tool.name)).not.toContain('propose_plan');
    expect(h.model.requests[0]?.system.map((block) => block.text).join('\n')).not.toContain(ASK_FIRST_PROMPT);
    expect(h.browser.tab(h.tabId).url).toBe(RESULTS);
  });

  it('offers propose_plan and says the order in the system prompt, in a task started in "Ask before acting"', async () => {
    const h = setupAgent({ site: SITE, turns: [giveUp] });

    await h.controller.execute('Find a lamp', { autonomy: 'ask_first' });

    const [request] = h.model.requests;
    expect(request?.tools.map((tool) => tool.name)).toContain('propose_plan');
    expect(request?.system.at(-1)?.text).toBe(ASK_FIRST_PROMPT);
  });

  it("keeps the task's mode for a follow-up, and asks a plan for the follow-up too", async () => {
    const h = planAgent(approveAsIs, { settings: { autonomy: 'act' }, turns: [propose, giveUp, search, giveUp] });

    await h.controller.execute('Read the shop', { autonomy: 'ask_first' });
    await h.controller.followUp('Now search for a lamp');

    const followUp = h.model.requests[2];
    expect(followUp?.tools.map((tool) => tool.name)).toContain('propose_plan');
    expect(toolResults(h.model.requests[3])[0]?.text).toContain('click was not run');
    expect(h.browser.tab(h.tabId).url).toBe(SHOP);
  });
});

describe('what the person makes of the plan', () => {
  it('gives the model the plan as edited, says what changed, and keeps only the approved changes', async () => {
    const h = planAgent(
      (plan) => ({
        approved: true,
        plan: { ...plan, sites: ['https://shop.test'], steps: '1. Search for a desk lamp only' },
        note: 'Cheapest first',
      }),
      { turns: [propose, giveUp] },
    );

    await h.controller.execute('Find a lamp');

    const text = toolResults(h.model.requests[1])[0]?.text ?? '';
    expect(text).toContain('The person edited the plan before approving it: removed the site(s) docs.test');
    expect(text).toContain('removed the change(s) post on https://docs.test ("Post a comment")');
    expect(text).toContain('edited the steps');
    expect(text).toContain('added a note: "Cheapest first"');
    expect(text).toContain('"steps":"1. Search for a desk lamp only"');
    expect(h.controller.plannedChanges).toEqual([
      { origin: 'https://shop.test', kind: 'submit', what: 'Send the search form' },
    ]);
    expect(h.of('plan_decided')).toMatchObject([
      {
        approved: true,
        plan: { sites: ['https://shop.test'] },
        edits: { removedSites: ['docs.test'], stepsEdited: true, note: 'Cheapest first' },
      },
    ]);
  });

  it("allows the plan's sites by the approval (no question) and asks about the site the person removed", async () => {
    const asked: string[] = [];
    const h = planAgent(
      (plan) => ({ approved: true, plan: { ...plan, sites: plan.sites.filter((s) => s !== 'docs.test') } }),
      {
        turns: [
          call('propose_plan', { ...PLAN, sites: ['docs.test', 'https://cal.test'], changes: [] }),
          call('open_url', { url: CALENDAR }),
          call('open_url', { url: DOCS }),
          giveUp,
        ],
        answerSites: (origin) => {
          asked.push(origin);
          return 'deny';
        },
      },
    );

    await h.controller.execute('Look around');

    expect(asked).toEqual(['https://docs.test']);
    expect(h.of('permission_decided')).toMatchObject([
      { origin: 'https://cal.test', decision: 'once', by: 'plan' },
      { origin: 'https://docs.test', decision: 'deny', by: 'person' },
    ]);
  });

  it('Cancel ends the task with nothing done, and the model is told', async () => {
    const h = planAgent(() => ({ approved: false }), {
      turns: [calls({ name: 'propose_plan', input: PLAN }, { name: 'click', input: { ref: 2 } })],
    });

    const result = await h.controller.execute('Find a lamp');

    expect(result).toMatchObject({ status: 'stopped', stopCause: 'person', summary: PLAN_CANCELLED_SUMMARY });
    expect(h.of('tool_result').map((r) => r.name)).toEqual(['propose_plan']);
    expect(h.browser.tab(h.tabId).url).toBe(SHOP);
    expect(h.model.requests).toHaveLength(1);
    expect(h.controller.plannedChanges).toEqual([]);
    expect(h.of('plan_decided')).toMatchObject([{ approved: false }]);
  });

  it('refuses a plan whose change is on a site the plan does not name, as invalid input', async () => {
    const h = planAgent(approveAsIs, {
      turns: [
        call('propose_plan', { ...PLAN, changes: [{ site: 'https://evil.test', kind: 'payment', what: 'Pay' }] }),
        giveUp,
      ],
    });

    await h.controller.execute('Find a lamp');

    expect(h.of('tool_result')[0]).toMatchObject({ name: 'propose_plan', outcome: 'invalid_input' });
    expect(lastUserText(h.model.requests[1])).toContain("not one of the plan's sites");
    expect(h.of('plan_proposed')).toEqual([]);
  });
});
