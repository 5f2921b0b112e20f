// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSettings } from '../../../src/panel/store/settings';
import { useTaskQueue } from '../../../src/panel/store/task-queue';
import { useUi } from '../../../src/panel/store/ui';
import { App } from '../../../src/panel/ui/app';
import {
  byLabel,
  byTestId,
  click,
  emit,
  freshUi,
  mount,
  press,
  type SpyCommands,
  settle,
  shownText,
  typeInto,
  unmountAll,
} from './harness';
import { firstSteps, lastSteps, started, TASK } from './scenario';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

const box = (root: HTMLElement) => root.querySelector<HTMLTextAreaElement>('#task-input') as HTMLTextAreaElement;

describe('task box', () => {
  it('in the offline demo, suggests no task the demo would refuse', () => {
    const demo = mount(<App commands={commands} demoMode />);
    expect(box(demo).placeholder).toBe('The offline demo plays one task only: see “What is this?”');
    unmountAll();
    const real = mount(<App commands={commands} demoMode={false} />);
    expect(box(real).placeholder).toBe('e.g. Add the cheapest fern to the cart');
  });

  it('runs the instruction on Enter and clears the box', () => {
    const root = mount(<App commands={commands} />);
    const input = byLabel<HTMLTextAreaElement>(root, 'New task');
    typeInto(input, '  Add the cheapest fern to the cart ');
    expect(press(input, 'Enter')).toBe(false);
    expect(commands.run).toHaveBeenCalledExactlyOnceWith('Add the cheapest fern to the cart');
    expect(box(root).value).toBe('');
    expect(useUi.getState().draft).toBe('');
  });

  it('runs what was typed even when Enter comes before the box re-rendered for it', () => {
    // A box just mounted in a hidden panel (back from settings) re-renders late: its store subscription starts after
    // the next paint. Typing and Enter outside act() reproduce that: no render happens between the two events.
    const root = mount(<App commands={commands} />);
    const input = box(root);
    input.value = 'Water the fern';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(commands.run).toHaveBeenCalledExactlyOnceWith('Water the fern');
  });

  it('leaves Shift+Enter to the textarea as a new line', () => {
    const root = mount(<App commands={commands} />);
    typeInto(box(root), 'first line');
    expect(press(box(root), 'Enter', { shiftKey: true })).toBe(true);
    expect(commands.run).not.toHaveBeenCalled();
    expect(box(root).value).toBe('first line');
  });

  it('does not run on the Enter that confirms an IME composition', () => {
    const root = mount(<App commands={commands} />);
    typeInto(box(root), '把蕨类');
    expect(press(box(root), 'Enter', { isComposing: true })).toBe(true);
    expect(commands.run).not.toHaveBeenCalled();
  });

  it('does nothing on Enter when the box is empty', () => {
    const root = mount(<App commands={commands} />);
    typeInto(box(root), '   ');
    press(box(root), 'Enter');
    expect(commands.run).not.toHaveBeenCalled();
  });

  it('sends a follow-up to the running task, and stops it on Esc or the Stop button', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps);
    const input = byLabel<HTMLTextAreaElement>(root, 'Follow-up for the running task');
    expect(byTestId(root, 'task-box').dataset.action).toBe('followUpRunning');
    typeInto(input, 'Only if it costs under 10');
    press(input, 'Enter');
    expect(commands.followUp).toHaveBeenCalledExactlyOnceWith('Only if it costs under 10');
    expect(commands.run).not.toHaveBeenCalled();

    expect(press(input, 'Escape')).toBe(false);
    expect(commands.stop).toHaveBeenCalledTimes(1);
    click(byTestId(root, 'stop'));
    expect(commands.stop).toHaveBeenCalledTimes(2);
  });

  it('after a task ended, Enter starts a new task unless the person chooses to continue it', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, ...lastSteps);
    expect(root.querySelector('[data-testid="stop"]')).toBeNull();
    expect(press(box(root), 'Escape')).toBe(true);
    expect(commands.stop).not.toHaveBeenCalled();

    typeInto(box(root), 'Now find a pot');
    press(box(root), 'Enter');
    expect(commands.run).toHaveBeenCalledExactlyOnceWith('Now find a pot');

    // One checkbox, not a pair of radios: the label says what Enter does, no task id.
    expect(root.querySelectorAll('input[type="radio"]')).toHaveLength(0);
    expect(shownText(root)).not.toContain(TASK);
    click(byLabel(root, 'Continue this task'));
    const input = byLabel<HTMLTextAreaElement>(root, 'Follow-up for the last task');
    expect(root.textContent).toContain('Enter continues the last task on its tabs.');
    typeInto(input, 'And a pot for it');
    click(byTestId(root, 'task-box').querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(commands.followUp).toHaveBeenCalledExactlyOnceWith('And a pot for it');
    expect(commands.run).toHaveBeenCalledTimes(1);
  });

  it('keeps the draft while the person looks at settings', () => {
    const root = mount(<App commands={commands} />);
    typeInto(box(root), 'half written');
    click(byTestId(root, 'nav-settings'));
    expect(root.querySelector('#task-input')).toBeNull();
    click(byTestId(root, 'nav-task'));
    expect(box(root).value).toBe('half written');
  });

  it('offers New task while the open thread runs, and then starts one beside it', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps);
    expect(byTestId(root, 'task-box').dataset.action).toBe('followUpRunning');
    click(byTestId(root, 'new-task'));
    expect(byTestId(root, 'task-box').dataset.action).toBe('run');
    const input = box(root);
    typeInto(input, 'Book a table');
    press(input, 'Enter');
    expect(commands.run).toHaveBeenCalledExactlyOnceWith('Book a table');
    expect(commands.followUp).not.toHaveBeenCalled();
  });

  it('says a new task will wait when the panel already runs as many as the setting allows', () => {
    useSettings.getState().update({ tasksAtOnce: 2 });
    const root = mount(<App commands={commands} />);
    const other = { ...started, taskId: 'r2', instruction: 'Book a table' };
    emit(started, ...firstSteps);
    click(byTestId(root, 'new-task'));
    expect(root.querySelector('[data-testid="compose-will-wait"]')).toBeNull();
    emit(other);
    click(byTestId(root, 'new-task'));
    const line = byTestId(root, 'compose-will-wait');
    expect(line.textContent).toBe('2 tasks are running: this one starts when one ends.');
    // Read with the field, not only seen.
    expect(box(root).getAttribute('aria-describedby')).toBe('task-hint task-wait');
    // A follow-up of the running thread is not a new run: it never waits.
    click(byTestId(root, 'thread-open'));
    expect(byTestId(root, 'task-box').dataset.action).toBe('followUpRunning');
    expect(root.querySelector('[data-testid="compose-will-wait"]')).toBeNull();
  });

  it("counts only this panel's tasks: another window's take none of its slots", () => {
    useSettings.getState().update({ tasksAtOnce: 2 });
    commands.runsHere.mockImplementation((taskId) => taskId !== 'r2');
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, { ...started, taskId: 'r2', instruction: 'Their task' });
    click(byTestId(root, 'new-task'));
    expect(byTestId(root, 'task-box').dataset.action).toBe('run');
    expect(root.querySelector('[data-testid="compose-will-wait"]')).toBeNull();
  });

  it('says so with one task running and one slot, and while others already wait', async () => {
    useSettings.getState().update({ tasksAtOnce: 1 });
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps);
    click(byTestId(root, 'new-task'));
    expect(byTestId(root, 'compose-will-wait').textContent).toBe('A task is running: this one starts when it ends.');
    void act(() => useSettings.getState().update({ tasksAtOnce: 3 }));
    await settle();
    expect(root.querySelector('[data-testid="compose-will-wait"]')).toBeNull();
    void act(() => useTaskQueue.getState().show([{ queueId: 'q1', instruction: 'x', followUpOf: null, at: 1 }]));
    await settle();
    expect(byTestId(root, 'compose-will-wait').textContent).toBe('A task is running: this one starts when it ends.');
  });
});
