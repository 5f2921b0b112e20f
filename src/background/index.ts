// Service worker entry: a stateless relay. Every listener is registered synchronously at top level, so a worker
// that Chrome starts for an event (or restarts after killing it) has them before the event is dispatched.

import { registerDownloadForwarding } from './download-events';
import { onPanelConnect, onRuntimeMessage } from './relay';
import { registerSchedules } from './schedules';
import { registerTabEventForwarding } from './tab-events';

chrome.runtime.onConnect.addListener(onPanelConnect);
chrome.runtime.onMessage.addListener(onRuntimeMessage);
registerTabEventForwarding();
registerDownloadForwarding();
registerSchedules();

// Open the side panel when the toolbar icon is clicked. Idempotent, so doing it on every start is harmless.
chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((error: unknown) => {
  console.warn('[steadyhand] could not set the side panel behaviour:', error);
});

// The API key and the task history live in chrome.storage.local, which content scripts (running in the web page's
// renderer process) may read by default. Only the extension's own pages and this worker use storage; the panel
// makes the same call before it reads the key, in case the worker has not run yet in this browser session.
chrome.storage.local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' }).catch((error: unknown) => {
  console.warn('[steadyhand] could not keep storage from content scripts:', error);
});
