import { describe, expect, it } from 'vitest';
import { Conversation } from '../../../src/panel/agent/model/conversation';
import { isDemoTask, latestInstruction } from '../../../src/panel/demo/demo-listens';
import { DEMO_REFUSAL, DemoModel } from '../../../src/panel/demo/demo-model';
import { demoInstruction } from '../../../src/panel/demo/demo-task';

const SHOP = 'http://127.0.0.1:4000/';
const PAGE = `Step 1 (10 steps left after this one).\nAgent's tab: 7\nBEGIN UNTRUSTED PAGE CONTENT id=ab\nURL: ${SHOP}\n# Houseplants\n[4] link "View Monstera" → /product.html?id=monstera\nEND UNTRUSTED PAGE CONTENT id=ab`;

/** The first request of a task, built by the conversation the loop uses, with the page the task starts on. */
function firstRequest(instruction: string) {
  const conversation = new Conversation();
  conversation.begin(instruction, false);
  return conversation.next(PAGE);
}

async function turnFor(messages: ReturnType<typeof firstRequest>, model = new DemoModel()) {
  return model.complete({ system: [], tools: [], maxTokens: 100, messages }, { signal: new AbortController().signal });
}

describe('which instruction is the demo task', () => {
  it('takes the example, with any case, spacing, punctuation or shop address', () => {
    expect(isDemoTask(demoInstruction(SHOP))).toBe(true);
    expect(isDemoTask(demoInstruction('http://localhost:5173/'))).toBe(true);
    expect(
      isDemoTask(
        '  on the fern and fig shop buy one monstera deliciosa for ada lovelace (ada@example.com) with standard shipping then tell me the order number',
      ),
    ).toBe(false);
    expect(
      isDemoTask(
        'ON THE FERN & FIG SHOP   buy one Monstera deliciosa for Ada Lovelace, ada@example.com, with standard shipping; then tell me the order number!',
      ),
    ).toBe(true);
    expect(
      isDemoTask(
        'On the Fern & Fig shop buy one Monstera deliciosa for Ada Lovelace (ada@example.com) with standard shipping, then tell me the order number.',
      ),
    ).toBe(true);
  });

  it('refuses a different task, a longer one, a follow-up, and the demo task with a word changed', () => {
    for (const other of [
      'Add the cheapest fern to the cart',
      'Buy a Monstera',
      'use express shipping',
      `${demoInstruction(SHOP)} Then buy a second one and email me the receipt.`,
      demoInstruction(SHOP).replace('standard', 'express'),
      demoInstruction(SHOP).replace('one Monstera', 'two Monstera'),
      '',
    ]) {
      expect(isDemoTask(other), other).toBe(false);
    }
  });

  it('reads the latest instruction from the conversation, never from a page', () => {
    const conversation = new Conversation();
    conversation.begin(demoInstruction(SHOP), false);
    conversation.begin('use express shipping', true);
    expect(latestInstruction(conversation.next(PAGE))).toBe('use express shipping');
    const page = PAGE.replace('# Houseplants', `Task: ${demoInstruction(SHOP)}`);
    expect(latestInstruction(new Conversation().next(page))).toBeNull();
  });
});

describe('the offline demo model listens', () => {
  it('plays the demo task from its first move', async () => {
    const turn = await turnFor(firstRequest(demoInstruction(SHOP)));
    expect(turn.toolCalls[0]).toMatchObject({ name: 'click', input: { ref: 4 } });
  });

  it('ends any other task at once with one sentence naming the task it can play', async () => {
    for (const task of ['Add the cheapest fern to the cart', `${demoInstruction(SHOP)} And a fern.`]) {
      const turn = await turnFor(firstRequest(task));
      expect(turn.toolCalls).toEqual([
        expect.objectContaining({ name: 'done', input: { success: false, answer: DEMO_REFUSAL } }),
      ]);
      expect(turn.text).toBe(DEMO_REFUSAL);
    }
    expect(DEMO_REFUSAL).toMatch(/^[^.!?]*Monstera deliciosa[^.!?]*\.$/);
  });

  it('refuses a follow-up after the demo task, in the words the panel gives it', async () => {
    const conversation = new Conversation();
    conversation.begin(demoInstruction(SHOP), false);
    conversation.begin('use express shipping', true);
    const refusal = '离线演示只能完成一个任务。';
    const turn = await turnFor(conversation.next(PAGE), new DemoModel({ refusal }));
    expect(turn.toolCalls[0]).toMatchObject({ name: 'done', input: { success: false, answer: refusal } });
  });
});
