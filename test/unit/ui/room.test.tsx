// @vitest-environment jsdom
// The thread gets the room (docs/contracts.md U-ROOM): the composer has the focus on open, Esc stops from anywhere in
// the panel but leaves a dialog's Esc to the dialog, long messages collapse, a stopped stream is marked where it broke
// off, and the main view speaks a person's words (ids and internal verdicts only under Details).

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../src/panel/agent';
import { App } from '../../../src/panel/ui/app';
import { resultLang, resultText } from '../../../src/panel/ui/status-text';
import {
  allByTestId,
  byTestId,
  click,
  emit,
  freshUi,
  mount,
  press,
  type SpyCommands,
  shownText,
  unmountAll,
} from './harness';
import { firstSteps, lastSteps, METRICS, started, TASK } from './scenario';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

const stepStarted = (step: number): AgentEvent => ({
  type: 'step_started',
  taskId: TASK,
  step,
  tabId: 12,
  url: 'http://127.0.0.1:4173/',
  operable: true,
});

const stopped: AgentEvent = {
  type: 'task_finished',
  taskId: TASK,
  status: 'stopped',
  stopCause: 'person',
  summary: 'Stopped by you.',
  verified: false,
  metrics: METRICS,
};

describe('the composer', () => {
  it('has the focus when the panel opens, so Enter is all it takes', () => {
    mount(<App commands={commands} />);
    expect(document.activeElement?.id).toBe('task-input');
  });

  it('starts one line high and keeps its hint for screen readers, the keys in short as its placeholder', () => {
    const root = mount(<App commands={commands} />);
    emit(started);
    const input = byTestId(root, 'task-box').querySelector('textarea') as HTMLTextAreaElement;
    expect(input.rows).toBe(1);
    expect(input.placeholder).toBe('Tell the agent more · Esc stops');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Esc stops the task.',
    );
  });
});

describe('Esc', () => {
  it('stops the running task from anywhere in the panel, not only the composer', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps);
    expect(press(byTestId(root, 'thread-scroll'), 'Escape')).toBe(false);
    expect(commands.stop).toHaveBeenCalledTimes(1);
    expect(press(document.body, 'Escape')).toBe(false);
    expect(commands.stop).toHaveBeenCalledTimes(2);
  });

  it('closes a dialog or menu first, and leaves a key a component took for itself', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inside = document.createElement('button');
    dialog.append(inside);
    root.append(dialog);
    expect(press(inside, 'Escape')).toBe(true);
    const claimed = document.createElement('button');
    claimed.addEventListener('keydown', (event) => event.preventDefault());
    root.append(claimed);
    press(claimed, 'Escape');
    expect(commands.stop).not.toHaveBeenCalled();
  });

  it('does nothing once the task ended', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, ...lastSteps);
    expect(press(byTestId(root, 'thread-scroll'), 'Escape')).toBe(true);
    expect(commands.stop).not.toHaveBeenCalled();
  });
});

describe('long messages', () => {
  it('collapse the person’s long task to its first lines, with Show more and Show less', () => {
    const root = mount(<App commands={commands} />);
    const long = `Compare every fern. ${'Check the price, the size and the light it needs. '.repeat(30)}`;
    emit({ ...started, instruction: long });
    const bubble = byTestId(root, 'task-instruction');
    expect(bubble.dataset.collapsed).toBe('true');
    // The whole text stays in the DOM: a screen reader and find-in-page reach it.
    expect(bubble.textContent).toBe(long);
    const toggle = byTestId(root, 'show-more');
    expect([toggle.textContent, toggle.getAttribute('aria-expanded')]).toEqual(['Show more', 'false']);
    click(toggle);
    expect(byTestId(root, 'task-instruction').dataset.collapsed).toBeUndefined();
    expect([toggle.textContent, toggle.getAttribute('aria-expanded')]).toEqual(['Show less', 'true']);
  });

  it('leave a short task as it is', () => {
    const root = mount(<App commands={commands} />);
    emit(started);
    expect(byTestId(root, 'task-instruction').dataset.collapsed).toBeUndefined();
    expect(root.querySelector('[data-testid="show-more"]')).toBeNull();
  });

  it('collapse a long answer too', () => {
    const root = mount(<App commands={commands} />);
    const answer = 'The fern needs shade.\n'.repeat(12);
    emit(started, stepStarted(1), {
      type: 'task_finished',
      taskId: TASK,
      status: 'succeeded',
      summary: 'Read the care notes.',
      answer,
      verified: false,
      metrics: METRICS,
    });
    expect(byTestId(root, 'final-answer').dataset.collapsed).toBe('true');
  });
});

describe('a stopped stream', () => {
  it('is marked where the sentence broke off', () => {
    const root = mount(<App commands={commands} />);
    emit(started, stepStarted(1), {
      type: 'model_text',
      taskId: TASK,
      step: 1,
      attempt: 0,
      delta: 'I will add the fe',
    });
    emit(stopped);
    const text = byTestId(root, 'step-text');
    expect(text.textContent).toBe('I will add the fe — stopped here');
    expect(allByTestId(root, 'step-cut')).toHaveLength(1);
  });

  it('is not marked when the step had finished before the stop', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, stopped);
    expect(allByTestId(root, 'step-cut')).toHaveLength(0);
  });
});

describe('a person’s words in the main view', () => {
  it('shows no task id and no internal verdict outside Details; the id is there for whoever needs it', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, ...lastSteps);
    const shown = shownText(root);
    expect(shown.toLowerCase()).not.toContain(TASK.toLowerCase());
    expect(shown).not.toMatch(/Done accepted|accepted \(|Continue task/);
    expect(byTestId(root, 'task-id').textContent).toBe(TASK);
  });

  it('in another language, leaves out the agent’s English sentence of a plain success and marks the others English', () => {
    // The Chinese catalogue is in use (its htmlLang), as in a browser set to zh-CN.
    vi.mocked(chrome.i18n.getUILanguage).mockReturnValue('zh-CN');
    vi.mocked(chrome.i18n.getMessage).mockImplementation((key) => (key === 'htmlLang' ? 'zh-CN' : ''));
    const ok = { callId: 'c', name: 'read_page', input: {}, outcome: 'ok' as const, summary: 'ok, read 0–120 of 120' };
    const failed = { ...ok, outcome: 'execute_error' as const, summary: 'error: the tab is gone' };
    expect(resultText(ok)).toBeUndefined();
    expect([resultText(failed), resultLang(failed)]).toEqual(['error: the tab is gone', 'en']);
  });
});
