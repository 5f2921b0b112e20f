// The thread gets the room (docs/contracts.md U-ROOM), in English: in the real side panel at 400 px, the thread's share
// of the height while a task runs, a person's words in the main view, Esc from the thread, and a screenshot of every
// state in the light and the dark theme (panel-room-harness.ts). panel-room-zh.e2e.ts walks the same in Simplified
// Chinese.

import { describe, it, test, useKit } from './kit';
import { leaveRoom, walkTheRoom } from './panel-room-harness';

// A new user's panel: no key, so the demo notice shows first.
useKit({ apiKey: null });

test.afterAll(leaveRoom);

describe('the thread’s room in the real side panel at 400 px', () => {
  it('gives the thread most of the height while running, in a person’s words, in every state', async ({
    browser,
    site,
    model,
  }) => {
    // Vitest sets up the fixtures a test destructures.
    await walkTheRoom('en', { browser, site, model });
  }, 120_000);
});
