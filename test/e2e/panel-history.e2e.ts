// Task history and export as a person uses them: tasks survive closing and reopening the panel page, a task that
// was running when it closed shows as interrupted with its steps, each keeps where it worked (its tab record,
// decision 0016), and a task's card downloads its JSON trace.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { saveScreenshot } from '../support/screenshots';
import { storedHistory } from '../support/stored-history';
import {
  act,
  control,
  describe,
  type ExtensionHarness,
  expect,
  type FakeAnthropic,
  it,
  openFrontTab,
  play,
  useKit,
} from './kit';
import { currentTaskId, expectStatus, newTaskId, PANEL_VIEWPORT, submitTask, taskView, textOf } from './panel-harness';

const KEY = 'sk-ant-api03-history-export-secret-0123456789';

useKit({ viewport: PANEL_VIEWPORT, apiKey: KEY });

/** Answers a task on the garden page in one step: done with a quote that is on the page. */
function answerAtOnce(model: FakeAnthropic): void {
  play(model, () =>
    act('done', {
      success: true,
      kind: 'reading',
      answer: 'It needs deep shade.',
      evidence: { quotes: ['deep shade'] },
    }),
  );
}

async function runToEnd(panel: Page, instruction: string, status = 'succeeded'): Promise<string> {
  const before = await currentTaskId(panel);
  await submitTask(panel, instruction);
  const id = await newTaskId(panel, before);
  await expectStatus(panel, status);
  return id;
}

/**
 * Closes the panel page (as closing the side panel does) and opens it again; the new page becomes `browser.panel`,
 * which the kit's helpers (openTab) ask for tab ids and the file's next tests start with.
 */
async function reopenPanel(browser: ExtensionHarness): Promise<Page> {
  await browser.panel.close();
  const panel = await browser.context.newPage();
  await panel.setViewportSize(PANEL_VIEWPORT);
  await panel.goto(browser.panelUrl);
  await panel.waitForFunction(() => 'steadyhand' in globalThis);
  browser.panel = panel;
  return panel;
}

const nav = (panel: Page, name: string) => panel.getByRole('navigation').getByRole('button', { name });

describe('panel history', () => {
  it('keeps finished tasks, newest first, after the panel closes and reopens', async ({ browser, site, model }) => {
    let panel = browser.panel;
    const garden = await openFrontTab(browser, site.url('/panel/ui-garden.html'));
    answerAtOnce(model);
    const first = await runToEnd(panel, 'What does the blue fern need?');
    const second = await runToEnd(panel, 'And how often should I water it?');
    await expect
      .poll(async () => Object.keys((await storedHistory(panel)).tasks))
      .toEqual(expect.arrayContaining([first, second]));

    panel = await reopenPanel(browser);
    await nav(panel, 'History').click();
    const items = panel.getByTestId('history-item');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.evaluateAll((nodes) => nodes.map((n) => n.dataset.taskId))).toEqual([second, first]);
    expect(await items.evaluateAll((nodes) => nodes.map((n) => n.dataset.status))).toEqual(['succeeded', 'succeeded']);
    const newest = items.first();
    expect(await textOf(newest.locator('.history-instruction'))).toBe('And how often should I water it?');
    expect(await textOf(newest.locator('.meta'))).toMatch(/1 step · [\d,]+ tokens in · [\d,]+ out · ≈ [\d.]+ USD$/);
    await saveScreenshot(panel, 'history');

    // Opening one shows its card with the steps it took.
    await newest.getByTestId('history-open').click();
    const detail = panel.getByTestId('history-detail');
    expect(await detail.getByTestId('task-card').getAttribute('data-task-id')).toBe(second);
    expect(await detail.getByTestId('step-card').count()).toBe(1);
    expect(await textOf(detail.getByTestId('final-status').getByTestId('evidence'))).toContain('deep shade');
    await detail.getByRole('button', { name: 'Back to history' }).click();

    await items
      .filter({ hasText: 'What does the blue fern need?' })
      .getByRole('button', { name: /^Delete task/ })
      .click();
    expect(await items.evaluateAll((nodes) => nodes.map((n) => n.dataset.taskId))).toEqual([second]);
    await garden.page.close();
  });

  it('shows a task that was running when the panel closed as interrupted, with its steps', async ({
    browser,
    site,
    model,
  }) => {
    let panel = browser.panel;
    const garden = await openFrontTab(browser, site.url('/panel/ui-garden.html'));
    // One step that reads the page, then the model never answers: the task is still running when the panel closes.
    play(model, (seen) =>
      seen.index === 0 ? { ...act('read_page', {}, 'Reading first.'), thinking: false } : { fault: 'hang' },
    );
    await nav(panel, 'Task').click();
    const before = await currentTaskId(panel);
    await submitTask(panel, 'Read everything about ferns');
    const taskId = await newTaskId(panel, before);
    const view = taskView(panel);
    await expect.poll(() => view.steps.count(), { timeout: 20_000 }).toBe(2);
    // Closing is only meaningful once the first step is on disk (the store coalesces writes for 300 ms).
    await expect
      .poll(async () => (await storedHistory(panel)).tasks[taskId]?.steps.length ?? 0, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);

    panel = await reopenPanel(browser);
    const card = taskView(panel);
    expect(await card.card.getAttribute('data-task-id')).toBe(taskId);
    expect(await card.card.getAttribute('data-status')).toBe('interrupted');
    expect(await textOf(card.status)).toBe('Interrupted');
    expect(await textOf(card.final.getByTestId('final-summary'))).toMatch(/^The panel was closed while this task/);
    expect(await card.card.getByTestId('call').first().getAttribute('data-tool')).toBe('read_page');
    expect(await textOf(card.steps.first().getByTestId('step-thinking'))).toBe('Reading first.');
    // The step the model never answered says so, instead of an empty card.
    expect(await textOf(card.steps.nth(1).getByTestId('step-waiting'))).toBe(
      'The task ended before the model answered in this step.',
    );
    await saveScreenshot(panel, 'interrupted');

    await nav(panel, 'History').click();
    const item = panel.getByTestId('history-item').first();
    expect(await item.getAttribute('data-status')).toBe('interrupted');
    expect(await item.getByTestId('history-delete').isEnabled()).toBe(true);

    // Clear all asks first, then empties the history, on disk too.
    await panel.getByRole('button', { name: 'Clear all' }).click();
    await panel.getByRole('button', { name: 'Delete all' }).click();
    expect(await textOf(panel.getByTestId('history'))).toContain('No tasks yet.');
    await expect.poll(async () => Object.keys((await storedHistory(panel)).tasks)).toEqual([]);
    await garden.page.close();
  });
});

/** The ```json example of docs/trace-format.md: the documented shape. */
function documentedTrace(): Record<string, unknown> {
  const doc = readFileSync(resolve(import.meta.dirname, '../../docs/trace-format.md'), 'utf8');
  const block = /```json\n([\s\S]*?)\n```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/trace-format.md has no ```json example.');
  return JSON.parse(block) as Record<string, unknown>;
}

/** The structure of a JSON value without its values: sorted keys, element shapes, primitive types. */
function shape(value: unknown): unknown {
  if (value === null) return 'null';
  // An array's shape is the set of its elements' shapes: how many there are is content, not shape.
  if (Array.isArray(value))
    return [...new Set(value.map((item) => JSON.stringify(shape(item))))].map((s) => JSON.parse(s));
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(entries.map(([key, item]) => [key, shape(item)]));
  }
  return typeof value;
}

type Json = Record<string, unknown>;
const at = (value: unknown, ...path: (string | number)[]): Json =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value) as Json;

describe('panel export', () => {
  it('downloads the task as a JSON trace in the documented shape, without the API key', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const garden = await openFrontTab(browser, site.url('/panel/ui-garden.html'));
    play(model, (seen) => {
      if (seen.text.includes('Saved: Shade')) {
        return act('done', {
          success: true,
          answer: 'Noted.',
          evidence: { quotes: ['Saved: Shade'], urlContains: '/panel/ui-garden.html' },
        });
      }
      const note = control(seen, 'textbox', /^note$/i);
      // The key reaches the model's text, as an error message quoting a request could carry it.
      if (note.value !== 'Shade') return act('type', { ref: note.ref, text: 'Shade' }, `Using key ${KEY} to type.`);
      return act('click', { ref: control(seen, 'button', /save note/i).ref });
    });
    await nav(panel, 'Task').click();
    const taskId = await runToEnd(panel, 'Note that the blue fern needs shade');

    const [download] = await Promise.all([
      panel.waitForEvent('download'),
      taskView(panel).card.getByRole('button', { name: 'Export trace (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`steadyhand-trace-${taskId}.json`);
    const text = await browser.downloadedText(download.suggestedFilename());
    expect(text).not.toContain(KEY);
    const trace = JSON.parse(text) as Json;
    const doc = documentedTrace();

    expect(Object.keys(trace).sort()).toEqual(Object.keys(doc).sort());
    // The format and version the document shows: a new version must come with its documentation.
    expect(trace).toMatchObject({ format: doc.format, version: doc.version });
    expect(shape(trace.task)).toEqual(shape(doc.task));
    expect(shape(trace.settings)).toEqual(shape(doc.settings));
    expect(trace.settings).not.toHaveProperty('apiKey');
    expect(shape(trace.metrics)).toEqual(shape(doc.metrics));
    expect(at(trace, 'task')).toMatchObject({
      id: taskId,
      instructions: ['Note that the blue fern needs shade'],
      status: 'succeeded',
      verified: true,
      evidence: { quotes: ['Saved: Shade'] },
    });
    // Steps: type (verified), click (verified), done (accepted), each with the documented fields.
    const steps = trace.steps as Json[];
    expect(steps.map((step) => (step.actions as Json[]).map((a) => `${a.tool}:${a.outcome}`))).toEqual([
      ['type:ok'],
      ['click:ok'],
      ['done:done_accepted'],
    ]);
    const withoutInput = (step: Json) => ({
      ...step,
      actions: (step.actions as Json[]).map(({ input: _input, ...action }) => action),
    });
    // The documented first step is a verified `type` too, so the shapes match field for field.
    expect(shape(withoutInput(at(steps, 0)))).toEqual(shape(withoutInput(at(doc, 'steps', 0))));
    // The default model writes its note before a tool call inside a thinking block: the trace keeps it as `thinking`.
    expect(at(steps, 0, 'thinking')).toContain('Using key [redacted] to type.');
    expect(at(steps, 0, 'actions', 0, 'verification')).toMatchObject({ verified: true });
    expect(at(trace, 'metrics').steps).toBe(3);
    await garden.page.close();
  });
});

describe('panel history: where a task worked', () => {
  it('keeps the tab a task started on, the tabs it opened and its group with the task, after the panel closes', async ({
    browser,
    site,
    model,
  }) => {
    const garden = await openFrontTab(browser, site.url('/panel/ui-garden.html'));
    play(model, (seen) =>
      seen.index === 0
        ? act('open_url', { url: site.url('/page2.html'), newTab: true })
        : act('done', {
            success: true,
            kind: 'reading',
            answer: 'Page two is open.',
            evidence: { quotes: ['The second page'] },
          }),
    );
    let panel = browser.panel;
    await nav(panel, 'Task').click();
    const taskId = await runToEnd(panel, 'Open page two beside the garden');

    panel = await reopenPanel(browser);
    const kept = (await storedHistory(panel)).tasks[taskId]?.tabs;
    // The agent works on the tab it opened; the record still knows the tab the task started on.
    expect(kept).toMatchObject({
      initialTabId: garden.tabId,
      groupId: expect.any(Number),
      windowId: expect.any(Number),
      url: expect.stringContaining('/page2.html'),
    });
    expect(kept?.ownedTabIds).toEqual([garden.tabId, kept?.tabId]);
    expect(kept?.tabId).not.toBe(garden.tabId);
    await garden.page.close();
  });
});
