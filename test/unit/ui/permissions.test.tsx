// @vitest-environment jsdom
// Site permissions in the panel (decisions 0010, 0025): the question with its four answers, reachable by keyboard
// and answered once; the questions to act (on a read-only page, in a frame of another site); the task record's list of decisions, kept in history and in the trace; the settings lists.

import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/panel/agent/core/settings';
import type { AgentEvent } from '../../../src/panel/agent/task/events';
import { useHistory } from '../../../src/panel/store/history';
import { useSettings } from '../../../src/panel/store/settings';
import { markInterrupted } from '../../../src/panel/store/task-record';
import { buildTrace } from '../../../src/panel/store/trace';
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
  recordOf,
  type SpyCommands,
  settle,
  typeInto,
  unmountAll,
} from './harness';
import { firstSteps, METRICS, started, TASK } from './scenario';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

const request: AgentEvent = {
  type: 'permission_request',
  taskId: TASK,
  step: 3,
  requestId: 'p1',
  origin: 'http://localhost:4173',
  why: { kind: 'open_url', url: 'http://localhost:4173/prize.html', newTab: false },
};
const denied: AgentEvent = {
  type: 'permission_decided',
  taskId: TASK,
  step: 3,
  origin: 'http://localhost:4173',
  decision: 'deny',
  by: 'person',
  requestId: 'p1',
};
const blocked: AgentEvent = {
  type: 'permission_decided',
  taskId: TASK,
  step: 4,
  origin: 'https://bank.test',
  decision: 'deny',
  by: 'block_list',
};
const finished: AgentEvent = {
  type: 'task_finished',
  taskId: TASK,
  status: 'failed',
  summary: 'The person did not allow the other site.',
  verified: false,
  metrics: METRICS,
};

const buttons = (root: HTMLElement) => [...byTestId(root, 'permission').querySelectorAll('button')];

describe('the permission question', () => {
  it('shows the origin and why, with four answers a keyboard reaches, and answers once', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, request);

    const box = byTestId(root, 'permission');
    expect(byTestId(box, 'permission-origin').textContent).toBe('http://localhost:4173');
    expect(byTestId(box, 'permission-why').textContent).toBe('It wants to open http://localhost:4173/prize.html.');
    // A fieldset: a group named by its legend, as assistive technology reads it.
    expect(box.localName).toBe('fieldset');
    expect(box.querySelector('legend')?.textContent).toBe('Allow the agent on another site?');
    expect(
      box
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual([
      'It wants to open http://localhost:4173/prize.html.',
      'Allow once: for this task and its follow-ups. Read only: the agent may see this site, and asks before it ' +
        'clicks, types or sends anything there.',
    ]);
    expect(buttons(root).map((b) => [b.textContent, b.type, b.tabIndex, b.disabled])).toEqual([
      ['Allow once', 'button', 0, false],
      ['Always allow this site', 'button', 0, false],
      ['Read only', 'button', 0, false],
      ['Deny', 'button', 0, false],
    ]);
    expect(byTestId(root, 'live-region').textContent).toBe(
      'The agent asks to use http://localhost:4173. Allow once, always allow, allow to read only, or deny.',
    );

    click(byTestId(box, 'permission-deny'));
    click(byTestId(box, 'permission-once'));
    expect(commands.answerPermission).toHaveBeenCalledExactlyOnceWith('p1', 'deny');
    expect(buttons(root).every((b) => b.disabled)).toBe(true);
    expect(box.textContent).toContain('Answer sent.');
  });

  it('shows a URL with userinfo without it, so it does not read like the first host', () => {
    const root = mount(<App commands={commands} />);
    const tricky: AgentEvent = {
      ...request,
      origin: 'http://evil.test',
      why: { kind: 'open_url', url: 'http://127.0.0.1:4173@evil.test/prize.html', newTab: false },
    } as AgentEvent;
    emit(started, ...firstSteps, tricky);

    const box = byTestId(root, 'permission');
    expect(byTestId(box, 'permission-origin').textContent).toBe('http://evil.test');
    expect(byTestId(box, 'permission-why').textContent).toBe('It wants to open http://evil.test/prize.html.');
  });

  it('says when the agent’s tab already went to the site', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, { ...request, why: { kind: 'tab', url: 'http://localhost:4173/x' } });
    expect(byTestId(root, 'permission-why').textContent).toContain('Its tab is now on http://localhost:4173/x');
  });

  it('says who started a held navigation: the agent’s form, the page, or the browser', () => {
    const root = mount(<App commands={commands} />);
    const held = (by: 'agent' | 'page' | 'browser', method: 'get' | 'post') => ({
      ...request,
      why: {
        kind: 'navigation' as const,
        url: 'http://evil.test/collect',
        method,
        newTab: false,
        by,
        from: 'http://shop.test',
      },
    });
    emit(started, ...firstSteps, held('agent', 'post'));
    expect(byTestId(root, 'permission-why').textContent).toBe(
      'It wants to submit a form to http://evil.test/collect. The form’s data is not sent until you allow it.',
    );
    emit(held('page', 'get'));
    expect(byTestId(root, 'permission-why').textContent).toContain(
      'The page on http://shop.test tried to go to http://evil.test/collect',
    );
    emit(held('browser', 'get'));
    expect(byTestId(root, 'permission-why').textContent).toContain(
      'The tab was sent from http://shop.test to http://evil.test/collect from the browser',
    );
  });

  it('goes away with the decision, and the task lists it; history and the trace keep it', async () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, request, denied);
    expect(root.querySelector('[data-testid="permission"]')).toBeNull();
    emit(blocked, finished);

    const lines = allByTestId(root, 'permission-record').map((li) => [li.textContent, li.dataset.decision]);
    expect(lines).toEqual([
      ['Step 3 · http://localhost:4173: denied by you', 'deny'],
      ['Step 4 · https://bank.test: blocked: it is on your block list', 'deny'],
    ]);
    const record = useHistory.getState().tasks[TASK];
    expect(record?.permissions).toEqual([
      {
        step: 3,
        origin: 'http://localhost:4173',
        decision: 'deny',
        by: 'person',
        why: { kind: 'open_url', url: 'http://localhost:4173/prize.html', newTab: false },
      },
      { step: 4, origin: 'https://bank.test', decision: 'deny', by: 'block_list' },
    ]);
    await settle();
  });

  it('asks to act on a page allowed to read only, naming the action and the site', () => {
    const root = mount(<App commands={commands} />);
    const act: AgentEvent = {
      ...request,
      origin: 'https://shop.example',
      why: { kind: 'act', action: 'type', url: 'https://shop.example/cart' },
    } as AgentEvent;
    emit(started, ...firstSteps, act);
    const box = byTestId(root, 'permission');
    expect(box.querySelector('legend')?.textContent).toBe('Let the agent act on this site?');
    expect(byTestId(box, 'permission-why').textContent).toBe(
      'Steadyhand wants to type on shop.example, which you allowed to read only.',
    );
    click(byTestId(box, 'permission-read'));
    expect(commands.answerPermission).toHaveBeenCalledExactlyOnceWith('p1', 'read');
  });

  it('asks to act in a frame of another site, naming the frame’s site and the page’s (no userinfo)', () => {
    const root = mount(<App commands={commands} />);
    const frame: AgentEvent = {
      ...request,
      origin: 'http://pay.test:4173',
      why: {
        kind: 'frame',
        action: 'type',
        url: 'http://user@pay.test:4173/card.html',
        top: 'http://shop.test:4173/checkout',
      },
    } as AgentEvent;
    emit(started, ...firstSteps, frame);
    expect(byTestId(root, 'permission-why').textContent).toBe(
      'Steadyhand wants to type in a frame from pay.test:4173 inside shop.test:4173. Nothing is sent to the frame ' +
        'until you allow it.',
    );
  });

  it('lists a read-only answer as such, in the task and in the trace', () => {
    const root = mount(<App commands={commands} />);
    const read: AgentEvent = { ...denied, decision: 'read' } as AgentEvent;
    emit(started, ...firstSteps, request, read);
    expect(allByTestId(root, 'permission-record').map((li) => [li.textContent, li.dataset.decision])).toEqual([
      ['Step 3 · http://localhost:4173: allowed by you to read only', 'read'],
    ]);
    const step3: AgentEvent = {
      type: 'step_started',
      taskId: TASK,
      step: 3,
      tabId: 12,
      url: 'http://127.0.0.1:4173/',
      operable: true,
    };
    const record = recordOf([started, ...firstSteps, request, read, step3, finished]);
    expect(buildTrace(record, DEFAULT_SETTINGS, { version: '0.1.0' }).steps[2]?.notes).toEqual([
      'Site permission: http://localhost:4173 allowed to read only by the person (open_url ' +
        'http://localhost:4173/prize.html)',
    ]);
  });

  it('closes an open question when the task ends, or when it is restored from storage', () => {
    const root = mount(<App commands={commands} />);
    emit(started, ...firstSteps, request, finished);
    expect(root.querySelector('[data-testid="permission"]')).toBeNull();
    const open = recordOf([started, request]);
    expect(open.permission?.requestId).toBe('p1');
    expect(markInterrupted(open).permission).toBeUndefined();
  });
});

describe('the trace', () => {
  it('notes each decision in the step it was made in, and leaves the site lists out', () => {
    const steps: AgentEvent[] = [
      ...firstSteps,
      request,
      denied,
      { type: 'step_started', taskId: TASK, step: 3, tabId: 12, url: 'http://127.0.0.1:4173/', operable: true },
    ];
    const ranWith = { ...DEFAULT_SETTINGS, allowedSites: ['docs.test'], blockedSites: ['bank.test'] };
    const { apiKey: _key, ...safe } = ranWith;
    const record = recordOf([{ ...started, settings: safe }, ...steps, finished]);
    const trace = buildTrace(record, ranWith, { version: '0.1.0' });
    expect(trace.steps[2]?.notes).toEqual([
      'Site permission: http://localhost:4173 denied by the person (open_url http://localhost:4173/prize.html)',
    ]);
    expect(trace.settings).not.toHaveProperty('allowedSites');
    expect(JSON.stringify(trace)).not.toContain('bank.test');
  });
});

/** The person leaves a field: focus goes out of it (Preact's onBlur listens to focusout). */
const leave = (field: HTMLElement) =>
  void act(() => {
    field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });

describe('the site lists in settings', () => {
  it('saves one entry per line, normalised, once the person leaves the list (never a half-typed site)', async () => {
    const root = mount(<SettingsView commands={commands} />);
    const allowed = byLabel<HTMLTextAreaElement>(root, 'Allowed sites');
    typeInto(allowed, 'Docs.Test\n\nhttps://shop.test/cart\n*.cdn.test\n');
    typeInto(byLabel<HTMLTextAreaElement>(root, 'Blocked sites'), 'ban');
    await settle();
    expect(commands.saveSettings).not.toHaveBeenCalled();
    leave(allowed);
    typeInto(byLabel<HTMLTextAreaElement>(root, 'Blocked sites'), 'bank.test');
    leave(byLabel<HTMLTextAreaElement>(root, 'Blocked sites'));
    await settle();
    expect(commands.saveSettings.mock.calls.map(([patch]) => patch)).toEqual([
      { allowedSites: ['docs.test', 'https://shop.test', '*.cdn.test'] },
      { blockedSites: ['bank.test'] },
    ]);
  });

  it('reports every invalid line and saves nothing', async () => {
    const root = mount(<SettingsView commands={commands} />);
    const allowed = byLabel<HTMLTextAreaElement>(root, 'Allowed sites');
    typeInto(allowed, 'docs.test\nnot a site\nftp://files.test');
    void act(() => {
      byTestId<HTMLFormElement>(root, 'settings').requestSubmit();
    });
    await settle();
    expect(commands.saveSettings).not.toHaveBeenCalled();
    const error = byTestId(root, 'setting-allowedSites-error');
    expect(error.textContent).toBe(
      'Not a site: “not a site” (line 2), “ftp://files.test” (line 3). Write one site per line, like ' +
        'https://shop.example, shop.example or *.example.com.',
    );
    expect(allowed.getAttribute('aria-invalid')).toBe('true');
    expect(allowed.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(allowed);
  });

  it('shows the stored lists one entry per line', () => {
    const root = mount(<SettingsView commands={commands} />);
    void act(() => {
      useSettings.setState({ settings: { ...DEFAULT_SETTINGS, blockedSites: ['bank.test', '*.ads.test'] } });
    });
    expect(byLabel<HTMLTextAreaElement>(root, 'Blocked sites').value).toBe('bank.test\n*.ads.test');
  });
});
