// Where the built content script lives in the extension. It is one classic script (no imports, no loader), so
// chrome.scripting.executeScript can run it and nothing in the package has to be web-accessible for it to load
// (vite.config.ts builds it; docs/decisions/0015-content-script-only-in-task-tabs.md says why).

export const CONTENT_SCRIPT_FILE = 'content.js';
