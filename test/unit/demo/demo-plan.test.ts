// The offline demo in "Ask before acting": offered propose_plan, it proposes the shop task's plan first (its site,
// the order it will place), and plays the task once the plan was proposed.

import { describe, expect, it } from 'vitest';
import { Conversation } from '../../../src/panel/agent/model/conversation';
import { proposePlan } from '../../../src/panel/agent/tools/plan-tool';
import { DemoModel } from '../../../src/panel/demo/demo-model';
import { demoInstruction } from '../../../src/panel/demo/demo-task';

const SHOP = 'http://127.0.0.1:4000/';
const PAGE = `Step 1 (10 steps left after this one).\nAgent's tab: 7\nBEGIN UNTRUSTED PAGE CONTENT id=ab\nURL: ${SHOP}\n# Houseplants\n[4] link "View Monstera" → /product.html?id=monstera\nEND UNTRUSTED PAGE CONTENT id=ab`;
const PLAN_TOOL = { name: 'propose_plan', description: 'plan', input_schema: { type: 'object' as const } };

/** One model turn, kept in the conversation as the loop keeps it. */
async function turn(conversation: Conversation, tools: (typeof PLAN_TOOL)[]) {
  const messages = conversation.next(PAGE);
  const answer = await new DemoModel().complete(
    { system: [], tools, maxTokens: 100, messages },
    { signal: new AbortController().signal },
  );
  conversation.commit(messages, answer.content);
  return answer;
}

describe('the demo in "Ask before acting"', () => {
  it('proposes a plan the plan tool accepts, naming the shop and the order, before its first action', async () => {
    const conversation = new Conversation();
    conversation.begin(demoInstruction(SHOP), false);
    const first = await turn(conversation, [PLAN_TOOL]);
    expect(first.toolCalls.map((call) => call.name)).toEqual(['propose_plan']);
    const input = first.toolCalls[0]?.input;
    expect(proposePlan.prepare(input)).toMatchObject({ ok: true });
    expect(input).toMatchObject({
      sites: ['http://127.0.0.1:4000'],
      changes: [{ site: 'http://127.0.0.1:4000', kind: 'order' }],
    });
  });

  it('acts once the plan was proposed, and never proposes one when the tool is not offered', async () => {
    const conversation = new Conversation();
    conversation.begin(demoInstruction(SHOP), false);
    const first = await turn(conversation, [PLAN_TOOL]);
    conversation.answer({ type: 'tool_result', tool_use_id: first.toolCalls[0]?.id ?? '', content: 'approved' });
    const next = await turn(conversation, [PLAN_TOOL]);
    expect(next.toolCalls.map((call) => call.name)).toEqual(['click']);

    const plain = new Conversation();
    plain.begin(demoInstruction(SHOP), false);
    expect((await turn(plain, [])).toolCalls.map((call) => call.name)).toEqual(['click']);
  });
});
