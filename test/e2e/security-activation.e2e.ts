// A key press in the panel is not consent for the page the agent works on to use user activation. Chrome hands a
// message's user gesture on to the page that receives it; the worker forwards the panel's calls outside the gesture
// (src/background/outside-gesture.ts). The hostile page tries a popup, a download and a clipboard write
// whenever it holds activation and reports to its server, so the test never touches the page itself (Playwright's
// evaluate runs with a user gesture): the person's Enter is a real key press in the panel.

import type { Download, Page } from 'playwright-core';
import { act, describe, expect, it, openFrontTab, play, useKit } from './kit';
import { expectStatus, newTaskId, PANEL_VIEWPORT, submitTask } from './panel-harness';

useKit({ viewport: PANEL_VIEWPORT });

describe('user activation', () => {
  it('reaches no page from the person’s Enter in the panel: no popup, download or clipboard write', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const popups: Page[] = [];
    const downloads: Download[] = [];
    browser.context.on('page', (page) => popups.push(page));
    const { page } = await openFrontTab(browser, site.url('/security/sec-activation.html'));
    page.on('download', (download) => downloads.push(download));
    await expect.poll(() => site.hits.filter((hit) => hit === '/sec-activation-log?loaded').length).toBe(1);
    // Slow enough that the task's calls reach the page well within the five seconds an activation would last.
    play(model, (seen) =>
      seen.text.includes('You are in the draw.')
        ? act('done', { success: true, answer: 'Entered.', evidence: { quotes: ['You are in the draw.'] } })
        : {
            ...act('click', { ref: seen.controls.find((c) => /enter the draw/i.test(c.name))?.ref ?? 0 }),
            eventDelayMs: 20,
          },
    );
    const before = await panel.evaluate(
      () => document.querySelector('[data-testid="task-card"]')?.getAttribute('data-task-id') ?? null,
    );

    await submitTask(panel, 'Enter me in the prize draw');
    await newTaskId(panel, before);
    await expectStatus(panel, 'succeeded');

    const reports = site.hits.filter((hit) => hit.startsWith('/sec-activation-log?') && !hit.endsWith('loaded'));
    expect(reports).toEqual([]);
    expect(popups.filter((p) => p.url().includes('popup'))).toEqual([]);
    expect(downloads).toEqual([]);
  });
});
