// The real side panel, used from the keyboard alone (decision 0018): a task typed into the composer, a follow-up in the
// same thread while it runs, an ask_user question and a site permission answered inline, a stop with Esc, a past task
// run again from the history, and a task ended by the cost limit set in Settings. Every move is a key press or typed text sent to the side panel over CDP; the
// test reads the panel's DOM only to wait and to check.

import { saveScreenshot } from '../support/screenshots';
import { act, describe, expect, type HeldModel, hold, it, openFrontTab, play, test, useKit } from './kit';
import { PANEL_VIEWPORT } from './panel-harness';
import { SidePanelSession } from './panel-side-panel-session';

useKit({ viewport: PANEL_VIEWPORT });

let side: SidePanelSession | undefined;

test.afterAll(async () => {
  await side?.detach();
});

const COMPOSER = '#task-input';
/** Long enough for a step of the agent (a fresh look at the page, a check of the evidence). */
const WAIT = { timeout: 20_000 };

/** Reads the side panel's thread: the status, the person's messages, and what the agent asks. */
function threadState(panel: SidePanelSession) {
  return panel.evaluate<{
    status: string;
    said: string[];
    question: boolean;
    permission: boolean;
    taskId: string;
  }>(`(() => {
    const card = document.querySelector('[data-testid="task-card"]');
    return {
      status: card?.getAttribute('data-status') ?? '',
      taskId: card?.getAttribute('data-task-id') ?? '',
      said: [...document.querySelectorAll('.msg-person .bubble')].map((el) => el.textContent),
      question: !!document.querySelector('[data-testid="question"]'),
      permission: !!document.querySelector('[data-testid="permission"]'),
    };
  })()`);
}

/** Types into the composer (reached with Tab) and presses Enter. */
async function say(panel: SidePanelSession, text: string): Promise<void> {
  await panel.tabTo(COMPOSER);
  await panel.insertText(text);
  await panel.press('Enter');
}

const finish = (held: HeldModel, quote: string) =>
  held.answer(
    act('done', { success: true, kind: 'reading', answer: `Found: ${quote}.`, evidence: { quotes: [quote] } }),
  );

describe('the real side panel, keyboard only', () => {
  it('runs a task, a follow-up, a question, a permission, a stop, a run-again and a cost limit without a pointer', async ({
    browser,
    site,
    model,
  }) => {
    await openFrontTab(browser, site.url('/panel/ui-garden.html'));
    side = await SidePanelSession.open(browser, browser.panel);
    await browser.panel.close();
    const panel = side;
    await expect.poll(() => panel.evaluate<boolean>('"steadyhand" in globalThis'), WAIT).toBe(true);
    const held = hold(model);
    // The composer has the focus when the panel opens: typing and Enter are all a first task takes.
    await expect.poll(() => panel.focusedMatches(COMPOSER), WAIT).toBe(true);

    // A task, then a follow-up in the same thread while the model is still thinking.
    await say(panel, 'What does the blue fern need?');
    await held.next();
    await say(panel, 'Answer in one word');
    await expect
      .poll(async () => (await threadState(panel)).said, WAIT)
      .toEqual(['What does the blue fern need?', 'Follow-up: Answer in one word']);

    // An ask_user question, answered inline.
    held.answer(act('ask_user', { question: 'Shade or sun?' }));
    await expect.poll(async () => (await threadState(panel)).question, WAIT).toBe(true);
    await saveScreenshot(await panel.screenshot(), 'keyboard-asking');
    await panel.tabTo('[data-testid="question"] textarea');
    await panel.insertText('Shade');
    await panel.press('Enter');
    const answered = await held.next();
    expect(answered.text).toContain('Shade');
    expect(answered.request.rawBody).toContain('Answer in one word');

    // A site permission, answered inline: Allow once.
    held.answer(act('open_url', { url: `${site.otherOrigin}/page2.html` }));
    await expect.poll(async () => (await threadState(panel)).permission, WAIT).toBe(true);
    await saveScreenshot(await panel.screenshot(), 'keyboard-permission');
    await panel.tabTo('[data-testid="permission-once"]');
    await panel.press('Enter');
    const there = await held.next();
    expect(there.url).toContain(`${site.otherOrigin}/page2.html`);
    finish(held, 'The second page');
    await expect.poll(async () => (await threadState(panel)).status, WAIT).toBe('succeeded');
    const first = (await threadState(panel)).taskId;
    await saveScreenshot(await panel.screenshot(), 'keyboard-succeeded');

    // A new task, stopped with Esc from the composer.
    await say(panel, 'Look at every plant');
    await held.next();
    expect(await panel.focusedMatches(COMPOSER)).toBe(true);
    await panel.press('Escape');
    await expect.poll(async () => (await threadState(panel)).status, WAIT).toBe('stopped');
    // The stopped task's request is still held here: answer it (nobody reads the answer), so the next one is next.
    held.answer(act('read_page'));

    // The first task, run again from the history.
    await panel.tabTo('[data-testid="nav-history"]');
    await panel.press('Enter');
    await panel.tabTo(`[data-testid="history-item"][data-task-id="${first}"] [data-testid="history-run-again"]`);
    await saveScreenshot(await panel.screenshot(), 'keyboard-history');
    await panel.press('Enter');
    const again = await held.next();
    expect(again.index).toBe(4);
    // The garden tab shows the page the first task went to: the task runs again where the person is.
    finish(held, 'The second page');
    await expect.poll(async () => (await threadState(panel)).status, WAIT).toBe('succeeded');
    const last = await threadState(panel);
    expect(last.taskId).not.toBe(first);
    expect(last.said).toEqual(['What does the blue fern need?']);

    // A cost limit set in Settings, and a task that would go past it: it ends before the request that would.
    await panel.tabTo('[data-testid="nav-settings"]');
    await panel.press('Enter');
    // The cost limit is in the Behaviour section, closed: its summary opens it from the keyboard.
    await panel.tabTo('[data-testid="settings-behaviour"] > summary');
    await panel.press('Enter');
    await panel.tabTo('#setting-maxTaskCostUsd');
    await panel.selectAll();
    // Saved as it is typed: no button to reach.
    await panel.insertText('0.03');
    await expect
      .poll(() => panel.evaluate<number>('steadyhand.settings.getState().settings.maxTaskCostUsd'), WAIT)
      .toBe(0.03);
    play(model, (seen) => act('read_page', { from: seen.index }, 'Reading on.'));
    await panel.tabTo('[data-testid="nav-task"]');
    await panel.press('Enter');
    await say(panel, 'Read this page again and again');
    await expect.poll(async () => (await threadState(panel)).status, WAIT).toBe('cost_limit');
    const summary = await panel.evaluate<string>(
      'document.querySelector("[data-testid=final-summary]")?.textContent ?? ""',
    );
    expect(summary).toMatch(
      /^Stopped at this task's cost limit: it spent \$0\.0\d+ of \$0\.03, and the next step would go over\. Raise the limit in Settings to let tasks run longer\.$/,
    );
    await saveScreenshot(await panel.screenshot(), 'keyboard-cost-limit');
  });
});
