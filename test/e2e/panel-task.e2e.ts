// The task view driven as a person drives it: type an instruction, press Enter, watch the step cards fill as the
// stand-in model streams, stop a task with the button or Esc, answer the agent's question, and add follow-ups.

import type { Page } from 'playwright-core';
import { saveScreenshot } from '../support/screenshots';
import {
  act,
  control,
  describe,
  type ExtensionHarness,
  expect,
  type FixtureServer,
  it,
  openFrontTab,
  play,
  type Seen,
  test,
  useKit,
} from './kit';
import {
  currentTaskId,
  expectStatus,
  newTaskId,
  PANEL_VIEWPORT,
  recordedStepTexts,
  recordStepTexts,
  requestText,
  submitTask,
  taskView,
  textOf,
} from './panel-harness';

useKit({ viewport: PANEL_VIEWPORT });

let opened: { close(): Promise<void> }[] = [];

test.afterEach(async () => {
  await Promise.all(opened.map((page) => page.close()));
  opened = [];
});

async function gardenTab(browser: ExtensionHarness, site: FixtureServer): Promise<{ page: Page; tabId: number }> {
  const tab = await openFrontTab(browser, site.url('/panel/ui-garden.html'));
  opened.push(tab.page);
  return tab;
}

/** A long first thought, streamed slowly, so the task is certainly running while the test acts on it. */
const LONG_THOUGHT =
  'Let me look at the garden notes carefully before doing anything, one plant at a time, starting with the ' +
  'blue fern and then the copper rose, and only then decide what to write down in the note field below.';

describe('panel task view', () => {
  it('streams the model’s reasoning into the step cards and ends with the evidence it checked', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const view = taskView(panel);
    await gardenTab(browser, site);
    const thought = 'I will read the garden notes first, then write down what the blue fern needs.';
    const next = (seen: Seen) => {
      if (seen.previousTools.length === 0) return { ...act('read_page', {}, thought), eventDelayMs: 150 };
      if (seen.text.includes('Saved: Deep shade')) {
        return act('done', {
          success: true,
          answer: 'The note now says the blue fern needs deep shade.',
          evidence: { quotes: ['Saved: Deep shade'] },
        });
      }
      const note = control(seen, 'textbox', /^note$/i);
      if (note.value !== 'Deep shade') return act('type', { ref: note.ref, text: 'Deep shade' });
      return act('click', { ref: control(seen, 'button', /save note/i).ref });
    };
    // No reasoning of its own before each call: the only reasoning is the thought, the model's note before its first
    // tool call, which the default model sends inside a thinking block.
    play(model, (seen) => ({ ...next(seen), thinking: false }));
    await recordStepTexts(panel);
    const before = await currentTaskId(panel);

    await submitTask(panel, 'Note down what the blue fern needs');

    await newTaskId(panel, before);
    // The first thought arrives in pieces (as reasoning: the default model writes it inside a thinking block, shown as
    // a summary): the card shows part of it while the rest is still streaming.
    const firstText = view.steps.first().getByTestId('step-thinking');
    await expect.poll(() => textOf(firstText), { timeout: 20_000 }).toMatch(/^I will/);
    expect(await view.status.getAttribute('class')).toContain('status-running');
    await saveScreenshot(panel, 'running');

    await expectStatus(panel, 'succeeded');
    await saveScreenshot(panel, 'finished');
    const texts = await recordedStepTexts(panel);
    const partial = texts.filter((text) => text.length > 0 && text.length < thought.length);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.every((text) => thought.startsWith(text))).toBe(true);
    expect(texts.indexOf(partial[0] ?? '')).toBeLessThan(texts.indexOf(thought));

    expect(await view.steps.count()).toBe(4);
    expect(await textOf(view.steps.first().getByTestId('step-thinking'))).toBe(thought);
    const calls = view.card.getByTestId('call');
    const described = await calls.locator('.call-action').allTextContents();
    expect(described).toEqual([
      'Read the page text',
      'Typed “Deep shade” into Note',
      'Clicked Save note',
      'Reported the task done',
    ]);
    const badges = await calls.getByTestId('call-badge').evaluateAll((nodes) => nodes.map((n) => n.dataset.kind));
    // The accepted done has no badge of its own: the final status says how the task ended, in words.
    expect(badges).toEqual(['ok', 'verified', 'verified']);
    expect(await calls.last().getAttribute('data-outcome')).toBe('done_accepted');
    expect(await textOf(view.status)).toBe('Succeeded');
    expect(await textOf(view.final.getByTestId('final-verified'))).toBe('Verified');
    expect(await textOf(view.final.getByTestId('evidence'))).toContain('Saved: Deep shade');
    expect(await textOf(view.card.getByTestId('task-usage'))).toMatch(/^4 steps · [\d,]+ tokens in · [\d,]+ out/);
    expect(await textOf(panel.getByTestId('live-region'))).toMatch(/^Task ended: Succeeded\./);
  });

  it('stops a running task with the Stop button', async ({ browser, site, model, panel }) => {
    const view = taskView(panel);
    await gardenTab(browser, site);
    play(model, () => ({ ...act('read_page', {}, LONG_THOUGHT), eventDelayMs: 200 }));
    const before = await currentTaskId(panel);

    await submitTask(panel, 'Look at every plant');
    await newTaskId(panel, before);
    await expect.poll(() => textOf(view.steps.first().getByTestId('step-thinking')), { timeout: 20_000 }).not.toBe('');
    await view.stop.click();

    await expectStatus(panel, 'stopped');
    expect(await textOf(view.status)).toBe('Stopped');
    expect(await textOf(view.final.getByTestId('final-summary'))).toMatch(/^Stopped by you/);
    await expect.poll(() => view.stop.count()).toBe(0);
    // The streamed call was cut off, and no further call was made.
    expect(model.messageRequests).toHaveLength(1);
    await saveScreenshot(panel, 'stopped');
  });

  it('stops a running task with Esc in the task box', async ({ browser, site, model, panel }) => {
    const view = taskView(panel);
    await gardenTab(browser, site);
    play(model, () => ({ ...act('read_page', {}, LONG_THOUGHT), eventDelayMs: 200 }));
    const before = await currentTaskId(panel);

    await submitTask(panel, 'Look at every plant, again');
    await newTaskId(panel, before);
    expect(await view.box.getAttribute('data-action')).toBe('followUpRunning');
    await expect.poll(() => textOf(view.steps.first().getByTestId('step-thinking')), { timeout: 20_000 }).not.toBe('');
    await view.input.press('Escape');

    await expectStatus(panel, 'stopped');
    expect(await textOf(view.final.getByTestId('final-summary'))).toMatch(/^Stopped by you/);
    expect(model.messageRequests).toHaveLength(1);
  });

  it('asks the person a question and goes on with their answer', async ({ browser, site, model, panel }) => {
    const view = taskView(panel);
    await gardenTab(browser, site);
    const question = 'Which plant should I look up: the blue fern or the copper rose?';
    play(model, (seen) => {
      if (!seen.previousTools.includes('ask_user')) return act('ask_user', { question });
      return act('done', {
        success: true,
        kind: 'reading',
        answer: 'The copper rose flowers in June.',
        evidence: { quotes: ['The copper rose flowers in June.'] },
      });
    });
    const before = await currentTaskId(panel);

    await submitTask(panel, 'When does my plant flower?');
    await newTaskId(panel, before);

    await expect.poll(() => view.question.count(), { timeout: 20_000 }).toBe(1);
    expect(await textOf(view.question)).toContain(question);
    const answer = view.question.getByRole('textbox', { name: 'Your answer (Enter sends it)' });
    expect(await view.status.getAttribute('class')).toContain('status-running');
    await saveScreenshot(panel, 'ask-user');
    // The task waits: nothing more goes to the model until the person answers.
    expect(model.messageRequests).toHaveLength(1);

    await answer.fill('the copper rose');
    await answer.press('Enter');

    await expectStatus(panel, 'succeeded');
    expect(await view.question.count()).toBe(0);
    expect(model.messageRequests).toHaveLength(2);
    expect(requestText(model.messageRequests[1])).toContain('The person answered: the copper rose');
    const described = await view.card.getByTestId('call').locator('.call-action').allTextContents();
    expect(described[0]).toBe(`Asked you: “${question}”`);
  });

  it('adds a follow-up to the running task, and continues the task after it ended', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const view = taskView(panel);
    await gardenTab(browser, site);
    const whileRunning = 'Also tell me when the copper rose flowers.';
    const afterEnd = 'Now note that it flowers in June.';
    play(model, (seen) => {
      const sent = requestText(seen.request);
      if (sent.includes(`Follow-up instruction from the person: ${afterEnd}`)) {
        if (seen.text.includes('Saved: June')) {
          return act('done', { success: true, answer: 'Noted.', evidence: { quotes: ['Saved: June'] } });
        }
        const note = control(seen, 'textbox', /^note$/i);
        if (note.value !== 'June') return act('type', { ref: note.ref, text: 'June' });
        return act('click', { ref: control(seen, 'button', /save note/i).ref });
      }
      if (sent.includes(`(it takes precedence): ${whileRunning}`)) {
        return act('done', {
          success: true,
          kind: 'reading',
          answer: 'The blue fern needs deep shade; the copper rose flowers in June.',
          evidence: { quotes: ['The copper rose flowers in June.'] },
        });
      }
      return { ...act('read_page', {}, LONG_THOUGHT), eventDelayMs: 100 };
    });
    const before = await currentTaskId(panel);

    await submitTask(panel, 'What does the blue fern need?');
    const taskId = await newTaskId(panel, before);
    await expect.poll(() => view.box.getAttribute('data-action')).toBe('followUpRunning');
    expect(await textOf(view.box.locator('label[for="task-input"]'))).toBe('Follow-up for the running task');
    // While step 1's answer streams: a follow-up sent before the first request would ride in it, and step 1 would end.
    await expect.poll(() => model.messageRequests.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await submitTask(panel, whileRunning);

    await expectStatus(panel, 'succeeded');
    expect(await view.card.getAttribute('data-task-id')).toBe(taskId);
    expect(await textOf(view.card.getByTestId('task-instruction'))).toBe('What does the blue fern need?');
    expect(await view.card.getByTestId('follow-up').allTextContents()).toEqual([`Follow-up: ${whileRunning}`]);

    // After the end, the person chooses to continue the same task on its tabs.
    await view.box.getByRole('checkbox', { name: 'Continue this task' }).check();
    expect(await textOf(view.box.locator('label[for="task-input"]'))).toBe('Follow-up for the last task');
    await submitTask(panel, afterEnd);
    await expect.poll(() => view.card.getByTestId('follow-up').count(), { timeout: 20_000 }).toBe(2);
    await expectStatus(panel, 'succeeded');

    expect(await view.card.getAttribute('data-task-id')).toBe(taskId);
    expect(await panel.getByTestId('task-card').count()).toBe(1);
    expect(await view.card.getByTestId('follow-up').allTextContents()).toEqual([
      `Follow-up: ${whileRunning}`,
      `Follow-up: ${afterEnd}`,
    ]);
    // Steps are numbered across the whole task: 1-2 for the first instruction and its follow-up, 3-5 after.
    const steps = await view.steps.evaluateAll((nodes) => nodes.map((n) => Number(n.dataset.step)));
    expect(steps).toEqual([1, 2, 3, 4, 5]);
    await saveScreenshot(panel, 'follow-ups');
  });
});
