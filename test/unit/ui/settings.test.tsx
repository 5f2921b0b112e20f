// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/panel/agent/settings';
import { useSettings } from '../../../src/panel/store/settings';
import { SettingsView } from '../../../src/panel/ui/settings-view';
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

const save = async (root: HTMLElement) => {
  click(byTestId(root, 'save-settings'));
  await settle();
};

describe('settings form', () => {
  it('blocks a bad URL and says what is wrong next to the field', async () => {
    const root = mount(<SettingsView commands={commands} />);
    const url = byLabel(root, 'API address (base URL)');
    typeInto(url, 'api.anthropic.com');
    await save(root);
    expect(commands.saveSettings).not.toHaveBeenCalled();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    const error = byTestId(root, 'setting-baseUrl-error');
    expect(error.textContent).toBe('Not a web address: it must start with https:// (or http:// for a local server).');
    expect(url.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(url);

    typeInto(url, 'ftp://example.com');
    await save(root);
    expect(commands.saveSettings).not.toHaveBeenCalled();
  });

  it.each(['0', '501', '2.5', 'ten'])('refuses %s as max steps', async (value) => {
    const root = mount(<SettingsView commands={commands} />);
    typeInto(byLabel(root, 'Max steps per instruction'), value);
    await save(root);
    expect(commands.saveSettings).not.toHaveBeenCalled();
    expect(byTestId(root, 'setting-maxSteps-error').textContent).toBe('Enter a whole number from 1 to 500.');
  });

  it('saves a good patch and says so', async () => {
    const root = mount(<SettingsView commands={commands} />);
    typeInto(byLabel(root, 'Anthropic API key'), ' sk-ant-test-123 ');
    typeInto(byLabel(root, 'API address (base URL)'), 'http://127.0.0.1:8787');
    typeInto(byLabel(root, 'Model'), 'claude-haiku-4-5');
    typeInto(byLabel(root, 'Max steps per instruction'), '60');
    const verify = byLabel<HTMLSelectElement>(root, 'Verification of done');
    void act(() => {
      verify.value = 'lenient';
      verify.dispatchEvent(new Event('change', { bubbles: true }));
    });
    click(byLabel(root, 'Vision: send screenshots to the model'));
    click(byLabel(root, 'Auto-repair'));
    await save(root);
    const { version: _notEditable, ...editable } = DEFAULT_SETTINGS;
    expect(commands.saveSettings).toHaveBeenCalledExactlyOnceWith({
      ...editable,
      apiKey: 'sk-ant-test-123',
      baseUrl: 'http://127.0.0.1:8787',
      model: 'claude-haiku-4-5',
      maxSteps: 60,
      verifyMode: 'lenient',
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
    expect(commands.saveSettings).not.toHaveBeenCalled();
  });

  it('does not test a connection to an invalid address', async () => {
    const root = mount(<SettingsView commands={commands} />);
    typeInto(byLabel(root, 'API address (base URL)'), 'not a url');
    click(byTestId(root, 'test-connection'));
    await settle();
    expect(commands.testConnection).not.toHaveBeenCalled();
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
