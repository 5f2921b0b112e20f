// The replay's model (src/panel/agent/replay/replay-model.ts) on requests as the loop writes them (observationText):
// each saved step is played against the fresh observation, checked afterwards by its result, and at the first
// mismatch the person's model gets a conversation that starts afresh and is told what was done and why it stopped.

import { describe, expect, it } from 'vitest';
import type { OwnedTab } from '../../../../src/panel/agent/core/ports';
import type { AgentModel, MessageParam, ModelRequest, ModelTurn } from '../../../../src/panel/agent/model/agent-model';
import { ReplayModel } from '../../../../src/panel/agent/replay/replay-model';
import type { SavedStep, SavedTask } from '../../../../src/panel/agent/replay/saved-task';
import { observationText } from '../../../../src/panel/agent/run/prompt';
import type { Snapshot } from '../../../../src/shared/page-types';

const ORIGIN = 'http://shop.test';

function page(step: number, path: string, controls: string, body = ''): string {
  const url = `${ORIGIN}${path}`;
  const viewport = { width: 800, height: 600, scrollX: 0, scrollY: 0, pageWidth: 800, pageHeight: 600 };
  const text = `${controls}\n${body}`;
  const snapshot = { snapshotId: 's', url, title: 'Shop', elements: [], text, truncated: false, viewport };
  return observationText(
    {
      step,
      stepsLeft: 20,
      tabId: 7,
      url,
      tabs: [{ tabId: 7, url, isCurrent: true, origin: 'start' } as unknown as OwnedTab],
      snapshot: snapshot as unknown as Snapshot,
      problem: null,
    },
    'n0nce',
  );
}

const step = (over: Partial<SavedStep>): SavedStep => ({
  intent: 'Clicking',
  tool: 'click',
  args: {},
  place: { origin: ORIGIN, path: '/' },
  effects: ['navigation'],
  sideEffect: false,
  tokens: 100,
  ...over,
});

const SAVED: SavedTask = {
  format: 'steadyhand-saved-task',
  version: 1,
  id: 'order',
  title: 'Order {plant}',
  instruction: 'Buy one {plant}',
  variables: [{ name: 'plant', example: 'Fern' }],
  startUrl: `${ORIGIN}/`,
  steps: [
    step({ intent: 'Open {plant}', target: { role: 'link', name: 'View {plant}', nth: 0, count: 1 } }),
    step({
      intent: 'Place the order',
      place: { origin: ORIGIN, path: '/product' },
      target: { role: 'button', name: 'Buy', nth: 0, count: 1 },
      sideEffect: true,
    }),
  ],
  done: { evidence: { quotes: ['Order FF-123456'] } },
  fromTaskId: 't1',
  createdAt: 0,
  updatedAt: 0,
};

const request = (messages: MessageParam[]): ModelRequest => ({ system: [], tools: [], messages, maxTokens: 1000 });
const user = (text: string): MessageParam => ({ role: 'user', content: [{ type: 'text', text }] });
const options = { signal: new AbortController().signal };

/** The person's model: records what it was sent and answers with a done. */
function healer(): { model: AgentModel; asked: ModelRequest[] } {
  const asked: ModelRequest[] = [];
  const model: AgentModel = {
    modelId: 'claude-test',
    async complete(req) {
      asked.push(req);
      return {
        content: [{ type: 'text', text: 'ok' }],
        text: 'ok',
        thinking: '',
        toolCalls: [],
        stopReason: 'end_turn',
        usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
        model: 'claude-test',
      };
    },
  };
  return { model, asked };
}

const call = (turn: ModelTurn) => turn.toolCalls[0] as { id: string; name: string; input: Record<string, unknown> };

describe('ReplayModel', () => {
  it('plays each step on its target as the fresh page lists it, with the values filled, then offers the live evidence', async () => {
    const { model: person, asked } = healer();
    const replay = new ReplayModel({ saved: SAVED, values: { plant: 'Cactus' }, healer: () => person });
    const first = call(
      await replay.complete(request([user(page(1, '/', '[3] link "View Fern"\n[4] link "View Cactus"'))]), options),
    );
    expect(first).toMatchObject({ name: 'click', input: { ref: 4 } });
    replay.noteResult({
      callId: first.id,
      outcome: 'ok',
      summary: 'ok (navigation)',
      verification: { verified: true, effects: ['navigation'] },
    });
    const second = call(await replay.complete(request([user(page(2, '/product', '[9] button "Buy"'))]), options));
    expect(second).toMatchObject({ name: 'click', input: { ref: 9 } });
    replay.noteResult({
      callId: second.id,
      outcome: 'ok',
      summary: 'ok (navigation)',
      verification: { verified: true, effects: ['navigation', 'dom_change'] },
    });
    const done = call(
      await replay.complete(request([user(page(3, '/thanks', '', 'Thanks! Order FF-654321 is placed.'))]), options),
    );
    // The saved run's number was another: the one this page shows, found by its shape, is offered to the gate.
    expect(done).toMatchObject({ name: 'done', input: { success: true, evidence: { quotes: ['Order FF-654321'] } } });
    expect(asked).toEqual([]);
    expect(replay.report).toMatchObject({ stepsReplayed: 2, healedAt: null, modelCalls: 0, tokensSaved: 200 });
  });

  it('sends each step with the kinds of effect it had when recorded, less focus and scroll, so the page settles sooner', async () => {
    const saved: SavedTask = {
      ...SAVED,
      steps: [
        step({
          intent: 'Type the name',
          tool: 'type',
          args: { text: 'Ada' },
          target: { role: 'textbox', name: 'Name', nth: 0, count: 1 },
          effects: ['focus_change', 'value_change', 'dom_change'],
        }),
        step({
          intent: 'Scroll down',
          tool: 'scroll',
          args: { direction: 'down' },
          effects: ['scroll', 'focus_change'],
        }),
      ],
    };
    const { model: person } = healer();
    const replay = new ReplayModel({ saved, values: { plant: 'Cactus' }, healer: () => person });
    const typed = (await replay.complete(request([user(page(1, '/', '[5] textbox "Name"'))]), options)).toolCalls[0];
    expect(typed).toMatchObject({
      name: 'type',
      input: { ref: 5, text: 'Ada' },
      expect: ['value_change', 'dom_change'],
    });
    replay.noteResult({
      callId: typed?.id ?? '',
      outcome: 'ok',
      summary: 'ok (value change)',
      verification: { verified: true, effects: ['value_change'] },
    });
    // Nothing telling to wait for: the page keeps its full quiet window.
    const scrolled = (await replay.complete(request([user(page(2, '/', '[5] textbox "Name"'))]), options)).toolCalls[0];
    expect(scrolled).toMatchObject({ name: 'scroll' });
    expect(scrolled).not.toHaveProperty('expect');
  });

  it('hands over where a step did not do what it did in the saved run, and never offers a side effect in doubt again', async () => {
    const { model: person, asked } = healer();
    const replay = new ReplayModel({ saved: SAVED, values: { plant: 'Fern' }, healer: () => person });
    const first = call(await replay.complete(request([user(page(1, '/', '[3] link "View Fern"'))]), options));
    replay.noteResult({
      callId: first.id,
      outcome: 'ok',
      summary: 'ok (navigation)',
      verification: { verified: true, effects: ['navigation'] },
    });
    const second = call(await replay.complete(request([user(page(2, '/product', '[9] button "Buy"'))]), options));
    // The order button only changed the page in place: the saved run's order left the page.
    replay.noteResult({
      callId: second.id,
      outcome: 'ok',
      summary: 'ok (dom_change)',
      verification: { verified: true, effects: ['dom_change'] },
    });
    const messages: MessageParam[] = [
      user(page(1, '/', '[3] link "View Fern"')),
      { role: 'assistant', content: [{ type: 'tool_use', id: second.id, name: 'click', input: { ref: 9 } }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: second.id,
            content: [{ type: 'text', text: `ok\n${page(3, '/product', '[9] button "Buy"', 'Please confirm.')}` }],
          },
        ],
      },
    ];
    await replay.complete(request(messages), options);
    expect(asked).toHaveLength(1);
    const sent = asked[0]?.messages ?? [];
    expect(sent).toHaveLength(1);
    expect(sent[0]?.role).toBe('user');
    const text = JSON.stringify(sent[0]?.content);
    expect(text).not.toContain('tool_result');
    expect(text).toContain('Place the order');
    expect(text).toMatch(/may already have happened/);
    expect(text).toContain('Step 3 (');
    expect(replay.report).toMatchObject({ stepsReplayed: 1, healedAt: 1, modelCalls: 1 });

    // The model's own turns follow the fresh start, as the loop keeps them.
    const later = [
      ...messages,
      { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'ok' }] },
      user(page(4, '/product', '')),
    ];
    await replay.complete(request(later), options);
    expect(asked[1]?.messages).toEqual([sent[0], later[3], later[4]]);
  });

  it('stops before acting on a site the block list holds, without asking the model', async () => {
    const { model: person, asked } = healer();
    const replay = new ReplayModel({
      saved: SAVED,
      values: {},
      healer: () => person,
      blockedSites: () => ['shop.test'],
    });
    const turn = call(await replay.complete(request([user(page(1, '/', '[3] link "View Fern"'))]), options));
    expect(turn).toMatchObject({ name: 'done', input: { success: false } });
    expect(String(turn.input.answer)).toMatch(/block list/);
    expect(asked).toEqual([]);
  });
});
