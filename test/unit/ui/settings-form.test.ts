// The settings draft's validation: the model timeout (a whole number of seconds within the schema's bounds), the
// effort level (one of the levels the schema knows) and the cost limit per task (US dollars within the bounds).

import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Effort, withSettings } from '../../../src/panel/agent/core/settings';
import { draftOf, validateDraft } from '../../../src/panel/ui/settings/settings-form';
import { useEnglish } from './harness';

beforeEach(() => useEnglish());

describe('the model timeout field', () => {
  it('shows the saved timeout and saves a new one', () => {
    const draft = draftOf(DEFAULT_SETTINGS);
    expect(draft.modelTimeoutSec).toBe('120');
    const checked = validateDraft({ ...draft, modelTimeoutSec: ' 45 ' });
    expect(checked).toMatchObject({ ok: true, patch: { modelTimeoutSec: 45 } });
  });

  it('refuses a timeout that is not a whole number of seconds from 1 to 600, saying so next to the field', () => {
    for (const typed of ['0', '601', '2.5', 'soon', '']) {
      const checked = validateDraft({ ...draftOf(DEFAULT_SETTINGS), modelTimeoutSec: typed });
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(Object.keys(checked.errors)).toEqual(['modelTimeoutSec']);
    }
  });
});

describe('the effort field', () => {
  it('shows the saved level and saves it back unchanged, for every level', () => {
    expect(draftOf(DEFAULT_SETTINGS).effort).toBe('medium');
    for (const effort of ['low', 'medium', 'high'] as const) {
      const settings = withSettings(DEFAULT_SETTINGS, { effort });
      const checked = validateDraft(draftOf(settings));
      expect(checked).toMatchObject({ ok: true, patch: { effort } });
      if (checked.ok) expect(withSettings(DEFAULT_SETTINGS, checked.patch)).toEqual(settings);
    }
  });

  it('has no output token budget of its own to edit any more', () => {
    expect(draftOf(DEFAULT_SETTINGS)).not.toHaveProperty('maxOutputTokens');
    const checked = validateDraft(draftOf(DEFAULT_SETTINGS));
    expect(checked.ok && checked.patch).not.toHaveProperty('maxOutputTokens');
  });

  it('refuses a level the agent does not know, saying so next to the field', () => {
    const checked = validateDraft({ ...draftOf(DEFAULT_SETTINGS), effort: 'max' as Effort });
    expect(checked).toEqual({ ok: false, errors: { effort: 'Choose low, medium or high.' } });
  });
});

describe('the cost limit field', () => {
  it('shows the limit in dollars and cents and saves it back unchanged', () => {
    expect(draftOf(DEFAULT_SETTINGS).maxTaskCostUsd).toBe('1.00');
    for (const maxTaskCostUsd of [0.01, 0.5, 1.1, 0.015, 100]) {
      const settings = withSettings(DEFAULT_SETTINGS, { maxTaskCostUsd });
      const checked = validateDraft(draftOf(settings));
      expect(checked).toMatchObject({ ok: true, patch: { maxTaskCostUsd } });
    }
    expect(draftOf(withSettings(DEFAULT_SETTINGS, { maxTaskCostUsd: 0.015 })).maxTaskCostUsd).toBe('0.015');
    expect(validateDraft({ ...draftOf(DEFAULT_SETTINGS), maxTaskCostUsd: '.5' })).toMatchObject({
      ok: true,
      patch: { maxTaskCostUsd: 0.5 },
    });
  });

  it('refuses an amount outside 0.01 to 100 USD, saying so next to the field', () => {
    const checked = validateDraft({ ...draftOf(DEFAULT_SETTINGS), maxTaskCostUsd: '250' });
    expect(checked).toEqual({
      ok: false,
      errors: { maxTaskCostUsd: 'Enter an amount in US dollars from 0.01 to 100.00, such as 1.50.' },
    });
  });
});
