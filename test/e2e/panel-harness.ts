// Shared by the panel-*.e2e.ts tests, which drive the panel the way a person does: through the task box, the buttons
// and the forms (locators by role, label and test id), with the kit's stand-in of the Messages API playing the model.
// Each file sets the panel up with `useKit({ viewport: PANEL_VIEWPORT, ... })`; what is here reads and uses its views.

import type Anthropic from '@anthropic-ai/sdk';
import type { Locator, Page } from 'playwright-core';
import { expect, type RecordedRequest } from './kit';

/** Roughly a side panel's width, so the screenshots show the layout people see. */
export const PANEL_VIEWPORT = { width: 420, height: 900 };

/** The parts of the task view a test reads and uses. */
export function taskView(panel: Page) {
  const card = panel.getByTestId('task-card');
  return {
    box: panel.getByTestId('task-box'),
    input: panel.getByTestId('task-box').getByRole('textbox'),
    // Exactly "Stop": the composer's. A row of the thread list has "Stop: <its task>", and a row's own name may
    // hold "Stopped".
    stop: panel.getByRole('button', { name: 'Stop', exact: true }),
    card,
    status: card.getByTestId('task-status'),
    steps: card.getByTestId('step-card'),
    final: card.getByTestId('final-status'),
    question: card.getByTestId('question'),
  };
}

/** Types an instruction into the task box and presses Enter, as a person does. */
export async function submitTask(panel: Page, instruction: string): Promise<void> {
  const { input } = taskView(panel);
  await input.fill(instruction);
  await input.press('Enter');
}

/** The task card's task id now, or null when there is no task card (no waiting). */
export function currentTaskId(panel: Page): Promise<string | null> {
  return panel.evaluate(
    () => document.querySelector('[data-testid="task-card"]')?.getAttribute('data-task-id') ?? null,
  );
}

/** Waits until the newest task card is for a new task (not `previousId`), and returns its id. */
export async function newTaskId(panel: Page, previousId?: string | null): Promise<string> {
  await expect.poll(() => currentTaskId(panel), { timeout: 20_000 }).not.toBe(previousId ?? null);
  const id = await currentTaskId(panel);
  if (!id) throw new Error('The task card has no task id.');
  return id;
}

/** Waits for the task card's status (data-status), e.g. 'succeeded'. */
export async function expectStatus(panel: Page, status: string, timeout = 30_000): Promise<void> {
  await expect.poll(() => taskView(panel).card.getAttribute('data-status'), { timeout }).toBe(status);
}

/**
 * Records every text the step cards' reasoning (or, with `step-text`, model-text) paragraphs show, in the panel, as
 * the DOM changes: a streamed text shows up as a series of growing prefixes, which a poll from the test could miss.
 * On the default model (a thinking 5.x model) what the model writes before its tool calls arrives as reasoning.
 */
export async function recordStepTexts(
  panel: Page,
  testId: 'step-thinking' | 'step-text' = 'step-thinking',
): Promise<void> {
  await panel.evaluate((id) => {
    const g = globalThis as typeof globalThis & { stepTexts?: string[]; stepTextObserver?: MutationObserver };
    g.stepTextObserver?.disconnect();
    const seen: string[] = [];
    g.stepTexts = seen;
    const read = () => {
      for (const node of document.querySelectorAll(`[data-testid="${id}"]`)) {
        const text = node.textContent ?? '';
        if (seen.at(-1) !== text) seen.push(text);
      }
    };
    g.stepTextObserver = new MutationObserver(read);
    g.stepTextObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, testId);
}

export function recordedStepTexts(panel: Page): Promise<string[]> {
  return panel.evaluate(() => (globalThis as typeof globalThis & { stepTexts?: string[] }).stepTexts ?? []);
}

/** Everything the model was sent in a request's messages, as text (tool results included). */
export function requestText(request: RecordedRequest | undefined): string {
  const messages = (request?.body?.messages ?? []) as Anthropic.MessageParam[];
  const flatten = (content: unknown): string => {
    if (typeof content === 'string') return content;
    if (!Array.isArray(content)) return '';
    return content
      .map((block: unknown) => {
        if (typeof block !== 'object' || block === null) return '';
        if ('text' in block && typeof block.text === 'string') return block.text;
        if ('content' in block) return flatten(block.content);
        return '';
      })
      .join('\n');
  };
  const system = request?.body?.system;
  return [flatten(system), ...messages.map((message) => flatten(message.content))].join('\n');
}

/** The text of a locator, trimmed; '' when it has none. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}
