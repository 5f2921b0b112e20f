// The pointer tools as the model calls them: their arguments reach the page as the PageApi shapes them, and a call
// with the wrong shape is answered with what to fix (src/panel/agent/tools/pointer-tools.ts).

import { describe, expect, it } from 'vitest';
import { anthropicTools, toolNamed } from '../../../../src/panel/agent/tools/registry';
import { setupAgent } from '../fakes/harness';
import { call, calls, toolResults } from '../fakes/scripted-model';
import { SITE } from '../fakes/sites';

const giveUp = call('done', { success: false, answer: 'Giving up.' });

async function run(turn: ReturnType<typeof calls>) {
  const h = setupAgent({ site: SITE, turns: [turn, giveUp] });
  const page = h.tabs.page(h.tabId);
  await h.controller.execute('Do it');
  return { results: toolResults(h.model.requests[1]), page };
}

describe('pointer tools', () => {
  it('pass drag, set_value, double_click, right_click and a click at a point to the page', async () => {
    const { results, page } = await run(
      calls(
        { name: 'drag', input: { ref: 1, toRef: 2 } },
        { name: 'drag', input: { ref: 1, dx: 120 } },
        { name: 'set_value', input: { ref: 1, value: 40 } },
        { name: 'double_click', input: { ref: 2 } },
        { name: 'right_click', input: { ref: 2 } },
        { name: 'click', input: { ref: 3, at: { x: 0.25, y: 0.5 } } },
      ),
    );
    expect(results.map((r) => r.isError)).toEqual([false, false, false, false, false, false]);
    // Snapshots and the first look's read of the page (its baseline, decision 0024) are not actions.
    const acted = page.calls.filter((c) => c.method !== 'snapshot' && c.method !== 'readPage');
    expect(acted.map((c) => c.args)).toEqual([
      { kind: 'drag', ref: 1, toRef: 2, dx: undefined, dy: undefined },
      { kind: 'drag', ref: 1, toRef: undefined, dx: 120, dy: undefined },
      { kind: 'setValue', ref: 1, value: '40' },
      { kind: 'doubleClick', ref: 2 },
      { kind: 'rightClick', ref: 2 },
      { kind: 'click', ref: 3, at: { x: 0.25, y: 0.5 } },
    ]);
  });

  it('answer a drag with both or neither target, and a point outside the box, with what to fix', async () => {
    const { results } = await run(
      calls(
        { name: 'drag', input: { ref: 1, toRef: 2, dx: 5 } },
        { name: 'drag', input: { ref: 1 } },
        { name: 'click', input: { ref: 1, at: { x: 1.5, y: 0.5 } } },
        { name: 'set_value', input: { ref: 1, value: '' } },
      ),
    );
    expect(results.map((r) => r.isError)).toEqual([true, true, true, true]);
    expect(results[0]?.text).toContain('give either toRef, or dx and/or dy');
    expect(results[1]?.text).toContain('give either toRef, or dx and/or dy');
    expect(results[2]?.text).toContain('Invalid input for click: at.x');
  });

  it('describe the point (at) to the model as fractions of the element’s box', () => {
    const click = anthropicTools([toolNamed('click')].filter((t) => t !== undefined))[0];
    expect(click?.input_schema).toMatchObject({
      properties: {
        at: { type: 'object', properties: { x: { minimum: 0, maximum: 1 }, y: { minimum: 0, maximum: 1 } } },
      },
      required: ['ref'],
    });
    expect(JSON.stringify(click?.input_schema)).toContain('fractions of its box');
  });
});
