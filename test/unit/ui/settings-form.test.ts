// The settings draft's validation: the model timeout (a whole number of seconds within the schema's bounds) and the
// effort level (one of the levels the schema knows).

import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Effort, withSettings } from '../../../src/panel/agent/settings';
import { draftOf, validateDraft } from '../../../src/panel/ui/settings-form';
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
