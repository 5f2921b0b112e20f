// Hidden tabs, for the files that run with Chrome's real background throttling (`useKit({ background: true })`):
// the person brings another tab to the front, so the agent's tab is hidden, or looks at the agent's tab for a moment.

import type { Page } from 'playwright-core';

/** Waits until the page's document has this visibility (a visibilitychange event, no polling). */
function visibility(page: Page, wanted: DocumentVisibilityState): Promise<void> {
  return page.evaluate(
    (state) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (document.visibilityState !== state) return;
          document.removeEventListener('visibilitychange', check);
          resolve();
        };
        document.addEventListener('visibilitychange', check);
        check();
      }),
    wanted,
  );
}

/**
 * The person brings `front` (another tab of the same window) to the front: `page` is hidden once this resolves, and
 * its frames have stopped (Chrome may still draw a frame just after the document turned hidden, which would let an
 * animation the test means to stall run): an animation frame asked for does not come before the page's next timer.
 */
export async function hideBehind(page: Page, front: Page): Promise<void> {
  await front.bringToFront();
  await visibility(page, 'hidden');
  for (let framed = true; framed; ) {
    framed = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          let drawn = false;
          requestAnimationFrame(() => {
            drawn = true;
          });
          setTimeout(() => resolve(drawn), 0);
        }),
    );
  }
}

/** The person looks at `page`'s tab: it is visible once this resolves. */
export async function lookAt(page: Page): Promise<void> {
  await page.bringToFront();
  await visibility(page, 'visible');
}

export function visibilityOf(page: Page): Promise<DocumentVisibilityState> {
  return page.evaluate(() => document.visibilityState);
}

/**
 * How often a page's `setInterval(…, 10)` fires while the test waits `windowMs` (in Node, outside the page): about
 * 100 a second in a visible tab, about one a second in a hidden one.
 */
export async function intervalTicks(page: Page, windowMs: number): Promise<number> {
  await page.evaluate(() => {
    const g = globalThis as { ticks?: number; ticker?: number };
    g.ticks = 0;
    g.ticker = window.setInterval(() => {
      g.ticks = (g.ticks ?? 0) + 1;
    }, 10);
  });
  // A measuring window, not a wait for something: the page's own timers are what is measured.
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  return page.evaluate(() => {
    const g = globalThis as { ticks?: number; ticker?: number };
    clearInterval(g.ticker);
    return g.ticks ?? 0;
  });
}
