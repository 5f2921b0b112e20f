// @vitest-environment jsdom
// "Ask before acting" in the panel (decision 0026): the plan card (summary, sites, changes, steps) that the person
// edits and approves or cancels, by keyboard-reachable controls with names; the answered plan in the thread and the
// task record; the per-task mode by the task box; the setting with one line for each mode.

import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/panel/agent/core/settings';
import type { AgentEvent } from '../../../src/panel/agent/task/events';
import { useHistory } from '../../../src/panel/store/history';
import { useSettings } from '../../../src/panel/store/settings';
import { buildTrace } from '../../../src/panel/store/trace';
import { useUi } from '../../../src/panel/store/ui';
import { App } from '../../../src/panel/ui/app';
import { SettingsView } from '../../../src/panel/ui/settings/settings-view';
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
  settle,
  typeInto,
  unmountAll,
} from './harness';
import { started, TASK } from './scenario';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

const order = { origin: 'http://shop.test:4173', kind: 'order' as const, what: 'Place the order' };
const payment = { origin: 'http://pay.test:4173', kind: 'payment' as const, what: 'Pay with the saved card' };
const plan = {
  summary: 'Buy one fern',
  sites: ['http://shop.test:4173', 'http://pay.test:4173'],
  changes: [order, payment],
  steps: '1. Add the fern\n2. Check out',
};
const step: AgentEvent = { type: 'step_started', taskId: TASK, step: 1, tabId: 1, url: null, operable: true };
const proposed: AgentEvent = { type: 'plan_proposed', taskId: TASK, step: 1, planId: 'plan1', plan };

const choose = (select: HTMLSelectElement, value: string) => {
  void act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
};

describe('the plan card', () => {
  it('shows the summary, the sites, the changes and the steps, each control named', () => {
    const root = mount(<App commands={commands} demoMode={false} />);
    emit(started, step, proposed);

    const card = byTestId(root, 'plan');
    expect(card.querySelector('h3')?.textContent).toBe("The agent's plan");
    expect(byTestId(card, 'plan-summary').textContent).toBe('Buy one fern');
    expect(allByTestId<HTMLInputElement>(card, 'plan-site').map((box) => [box.dataset.site, box.checked])).toEqual([
      ['http://shop.test:4173', true],
      ['http://pay.test:4173', true],
    ]);
    expect(byLabel(card, 'http://pay.test:4173').checked).toBe(true);
    expect(byLabel(card, 'Payment on http://pay.test:4173: Pay with the saved card').checked).toBe(true);
    expect(byLabel<HTMLTextAreaElement>(card, 'Steps').value).toBe('1. Add the fern\n2. Check out');
    expect(byLabel<HTMLTextAreaElement>(card, 'Note to the agent (optional)').value).toBe('');
    expect(card.getAttribute('aria-labelledby')).toBe(card.querySelector('h3')?.id);
    for (const button of card.querySelectorAll('button')) expect(button.tabIndex).toBe(0);
    expect(byTestId(root, 'live-region').textContent).toBe(
      'The agent proposes a plan: Buy one fern. Review it, then approve it or cancel the task.',
    );
  });

  it('sends the plan as the person edited it, once', () => {
    const root = mount(<App commands={commands} demoMode={false} />);
    emit(started, step, proposed);
    const card = byTestId(root, 'plan');

    click(byLabel(card, 'http://pay.test:4173'));
    const payChange = byLabel(card, 'Payment on http://pay.test:4173: Pay with the saved card');
    expect([payChange.checked, payChange.disabled]).toEqual([false, true]);
    typeInto(byLabel<HTMLTextAreaElement>(card, 'Steps'), '1. Add the fern only');
    typeInto(byLabel<HTMLTextAreaElement>(card, 'Note to the agent (optional)'), ' Cheapest one ');
    click(byTestId(card, 'plan-approve'));
    click(byTestId(card, 'plan-approve'));

    expect(commands.answerPlan).toHaveBeenCalledExactlyOnceWith('plan1', {
      approved: true,
      plan: { ...plan, sites: ['http://shop.test:4173'], changes: [order], steps: '1. Add the fern only' },
      note: 'Cheapest one',
    });
    expect(byTestId(card, 'plan-approve').hasAttribute('disabled')).toBe(true);
    expect(card.querySelector('[role="status"]')?.textContent).toBe('Sent. The agent goes on.');
  });

  it('Cancel sends a cancel', () => {
    const root = mount(<App commands={commands} demoMode={false} />);
    emit(started, step, proposed);

    click(byTestId(root, 'plan-cancel'));

    expect(commands.answerPlan).toHaveBeenCalledExactlyOnceWith('plan1', { approved: false });
  });

  it('shows the approved plan in the thread, and keeps it in the task record and the trace', () => {
    const root = mount(<App commands={commands} demoMode={false} />);
    const approved = { ...plan, sites: ['http://shop.test:4173'], changes: [order] };
    emit(started, step, proposed, {
      type: 'plan_decided',
      taskId: TASK,
      step: 1,
      planId: 'plan1',
      approved: true,
      plan: approved,
      edits: { removedSites: ['http://pay.test:4173'], removedChanges: [payment], stepsEdited: false },
    });

    const card = byTestId(root, 'plan');
    expect(card.dataset.status).toBe('approved');
    expect(card.querySelector('h3')?.textContent).toBe('Plan approved with your changes');
    expect(card.textContent).not.toContain('pay.test');
    expect(root.querySelector('[data-testid="plan-approve"]')).toBeNull();
    const record = useHistory.getState().tasks[TASK];
    expect(record?.plans).toMatchObject([{ planId: 'plan1', status: 'approved', approved }]);
    expect(record && buildTrace(record, DEFAULT_SETTINGS, { version: '0' }).steps[0]?.notes).toContain(
      'Plan approved: Buy one fern (sites: http://shop.test:4173; changes: order on http://shop.test:4173 (Place ' +
        'the order); the person removed http://pay.test:4173)',
    );
  });
});

describe('the mode of a task', () => {
  it('starts on the setting and sends the mode picked for this task with it, then goes back to the setting', () => {
    useSettings.setState({ settings: { ...DEFAULT_SETTINGS, autonomy: 'act' } });
    const root = mount(<App commands={commands} demoMode={false} />);
    const mode = byTestId<HTMLSelectElement>(root, 'task-mode');
    expect(mode.getAttribute('aria-label')).toBe('Mode');
    expect(mode.value).toBe('act');
    expect([...mode.options].map((option) => option.textContent)).toEqual(['Ask before acting', 'Act without asking']);

    choose(mode, 'ask_first');
    typeInto(byLabel<HTMLTextAreaElement>(root, 'New task'), 'Buy a fern');
    press(byLabel(root, 'New task'), 'Enter');

    expect(commands.run).toHaveBeenCalledExactlyOnceWith('Buy a fern', 'ask_first');
    expect(useUi.getState().taskAutonomy).toBeNull();
  });

  it('Settings: the two modes, each with a line saying what it means', async () => {
    const root = mount(<SettingsView commands={commands} />);
    const group = byTestId(root, 'setting-autonomy');
    expect(group.querySelector('legend')?.textContent).toBe('How a task starts');
    const ask = byLabel(group, 'Ask before acting');
    expect(document.getElementById(ask.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'proposes a short plan',
    );
    expect(byLabel(group, 'Act without asking').checked).toBe(true);

    // A choice is saved as soon as it is made (settings-view.tsx).
    click(ask);
    await settle();

    expect(commands.saveSettings).toHaveBeenCalledWith(expect.objectContaining({ autonomy: 'ask_first' }));
  });
});
