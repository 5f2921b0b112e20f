import { chrome } from 'jest-chrome';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_VERSION } from '../../../src/panel/agent/core/settings';
import { watchStoredKey } from '../../../src/panel/chrome/local-storage';
import { followSavedSettings, SETTINGS_KEY, useSettings } from '../../../src/panel/store/settings';
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

  it('migrates version-1 settings, stored before the site lists, with both lists empty', async () => {
    fakeStorage(stored({ settings: { version: 1, apiKey: 'sk-v1', maxSteps: 12 } }, 1));
    await useSettings.persist.rehydrate();
    expect(useSettings.getState().settings).toEqual({ ...DEFAULT_SETTINGS, apiKey: 'sk-v1', maxSteps: 12 });
    expect(useSettings.getState().settings).toMatchObject({ allowedSites: [], blockedSites: [] });
  });

  it('migrates version-2 settings to an effort level: the old output budget is dropped, effort takes its default', async () => {
    fakeStorage(stored({ settings: { version: 2, apiKey: 'sk-v2', maxSteps: 12, maxOutputTokens: 4096 } }, 2));
    await useSettings.persist.rehydrate();
    expect(useSettings.getState().settings).toEqual({ ...DEFAULT_SETTINGS, apiKey: 'sk-v2', maxSteps: 12 });
    expect(useSettings.getState().settings.effort).toBe('medium');
    expect(useSettings.getState().settings).not.toHaveProperty('maxOutputTokens');
  });

  it('keeps the valid entries of stored site lists, normalised, and drops the rest', async () => {
    const lists = { allowedSites: ['Docs.Test', 'not a site', 7, 'docs.test'], blockedSites: 'bank.test' };
    fakeStorage(stored({ settings: lists }));
    await useSettings.persist.rehydrate();
    expect(useSettings.getState().settings).toMatchObject({ allowedSites: ['docs.test'], blockedSites: [] });
  });

  it('an "always" grant appended to the allow-list is saved with the other settings', async () => {
    const data = fakeStorage();
    const { settings, update } = useSettings.getState();
    update({ allowedSites: [...settings.allowedSites, 'http://localhost:4173'] });
    await Promise.resolve();
    expect(JSON.parse(String(data.get(SETTINGS_KEY))).state.settings.allowedSites).toEqual(['http://localhost:4173']);
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

  it('takes up settings another panel saves, and ignores other keys and other storage areas', async () => {
    const data = fakeStorage();
    const stop = followSavedSettings(watchStoredKey);
    const saved = stored({ settings: { baseUrl: 'http://127.0.0.1:9', model: 'claude-haiku-4-5' } })[SETTINGS_KEY];
    data.set(SETTINGS_KEY, saved);
    chrome.storage.onChanged.callListeners({ other: { newValue: 'x' } }, 'local');
    chrome.storage.onChanged.callListeners({ [SETTINGS_KEY]: { newValue: saved } }, 'sync');
    await Promise.resolve();
    expect(useSettings.getState().settings).toEqual(DEFAULT_SETTINGS);
    chrome.storage.onChanged.callListeners({ [SETTINGS_KEY]: { newValue: saved } }, 'local');
    await vi.waitFor(() => expect(useSettings.getState().settings.baseUrl).toBe('http://127.0.0.1:9'));
    expect(useSettings.getState().settings.model).toBe('claude-haiku-4-5');
    stop();
    expect(chrome.storage.onChanged.hasListeners()).toBe(false);
  });
});
