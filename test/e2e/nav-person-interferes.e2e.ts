// The person uses the agent's tab while the model thinks (they reload it, go back, or follow a link), on a slow shop,
// at each step of the shop task. The loop must never look at or act on the page being left: the shop receives each
// order exactly once, and the task succeeds (it never ends as no_progress because of the harness). Runs are chosen
// by a seed (INTERFERE_SEED to replay).

import type { CDPSession, Page } from 'playwright-core';
import type { AgentEvent } from '../../src/panel/agent/task/events';
import { demoInstruction } from '../../src/panel/demo/demo-task';
import { playShop } from '../support/shop-model';
import { type SlowShop, startSlowShop } from '../support/slow-shop';
import { describe, expect, it, openTab, play, runTask, useKit } from './kit';

// The shop task ends with an order: the person allows it each time it is asked (decision 0026).
useKit({ consent: 'once' });

type Kind = 'reload' | 'back' | 'link';

/** The shop task's steps up to the order: 1 opens the product, 8 presses "Place order" (9 is the done). */
const STEPS = 8;
/** Pages this slow keep the person's navigation in flight while the agent's answer arrives. */
const SLOW_MS = 1_000;

/** The runs: a reload at every step, and going back or following a link at steps a seeded draw picks. */
function runs(seed: number): { kind: Kind; step: number }[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const list: { kind: Kind; step: number }[] = [];
  for (let step = 1; step <= STEPS; step++) list.push({ kind: 'reload', step });
  for (const kind of ['back', 'link'] as const) {
    const steps = new Set<number>();
    while (steps.size < 6) steps.add(2 + Math.floor(next() * (STEPS - 1)));
    for (const step of [...steps].sort((a, b) => a - b)) list.push({ kind, step });
  }
  return list;
}

const SEED = Number(process.env.INTERFERE_SEED ?? 20261124);

/** The person's move; for the link, resolved when the click is over. */
async function interfere(kind: Kind, page: Page, cdp: CDPSession): Promise<void> {
  if (kind === 'reload') {
    void cdp.send('Page.reload', {}).catch(() => {});
  } else if (kind === 'back') {
    const history = await cdp.send('Page.getNavigationHistory');
    const previous = history.entries[history.currentIndex - 1];
    if (previous) void cdp.send('Page.navigateToHistoryEntry', { entryId: previous.id }).catch(() => {});
  } else {
    await page.click('header a[href="/cart.html"]', { noWaitAfter: true, force: true, timeout: 2_000 }).catch(() => {});
  }
}

/**
 * The person's move, resolved once it is under way: the tab's navigation request went out (to the shop, or to the
 * browser's cache, where going back finds the page and the shop sees nothing), or, for the link, the click is over (a
 * click the agent's mask took starts nothing; one the link took has started its navigation). The 3 s cap only bounds
 * a reload or a going back that never shows a request.
 */
async function moveUnderWay(kind: Kind, page: Page, cdp: CDPSession, shopRequest: Promise<string>): Promise<void> {
  const navigation = page
    .waitForRequest((request) => request.isNavigationRequest() && request.frame() === page.mainFrame(), {
      timeout: 3_000,
    })
    .catch(() => {});
  await interfere(kind, page, cdp);
  if (kind !== 'link') await Promise.race([shopRequest, navigation]);
}

describe(`the person uses the agent's tab while the model thinks (seed ${SEED})`, () => {
  for (const { kind, step } of runs(SEED)) {
    it(`${kind} at step ${step}: one order, and the task succeeds`, async ({ browser, model }) => {
      const shop: SlowShop = await startSlowShop();
      try {
        const { page } = await openTab(browser, shop.url('/index.html'));
        await page.bringToFront();
        const cdp = await browser.context.newCDPSession(page);
        play(model, async (seen) => {
          if (seen.index === step - 1) {
            // The person acts while the model is still thinking; the model answers once the navigation is in flight.
            shop.slowFrom(SLOW_MS);
            await moveUnderWay(kind, page, cdp, shop.nextPageRequest());
          } else if (seen.index === step) {
            // The loop asks the model again only once it has watched the person's navigation end: the pages after it
            // need not be slow, and a slow page at every later step only made each run seconds longer.
            shop.slowFrom(0);
          }
          return playShop(seen.request, seen.index);
        });

        const { result, events } = await runTask(browser.panel, demoInstruction(shop.origin));

        if (process.env.INTERFERE_VERBOSE) console.log(kind, step, explain(result.summary, events));
        expect(result.status, explain(result.summary, events)).toBe('succeeded');
        expect(shop.orders()).toHaveLength(1);
        await cdp.detach().catch(() => {});
        await page.close();
      } finally {
        await shop.close();
      }
    }, 90_000);
  }
});

function explain(summary: string, events: AgentEvent[]): string {
  const calls = events.flatMap((e) => (e.type === 'tool_result' ? [`${e.step} ${e.name}: ${e.summary}`] : []));
  return `${summary}\n${calls.join('\n')}`;
}
