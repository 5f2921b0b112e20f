// @vitest-environment jsdom
// Saved tasks in the panel (issue 30): saving a verified task from its history entry with the person's variables,
// the list with each variable's blank (a secret never pre-filled), run here or in a new tab, the last replay's
// figures, delete after a confirmation, and an import that refuses a bad file in the person's words.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SavedTask } from '../../../src/panel/agent';
import { useHistory } from '../../../src/panel/store/history';
import { useSavedTasks } from '../../../src/panel/store/saved-tasks';
import { useUi } from '../../../src/panel/store/ui';
import { App } from '../../../src/panel/ui/app';
import {
  allByTestId,
  byTestId,
  click,
  emit,
  freshUi,
  mount,
  type SpyCommands,
  settle,
  typeInto,
  unmountAll,
} from './harness';
import { firstSteps, lastSteps, started, TASK } from './scenario';

let commands: SpyCommands;
beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

const SAVED: SavedTask = {
  format: 'steadyhand-saved-task',
  version: 1,
  id: 's1',
  title: 'Weekly fern',
  instruction: 'Add the cheapest {plant} to the cart',
  variables: [
    { name: 'plant', example: 'fern' },
    { name: 'secret1', example: '', secret: true },
  ],
  startUrl: 'http://shop.test/',
  steps: [
    {
      intent: 'Search',
      tool: 'type',
      args: { text: '{plant}' },
      place: null,
      effects: ['value_change'],
      sideEffect: false,
    },
  ],
  done: { evidence: { quotes: ['Button {plant}'] } },
  fromTaskId: TASK,
  createdAt: Date.UTC(2025, 5, 1),
  updatedAt: Date.UTC(2025, 5, 1),
};

describe('saved tasks in the panel', () => {
  it('saves a verified task from its history entry with the variables the person names', async () => {
    emit(started, ...firstSteps, ...lastSteps);
    const root = mount(<App commands={commands} />);
    useUi.getState().show('history');
    useUi.getState().select(TASK);
    await settle();
    const form = byTestId(root, 'save-task');
    click(byTestId(form, 'save-task-add'));
    await settle();
    const [name, value] = [...byTestId(form, 'save-variable').querySelectorAll('input')];
    typeInto(name as HTMLInputElement, 'plant');
    typeInto(value as HTMLInputElement, 'fern');
    typeInto(byTestId<HTMLInputElement>(form, 'save-task-title'), 'Weekly fern');
    click(byTestId(form, 'save-task-save'));
    await settle();
    expect(commands.saveTask).toHaveBeenCalledWith(TASK, {
      title: 'Weekly fern',
      variables: [{ name: 'plant', value: 'fern' }],
    });
    expect(byTestId(form, 'save-task-said').textContent).toBe('Saved. Find it under Saved.');

    commands.saveTask.mockReturnValueOnce({ refused: { code: 'value_nowhere', detail: 'cactus' } });
    click(byTestId(form, 'save-task-save'));
    await settle();
    expect(byTestId(form, 'save-task-said').getAttribute('role')).toBe('alert');
    expect(byTestId(form, 'save-task-said').textContent).toContain('“cactus” does not occur in the task');
  });

  it('offers no save for a task whose result was not verified', async () => {
    emit(started, ...firstSteps);
    const root = mount(<App commands={commands} />);
    useUi.getState().show('history');
    useUi.getState().select(TASK);
    await settle();
    expect(root.querySelector('[data-testid="save-task"]')).toBeNull();
  });

  it('lists each saved task with its blanks, runs it here or in a new tab, and shows its last replay', async () => {
    useSavedTasks.setState({ tasks: [SAVED] });
    emit({ ...started, taskId: 'r1' }, ...lastSteps.map((e) => ({ ...e, taskId: 'r1' })));
    useHistory.getState().recordReplay('r1', {
      savedId: 's1',
      stepsReplayed: 3,
      healedAt: 3,
      modelCalls: 2,
      tokensSaved: 4200,
      replayedSteps: [1, 2, 3],
    });
    const root = mount(<App commands={commands} />);
    click(byTestId(root, 'nav-saved'));
    await settle();
    const item = byTestId(root, 'saved-item');
    const [plant, secret] = allByTestId<HTMLInputElement>(item, 'saved-value');
    expect(plant?.value).toBe('fern');
    expect(secret?.type).toBe('password');
    expect(secret?.value).toBe('');
    // A secret must be given before anything runs.
    expect(byTestId<HTMLButtonElement>(item, 'saved-run-here').disabled).toBe(true);
    typeInto(secret as HTMLInputElement, 'hunter2!');
    typeInto(plant as HTMLInputElement, 'cactus');
    await settle();
    click(byTestId(item, 'saved-run-new'));
    expect(commands.runSaved).toHaveBeenCalledWith('s1', { plant: 'cactus', secret1: 'hunter2!' }, 'new');
    click(byTestId(item, 'saved-run-here'));
    expect(commands.runSaved).toHaveBeenLastCalledWith('s1', { plant: 'cactus', secret1: 'hunter2!' }, 'here');
    expect(byTestId(item, 'saved-last-run').textContent).toBe(
      'Last run: 3 steps replayed, 2 model calls, about 4200 tokens saved; the model took over at step 4; ended verified',
    );
    click(byTestId(item, 'saved-export'));
    expect(commands.exportSaved).toHaveBeenCalledWith('s1');
    click(byTestId(item, 'saved-delete'));
    await settle();
    click(byTestId(item, 'saved-delete-confirm'));
    await settle();
    expect(useSavedTasks.getState().tasks).toEqual([]);
    expect(byTestId(root, 'saved-empty')).toBeTruthy();
  });

  it('refuses a file that is not one of saved tasks, saying so, and imports a good one', async () => {
    const root = mount(<App commands={commands} />);
    click(byTestId(root, 'nav-saved'));
    await settle();
    const input = byTestId<HTMLInputElement>(root, 'saved-import');
    const pick = async (text: string) => {
      Object.defineProperty(input, 'files', { value: [new File([text], 'saved.json')], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await settle();
      await settle();
    };
    await pick('{"format":"something else"}');
    expect(byTestId(root, 'saved-import-said').textContent).toBe(
      'Not imported: the file is not a file of Steadyhand saved tasks.',
    );
    await pick(JSON.stringify({ format: 'steadyhand-saved-tasks', version: 1, tasks: [SAVED] }));
    expect(byTestId(root, 'saved-import-said').textContent).toBe('Imported 1 saved tasks.');
    expect(allByTestId(root, 'saved-item')).toHaveLength(1);
  });

  it('sets a schedule in hours or days, says a panel must be open, and turns it off; never for a task with a secret', async () => {
    const plain = { ...SAVED, id: 's2', title: 'Daily check', variables: [{ name: 'plant', example: 'fern' }] };
    useSavedTasks.setState({ tasks: [SAVED, plain] });
    const root = mount(<App commands={commands} />);
    click(byTestId(root, 'nav-saved'));
    await settle();
    const [daily, withSecret] = allByTestId(root, 'saved-item');
    expect(byTestId(withSecret as HTMLElement, 'saved-schedule').textContent).toContain('cannot run by itself');
    const field = byTestId(daily as HTMLElement, 'saved-schedule');
    typeInto(byTestId<HTMLInputElement>(field, 'saved-schedule-every'), '2');
    const unit = field.querySelector('select') as HTMLSelectElement;
    unit.value = 'hours';
    unit.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    click(byTestId(field, 'saved-schedule-set'));
    await settle();
    expect(useSavedTasks.getState().tasks.find((t) => t.id === 's2')?.schedule?.everyMinutes).toBe(120);
    expect(byTestId(field, 'saved-schedule-on').textContent).toMatch(/^Runs every 120 minutes in a new tab/);
    expect(field.textContent).toContain('It runs only while a Steadyhand panel is open');
    click(byTestId(field, 'saved-schedule-off'));
    await settle();
    expect(useSavedTasks.getState().tasks.find((t) => t.id === 's2')?.schedule).toBeUndefined();
  });

  it('edits a saved task: its title, a variable renamed everywhere, and the value a run starts with', async () => {
    const plain = { ...SAVED, id: 's2', title: 'Daily check', variables: [{ name: 'plant', example: 'fern' }] };
    useSavedTasks.setState({ tasks: [plain] });
    const root = mount(<App commands={commands} />);
    click(byTestId(root, 'nav-saved'));
    await settle();
    const form = byTestId(root, 'saved-edit');
    typeInto(byTestId<HTMLInputElement>(form, 'saved-edit-title'), 'Daily cactus check');
    typeInto(byTestId<HTMLInputElement>(form, 'saved-edit-name'), 'kind');
    typeInto(byTestId<HTMLInputElement>(form, 'saved-edit-example'), 'cactus');
    click(byTestId(form, 'saved-edit-save'));
    await settle();
    const task = useSavedTasks.getState().tasks[0];
    expect(task).toMatchObject({ title: 'Daily cactus check', instruction: 'Add the cheapest {kind} to the cart' });
    expect(task?.variables).toEqual([{ name: 'kind', example: 'cactus' }]);
    expect(byTestId(form, 'saved-edit-said').textContent).toBe('Saved.');
    // The run's blank follows the new name and value.
    expect(byTestId<HTMLInputElement>(root, 'saved-value').value).toBe('cactus');
    click(byTestId(root, 'saved-run-here'));
    expect(commands.runSaved).toHaveBeenCalledWith('s2', { kind: 'cactus' }, 'here');

    typeInto(byTestId<HTMLInputElement>(form, 'saved-edit-name'), 'no good');
    click(byTestId(form, 'saved-edit-save'));
    await settle();
    expect(byTestId(form, 'saved-edit-said').getAttribute('role')).toBe('alert');
    expect(byTestId(form, 'saved-edit-said').textContent).toContain('“no good” is not a variable name');
  });
});
