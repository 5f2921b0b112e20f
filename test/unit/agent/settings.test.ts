// Settings: typed defaults with a version, and a migration that turns anything stored into complete settings.

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODEL,
  DEFAULT_SETTINGS,
  migrateSettings,
  SETTINGS_VERSION,
  withSettings,
} from '../../../src/panel/agent/settings';

describe('settings', () => {
  it('defaults to the safe choices', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      version: SETTINGS_VERSION,
      apiKey: '',
      baseUrl: 'https://api.anthropic.com',
      model: DEFAULT_MODEL,
      maxSteps: 40,
      effort: 'medium',
      modelTimeoutSec: 120,
      verifyMode: 'strict',
      noProgressDetection: true,
      autoRepair: true,
      tabStickiness: true,
      vision: false,
      allowScript: false,
      endOfTaskTabs: 'keep',
      allowedSites: [],
      blockedSites: [],
    });
    expect(DEFAULT_MODEL).toMatch(/^claude-sonnet-/);
  });

  it('fills what is missing and replaces what is invalid, field by field', () => {
    const migrated = migrateSettings({
      apiKey: 'sk-ant-x',
      verifyMode: 'paranoid',
      maxSteps: -3,
      vision: 'yes',
      baseUrl: 'ftp://nope',
      tabStickiness: false,
      modelTimeoutSec: 0,
      unknownField: 1,
    });
    expect(migrated).toMatchObject({
      apiKey: 'sk-ant-x',
      verifyMode: 'strict',
      maxSteps: 40,
      vision: false,
      baseUrl: 'https://api.anthropic.com',
      tabStickiness: false,
      modelTimeoutSec: 120,
    });
    expect(migrated).not.toHaveProperty('unknownField');
  });

  it('migrates version 2: the output budget gives way to an effort level with its default', () => {
    const migrated = migrateSettings({ version: 2, apiKey: 'sk-ant-x', maxOutputTokens: 4096, maxSteps: 12 });
    expect(migrated).toMatchObject({ version: SETTINGS_VERSION, apiKey: 'sk-ant-x', maxSteps: 12, effort: 'medium' });
    expect(migrated).not.toHaveProperty('maxOutputTokens');
    expect(migrateSettings({ effort: 'high' }).effort).toBe('high');
    expect(migrateSettings({ effort: 'max' }).effort).toBe('medium');
  });

  it('turns anything stored into complete settings', () => {
    for (const stored of [undefined, null, 42, 'text', []]) expect(migrateSettings(stored)).toEqual(DEFAULT_SETTINGS);
  });

  it('accepts a local base URL and changes only the fields given', () => {
    const next = withSettings(DEFAULT_SETTINGS, { baseUrl: 'http://127.0.0.1:8080', endOfTaskTabs: 'close' });
    expect(next).toEqual({ ...DEFAULT_SETTINGS, baseUrl: 'http://127.0.0.1:8080', endOfTaskTabs: 'close' });
  });
});
