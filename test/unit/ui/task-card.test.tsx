// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MetricsRecorder } from '../../../src/panel/agent/model/metrics';
import { App } from '../../../src/panel/ui/app';
import {
  allByTestId,
  byLabel,
  byTestId,
  click,
  emit,
  freshUi,
  mount,
  press,
  type SpyCommands,
  typeInto,
  unmountAll,
} from './harness';
import { firstSteps, lastSteps, METRICS, question, started, TASK } from './scenario';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

const live = (root: HTMLElement) => byTestId(root, 'live-region');

describe('live steps', () => {
  it('fills a card per step as the events arrive: streamed text, actions in words, verification badges', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps.slice(0, 2));
    expect(allByTestId(root, 'step-card')).toHaveLength(1);
    expect(byTestId(root, 'step-text').textContent).toBe('I will search ');
    expect(live(root).getAttribute('aria-live')).toBe('polite');
    expect(live(root).textContent).toBe('Step 1');

    emit(...firstSteps.slice(2, 4));
    expect(byTestId(root, 'step-text').textContent).toBe('I will search for ferns.');
    const pending = byTestId(root, 'call');
    expect(pending.textContent).toContain('Typed “fern” into element [4] and pressed Enter');
    expect(byTestId(pending, 'call-badge').textContent).toBe('Working…');
    expect(live(root).textContent).toBe('Step 1: Typed “fern” into element [4] and pressed Enter');

    emit(...firstSteps.slice(4));
    const [first, second] = allByTestId(root, 'step-card');
    expect(byTestId(first as HTMLElement, 'call-badge').textContent).toBe('Verified');
    expect(first?.textContent).toContain('Seen on the page: the value is set, it navigated');
    expect(second?.textContent).toContain('Clicked element [9]');
    const badge = byTestId(second as HTMLElement, 'call-badge');
    expect(badge.dataset.kind).toBe('unverified');
    expect(badge.textContent).toBe('Not verified: no observable effect');
    expect(second?.textContent).toContain('The click had no effect; try another element.');
    expect(byTestId(root, 'task-usage').textContent).toContain('2 steps · 12,500 tokens in · 640 out · ≈ 0.05 USD');
  });

  it('shows a rejected done, then the final status with its summary and the evidence checked', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, ...lastSteps);
    const last = allByTestId(root, 'step-card').at(-1) as HTMLElement;
    const badges = allByTestId(last, 'call-badge').map((b) => b.textContent);
    // The accepted ending is told by the final status in words, not by an internal verdict on the call.
    expect(badges).toEqual(['Not accepted: the evidence was not found on the page']);
    expect(last.textContent).not.toMatch(/Done accepted|accepted \(/);
    expect(last.textContent).toContain('"Maidenhair fern" is not on the page');

    const final = byTestId(root, 'final-status');
    expect(final.dataset.status).toBe('succeeded');
    expect(final.textContent).toContain('Succeeded');
    expect(byTestId(final, 'final-verified').textContent).toBe('Verified');
    expect(byTestId(final, 'final-summary').textContent).toBe('Added the Button fern (4.50) to the cart.');
    const evidence = byTestId(final, 'evidence');
    expect(evidence.querySelector('q')?.textContent).toBe('Button fern');
    expect(evidence.textContent).toContain('The address contains “/cart”');
    expect(live(root).textContent).toBe('Task ended: Succeeded. Added the Button fern (4.50) to the cart.');
    expect(byTestId(root, 'task-usage').textContent).toContain('3 steps');
  });

  it('shows no evidence for a task that did not succeed', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, {
      type: 'task_finished',
      taskId: TASK,
      status: 'no_progress',
      summary: 'Repeated the same click three times.',
      verified: false,
      evidence: { quotes: ['Button fern'] },
      metrics: METRICS,
    });
    const final = byTestId(root, 'final-status');
    expect(final.textContent).toContain('Stopped: no progress');
    expect(final.textContent).toContain('Repeated the same click three times.');
    expect(final.querySelector('[data-testid="evidence"]')).toBeNull();
  });

  it('says a step is waiting for the model until it answers, and that a task ended before it did', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps.slice(0, 1));
    // Nothing spent yet: no usage line (never "0 steps" over a Step 1).
    expect(root.querySelector('[data-testid="task-usage"]')).toBeNull();
    expect(byTestId(root, 'step-waiting').textContent).toBe('Waiting for the model…');
    emit(...firstSteps.slice(1), { type: 'step_started', taskId: TASK, step: 3, tabId: 12, url: null, operable: true });
    // Only the step the model has not answered yet says so; finished steps show what they did.
    expect(allByTestId(root, 'step-waiting').map((node) => node.textContent)).toEqual(['Waiting for the model…']);
    expect(allByTestId(root, 'step-card')[2]?.querySelector('[data-testid="step-waiting"]')).not.toBeNull();

    emit({ type: 'model_text', taskId: TASK, step: 3, attempt: 0, delta: 'Looking' });
    expect(allByTestId(root, 'step-waiting')).toHaveLength(0);

    emit({ type: 'step_started', taskId: TASK, step: 4, tabId: 12, url: null, operable: true });
    emit({
      type: 'task_finished',
      taskId: TASK,
      status: 'interrupted',
      summary: 'Closed.',
      verified: false,
      metrics: METRICS,
    });
    expect(allByTestId(root, 'step-waiting').map((node) => node.textContent)).toEqual([
      'The task ended before the model answered in this step.',
    ]);
  });

  it('groups the steps of a follow-up under its instruction', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, { ...started, instruction: 'Make it two', followUp: true });
    emit({ type: 'step_started', taskId: TASK, step: 3, tabId: 12, url: null, operable: true });
    expect(byTestId(root, 'follow-up').textContent).toBe('Follow-up: Make it two');
    expect(byTestId(root, 'task-instruction').textContent).toBe('Add the cheapest fern to the cart');
  });

  it('exports the shown task through the command', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps);
    click(byTestId(root, 'export-trace'));
    expect(commands.exportTrace).toHaveBeenCalledExactlyOnceWith(TASK);
  });
});

describe('cost', () => {
  it('says the cost is unknown for a model the price table does not know, never $0, in the task and in history', () => {
    const recorder = new MetricsRecorder();
    recorder.addTurn('qwen3:8b', { input: 1_200, output: 80, cacheRead: 0, cacheWrite: 0 });
    const metrics = { ...recorder.snapshot(), steps: 1 };
    expect(metrics.costUsd).toBeNull();
    const root = mount(<App commands={commands} />);
    emit({ ...started, model: 'qwen3:8b' }, ...firstSteps.slice(0, 1), { type: 'metrics', taskId: TASK, metrics });
    const usage = byTestId(root, 'task-usage').textContent;
    expect(usage).toBe('1 step · 1,200 tokens in · 80 out · cost unknown for this model');
    expect(usage).not.toContain('USD');
    click(byTestId(root, 'nav-history'));
    expect(byTestId(root, 'history-item').textContent).toContain('80 out · cost unknown for this model');
  });

  it('says the cost is unknown for a record kept without one', () => {
    const { costUsd: _none, ...older } = METRICS;
    const root = mount(<App commands={commands} />);
    emit(started, { type: 'metrics', taskId: TASK, metrics: older as typeof METRICS });
    expect(byTestId(root, 'task-usage').textContent).toContain('640 out · cost unknown for this model');
  });
});

describe('a refusal', () => {
  it("ends the task as failed with the agent's summary quoting the API", () => {
    const summary =
      'The model declined to continue this task (cyber): This request may facilitate harm. ' +
      'Rephrase the task or start a new one.';
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, {
      type: 'task_finished',
      taskId: TASK,
      status: 'failed',
      summary,
      verified: false,
      refusal: { category: 'cyber', explanation: 'This request may facilitate harm.' },
      metrics: METRICS,
    });
    const final = byTestId(root, 'final-status');
    expect(final.dataset.status).toBe('failed');
    expect(final.textContent).toContain('Failed');
    expect(byTestId(final, 'final-summary').textContent).toBe(summary);
    expect(live(root).textContent).toBe(`Task ended: Failed. ${summary}`);
  });
});

describe('ask_user', () => {
  it('shows the question with an answer box; Enter answers it once', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps.slice(0, 7), question);
    const box = byTestId(root, 'question');
    expect(box.textContent).toContain('Which size: small or large?');
    expect(live(root).textContent).toBe('The agent asks: Which size: small or large?');
    const reply = byLabel<HTMLTextAreaElement>(root, 'Your answer (Enter sends it)');
    typeInto(reply, 'small');
    press(reply, 'Enter');
    press(reply, 'Enter');
    expect(commands.answer).toHaveBeenCalledExactlyOnceWith('q1', 'small');
    expect(commands.followUp).not.toHaveBeenCalled();
    expect(reply.disabled).toBe(true);
  });

  it('closes the question when the task goes on', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps.slice(0, 7), question);
    emit(...lastSteps);
    expect(root.querySelector('[data-testid="question"]')).toBeNull();
  });
});
