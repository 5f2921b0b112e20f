// A verified run made into a saved task (src/panel/store/saved-from-record.ts), the file it is exported as and the
// only shape an import accepts (src/panel/agent/replay/saved-task-file.ts), and the store that keeps them.

import { beforeEach, describe, expect, it } from 'vitest';
import { readSavedTasksFile, savedTasksFile } from '../../../src/panel/agent/replay/saved-task-file';
import { savedTaskFrom } from '../../../src/panel/store/saved-from-record';
import { useSavedTasks } from '../../../src/panel/store/saved-tasks';
import type { CallView, StepRecord, TaskRecord } from '../../../src/panel/store/task-record';

const call = (over: Partial<CallView>): CallView => ({
  callId: 'c',
  name: 'click',
  input: {},
  outcome: 'ok',
  isError: false,
  summary: 'ok',
  verification: { verified: true, effects: ['navigation'] },
  ...over,
});

const stepAt = (step: number, url: string, text: string, calls: CallView[]): StepRecord => ({
  step,
  turn: 0,
  tabId: 3,
  url,
  text,
  calls,
  notes: [],
  usage: { input: 1000, output: 60, cacheRead: 0, cacheWrite: 0 },
});

const SHOP = 'http://shop.test';

function orderRun(over: Partial<TaskRecord> = {}): TaskRecord {
  return {
    taskId: 't1',
    instructions: ['Buy one Monstera for Ada Lovelace'],
    model: 'claude-test',
    status: 'succeeded',
    verified: true,
    summary: 'Ordered.',
    evidence: { quotes: ['Order FF-123456 for Monstera'] },
    verifiedAs: 'outcome',
    startedAt: 0,
    steps: [
      stepAt(1, `${SHOP}/`, 'Opening the Monstera.', [
        call({ name: 'find', input: { text: 'Monstera' }, verification: undefined }),
        call({
          input: { ref: 4 },
          target: 'View Monstera',
          identity: { role: 'link', name: 'View Monstera', nth: 0, count: 1 },
        }),
      ]),
      stepAt(2, `${SHOP}/product?id=monstera`, 'Typing.', [
        call({
          name: 'click',
          input: { ref: 8 },
          target: 'Add to cart',
          outcome: 'failed_verify',
          verification: { verified: false, effects: ['none'] },
        }),
      ]),
      stepAt(3, `${SHOP}/checkout`, 'Filling in the name and password.', [
        call({
          name: 'type',
          input: { ref: 11, text: 'Ada Lovelace' },
          target: 'Full name',
          identity: { role: 'textbox', name: 'Full name', nth: 0, count: 1 },
          verification: { verified: true, effects: ['value_change'] },
        }),
        call({
          name: 'type',
          input: { ref: 12, text: 'hunter2!' },
          target: 'Password',
          identity: { role: 'textbox', name: 'Password', nth: 0, count: 1 },
          verification: { verified: true, effects: ['value_change'] },
        }),
      ]),
      stepAt(4, `${SHOP}/checkout`, 'Placing the order.', [
        call({
          input: { ref: 14 },
          target: 'Place order',
          identity: { role: 'button', name: 'Place order', nth: 0, count: 1 },
        }),
      ]),
      stepAt(5, `${SHOP}/thanks`, 'Done.', [call({ name: 'done', input: {}, outcome: 'done_accepted' })]),
    ],
    consents: [{ step: 4, origin: SHOP, kind: 'order', control: 'Place order', decision: 'allow_once', by: 'person' }],
    ...over,
  } as TaskRecord;
}

describe('savedTaskFrom', () => {
  it('keeps each verified action as a step by its target identity, never its ref, and lifts the named values out', () => {
    const made = savedTaskFrom(
      orderRun(),
      { title: 'Plant order', variables: [{ name: 'plant', value: 'Monstera' }] },
      's1',
      5,
    );
    if (!('saved' in made)) throw new Error(made.refused.code);
    const { saved } = made;
    expect(saved.steps.map((step) => step.tool)).toEqual(['click', 'type', 'type', 'click']);
    expect(saved.steps[0]).toMatchObject({
      args: {},
      target: { role: 'link', name: 'View {plant}', nth: 0, count: 1 },
      place: { origin: SHOP, path: '/' },
      effects: ['navigation'],
      sideEffect: false,
      intent: 'Opening the {plant}.',
    });
    expect(saved.steps[3]).toMatchObject({ sideEffect: true, intent: 'Placing the order.' });
    expect(saved.instruction).toBe('Buy one {plant} for Ada Lovelace');
    expect(saved.done.evidence.quotes).toEqual(['Order FF-123456 for {plant}']);
    expect(saved.startUrl).toBe(`${SHOP}/`);
    expect(saved.variables).toContainEqual({ name: 'plant', example: 'Monstera' });
    // Two calls in one step share its text: each is named by its action and target instead.
    expect(saved.steps[1]?.intent).toBe('type "Full name"');
  });

  it('never keeps what was typed into a secret field: it becomes a variable the person gives at each run', () => {
    const made = savedTaskFrom(orderRun(), { title: 'Plant order', variables: [] }, 's1', 5);
    if (!('saved' in made)) throw new Error(made.refused.code);
    expect(JSON.stringify(made.saved)).not.toContain('hunter2!');
    expect(made.saved.steps[2]?.args).toEqual({ text: '{secret1}' });
    expect(made.saved.variables).toEqual([{ name: 'secret1', example: '', secret: true }]);
  });

  it('refuses a run that was not verified, a value that occurs nowhere, and a name that is not one', () => {
    expect(savedTaskFrom(orderRun({ verified: false }), { title: 'x', variables: [] }, 's', 0)).toHaveProperty(
      'refused',
    );
    expect(savedTaskFrom(orderRun({ status: 'failed' }), { title: 'x', variables: [] }, 's', 0)).toHaveProperty(
      'refused',
    );
    const nowhere = savedTaskFrom(orderRun(), { title: 'x', variables: [{ name: 'city', value: 'Paris' }] }, 's', 0);
    expect(nowhere).toEqual({ refused: { code: 'value_nowhere', detail: 'Paris' } });
    const badName = savedTaskFrom(orderRun(), { title: 'x', variables: [{ name: 'a b}', value: 'Monstera' }] }, 's', 0);
    expect(badName).toHaveProperty('refused');
  });
});

describe('saved tasks file', () => {
  const made = savedTaskFrom(
    orderRun(),
    { title: 'Plant order', variables: [{ name: 'plant', value: 'Monstera' }] },
    's1',
    5,
  );
  const saved = 'saved' in made ? made.saved : null;

  it('reads back what it writes', () => {
    if (!saved) throw new Error('not saved');
    expect(readSavedTasksFile(savedTasksFile([saved]))).toEqual({ tasks: [saved] });
  });

  it('refuses a file that is not one, of a newer version, or with one bad task, taking none of it', () => {
    if (!saved) throw new Error('not saved');
    expect(readSavedTasksFile('{')).toEqual({ refused: { code: 'not_json' } });
    expect(readSavedTasksFile('{"format":"other","version":1,"tasks":[]}')).toHaveProperty('refused');
    const newer = JSON.stringify({ format: 'steadyhand-saved-tasks', version: 9, tasks: [saved] });
    expect(readSavedTasksFile(newer)).toEqual({ refused: { code: 'newer_version', detail: '9' } });
    const bad = { ...saved, steps: [{ ...saved.steps[0], effects: ['teleport'] }] };
    const mixed = JSON.stringify({ format: 'steadyhand-saved-tasks', version: 1, tasks: [saved, bad] });
    expect(readSavedTasksFile(mixed)).toEqual({
      refused: { code: 'invalid_task', detail: expect.stringMatching(/^2 /) },
    });
    const secret = { ...saved, variables: [{ name: 'pin', example: '1234', secret: true }] };
    const leaking = JSON.stringify({ format: 'steadyhand-saved-tasks', version: 1, tasks: [secret] });
    expect(readSavedTasksFile(leaking)).toEqual({ refused: { code: 'secret_in_file', detail: '1' } });
  });
});

describe('useSavedTasks', () => {
  beforeEach(() => useSavedTasks.setState({ tasks: [] }));

  it('adds, edits, exports, imports all-or-nothing, and removes', () => {
    const made = savedTaskFrom(orderRun(), { title: 'Plants', variables: [] }, 's1', 1);
    if (!('saved' in made)) throw new Error(made.refused.code);
    const store = useSavedTasks.getState();
    store.add(made.saved);
    expect(store.edit('s1', { title: 'Weekly plants', variables: [{ name: 'secret1', example: 'x' }] }, 9)).toEqual({
      ok: true,
    });
    expect(useSavedTasks.getState().tasks[0]).toMatchObject({ title: 'Weekly plants', updatedAt: 9 });
    const file = useSavedTasks.getState().exportFile();
    store.remove('s1');
    expect(useSavedTasks.getState().tasks).toEqual([]);
    expect(
      useSavedTasks.getState().importFile('{"format":"steadyhand-saved-tasks","version":1,"tasks":[{}]}'),
    ).toHaveProperty('refused');
    expect(useSavedTasks.getState().tasks).toEqual([]);
    expect(useSavedTasks.getState().importFile(file)).toEqual({ imported: 1 });
    expect(useSavedTasks.getState().tasks[0]?.title).toBe('Weekly plants');
  });

  it('renames a variable everywhere it occurs, changes its example, and refuses a name that is not one', () => {
    const made = savedTaskFrom(
      orderRun(),
      { title: 'Plants', variables: [{ name: 'plant', value: 'Monstera' }] },
      's1',
      1,
    );
    if (!('saved' in made)) throw new Error(made.refused.code);
    useSavedTasks.getState().add(made.saved);
    const edit = (variables: { name: string; example: string }[]) =>
      useSavedTasks.getState().edit('s1', { title: 'Weekly plants', variables }, 7);
    expect(
      edit([
        { name: 'pw', example: 'oops' },
        { name: 'kind', example: 'Cactus' },
      ]),
    ).toEqual({ ok: true });
    const task = useSavedTasks.getState().tasks[0];
    expect(task?.instruction).toBe('Buy one {kind} for Ada Lovelace');
    expect(task?.steps[0]?.target?.name).toBe('View {kind}');
    expect(task?.steps[2]?.args).toEqual({ text: '{pw}' });
    // A secret keeps no example, whatever was typed.
    expect(task?.variables).toEqual([
      { name: 'pw', example: '', secret: true },
      { name: 'kind', example: 'Cactus' },
    ]);
    expect(
      edit([
        { name: 'a b', example: '' },
        { name: 'kind', example: 'x' },
      ]),
    ).toEqual({
      refused: { code: 'bad_name', detail: 'a b' },
    });
    expect(
      edit([
        { name: 'kind', example: '' },
        { name: 'kind', example: 'x' },
      ]),
    ).toEqual({
      refused: { code: 'named_twice', detail: 'kind' },
    });
  });
});
