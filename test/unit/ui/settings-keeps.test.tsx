// @vitest-environment jsdom
// Settings that keep what the person types (docs/contracts.md U-SET): saved as typed when valid, kept as typed when
// not, across a switch to another view, and not overwritten by settings another panel saves meanwhile; a short page in
// sections.
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/panel/agent/core/settings';
import { useSettings } from '../../../src/panel/store/settings';
import { App } from '../../../src/panel/ui/app';
import { SettingsView } from '../../../src/panel/ui/settings/settings-view';
import { byLabel, byTestId, click, freshUi, mount, type SpyCommands, settle, typeInto, unmountAll } from './harness';

let commands: SpyCommands;

beforeEach(() => {
  commands = freshUi();
});
afterEach(unmountAll);

const leave = async (field: HTMLElement) => {
  void act(() => {
    field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
  await settle();
};
const section = (root: HTMLElement, id: string) => byTestId<HTMLDetailsElement>(root, `settings-${id}`);

describe('settings that keep what you type', () => {
  it('keeps the key and a half-typed address across a switch to the task view, the key saved', async () => {
    const root = mount(<App commands={commands} />);
    click(byTestId(root, 'nav-settings'));
    typeInto(byLabel(root, 'Anthropic API key'), 'sk-ant-typed-key');
    const url = byLabel(root, 'API address (base URL)');
    typeInto(url, 'http//localhost');
    await leave(url);
    click(byTestId(root, 'nav-task'));
    expect(root.querySelector('[data-testid="settings"]')).toBeNull();
    click(byTestId(root, 'nav-settings'));

    expect(byLabel(root, 'Anthropic API key').value).toBe('sk-ant-typed-key');
    expect(useSettings.getState().settings.apiKey).toBe('sk-ant-typed-key');
    // The invalid address is still there as typed, with its error; the saved one is still in use.
    expect(byLabel(root, 'API address (base URL)').value).toBe('http//localhost');
    expect(byTestId(root, 'setting-baseUrl-error').textContent).toMatch(/^Not a web address/);
    expect(useSettings.getState().settings.baseUrl).toBe(DEFAULT_SETTINGS.baseUrl);
  });

  it('takes up what another panel saves, except in the fields the person is typing in', async () => {
    const root = mount(<SettingsView commands={commands} />);
    const key = byLabel(root, 'Anthropic API key');
    typeInto(key, 'sk-ant-ha');
    typeInto(byLabel(root, 'API address (base URL)'), 'http:/');
    await settle();
    // Another panel saves (followSavedSettings rehydrates the store): its own key, and another step limit.
    void act(() => {
      useSettings.setState({ settings: { ...DEFAULT_SETTINGS, apiKey: 'sk-other', maxSteps: 77 } });
    });
    expect(byLabel(root, 'Anthropic API key').value).toBe('sk-ant-ha');
    expect(byLabel(root, 'API address (base URL)').value).toBe('http:/');
    expect(byLabel(root, 'Max steps per instruction').value).toBe('77');
    // Leaving the key saves it again: what the person typed is what stays.
    await leave(key);
    expect(useSettings.getState().settings).toMatchObject({ apiKey: 'sk-ant-ha', maxSteps: 77 });
    expect(byLabel(root, 'Anthropic API key').value).toBe('sk-ant-ha');
  });

  it('is a short page: the model section open, the others closed, each a keyboard disclosure', () => {
    const root = mount(<SettingsView commands={commands} />);
    const summaries = [...root.querySelectorAll('details > summary')].map((node) => node.textContent);
    expect(summaries).toEqual(['Model', 'Sites and consent', 'Behaviour', 'Other agents', 'Advanced']);
    expect(['model', 'sites', 'behaviour', 'agents', 'advanced'].map((id) => section(root, id).open)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(root.querySelector('button[type="submit"]')).toBeNull();
  });

  it('opens the section of an invalid field on Enter, focuses it, and marks its section while closed', async () => {
    const root = mount(<SettingsView commands={commands} />);
    const steps = byLabel(root, 'Max steps per instruction');
    typeInto(steps, '0');
    void act(() => {
      byTestId<HTMLFormElement>(root, 'settings').requestSubmit();
    });
    await settle();
    expect(section(root, 'behaviour').open).toBe(true);
    expect(document.activeElement).toBe(steps);
    void act(() => {
      section(root, 'behaviour').open = false;
      section(root, 'behaviour').dispatchEvent(new Event('toggle'));
    });
    expect(section(root, 'behaviour').querySelector('summary')?.textContent).toBe('Behaviour · a field needs a fix');
    expect(commands.saveSettings).not.toHaveBeenCalled();
  });
});
