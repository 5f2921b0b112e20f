// What the model is told about a hidden tab, in the harness's own words (outside the page's fence). Chrome gives a
// tab the person is not looking at no animation frames, so its animations and CSS transitions do not run and
// IntersectionObserver does not report, and it runs its timers at most once a second
// (https://developer.chrome.com/blog/background_tabs). The person looking at the tab for a moment lets the page
// catch up; the agent never brings the tab to the front itself (it never takes the person's focus).

import type { HiddenLimit } from '../../../shared/page-types';

const LOOK = 'If the page does not go on, ask the person (ask_user) to look at the tab for a moment, then look again.';

/** The observation's line while the agent's tab is hidden. */
export const HIDDEN_TAB_LINE =
  'The agent’s tab is in the background (the person is looking at another tab): Chrome runs no animation frames, ' +
  'animations or IntersectionObserver there and slows its timers, so a page that waits on them may look unfinished ' +
  `or not respond. ${LOOK}`;

const LIMITS: Record<HiddenLimit, string> = {
  animation:
    'The tab is in the background, where animations do not run: the page started one (a menu or panel sliding in) ' +
    `that cannot finish there, so what the page does at its end has not happened yet. ${LOOK}`,
  intersection:
    'The tab is in the background, where Chrome does not tell a page what scrolled into view (IntersectionObserver): ' +
    `a list that loads more as it is scrolled cannot load there. ${LOOK}`,
};

/** The sentence an action's result adds when a hidden tab kept the page from answering it. */
export function hiddenLimitNote(limit: HiddenLimit): string {
  return LIMITS[limit];
}
