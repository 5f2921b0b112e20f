// The settings draft's validation of the model timeout: a whole number of seconds within the schema's bounds.

import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/panel/agent/settings';
import { draftOf, validateDraft } from '../../../src/panel/ui/settings-form';

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
