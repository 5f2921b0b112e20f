// The toolbar badge's adapter (src/panel/chrome/badge.ts): one global badge, never per tab, in the warning colour.

import { describe, expect, it, vi } from 'vitest';
import { type ActionApi, BADGE_BACKGROUND, BADGE_TEXT, chromeBadge } from '../../../src/panel/chrome/badge';

function fakeAction() {
  return {
    setBadgeText: vi.fn(async () => {}),
    setBadgeBackgroundColor: vi.fn(async () => {}),
    setBadgeTextColor: vi.fn(async () => {}),
    setTitle: vi.fn(async () => {}),
  };
}

describe('the toolbar badge adapter', () => {
  it('sets the text, colours and tooltip for every tab and window (no tabId)', () => {
    const action = fakeAction();
    chromeBadge(action as unknown as ActionApi).show('2', 'Steadyhand: 2 tasks are waiting for you');
    expect(action.setBadgeText).toHaveBeenCalledWith({ text: '2' });
    expect(action.setBadgeBackgroundColor).toHaveBeenCalledWith({ color: BADGE_BACKGROUND });
    expect(action.setBadgeTextColor).toHaveBeenCalledWith({ color: BADGE_TEXT });
    expect(action.setTitle).toHaveBeenCalledWith({ title: 'Steadyhand: 2 tasks are waiting for you' });
  });

  it('clears the badge with an empty text and gives the tooltip back', () => {
    const action = fakeAction();
    chromeBadge(action as unknown as ActionApi).show('', 'Open Steadyhand');
    expect(action.setBadgeText).toHaveBeenCalledWith({ text: '' });
    expect(action.setTitle).toHaveBeenCalledWith({ title: 'Open Steadyhand' });
    expect(action.setBadgeBackgroundColor).not.toHaveBeenCalled();
  });

  it('a refused call is reported, not thrown: the panel goes on', async () => {
    const action = fakeAction();
    action.setBadgeText.mockRejectedValueOnce(new Error('gone'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => chromeBadge(action as unknown as ActionApi).show('1', 'x')).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
  });
});
