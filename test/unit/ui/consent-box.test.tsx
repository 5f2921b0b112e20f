// @vitest-environment jsdom
// The consent question in the panel (decision 0026): what is about to happen in plain words, the site, the button, the
// fields with secrets masked, four answers a keyboard reaches, the focus on the box (not on Allow), answered once;
// the task's list of decided steps, kept in history and in the trace; the settings list with a Remove per site.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/panel/agent/core/settings';
import type { AgentEvent } from '../../../src/panel/agent/task/events';
import { useHistory } from '../../../src/panel/store/history';
import { markInterrupted } from '../../../src/panel/store/task-record';
import { buildTrace } from '../../../src/panel/store/trace';
import { App } from '../../../src/panel/ui/app';
import { ActWithoutAskingList } from '../../../src/panel/ui/settings/act-without-asking-list';
import { allByTestId, byTestId, click, emit, freshUi, mount, recordOf, type SpyCommands, unmountAll } from './harness';
import { firstSteps, METRICS, started, TASK } from './scenario';

let commands: SpyCommands;
beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

const request: AgentEvent = {
  type: 'consent_request',
  taskId: TASK,
  step: 2,
  requestId: 'c1',
  origin: 'http://shop.test:4173',
  consequence: {
    kind: 'payment',
    control: 'Place order',
    signals: ['a card number or security code field'],
    fields: [
      { label: 'Name', value: 'Ada' },
      { label: 'Card number', value: '•••• 4242' },
    ],
    request: { url: 'http://pay.test:4173/charge', method: 'post' },
  },
};
const decided: AgentEvent = {
  type: 'consent_decided',
  taskId: TASK,
  step: 2,
  origin: 'http://shop.test:4173',
  kind: 'payment',
  control: 'Place order',
  decision: 'deny',
  by: 'person',
  requestId: 'c1',
};
const finished: AgentEvent = {
  type: 'task_finished',
  taskId: TASK,
  status: 'failed',
  summary: 'The person declined the payment.',
  verified: false,
  metrics: METRICS,
};

describe('the consent question', () => {
  it('says what, where, which button and which fields; four answers; the focus on the box; answered once', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, request);
    const box = byTestId(root, 'consent');
    expect(box.localName).toBe('fieldset');
    expect(box.querySelector('legend')?.textContent).toBe('Allow this step?');
    expect(document.activeElement).toBe(box);
    expect(byTestId(box, 'consent-kind').textContent).toBe('Make a payment · On shop.test:4173');
    expect(byTestId(box, 'consent-control').textContent).toBe('Button: “Place order”');
    expect(byTestId(box, 'consent-request').textContent).toBe('Sends the form to pay.test:4173');
    expect([...box.querySelectorAll('dt, dd')].map((e) => e.textContent)).toEqual([
      'Name',
      'Ada',
      'Card number',
      '•••• 4242',
    ]);
    const buttons = [...box.querySelectorAll('button')];
    expect(buttons.map((b) => [b.textContent, b.type, b.tabIndex])).toEqual([
      ['Allow once', 'button', 0],
      ['Deny', 'button', 0],
      ["Don't ask again on this site for this task", 'button', 0],
      ['Always on this site', 'button', 0],
    ]);
    expect(byTestId(root, 'live-region').textContent).toBe(
      'The agent asks before a step: Make a payment on http://shop.test:4173',
    );
    click(byTestId(box, 'consent-deny'));
    click(byTestId(box, 'consent-once'));
    expect(commands.answerConsent).toHaveBeenCalledExactlyOnceWith('c1', 'deny');
    expect(buttons.every((b) => b.disabled)).toBe(true);
  });

  it('goes away with the decision; the task lists it, history and the trace keep it; Stop or a restore closes it', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, request, decided, finished);
    expect(root.querySelector('[data-testid="consent"]')).toBeNull();
    expect(allByTestId(root, 'consent-record').map((li) => li.textContent)).toEqual([
      'Step 2 · Place order on shop.test:4173: declined by you: not done',
    ]);
    const record = useHistory.getState().tasks[TASK];
    expect(record?.consents).toEqual([
      {
        step: 2,
        origin: 'http://shop.test:4173',
        kind: 'payment',
        control: 'Place order',
        decision: 'deny',
        by: 'person',
      },
    ]);
    const traced = record ? buildTrace(record, DEFAULT_SETTINGS, { version: '0.1.0' }).steps[1]?.notes : [];
    expect(traced).toContain('Consent: payment "Place order" on http://shop.test:4173 declined by the person (deny)');
    expect(markInterrupted(recordOf([started, request])).consent).toBeUndefined();
  });
});

describe('the act-without-asking list in Settings', () => {
  it('lists the sites, each with a Remove named for its site that saves the list without it', () => {
    const root = mount(<ActWithoutAskingList sites={['https://a.test', '*.b.test']} commands={commands} />);
    const rows = allByTestId(root, 'act-without-asking-site');
    expect(rows.map((row) => row.querySelector('code')?.textContent)).toEqual(['https://a.test', '*.b.test']);
    const remove = rows[0]?.querySelector('button');
    expect(remove?.getAttribute('aria-label')).toBe('Remove https://a.test');
    if (remove) click(remove);
    expect(commands.saveSettings).toHaveBeenCalledExactlyOnceWith({ actWithoutAskingSites: ['*.b.test'] });
  });

  it('says when there is none', () => {
    const root = mount(<ActWithoutAskingList sites={[]} commands={commands} />);
    expect(byTestId(root, 'act-without-asking-empty').textContent).toContain('asks you before every such step');
  });
});
