// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTaskTabs } from '../../../src/panel/store/task-tabs';
import { TaskTabs } from '../../../src/panel/ui/thread/task-tabs';
import { allByTestId, byTestId, click, emit, freshUi, mount, type SpyCommands, unmountAll } from './harness';
import { firstSteps, lastSteps, started, TASK } from './scenario';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

function showTabs() {
  void act(() =>
    useTaskTabs.getState().show({
      taskId: TASK,
      groupTitle: `Task(${TASK})`,
      tabs: [
        { tabId: 12, title: 'Plant shop', url: 'http://127.0.0.1:4173/', isAgent: false, isPerson: true },
        { tabId: 15, title: 'Cart', url: 'http://127.0.0.1:4173/cart.html', isAgent: true, isPerson: false },
      ],
    }),
  );
}

describe("the task's tabs", () => {
  it('lists the group, marking the tab the agent is on and the one the person is on', () => {
    const root = mount(<TaskTabs commands={commands} taskId={TASK} />);
    expect(root.querySelector('[data-testid="task-tabs"]')).toBeNull();
    emit(started, ...firstSteps);
    showTabs();
    expect(byTestId(root, 'group-title').textContent).toBe(`Task(${TASK})`);
    const [shop, cart] = allByTestId(root, 'task-tab');
    expect(shop?.textContent).toContain('You are here');
    expect(shop?.textContent).not.toContain('Agent works here');
    expect(shop?.getAttribute('aria-current')).toBe('true');
    expect(cart?.textContent).toContain('Agent works here');
    expect(cart?.textContent).not.toContain('You are here');
  });

  it('focuses a tab when it is clicked', () => {
    const root = mount(<TaskTabs commands={commands} taskId={TASK} />);
    emit(started);
    showTabs();
    click(allByTestId(root, 'task-tab')[1] as HTMLElement);
    expect(commands.focusTab).toHaveBeenCalledExactlyOnceWith(15);
  });

  it('offers to ungroup or close the tabs only once the task has ended', () => {
    const root = mount(<TaskTabs commands={commands} taskId={TASK} />);
    emit(started, ...firstSteps);
    showTabs();
    expect(root.querySelector('[data-testid="ungroup-tabs"]')).toBeNull();
    emit(...lastSteps);
    click(byTestId(root, 'ungroup-tabs'));
    click(byTestId(root, 'close-tabs'));
    expect(commands.releaseTabs.mock.calls).toEqual([
      [TASK, 'ungroup'],
      [TASK, 'close'],
    ]);
  });
});
