// The thread gets the room (issue 25), in English: in the real side panel at 400 px, the thread's share of the height
// while a task runs, a person's words in the main view, Esc from the thread, and a screenshot of every state in the
// light and the dark theme (panel-room-harness.ts). panel-room-zh.e2e.ts runs the same in Simplified Chinese.

import { useKit } from './kit';
import { roomSuite } from './panel-room-harness';

// A new user's panel: no key, so the demo notice shows first.
useKit({ apiKey: null });

roomSuite('en');
