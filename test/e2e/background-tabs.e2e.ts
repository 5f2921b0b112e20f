// Tasks in a truly hidden tab, with Chrome's real background throttling (test/support/throttled-browser.ts): the
// person brings another tab (here the panel's) to the front while the agent works. A page polled on timers still
// finishes; a page that waits on what a hidden tab does not do (an animation frame, a CSS transition, an
// IntersectionObserver) gets the model and the person told why and what helps, and goes on once the person looks.

import type { Page } from 'playwright-core';
import {
  act,
  call,
  control,
  describe,
  expect,
  hideBehind,
  intervalTicks,
  it,
  lookAt,
  openFrontTab,
  outcomes,
  play,
  refOf,
  runTask,
  test,
  useKit,
  visibilityOf,
} from './kit';

useKit({ background: true });

const HIDDEN_LINE = 'The agent’s tab is in the background';
const LOOK = 'ask the person (ask_user) to look at the tab for a moment';
const BED = 'Bed 1 planted with tomatoes';

/** The person looks at the agent's tab until the page caught up (`ready`, run in the page), then goes back. */
async function glance(page: Page, back: Page, ready: () => boolean): Promise<void> {
  await lookAt(page);
  await page.waitForFunction(ready);
  await hideBehind(page, back);
}

let opened: Page[] = [];

test.afterEach(async () => {
  await Promise.all(opened.map((page) => page.close()));
  opened = [];
});

describe('background tabs', () => {
  it('runs a timer-polled page to the end in a tab that is truly hidden, its timers slowed to about 1 Hz', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const tab = await openFrontTab(browser, site.url('/background/timer-poll.html'));
    opened.push(tab.page);
    const seenHidden: DocumentVisibilityState[] = [];
    let hiddenLines = 0;
    play(model, async (seen) => {
      if (seen.index === 0) {
        await hideBehind(tab.page, panel);
        return act('click', { ref: control(seen, 'button', /start export/i).ref });
      }
      seenHidden.push(await visibilityOf(tab.page));
      if (seen.text.includes(HIDDEN_LINE)) hiddenLines++;
      if (seen.previousTools[0] === 'click') return act('wait_for', { text: 'Export ready', timeoutMs: 15_000 });
      return act('done', { success: true, answer: 'The export is ready.', evidence: { quotes: ['Export ready'] } });
    });
    const run = await runTask(panel, 'Start the export and tell me when it is ready.');
    expect(run.result.status).toBe('succeeded');
    expect(outcomes(run.events)).toEqual([
      ['click', 'ok'],
      ['wait_for', 'ok'],
      ['done', 'done_accepted'],
    ]);
    expect(seenHidden).toEqual(['hidden', 'hidden']);
    expect(hiddenLines).toBe(2);
    // The tab is still hidden: a 10 ms interval fires about once a second (about 150 times in a visible tab).
    expect(await visibilityOf(tab.page)).toBe('hidden');
    expect(await intervalTicks(tab.page, 1_500)).toBeLessThan(8);
  });

  it('says a CSS-transition menu cannot finish in a hidden tab, and goes on once the person looks', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const tab = await openFrontTab(browser, site.url('/background/transition-menu.html'));
    opened.push(tab.page);
    let told = '';
    play(model, async (seen) => {
      if (seen.index === 0) {
        await hideBehind(tab.page, panel);
        return act('click', { ref: control(seen, 'button', /^menu$/i).ref });
      }
      if (seen.previousTools[0] === 'click' && seen.index === 1) {
        told = seen.results[0]?.text ?? '';
        // The model asks; the person looks at the tab for a moment (the drawer finishes opening) and goes back.
        await glance(tab.page, panel, () => !document.getElementById('drawer')?.hasAttribute('inert'));
        return act('read_page');
      }
      if (seen.text.includes('Your orders')) {
        return act('done', { success: true, answer: 'Orders are open.', evidence: { quotes: ['Your orders'] } });
      }
      return act('click', { ref: control(seen, 'link', /orders/i).ref });
    });
    const run = await runTask(panel, 'Open my orders from the menu.');
    expect(told).toContain('animations do not run');
    expect(told).toContain(LOOK);
    const first = run.events.find((e) => e.type === 'tool_result' && e.name === 'click');
    expect(first?.type === 'tool_result' && first.verification?.hidden).toBe('animation');
    expect(run.result.status).toBe('succeeded');
  });

  it('says an IntersectionObserver list cannot load more in a hidden tab, and loads once the person looks', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const tab = await openFrontTab(browser, site.url('/background/io-list.html'));
    opened.push(tab.page);
    let told = '';
    play(model, async (seen) => {
      if (seen.index === 0) await hideBehind(tab.page, panel);
      if (seen.text.includes('Seed 8')) {
        return act('done', { success: true, answer: 'Seed 8 is listed.', evidence: { quotes: ['Seed 8'] } });
      }
      const result = seen.results[0]?.text ?? '';
      if (result.includes('Already at the bottom') && !told) {
        told = result;
        await glance(tab.page, panel, () => document.body.innerText.includes('Seed 8'));
      }
      return act('scroll', { direction: 'down', amount: 3 });
    });
    const run = await runTask(panel, 'Find the eighth seed in the list.');
    expect(told).toContain('IntersectionObserver');
    expect(told).toContain(LOOK);
    const limits = run.events.flatMap((e) => (e.type === 'tool_result' ? [e.verification?.hidden] : []));
    expect(limits).toContain('intersection');
    expect(run.result.status).toBe('succeeded');
  });

  it('tells the model why a page that mounts on an animation frame is empty in a hidden tab', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const tab = await openFrontTab(browser, site.url('/background/timer-poll.html'));
    opened.push(tab.page);
    let emptyWhileHidden: boolean | null = null;
    play(model, async (seen) => {
      if (seen.index === 0) {
        await hideBehind(tab.page, panel);
        return act('open_url', { url: site.url('/background/raf-app.html') });
      }
      if (seen.index === 1) {
        emptyWhileHidden = seen.text.includes(HIDDEN_LINE) && !seen.text.includes('Add bed');
        await glance(tab.page, panel, () => document.getElementById('add') !== null);
        return act('read_page');
      }
      if (seen.text.includes(BED)) {
        return act('done', { success: true, answer: 'A bed was added.', evidence: { quotes: [BED] } });
      }
      return act('click', { ref: control(seen, 'button', /add bed/i).ref });
    });
    const run = await runTask(panel, 'Add a garden bed in the planner.');
    expect(emptyWhileHidden).toBe(true);
    expect(run.result.status).toBe('succeeded');
  });

  it('does not read the person switching tabs mid-action as the page opening a new tab', async ({
    browser,
    site,
    panel,
  }) => {
    const tab = await openFrontTab(browser, site.url('/background/busy.html'));
    opened.push(tab.page);
    const snap = await call(panel, tab.tabId, 'snapshot', {});
    const clicking = call(panel, tab.tabId, 'click', {
      ref: refOf(snap, 'button', 'Refresh prices'),
      snapshotId: snap.snapshotId,
    });
    // The page keeps changing after the click, so the action is still watching when the person switches away.
    await tab.page.waitForFunction(() => document.body.dataset.clicked === 'yes', undefined, { polling: 10 });
    await hideBehind(tab.page, panel);
    const result = await clicking;
    expect(result.effects).toContain('dom_change');
    expect(result.effects).not.toContain('new_window');
  });
});
