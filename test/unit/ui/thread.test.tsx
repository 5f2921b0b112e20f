// @vitest-environment jsdom
// The task view as a conversation (decision 0018): the person's messages with the agent's steps between them, the
// progress line while a task runs, "New task", the compact tab line, and running a past task again from the history.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/panel/agent/task/events';
import { useHistory } from '../../../src/panel/store/history';
import { useSettings } from '../../../src/panel/store/settings';
import { useTaskTabs } from '../../../src/panel/store/task-tabs';
import { useUi } from '../../../src/panel/store/ui';
import { App } from '../../../src/panel/ui/app';
import { activityOf, clockText, stepsOfLatestTurn } from '../../../src/panel/ui/thread/progress';
import { allByTestId, byTestId, click, emit, freshUi, mount, recordOf, type SpyCommands, unmountAll } from './harness';
import { firstSteps, lastSteps, question, started, TASK } from './scenario';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

const followUp: AgentEvent = { ...started, instruction: 'Make it two', followUp: true };
const stepOfFollowUp: AgentEvent = {
  type: 'step_started',
  taskId: TASK,
  step: 4,
  tabId: 12,
  url: 'http://127.0.0.1:4173/cart.html',
  operable: true,
  digest: 'aa11',
};

/** The thread's messages in order: `you: …` for the person's, `step N` for the agent's. */
function messages(root: HTMLElement): string[] {
  return [...root.querySelectorAll('.messages > li')].map((li) => {
    const said = li.querySelector('.bubble');
    if (said) return `you: ${said.textContent}`;
    return `step ${li.querySelector('[data-testid="step-card"]')?.getAttribute('data-step') ?? '?'}`;
  });
}

describe('the thread', () => {
  it("puts the person's task and follow-up as their messages, each followed by the agent's steps", () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, ...lastSteps, followUp, stepOfFollowUp);
    expect(messages(root)).toEqual([
      'you: Add the cheapest fern to the cart',
      'step 1',
      'step 2',
      'step 3',
      'you: Follow-up: Make it two',
      'step 4',
    ]);
    expect(byTestId(root, 'thread-scroll').getAttribute('tabindex')).toBe('0');
  });

  it('shows what the task is doing now, the step against the limit and the usage, only while it runs', () => {
    useSettings.getState().update({ maxSteps: 12 });
    const root = mount(<App commands={commands} />);
    emit(started, firstSteps[0] as AgentEvent);
    expect(byTestId(root, 'progress-now').textContent).toBe('Waiting for the model…');
    expect(byTestId(root, 'progress-step').textContent).toBe('Step 1 of 12');
    emit(...firstSteps.slice(1, 4));
    expect(byTestId(root, 'progress-now').textContent).toBe('Typing');
    emit(...firstSteps.slice(4));
    expect(byTestId(root, 'progress-tokens').textContent).toMatch(/^[\d,]+ tokens$/);
    emit(question);
    expect(byTestId(root, 'progress-now').textContent).toBe('Asking you');
    emit(...lastSteps);
    expect(allByTestId(root, 'progress-line')).toHaveLength(0);
  });

  it('"New task" sets the ended task aside for an empty thread; the next task shows again', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, ...lastSteps);
    click(byTestId(root, 'new-task'));
    expect(allByTestId(root, 'task-card')).toHaveLength(0);
    expect(byTestId(root, 'thread-empty').textContent).toContain('Describe a task below.');
    expect(byTestId(root, 'task-box').dataset.action).toBe('run');
    emit({ ...started, taskId: 'n3w1', instruction: 'Another' });
    expect(byTestId(root, 'task-card').dataset.taskId).toBe('n3w1');
  });

  it("shows the agent's tab as one line, with the task's tabs and the tab's internals behind disclosures", () => {
    // The line shows the open thread's tabs (several tasks run at once: decision 0029).
    emit(started);
    useTaskTabs.getState().show({
      taskId: TASK,
      groupTitle: `Task(${TASK})`,
      tabs: [
        { tabId: 12, title: 'Fern shop', url: 'https://shop.example/', isAgent: true, isPerson: false },
        { tabId: 13, title: 'Mail', url: 'https://mail.example/', isAgent: false, isPerson: true },
      ],
    });
    const root = mount(<App commands={commands} />);
    expect(byTestId(root, 'tab-line-title').textContent).toBe('Fern shop');
    expect(byTestId(root, 'tab-line-where').textContent).toBe("the agent's tab · you are on another tab");
    expect(byTestId(root, 'tab-line-tabs').textContent).toContain('Tabs (2)');
    expect((byTestId(root, 'tab-line-details') as HTMLDetailsElement).open).toBe(false);
    expect(byTestId(byTestId(root, 'tab-line-details'), 'page-card')).toBeTruthy();
  });
});

describe('run again from the history', () => {
  it('runs a past task again here or where it started, and copies its text into the composer to edit first', () => {
    useHistory.setState({ tasks: {}, order: [], revs: {}, removed: [] });
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, ...lastSteps);
    useHistory.getState().recordTabs(TASK, {
      initialTabId: 12,
      tabId: 12,
      groupId: 3,
      windowId: 1,
      url: 'https://shop.example/',
      ownedTabIds: [12],
    });
    click(byTestId(root, 'nav-history'));
    click(byTestId(root, 'history-run-again'));
    expect(commands.runAgain).toHaveBeenLastCalledWith(TASK, 'here');
    click(byTestId(root, 'history-run-where-started'));
    expect(commands.runAgain).toHaveBeenLastCalledWith(TASK, 'start');

    click(byTestId(root, 'history-edit'));
    expect(useUi.getState().view).toBe('task');
    expect(byTestId<HTMLTextAreaElement>(root, 'task-box').querySelector('textarea')?.value).toBe(
      'Add the cheapest fern to the cart',
    );
    expect(byTestId(root, 'task-box').dataset.action).toBe('run');
  });

  it('offers nothing to run while a task runs', () => {
    const root = mount(<App commands={commands} />);
    emit(started, firstSteps[0] as AgentEvent);
    click(byTestId(root, 'nav-history'));
    expect(byTestId<HTMLButtonElement>(root, 'history-run-again').disabled).toBe(true);
  });
});

describe('progress words', () => {
  it('reads the newest step of a record', () => {
    const record = recordOf([started, ...firstSteps.slice(0, 4)]);
    expect(activityOf(record)).toBe('Typing');
    expect(stepsOfLatestTurn(recordOf([started, ...firstSteps, followUp, stepOfFollowUp]))).toBe(1);
    expect(activityOf(recordOf([started, ...firstSteps, ...lastSteps]))).toBe('');
  });

  it('writes elapsed time as m:ss, and h:mm:ss past an hour', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(75_400)).toBe('1:15');
    expect(clockText(3_725_000)).toBe('1:02:05');
  });
});
