// The panel's accessibility in English: axe-core in real Chromium on every main state of the panel (idle, the demo
// notice, running, asking, a site permission question, succeeded, failed, history, settings), in the light and the
// dark theme (panel-a11y-harness.ts). panel-a11y-zh.e2e.ts runs the same in Simplified Chinese.

import { useKit } from './kit';
import { a11ySuite } from './panel-a11y-harness';
import { PANEL_VIEWPORT } from './panel-harness';

useKit({ viewport: PANEL_VIEWPORT });

a11ySuite('en');
