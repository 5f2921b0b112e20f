// The thread gets the room (issue 25), in Simplified Chinese: the states of panel-room.e2e.ts with the browser set to
// zh-CN, and no English left in the main view but the page's and the model's own words.

import { useKit } from './kit';
import { roomSuite } from './panel-room-harness';

useKit({ apiKey: null, locale: 'zh-CN' });

roomSuite('zh-CN');
