// The thread gets the room (docs/contracts.md U-ROOM), in Simplified Chinese: the states of panel-room.e2e.ts with the
// browser set to zh-CN, and no English left in the main view but the page's and the model's own words.

import { describe, it, test, useKit } from './kit';
import { leaveRoom, walkTheRoom } from './panel-room-harness';

useKit({ apiKey: null, locale: 'zh-CN' });

test.afterAll(leaveRoom);

describe('the thread’s room in the real side panel at 400 px, in Chinese', () => {
  it('gives the thread most of the height while running, in Chinese words, in every state', async ({
    browser,
    site,
    model,
  }) => {
    // Vitest sets up the fixtures a test destructures.
    await walkTheRoom('zh-CN', { browser, site, model });
  }, 120_000);
});
