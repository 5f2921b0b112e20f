// The toolbar icon's badge and tooltip over chrome.action (https://developer.chrome.com/docs/extensions/reference/api/action):
// what says, from any window, that tasks wait for the person (issue 28). Set without a tabId, so it is the
// extension's global badge: the same in every window and tab, as the merged history it counts is. chrome.action needs
// no permission of its own, only the manifest's `action` key (manifest.config.ts).

/** The toolbar icon as the panel marks it (a fake in unit tests). */
export interface ToolbarBadge {
  /** Shows `text` on the icon (empty: no badge) and `title` as its tooltip, in every window and tab. */
  show(text: string, title: string): void;
}

/** The panel's warning colour (ui/styles.css `--warn`) under white text: 5.4:1, readable on light and dark toolbars. */
export const BADGE_BACKGROUND = '#9a5b00';
export const BADGE_TEXT = '#ffffff';

/** The part of chrome.action the badge uses. */
export type ActionApi = Pick<
  typeof chrome.action,
  'setBadgeText' | 'setBadgeBackgroundColor' | 'setBadgeTextColor' | 'setTitle'
>;

export function chromeBadge(action: ActionApi = chrome.action): ToolbarBadge {
  const warn = (error: unknown) => console.warn('[steadyhand] could not set the toolbar badge:', error);
  return {
    show(text, title) {
      // Each call goes out at once (no await between them), so a badge set while the panel goes away still leaves.
      if (text) {
        action.setBadgeBackgroundColor({ color: BADGE_BACKGROUND }).catch(warn);
        action.setBadgeTextColor({ color: BADGE_TEXT }).catch(warn);
      }
      action.setBadgeText({ text }).catch(warn);
      action.setTitle({ title }).catch(warn);
    },
  };
}
