// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/panel/agent/core/settings';
import { useSettings } from '../../../src/panel/store/settings';
import { SettingsView } from '../../../src/panel/ui/settings/settings-view';
import {
  byLabel,
  byRoleName,
  byTestId,
  click,
  freshUi,
  mount,
  type SpyCommands,
  settle,
  typeInto,
  unmountAll,
} from './harness';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

/** The person leaves the field (Tab, a click elsewhere): focus goes out of it (Preact's onBlur listens to focusout). */
const leave = async (field: HTMLElement) => {
  void act(() => {
    field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
  await settle();
};

/** Enter in a field of the form: everything typed is checked, as if each field had been left. */
const submit = async (root: HTMLElement) => {
  void act(() => {
    byTestId<HTMLFormElement>(root, 'settings').requestSubmit();
  });
  await settle();
};

const choose = (select: HTMLSelectElement, value: string) => {
  void act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
};

/** The text of the hint a field points at through aria-describedby. */
const hintOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('settings form', () => {
  it('blocks a bad URL and says what is wrong next to the field', async () => {
    const root = mount(<SettingsView commands={commands} />);
    const url = byLabel(root, 'API address (base URL)');
    typeInto(url, 'api.anthropic.com');
    // Not while it is being typed: once the person leaves it, or presses Enter.
    expect(root.querySelector('[data-testid="setting-baseUrl-error"]')).toBeNull();
    await submit(root);
    expect(commands.saveSettings).not.toHaveBeenCalled();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    const error = byTestId(root, 'setting-baseUrl-error');
    expect(error.textContent).toBe('Not a web address: it must start with https:// (or http:// for a local server).');
    expect(url.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(url);

    typeInto(url, 'ftp://example.com');
    await leave(url);
    expect(commands.saveSettings).not.toHaveBeenCalled();
    expect(url.value).toBe('ftp://example.com');
    expect(useSettings.getState().settings.baseUrl).toBe(DEFAULT_SETTINGS.baseUrl);
    expect(byTestId(root, 'save-result').textContent).toBe(
      'Not saved: a field has an error; its last saved value stays in use.',
    );
  });

  it.each(['0', '501', '2.5', 'ten'])('refuses %s as max steps', async (value) => {
    const root = mount(<SettingsView commands={commands} />);
    const field = byLabel(root, 'Max steps per instruction');
    typeInto(field, value);
    await leave(field);
    expect(commands.saveSettings).not.toHaveBeenCalled();
    expect(byTestId(root, 'setting-maxSteps-error').textContent).toBe('Enter a whole number from 1 to 500.');
  });

  it('shows how many tasks run at once, with its default and hint, saves a new one and refuses one out of range', async () => {
    const root = mount(<SettingsView commands={commands} />);
    const field = byLabel(root, 'Tasks at once');
    expect(field.value).toBe('3');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(hintOf(field)).toContain('More wait in a queue');
    typeInto(field, '5');
    await settle();
    expect(commands.saveSettings).toHaveBeenCalledExactlyOnceWith({ tasksAtOnce: 5 });
    for (const value of ['0', '11', '2.5']) {
      typeInto(field, value);
      await leave(field);
      expect(byTestId(root, 'setting-tasksAtOnce-error').textContent).toBe('Enter a whole number from 1 to 10.');
    }
    expect(commands.saveSettings).toHaveBeenCalledTimes(1);
    expect(useSettings.getState().settings.tasksAtOnce).toBe(5);
  });

  it('shows the cost limit per task with its default and what it does, and saves a new one', async () => {
    const root = mount(<SettingsView commands={commands} />);
    const limit = byLabel(root, 'Cost limit per task (USD)');
    expect(limit.value).toBe('1.00');
    expect(limit.getAttribute('inputmode')).toBe('decimal');
    expect(hintOf(limit)).toContain('0.01 to 100. Follow-ups count toward their task');
    typeInto(limit, ' 2.5 ');
    await settle();
    expect(commands.saveSettings).toHaveBeenCalledExactlyOnceWith({ maxTaskCostUsd: 2.5 });
    // Shown as typed until the person leaves the field, then as saved.
    expect(limit.value).toBe(' 2.5 ');
    await leave(limit);
    expect(limit.value).toBe('2.50');
    expect(commands.saveSettings).toHaveBeenCalledOnce();
  });

  it.each(['0', '0.001', '100.5', '$2', '1,50', 'lots', ''])('refuses %s as the cost limit', async (value) => {
    const root = mount(<SettingsView commands={commands} />);
    const limit = byLabel(root, 'Cost limit per task (USD)');
    typeInto(limit, value);
    await submit(root);
    expect(commands.saveSettings).not.toHaveBeenCalled();
    expect(byTestId(root, 'setting-maxTaskCostUsd-error').textContent).toBe(
      'Enter an amount in US dollars from 0.01 to 100.00, such as 1.50.',
    );
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(limit);
  });

  it('saves each field as it changes, and says so', async () => {
    const root = mount(<SettingsView commands={commands} />);
    typeInto(byLabel(root, 'Anthropic API key'), ' sk-ant-test-123 ');
    typeInto(byLabel(root, 'API address (base URL)'), 'http://127.0.0.1:8787');
    typeInto(byLabel(root, 'Model'), 'claude-haiku-4-5');
    typeInto(byLabel(root, 'Max steps per instruction'), '60');
    choose(byLabel<HTMLSelectElement>(root, 'Verification of done'), 'lenient');
    choose(byLabel<HTMLSelectElement>(root, 'Thinking effort'), 'high');
    click(byLabel(root, 'Vision: send screenshots to the model'));
    click(byLabel(root, 'Auto-repair'));
    await settle();
    expect(commands.saveSettings.mock.calls.map(([patch]) => patch)).toEqual([
      { apiKey: 'sk-ant-test-123' },
      { baseUrl: 'http://127.0.0.1:8787' },
      { model: 'claude-haiku-4-5' },
      { maxSteps: 60 },
      { verifyMode: 'lenient' },
      { effort: 'high' },
      { vision: true },
      { autoRepair: false },
    ]);
    expect(useSettings.getState().settings).toMatchObject({
      apiKey: 'sk-ant-test-123',
      maxSteps: 60,
      effort: 'high',
      vision: true,
      autoRepair: false,
    });
    expect(byTestId(root, 'save-result').textContent).toBe('Saved.');
  });

  it('describes the verify mode that is selected', () => {
    const root = mount(<SettingsView commands={commands} />);
    const verify = byLabel<HTMLSelectElement>(root, 'Verification of done');
    expect(root.textContent).toContain('Strict: success only with evidence the page confirms.');
    void act(() => {
      verify.value = 'off';
      verify.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(root.textContent).toContain('Off: done and actions are taken at their word; nothing is checked.');
    expect(root.textContent).not.toContain('Strict: success only');
  });

  it('shows the switches with their safe defaults', () => {
    const root = mount(<SettingsView commands={commands} />);
    const checked = (label: string) => byLabel(root, label).checked;
    expect(checked('Stop when it makes no progress')).toBe(true);
    expect(checked('Auto-repair')).toBe(true);
    expect(checked("Stay on the task's tab when I switch tabs")).toBe(true);
    expect(checked('Vision: send screenshots to the model')).toBe(false);
    expect(checked('Allow script evaluation')).toBe(false);
    expect(byLabel<HTMLSelectElement>(root, 'Verification of done').value).toBe('strict');
  });

  it('asks before acting for other agents unless the person turns it off, and says what it does', async () => {
    const root = mount(<SettingsView commands={commands} />);
    const box = byLabel(root, 'Ask before acting for other agents');
    expect(box.checked).toBe(true);
    expect(hintOf(box)).toContain('waits for your yes before every payment, order, post, sign-in or deletion');
    click(box);
    await settle();
    expect(useSettings.getState().settings.askBeforeActingForAgents).toBe(false);
  });

  it('masks the API key until the person asks to see it', () => {
    const root = mount(<SettingsView commands={commands} />);
    const key = byLabel(root, 'Anthropic API key');
    expect(key.type).toBe('password');
    const toggle = byRoleName(root, 'Show');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    click(toggle);
    expect(byLabel(root, 'Anthropic API key').type).toBe('text');
    expect(byRoleName(root, 'Hide').getAttribute('aria-pressed')).toBe('true');
  });

  it('tests the connection with the values in the form and shows the plain message', async () => {
    commands.testConnection.mockResolvedValue({ ok: false, message: 'Check your API key in settings.' });
    const root = mount(<SettingsView commands={commands} />);
    typeInto(byLabel(root, 'Anthropic API key'), 'sk-bad');
    click(byTestId(root, 'test-connection'));
    await settle();
    expect(commands.testConnection).toHaveBeenCalledExactlyOnceWith({ ...DEFAULT_SETTINGS, apiKey: 'sk-bad' });
    const result = byTestId(root, 'connection-result');
    expect(result.textContent).toBe('Check your API key in settings.');
    expect(result.getAttribute('role')).toBe('status');
    expect(result.className).toBe('result-err');
  });

  it('does not test a connection to an invalid address', async () => {
    const root = mount(<SettingsView commands={commands} />);
    const url = byLabel(root, 'API address (base URL)');
    typeInto(url, 'not a url');
    click(byTestId(root, 'test-connection'));
    await settle();
    expect(commands.testConnection).not.toHaveBeenCalled();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(url);
  });

  it('follows the stored settings when they load after the form opened', () => {
    const root = mount(<SettingsView commands={commands} />);
    // A block body: the persisted store's update returns a promise, which would make act wait for it.
    void act(() => {
      useSettings.getState().update({ model: 'claude-opus-4-5', maxSteps: 80 });
    });
    expect(byLabel(root, 'Model').value).toBe('claude-opus-4-5');
    expect(byLabel(root, 'Max steps per instruction').value).toBe('80');
  });
});

describe('thinking effort', () => {
  it('offers the three levels, medium by default, and says what the level changes and the output room it gives', () => {
    const root = mount(<SettingsView commands={commands} />);
    const effort = byLabel<HTMLSelectElement>(root, 'Thinking effort');
    expect(effort.value).toBe('medium');
    expect([...effort.options].map((option) => [option.value, option.textContent])).toEqual([
      ['low', 'Low: faster and cheaper'],
      ['medium', 'Medium (default)'],
      ['high', 'High: more careful, slower and costlier'],
    ]);
    expect(hintOf(effort)).toContain('How much the model thinks before each step.');
    expect(hintOf(effort)).toContain('slower and costs more');
    expect(hintOf(effort)).toContain('room for 16,384 output tokens, thinking included');
    choose(effort, 'low');
    expect(hintOf(byLabel(root, 'Thinking effort'))).toContain('room for 8,192 output tokens');
  });

  it('shows the stored level', () => {
    void act(() => {
      useSettings.getState().update({ effort: 'high' });
    });
    const root = mount(<SettingsView commands={commands} />);
    expect(byLabel<HTMLSelectElement>(root, 'Thinking effort').value).toBe('high');
    expect(root.textContent).not.toContain('Max output tokens');
  });
});

describe('base URL', () => {
  it('says how to point at a model on this computer', () => {
    const root = mount(<SettingsView commands={commands} />);
    const hint = hintOf(byLabel(root, 'API address (base URL)'));
    expect(hint).toContain('https://api.anthropic.com');
    expect(hint).toContain('Anthropic-compatible server');
    expect(hint).toContain('Ollama (http://localhost:11434)');
    expect(hint).toContain("llama.cpp's llama-server (http://localhost:8080)");
    expect(hint).toContain('LM Studio (http://localhost:1234)');
    expect(hint).toContain('any non-empty API key');
  });
});

describe('models this key can use', () => {
  const models = [
    { id: 'claude-opus-5-5', name: 'Claude Opus 5.5' },
    { id: 'claude-sonnet-5-5', name: 'Claude Sonnet 5.5' },
    { id: 'qwen3:8b', name: 'qwen3:8b' },
  ];
  const modelList = (root: HTMLElement) => byLabel<HTMLSelectElement>(root, 'Models this key can use');
  const testConnection = async (root: HTMLElement) => {
    click(byTestId(root, 'test-connection'));
    await settle();
  };

  it('offers the listed models after a test, the current one chosen, and a choice fills in the model field', async () => {
    commands.testConnection.mockResolvedValue({ ok: true, message: 'Connected: 3 models available.', models });
    const root = mount(<SettingsView commands={commands} />);
    expect(root.textContent).not.toContain('Models this key can use');
    await testConnection(root);
    const list = modelList(root);
    expect([...list.options].map((option) => [option.value, option.textContent])).toEqual([
      ['claude-opus-5-5', 'Claude Opus 5.5 (claude-opus-5-5)'],
      ['claude-sonnet-5-5', 'Claude Sonnet 5.5 (claude-sonnet-5-5)'],
      ['qwen3:8b', 'qwen3:8b'],
    ]);
    expect(list.value).toBe(DEFAULT_SETTINGS.model);
    expect(hintOf(list)).toBe('Choosing one fills in the Model field and saves it.');

    choose(list, 'claude-opus-5-5');
    await settle();
    expect(byLabel(root, 'Model').value).toBe('claude-opus-5-5');
    expect(commands.saveSettings).toHaveBeenCalledExactlyOnceWith({ model: 'claude-opus-5-5' });
  });

  it('asks for a choice when the model in the form is not listed, and follows a listed model typed by hand', async () => {
    commands.testConnection.mockResolvedValue({
      ok: false,
      message: 'Connected, but claude-sonnet-5-5 is not among the 1 models this key can use: pick one below.',
      models: [{ id: 'llama3.2', name: 'llama3.2' }],
    });
    const root = mount(<SettingsView commands={commands} />);
    await testConnection(root);
    expect(byTestId(root, 'connection-result').className).toBe('result-err');
    const list = modelList(root);
    expect(list.selectedOptions[0]?.textContent).toBe('Choose a model…');
    expect(list.selectedOptions[0]?.disabled).toBe(true);
    typeInto(byLabel(root, 'Model'), 'llama3.2');
    expect(modelList(root).value).toBe('llama3.2');
    expect(modelList(root).options).toHaveLength(1);
  });

  it('forgets the list when the key or the address changes, since another key may see other models', async () => {
    commands.testConnection.mockResolvedValue({ ok: true, message: 'Connected.', models });
    const root = mount(<SettingsView commands={commands} />);
    await testConnection(root);
    modelList(root);
    typeInto(byLabel(root, 'API address (base URL)'), 'http://localhost:11434');
    expect(root.textContent).not.toContain('Models this key can use');
    expect(byTestId(root, 'connection-result').textContent).toBe('Connected.');
  });

  it('shows no list when the endpoint gives none', async () => {
    commands.testConnection.mockResolvedValue({ ok: true, message: 'Connected: llama3.2 answered in 80 ms.' });
    const root = mount(<SettingsView commands={commands} />);
    await testConnection(root);
    expect(root.querySelector('select#setting-model-choice')).toBeNull();
  });
});
