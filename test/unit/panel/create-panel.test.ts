// The composition root over fakes: createPanel receives every adapter (nothing in it reaches chrome.*), so a panel
// built from fakes works: the stores follow a fake browser's events, and a task runs against a scripted model.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHistory } from '../../../src/panel/store/history';
import { usePageView } from '../../../src/panel/store/page-view';
import { useSettings } from '../../../src/panel/store/settings';
import { createPanel } from '../../../src/panel/wiring/create-panel';
import { call } from '../agent/fakes/scripted-model';
import { flush } from '../tabs/fakes';
import { fakeAdapters } from './fake-panel';

let lifetime = new AbortController();
afterEach(() => {
  lifetime.abort();
  lifetime = new AbortController();
});

describe('the composition root over fakes', () => {
  it('runs a task from the commands against the model it was given, and the history records it', async () => {
    const { adapters, browser, windowId, model } = fakeAdapters();
    browser.addTab(windowId, 'https://shop.test/', { active: true });
    const panel = createPanel(adapters, lifetime.signal);
    useSettings.getState().update({ apiKey: 'sk-ant-test' });
    model.enqueue(call('done', { success: false, answer: 'Nothing to do here.' }));
    const finished = new Promise<string>((resolve) =>
      panel.host.subscribe((event) => event.type === 'task_finished' && resolve(event.taskId)),
    );

    panel.commands.run('Say hello');
    const taskId = await finished;

    expect(JSON.stringify(model.requests[0]?.messages)).toContain('Say hello');
    const record = useHistory.getState().tasks[taskId];
    expect(record).toMatchObject({ instructions: ['Say hello'], status: 'failed', answer: 'Nothing to do here.' });
    expect(record?.model).toBe(model.modelId);
  });

  it('shows the person’s tab from the fake browser, and follows it when the person switches', async () => {
    const { adapters, browser, windowId } = fakeAdapters();
    const first = browser.addTab(windowId, 'https://shop.test/', { active: true });
    const second = browser.addTab(windowId, 'https://news.test/');
    createPanel(adapters, lifetime.signal);
    await flush();
    expect(usePageView.getState()).toMatchObject({ tabId: first, info: { url: 'https://shop.test/' } });

    browser.activate(second);
    await flush();
    expect(usePageView.getState()).toMatchObject({ tabId: second, info: { url: 'https://news.test/' } });
  });

  it('marks the toolbar badge while the task waits for the person’s answer, and clears it once answered', async () => {
    const { adapters, browser, windowId, model, badge } = fakeAdapters();
    browser.addTab(windowId, 'https://shop.test/', { active: true });
    // The badge waits for the history to be read: until then this panel knows nothing of the other panels' tasks.
    vi.mocked(chrome.storage.local.get).mockImplementation((async () => ({})) as never);
    await useHistory.persist.rehydrate();
    const panel = createPanel(adapters, lifetime.signal);
    useSettings.getState().update({ apiKey: 'sk-ant-test' });
    model.enqueue(call('ask_user', { question: 'Which size?' }));
    model.enqueue(call('done', { success: false, answer: 'Nothing to do here.' }));
    const asked = new Promise<string>((resolve) =>
      panel.host.subscribe((event) => event.type === 'ask_user' && resolve(event.questionId)),
    );
    const finished = new Promise<void>((resolve) =>
      panel.host.subscribe((event) => event.type === 'task_finished' && resolve()),
    );

    panel.commands.run('Buy a plant');
    const questionId = await asked;
    expect(badge.at(-1)?.text).toBe('1');
    panel.host.answer(questionId, 'Large');
    await finished;

    expect(badge.map((shown) => shown.text)).toEqual(['', '1', '']);
  });
});
