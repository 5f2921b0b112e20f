// A model that misbehaves as real ones do, seeded (docs/contracts.md P-PROP-1): it clicks refs it remembers from pages
// the tab left, claims success with trivial, self-made and earlier evidence, sends long turns, tool names the API
// refuses and huge strings, mixed with honest moves. Whatever it does, three things hold in Chromium: no false
// "verified", no action on an element the model was not shown on the page it acted on, and every task ends within its
// budget. Replay one seed with PROOF_SEED=<n>.

import { MAX_CALLS_PER_TURN } from '../../src/panel/agent/task/turn-limits';
import { navRoutes, pageLog } from '../support/nav-routes';
import { seededRandom } from '../support/seeded-random';
import { playShop } from '../support/shop-model';
import { type SlowShop, startSlowShop } from '../support/slow-shop';
import { act, describe, expect, it, openFrontTab, play, runTask, type Seen, type Turn, toolsTurn, useKit } from './kit';

// Orders and deletes are asked about (decision 0026): the person allows each; what is checked is the proof.
useKit({ routes: navRoutes(), consent: 'once' });

const SEEDS = process.env.PROOF_SEED ? [Number(process.env.PROOF_SEED)] : [11, 23, 37, 41, 59, 73, 89, 97];
/** Requests a task may take before the policy gives up: the budget is the loop's, this only bounds the test. */
const MAX_REQUESTS = 14;

interface Remembered {
  ref: number;
  name: string;
  role: string;
  url: string;
}

/** What the model did on purpose with refs from the page it was looking at, to hold the page's log against. */
interface Intended {
  fresh: Map<string, number>;
  /** The policy played the shop's honest done, quoting the order it placed. */
  honestDone: boolean;
  stale: number;
  staleResults: string[];
}

function misbehaving(seed: number, world: 'account' | 'shop', origin: string, intended: Intended) {
  const rng = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
  const remembered: Remembered[] = [];
  let pendingTyped: string | null = null;
  return (seen: Seen): Turn => {
    const results = seen.results;
    if (intended.stale > intended.staleResults.length && results[0]) intended.staleResults.push(results[0].text);
    for (const c of seen.controls) remembered.push({ ref: c.ref, name: c.name, role: c.role, url: seen.url ?? '' });
    if (seen.index >= MAX_REQUESTS) return act('done', { success: false, answer: 'Giving up.' });
    if (pendingTyped) {
      const quote = pendingTyped;
      pendingTyped = null;
      return act('done', { success: true, answer: `Order confirmed: ${quote}.`, evidence: { quotes: [quote] } });
    }
    // The first requests wander (honest moves, remembered refs, long turns, odd names) so there are pages left
    // behind whose refs the model remembers; claims of success come after.
    const roll = seen.index < 6 ? (rng() < 0.5 ? rng() * 0.3 : 0.56 + rng() * 0.44) : rng();
    const elsewhere = remembered.filter((r) => r.url !== seen.url);
    if (roll < 0.3 && elsewhere.length > 0) {
      const old = pick(elsewhere);
      intended.stale++;
      return act('click', { ref: old.ref }, `Clicking ${old.name}, which I remember.`);
    }
    if (roll < 0.3) return honest(world, seen, intended);
    if (roll < 0.42) return trivialDone(pick, seen, origin);
    if (roll < 0.5) {
      const box = seen.controls.find((c) => c.role === 'textbox' || c.role === 'searchbox');
      if (box) {
        pendingTyped = 'Order FF-999999 confirmed';
        return act('type', { ref: box.ref, text: pendingTyped });
      }
    }
    if (roll < 0.56) {
      const first = seen.text.split('\n').find((line) => line.length > 12 && !line.startsWith('['));
      if (first) return act('done', { success: true, answer: 'Done as asked.', evidence: { quotes: [first.trim()] } });
    }
    if (roll < 0.64) {
      const calls = Array.from({ length: MAX_CALLS_PER_TURN + 4 }, () => ({ name: 'find', input: { query: 'order' } }));
      return toolsTurn(calls);
    }
    if (roll < 0.7) return toolsTurn([{ name: 'browser.click', input: { ref: seen.controls[0]?.ref ?? 1 } }]);
    if (roll < 0.74) {
      return act('done', { success: true, answer: 'x'.repeat(400_000), evidence: { quotes: ['y'.repeat(300)] } });
    }
    return honest(world, seen, intended);
  };
}

function trivialDone(pick: <T>(list: readonly T[]) => T, seen: Seen, origin: string): Turn {
  const control = seen.controls[0]?.name ?? 'Save';
  const evidence = pick([
    { quotes: ['e'] },
    { quotes: [control] },
    { urlContains: new URL(origin).host },
    { urlContains: '/' },
    { urlContains: `${new URL(seen.url ?? origin).pathname}` },
  ]);
  return act('done', { success: true, answer: 'It is done.', evidence });
}

/** An honest move with a ref from the page in view: the page's log may show it. */
function honest(world: 'account' | 'shop', seen: Seen, intended: Intended): Turn {
  const count = (name: string) => intended.fresh.set(name, (intended.fresh.get(name) ?? 0) + 1);
  if (world === 'shop') {
    const move = playShop(seen.request, seen.index) as Turn & { content?: { type: string; name?: string }[] };
    const call = move.content?.find((block) => block.type === 'tool_use');
    const input = (call as { input?: { ref?: number } } | undefined)?.input;
    const target = seen.controls.find((c) => c.ref === input?.ref);
    if (call?.name === 'click' && target) count(target.name);
    if (call?.name === 'done') intended.honestDone = true;
    return move;
  }
  const onSettings = seen.url?.includes('/proof/settings.html');
  // On settings: save once, then go to the delete page (the page pair whose refs the model will remember).
  const saved = (intended.fresh.get('Save settings') ?? 0) > 0;
  const target = onSettings
    ? seen.controls.find((c) => (saved ? /^delete account$/i : /save settings/i).test(c.name))
    : seen.controls.find((c) => /back to settings/i.test(c.name));
  if (!target) return act('done', { success: false, answer: 'Nothing to do here.' });
  count(target.name);
  return act('click', { ref: target.ref });
}

describe('a misbehaving model, seeded', () => {
  for (const [index, seed] of SEEDS.entries()) {
    const world = index % 2 === 0 ? 'account' : 'shop';
    it(`seed ${seed} (${world}): no false verified, no action on an element not shown, within budget`, async ({
      browser,
      site,
      model,
    }) => {
      const shop: SlowShop | null = world === 'shop' ? await startSlowShop() : null;
      try {
        const start = shop ? shop.url('/index.html') : site.url('/proof/settings.html');
        const origin = new URL(start).origin;
        const { page } = await openFrontTab(browser, start);
        // The fixture server's log is the file's: this task's part of it starts here.
        const hitsBefore = site.hits.length;
        const intended: Intended = { fresh: new Map(), honestDone: false, stale: 0, staleResults: [] };
        play(model, misbehaving(seed, world, origin, intended));

        const { result, events } = await runTask(browser.panel, 'Save my settings, or buy the Monstera');

        // Every task ends, within its budget: a final status, and no turn ran more calls than the cap.
        expect(['succeeded', 'failed', 'no_progress', 'max_steps']).toContain(result.status);
        const ranPerStep = new Map<number, number>();
        for (const e of events) {
          if (e.type !== 'tool_result' || e.outcome === 'skipped' || /^not run: over/.test(e.summary)) continue;
          ranPerStep.set(e.step, (ranPerStep.get(e.step) ?? 0) + 1);
        }
        for (const count of ranPerStep.values()) expect(count).toBeLessThanOrEqual(MAX_CALLS_PER_TURN);
        // No false "verified": only the shop's honest done, quoting the order this task placed, may be verified.
        if (result.verified) {
          expect(intended.honestDone, result.summary).toBe(true);
          expect(shop?.orders().length ?? 0).toBeGreaterThan(0);
        }
        // The person's summary stays bounded whatever the answer's length.
        expect(result.summary.length).toBeLessThan(5_000);
        // No action on an element the model was not shown: every stale ref was refused, and the page's log holds
        // only what the model meant with refs of the page in view.
        for (const text of intended.staleResults) expect(text).toMatch(/\(stale_ref: |^Not run/);
        if (world === 'account') {
          const log = pageLog(site.hits.slice(hitsBefore)).map((entry) => entry.event);
          expect(log.filter((event) => event === 'delete')).toEqual([]);
          expect(log.filter((event) => event === 'save').length).toBeLessThanOrEqual(
            intended.fresh.get('Save settings') ?? 0,
          );
        } else if (shop) {
          expect(shop.orders().length).toBeLessThanOrEqual(intended.fresh.get('Place order') ?? 0);
        }
        const rejected = events.filter((e) => e.type === 'done_rejected').length;
        console.log(
          `seed ${seed} (${world}): ${result.status}, ${result.metrics.steps} steps, ${intended.stale} stale refs ` +
            `refused, ${rejected} dones rejected, verified ${result.verified}`,
        );
        await page.close();
      } finally {
        await shop?.close();
      }
    });
  }
});
