// The repair boundary: a nudge only after execute_error, failed_verify or no_progress, at most twice per task, and a
// second no_progress after a repair ends the task.

import { describe, expect, it } from 'vitest';
import { decideRepair, MAX_REPAIRS } from '../../../src/panel/agent/run/repair';
import type { CallResult } from '../../../src/panel/agent/tools/execute';
import { setupAgent } from './fakes/harness';
import { call, lastUserText } from './fakes/scripted-model';
import { CALENDAR, RESULTS, SITE } from './fakes/sites';

const giveUp = call('done', { success: false, answer: 'Giving up.' });

describe('repair triggers', () => {
  it('repairs after an execute_error (a stale ref) and tells the model what failed', async () => {
    const h = setupAgent({ site: SITE, startUrl: RESULTS, turns: [call('click', { ref: 99 }), giveUp] });
    await h.controller.execute('Click something');
    expect(h.of('repair')).toMatchObject([{ trigger: 'execute_error', repairsUsed: 1 }]);
    const next = lastUserText(h.model.requests[1]);
    expect(next).toContain('Repair 1 of 2: the last action failed: click failed: Ref 99 does not resolve');
    expect(next).toContain(
      '(stale_ref: the element is gone or the page changed; use a ref from the latest observation)',
    );
  });

  it('repairs after a failed_verify', async () => {
    const h = setupAgent({ site: SITE, turns: [call('click', { ref: 4 }), giveUp] });
    await h.controller.execute('Press Broken');
    expect(h.of('repair')).toMatchObject([{ trigger: 'failed_verify' }]);
    // The page's reason is page content: it reaches the model inside the fence, right after the result line and
    // the element's name (docs/contracts.md P-REF: a result names what it acted on).
    expect(lastUserText(h.model.requests[1])).toMatch(
      /click \[4\] \(button\): failed_verify: the page says why, after the element \(effects: no visible effect\)\.\nBEGIN UNTRUSTED PAGE CONTENT id=(\w+)\nElement \[4\]: button "Broken"\nno observable effect\nEND UNTRUSTED PAGE CONTENT id=\1/,
    );
  });

  it('repairs after a no_progress', async () => {
    const h = setupAgent({
      site: SITE,
      startUrl: CALENDAR,
      turns: [call('read_page'), call('read_page'), call('read_page'), giveUp],
    });
    await h.controller.execute('Read');
    expect(h.of('repair')).toMatchObject([{ trigger: 'no_progress', step: 3 }]);
    expect(lastUserText(h.model.requests[3])).toContain('no progress: you are repeating read_page');
  });

  it('does not repair on invalid input, an unknown tool or a rejected done', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [
        call('type', { ref: 1 }),
        call('teleport', { to: 'mars' }),
        call('done', { success: true, answer: 'Done.' }),
        giveUp,
      ],
    });
    await h.controller.execute('Anything');
    expect(h.of('repair')).toEqual([]);
    expect(h.of('tool_result').map((e) => e.outcome)).toEqual([
      'invalid_input',
      'unknown_tool',
      'done_rejected',
      'done_accepted',
    ]);
  });

  it(`repairs at most ${MAX_REPAIRS} times per task`, async () => {
    const h = setupAgent({
      site: SITE,
      settings: { noProgressDetection: false },
      turns: [call('click', { ref: 90 }), call('click', { ref: 91 }), call('click', { ref: 92 }), giveUp],
    });
    await h.controller.execute('Click');
    expect(h.of('repair').map((e) => e.repairsUsed)).toEqual([1, 2]);
    expect(lastUserText(h.model.requests[3])).not.toContain('Repair');
  });

  it('counts repairs per task, across follow-ups', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [call('click', { ref: 90 }), call('click', { ref: 91 }), giveUp, call('click', { ref: 92 }), giveUp],
    });
    await h.controller.execute('Click');
    await h.controller.followUp('Click again');
    expect(h.of('repair')).toHaveLength(2);
  });

  it('sends the nudge after the failed call’s result, and keeps it in every later request', async () => {
    const h = setupAgent({ site: SITE, turns: [call('click', { ref: 4 }), call('read_page'), giveUp] });
    await h.controller.execute('Press Broken');
    const second = h.model.requests[1]?.messages.at(-1)?.content;
    const blocks = Array.isArray(second) ? second : [];
    expect(blocks.map((b) => b.type)).toEqual(['tool_result', 'text']);
    expect(blocks[1]?.type === 'text' && blocks[1].text).toMatch(/failed_verify/);
    // The page's own words for the failure stay inside the untrusted-content fence of the result.
    expect(JSON.stringify(blocks[0])).toMatch(/BEGIN UNTRUSTED PAGE CONTENT/);
    expect(JSON.stringify(h.model.requests[2]?.messages.slice(0, 3))).toBe(
      JSON.stringify(h.model.requests[1]?.messages),
    );
  });
});

describe('decideRepair', () => {
  const result = (outcome: CallResult['outcome']): CallResult => ({
    id: 't',
    name: 'click',
    input: {},
    outcome,
    isError: outcome !== 'ok',
    text: `click: ${outcome}`,
    brief: outcome,
    mayNavigate: true,
    effects: {},
  });
  const fresh = { repairsUsed: 0, noProgressRepaired: false };
  const loop = { kind: 'repeat' as const, tool: 'click', count: 3, description: 'repeating click' };

  it('ignores outcomes other than the three triggers', () => {
    for (const outcome of ['ok', 'invalid_input', 'unknown_tool', 'skipped', 'done_rejected'] as const) {
      expect(decideRepair([result(outcome)], null, fresh, true)).toEqual({ kind: 'none' });
    }
  });

  it('ends at a no_progress once a no_progress repair was spent, or when no repair is left', () => {
    expect(decideRepair([], loop, { repairsUsed: 1, noProgressRepaired: true }, true).kind).toBe('end_no_progress');
    expect(decideRepair([], loop, { repairsUsed: 2, noProgressRepaired: false }, true).kind).toBe('end_no_progress');
    expect(decideRepair([], loop, fresh, false).kind).toBe('end_no_progress');
    expect(decideRepair([], loop, fresh, true)).toMatchObject({ kind: 'repair', trigger: 'no_progress' });
  });
});
