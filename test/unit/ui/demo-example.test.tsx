// @vitest-environment jsdom
// The demo notice offers the one task the offline demo can play, and runs it in one click.
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDemoExample } from '../../../src/panel/store/demo-example';
import { useUi } from '../../../src/panel/store/ui';
import { App } from '../../../src/panel/ui/app';
import { byTestId, click, emit, freshUi, mount, type SpyCommands, unmountAll } from './harness';

const EXAMPLE = 'On the Fern & Fig shop (http://127.0.0.1:4000/) buy one Monstera deliciosa …';
let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
  useDemoExample.setState({ example: null });
});
afterEach(unmountAll);

describe('the demo example', () => {
  it('runs the demo task from the demo notice in one click, from any view', () => {
    useDemoExample.setState({ example: EXAMPLE });
    useUi.getState().show('history');
    const root = mount(<App commands={commands} />);
    const button = byTestId<HTMLButtonElement>(byTestId(root, 'demo-notice'), 'demo-example');
    expect(button.textContent).toBe('Run the demo task: buy a Monstera');
    expect(button.title).toBe(EXAMPLE);
    click(button);
    expect(commands.run).toHaveBeenCalledExactlyOnceWith(EXAMPLE);
    expect(useUi.getState().view).toBe('task');
  });

  it('is not offered without a demo shop, nor while a task runs', () => {
    const root = mount(<App commands={commands} />);
    expect(root.querySelector('[data-testid="demo-example"]')).toBeNull();
    void act(() => {
      useDemoExample.setState({ example: EXAMPLE });
      emit({
        type: 'task_started',
        taskId: 't1',
        instruction: 'Buy a fern',
        followUp: false,
        model: 'steadyhand-offline-demo',
        at: 1_000,
      });
    });
    expect(byTestId<HTMLButtonElement>(root, 'demo-example').disabled).toBe(true);
  });
});
