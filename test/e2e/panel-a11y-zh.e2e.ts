// The panel's accessibility in Simplified Chinese (browser language zh-CN): the same states and themes as
// panel-a11y.e2e.ts, from the zh_CN catalogue (the browser's language is set per file, hence two files).

import { useKit } from './kit';
import { a11ySuite } from './panel-a11y-harness';
import { PANEL_VIEWPORT } from './panel-harness';

useKit({ viewport: PANEL_VIEWPORT, locale: 'zh-CN' });

a11ySuite('zh-CN');
