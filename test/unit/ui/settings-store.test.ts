import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_VERSION } from '../../../src/panel/agent/settings';
import { SETTINGS_KEY, useSettings } from '../../../src/panel/store/settings';
import { fakeStorage } from './harness';

const stored = (state: unknown, version = SETTINGS_VERSION) => ({ [SETTINGS_KEY]: JSON.stringify({ state, version }) });

beforeEach(() => {
  useSettings.setState({ settings: DEFAULT_SETTINGS });
});

describe('settings store', () => {
  it('saves an update in chrome.storage.local under its key, with its version', async () => {
    const data = fakeStorage();
    useSettings.getState().update({ apiKey: 'sk-ant-1', maxSteps: 12 });
    await Promise.resolve();
    const saved = JSON.parse(String(data.get(SETTINGS_KEY)));
    expect(saved.version).toBe(SETTINGS_VERSION);
    expect(saved.state.settings).toEqual({ ...DEFAULT_SETTINGS, apiKey: 'sk-ant-1', maxSteps: 12 });
  });

  it('validates an update like stored settings: an invalid field falls back to its default', () => {
    fakeStorage();
    useSettings.getState().update({ maxSteps: 12 });
    useSettings.getState().update({ maxSteps: 9_999, model: 'claude-haiku-4-5' });
    expect(useSettings.getState().settings).toEqual({ ...DEFAULT_SETTINGS, model: 'claude-haiku-4-5' });
  });

  it('turns stored garbage into valid settings, keeping what is valid', async () => {
    fakeStorage(stored({ settings: { maxSteps: 'lots', apiKey: 42, vision: true, verifyMode: 'paranoid', extra: 1 } }));
    await useSettings.persist.rehydrate();
    expect(useSettings.getState().settings).toEqual({ ...DEFAULT_SETTINGS, vision: true });
  });

  it('migrates settings stored by another version', async () => {
    fakeStorage(stored({ settings: { apiKey: 'sk-old', tabStickiness: false, version: 0 } }, 0));
    await useSettings.persist.rehydrate();
    expect(useSettings.getState().settings).toEqual({ ...DEFAULT_SETTINGS, apiKey: 'sk-old', tabStickiness: false });
  });

  it('keeps the settings in memory when storage holds nothing usable', async () => {
    useSettings.setState({ settings: { ...DEFAULT_SETTINGS, model: 'kept' } });
    fakeStorage(stored(5));
    await useSettings.persist.rehydrate();
    expect(useSettings.getState().settings.model).toBe('kept');
    fakeStorage();
    await useSettings.persist.rehydrate();
    expect(useSettings.getState().settings.model).toBe('kept');
  });
});
