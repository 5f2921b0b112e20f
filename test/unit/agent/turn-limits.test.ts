// Bounded turns (docs/contracts.md P-TURN): a turn runs at most MAX_CALLS_PER_TURN calls, and its waits add up to at
// most MAX_TURN_WAIT_MS; every call past a cap still gets its own result saying which cap it hit.

import { describe, expect, it } from 'vitest';
import { MAX_CALLS_PER_TURN, MAX_TURN_WAIT_MS } from '../../../src/panel/agent/task/turn-limits';
import { setupAgent } from './fakes/harness';
import { call, calls, toolResults } from './fakes/scripted-model';
import { SHOP, SITE } from './fakes/sites';

const giveUp = call('done', { success: false, answer: 'Giving up.' });

describe('bounded turns', () => {
  it('runs at most 12 calls of a turn and answers each call past the cap with an error saying so', async () => {
    const finds = Array.from({ length: 20 }, (_, i) => ({ name: 'find', input: { query: `lamp ${i}` } }));
    const h = setupAgent({ site: SITE, startUrl: SHOP, turns: [calls(...finds), giveUp] });

    const result = await h.controller.execute('Look for lamps');

    expect(result.status).toBe('failed');
    const ran = h.tabs.page(h.tabId).calls.filter((c) => c.method === 'find');
    expect(ran).toHaveLength(MAX_CALLS_PER_TURN);
    // Every tool_use is answered (the API requires it): 12 results of finds, 8 refusals.
    const answers = toolResults(h.model.requests[1]);
    expect(answers).toHaveLength(20);
    const refused = answers.slice(MAX_CALLS_PER_TURN);
    for (const answer of refused) {
      expect(answer.isError).toBe(true);
      expect(answer.text).toContain(
        'at most 12 run in one turn (the cap on calls per turn). Send fewer calls per turn',
      );
    }
    expect(
      h
        .of('tool_result')
        .slice(MAX_CALLS_PER_TURN, 20)
        .map((e) => e.outcome),
    ).toEqual(Array(8).fill('skipped'));
    // Refusals are no failure to repair and no repeat.
    expect(h.of('repair')).toEqual([]);
  });

  it("caps one turn's waits at 30 s in all: the wait that would go past is cut short, the next is not run", async () => {
    const waits = Array.from({ length: 10 }, () => ({
      name: 'wait_for',
      input: { text: 'Order confirmed', timeoutMs: 12_000 },
    }));
    const h = setupAgent({ site: SITE, startUrl: SHOP, turns: [calls(...waits), giveUp] });
    const start = h.clock.now();

    await h.controller.execute('Wait for the order');

    const asked = h.tabs
      .page(h.tabId)
      .calls.filter((c) => c.method === 'waitFor')
      .map((c) => (c.args as { timeoutMs: number }).timeoutMs);
    expect(asked).toEqual([12_000, 12_000, 6_000]);
    expect(asked.reduce((a, b) => a + b, 0)).toBe(MAX_TURN_WAIT_MS);
    expect(h.clock.now() - start).toBeLessThan(MAX_TURN_WAIT_MS + 5_000);
    const answers = toolResults(h.model.requests[1]);
    expect(answers).toHaveLength(10);
    expect(answers[2]?.text).toContain("within 6000 ms (cut from 12000 ms: one turn's waits add up to at most 30 s)");
    for (const answer of answers.slice(3)) {
      expect(answer).toMatchObject({ isError: true });
      expect(answer.text).toContain('this turn already waited 30 s, and one turn');
    }
  });
});
