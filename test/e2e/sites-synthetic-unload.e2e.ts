// A synthetic beforeunload changes nothing (decision 0025): a page may dispatch `new Event('beforeunload')`
// itself, as often as it likes; only the one the browser fires at the start of a real navigation means the document
// is being left (src/content/departure.ts). Before, every action on such a page answered page_changing unrun.

import { act, control, describe, expect, giveUp, it, openTab, play, runTask } from './kit';

describe('a page that dispatches its own beforeunload', () => {
  it('a click on a page that forges beforeunload every 100 ms runs, and the task succeeds', async ({
    browser,
    site,
    model,
  }) => {
    const { page } = await openTab(browser, site.url('/sites/fake-unload.html'));
    await page.bringToFront();
    play(model, (seen) => {
      if (seen.text.includes('Draft saved')) {
        return act('done', { success: true, answer: 'The draft is saved.', evidence: { quotes: ['Draft saved'] } });
      }
      // A refused click (page_changing, as before the fix) ends the task at once, failed, with the reason.
      const refused = seen.results.find((r) => r.isError);
      if (refused) return giveUp(`The click was refused: ${refused.text}`);
      return act('click', { ref: control(seen, 'button', /save draft/i).ref });
    });

    const { result, events } = await runTask(browser.panel, 'Save my draft');

    const explained = `${result.summary}\n${JSON.stringify(events.filter((e) => e.type === 'tool_result'))}`;
    expect(result, explained).toMatchObject({ status: 'succeeded', verified: true });
    expect(events.flatMap((e) => (e.type === 'tool_result' ? [[e.name, e.outcome]] : []))).toEqual([
      ['click', 'ok'],
      ['done', 'done_accepted'],
    ]);
    // The page forged beforeunload all along, and the one click ran once.
    expect(await page.evaluate(() => (window as Window & { forgedUnloads?: number }).forgedUnloads)).toBeGreaterThan(5);
    expect(await page.locator('#status').textContent()).toBe('Draft saved (1 save)');
    await page.close();
  });
});
