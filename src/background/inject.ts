// Puts the content script into a tab for the panel. The panel could call chrome.scripting itself, but a call made
// while the panel has transient user activation would hand that activation to the page it scripts; the worker has
// none of its own, and runs each injection outside the dispatch of the panel's message (outside-gesture.ts).

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

/** Runs one injection the panel asked for; its reply says whether a loaded script was rebooted. */
export async function injectContentScript(message: InjectMessage): Promise<Reply<{ rebooted?: boolean }>> {
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
