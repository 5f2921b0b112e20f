// Settings: typed defaults with a version, and a migration that turns anything stored into complete settings.

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODEL,
  DEFAULT_SETTINGS,
  migrateSettings,
  SETTINGS_VERSION,
  TASK_COST_LIMIT,
  withSettings,
} from '../../../src/panel/agent/core/settings';

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
      maxTaskCostUsd: 1,
      verifyMode: 'strict',
      noProgressDetection: true,
      autoRepair: true,
      tabStickiness: true,
      vision: false,
      allowScript: false,
      endOfTaskTabs: 'keep',
      tasksAtOnce: 3,
      allowedSites: [],
      blockedSites: [],
      actWithoutAskingSites: [],
      autonomy: 'act',
      askBeforeActingForAgents: true,
    });
    expect(DEFAULT_MODEL).toMatch(/^claude-sonnet-/);
  });

  it('runs 1 to 10 tasks at once, 3 unless set; anything else falls back to 3', () => {
    expect(migrateSettings({ tasksAtOnce: 6 }).tasksAtOnce).toBe(6);
    for (const bad of [0, 11, 2.5, '4', null]) expect(migrateSettings({ tasksAtOnce: bad }).tasksAtOnce).toBe(3);
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

  it('gives settings stored before the cost limit the default limit, without a new version', () => {
    // Versions 1, 2 and 3 (before the field came) all load with 1.00 USD and keep what they had.
    for (const version of [1, 2, 3]) {
      const migrated = migrateSettings({ version, apiKey: 'sk-ant-x', maxSteps: 12 });
      expect(migrated).toMatchObject({
        version: SETTINGS_VERSION,
        apiKey: 'sk-ant-x',
        maxSteps: 12,
        maxTaskCostUsd: 1,
      });
    }
    expect(SETTINGS_VERSION).toBe(3);
    expect(TASK_COST_LIMIT).toEqual({ min: 0.01, max: 100, default: 1 });
  });

  it('keeps a cost limit from 0.01 to 100 USD and puts the default back for anything else', () => {
    for (const kept of [0.01, 0.5, 2.25, 100])
      expect(migrateSettings({ maxTaskCostUsd: kept }).maxTaskCostUsd).toBe(kept);
    for (const refused of [0, 0.009, -1, 100.01, Number.NaN, Number.POSITIVE_INFINITY, '0.50', null]) {
      expect(migrateSettings({ maxTaskCostUsd: refused }).maxTaskCostUsd).toBe(1);
    }
  });

  it('turns anything stored into complete settings', () => {
    for (const stored of [undefined, null, 42, 'text', []]) expect(migrateSettings(stored)).toEqual(DEFAULT_SETTINGS);
  });

  it('accepts a local base URL and changes only the fields given', () => {
    const next = withSettings(DEFAULT_SETTINGS, { baseUrl: 'http://127.0.0.1:8080', endOfTaskTabs: 'close' });
    expect(next).toEqual({ ...DEFAULT_SETTINGS, baseUrl: 'http://127.0.0.1:8080', endOfTaskTabs: 'close' });
  });
});
