// Puts the content script into a tab for the panel. The panel could call chrome.scripting itself, but a call made
// while the panel has transient user activation would hand that activation to the page it scripts; the worker has
// none of its own, and runs each injection outside the dispatch of the panel's message (outside-gesture.ts).

import { CONTENT_SCRIPT_FILE } from '../shared/content-script';
import { toWireError } from '../shared/errors';
import { installListenerProbe } from '../shared/listener-probe';
import type { InjectMessage, Reply } from '../shared/protocol';

/** Runs one injection the panel asked for. It resolves once the script ran (Chrome runs it at document_idle). */
export async function injectContentScript(message: InjectMessage): Promise<Reply<Record<string, never>>> {
  try {
    if (message.historyBack) {
      // One call in the extension's isolated world, leaving nothing behind in the page.
      await chrome.scripting.executeScript({ target: message.target, func: () => history.back() });
    } else {
      // The listener probe first, in the page's own world and without waiting for the document to be idle, so it
      // sees as many of the page's addEventListener calls as it can and the first snapshot can ask it (decision 0036).
      // The probe is an extra: where the page's world refuses it, the content script still goes in and finds no
      // probe (its ping goes unanswered). A tab that is gone fails the next call, which reports it.
      await chrome.scripting
        .executeScript({ target: message.target, world: 'MAIN', injectImmediately: true, func: installListenerProbe })
        .catch(() => undefined);
      await chrome.scripting.executeScript({ target: message.target, files: [CONTENT_SCRIPT_FILE] });
    }
    return { ok: true, value: {} };
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
}
