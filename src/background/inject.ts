// Puts the content script into a tab for the panel. The panel could call chrome.scripting itself, but a call made
// from a page with transient user activation (the person just pressed Enter or clicked in the panel) is run as a user
// gesture, and the page it scripts gets transient activation for about five seconds: popups past the blocker,
// downloads, clipboard writes. The worker has no activation of its own, and runs the injection in a task of its own,
// outside the dispatch of the panel's message, whose gesture would otherwise carry over
// (test/e2e/security-activation.e2e.ts).

import { toWireError } from '../shared/errors';
import type { InjectMessage, Reply } from '../shared/protocol';

/** Runs in the tab's isolated world: restarts a content-script module this world has already evaluated. */
function rebootIfLoaded(): boolean {
  const hook = (globalThis as { __steadyhandBoot?: () => boolean }).__steadyhandBoot;
  return typeof hook === 'function' ? hook() : false;
}

function contentScriptFiles(): string[] {
  return chrome.runtime.getManifest().content_scripts?.flatMap((script) => script.js ?? []) ?? [];
}

async function inject(message: InjectMessage): Promise<Reply<{ rebooted?: boolean }>> {
  try {
    if (message.what === 'reboot') {
      const [first] = await chrome.scripting.executeScript({ target: message.target, func: rebootIfLoaded });
      return { ok: true, value: { rebooted: first?.result === true } };
    }
    await chrome.scripting.executeScript({ target: message.target, files: contentScriptFiles() });
    return { ok: true, value: {} };
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
}

/** Answers one injection request, from a task of its own (see above). */
export function injectForPanel(message: InjectMessage, sendResponse: (reply: Reply<unknown>) => void): void {
  setTimeout(() => {
    void inject(message).then(sendResponse);
  }, 0);
}
