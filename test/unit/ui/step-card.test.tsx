// @vitest-environment jsdom
// The model's reasoning in a step card: shown as it streams and after, apart from (and quieter than) its text.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/panel/agent/task/events';
import { App } from '../../../src/panel/ui/app';
import { allByTestId, byTestId, click, emit, freshUi, mount, type SpyCommands, unmountAll } from './harness';
import { firstSteps, lastSteps, started, TASK } from './scenario';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

const taskId = TASK;
const stepOne: AgentEvent = {
  type: 'step_started',
  taskId,
  step: 1,
  tabId: 12,
  url: 'http://127.0.0.1:4173/',
  operable: true,
};
const thinking = (delta: string, attempt = 0): AgentEvent => ({
  type: 'model_thinking',
  taskId,
  step: 1,
  attempt,
  delta,
});

describe('reasoning in a step', () => {
  it('streams into the step under a "Reasoning" disclosure, open, before the text and the actions', () => {
    const root = mount(<App commands={commands} />);
    emit(started, stepOne);
    expect(byTestId(root, 'step-waiting').textContent).toBe('Waiting for the model…');
    emit(thinking('The search box is '));
    // Reasoning is an answer under way: the step no longer says it waits.
    expect(allByTestId(root, 'step-waiting')).toHaveLength(0);
    const reasoning = byTestId<HTMLDetailsElement>(root, 'step-reasoning');
    expect(reasoning.tagName).toBe('DETAILS');
    expect(reasoning.open).toBe(true);
    expect(reasoning.querySelector('summary')?.textContent).toBe('Reasoning');
    expect(reasoning.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    expect(byTestId(root, 'step-thinking').textContent).toBe('The search box is');

    emit(thinking('ref 4.\n\nSearching narrows the list.'));
    expect(byTestId(root, 'step-thinking').textContent).toBe('The search box is ref 4.\n\nSearching narrows the list.');
    emit(...firstSteps.slice(1));
    const card = allByTestId(root, 'step-card')[0] as HTMLElement;
    // Still shown once the step is done, and placed before what the model said and did.
    const order = [...card.querySelectorAll('[data-testid]')].map((node) => node.getAttribute('data-testid'));
    expect(order.indexOf('step-reasoning')).toBeLessThan(order.indexOf('step-text'));
    expect(order.indexOf('step-text')).toBeLessThan(order.indexOf('call'));
    expect(byTestId(card, 'step-thinking').textContent).toContain('Searching narrows the list.');
    expect(byTestId(card, 'step-reasoning').className).toBe('reasoning');
    expect(byTestId(card, 'step-text').className).toBe('thought');
  });

  it('can be closed by the person and stays closed while the step goes on', () => {
    const root = mount(<App commands={commands} />);
    emit(started, stepOne, thinking('Looking for the cart.'));
    click(byTestId(root, 'step-reasoning').querySelector('summary') as HTMLElement);
    expect(byTestId<HTMLDetailsElement>(root, 'step-reasoning').open).toBe(false);
    emit(thinking(' It is ref 9.'));
    expect(byTestId<HTMLDetailsElement>(root, 'step-reasoning').open).toBe(false);
    expect(byTestId(root, 'step-thinking').textContent).toBe('Looking for the cart. It is ref 9.');
  });

  it("drops a retried attempt's reasoning and shows the retry's", () => {
    const root = mount(<App commands={commands} />);
    emit(started, stepOne, thinking('Half a tho'));
    emit({ type: 'model_retry', taskId, step: 1, attempt: 1, reason: 'The stream was cut', delayMs: 500 });
    expect(root.querySelector('[data-testid="step-reasoning"]')).toBeNull();
    emit(thinking('A whole thought.', 1));
    expect(byTestId(root, 'step-thinking').textContent).toBe('A whole thought.');
  });

  it('shows no reasoning for a step without any, nor for whitespace alone', () => {
    const root = mount(<App commands={commands} />);
    emit(started, stepOne, thinking('\n\n'), ...firstSteps.slice(1), ...lastSteps);
    expect(allByTestId(root, 'step-card')).toHaveLength(3);
    expect(allByTestId(root, 'step-reasoning')).toHaveLength(0);
  });
});
