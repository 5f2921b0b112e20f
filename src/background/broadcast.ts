import { toError } from '../shared/errors';
import type { RuntimeMessage } from '../shared/protocol';

const NO_RECEIVER = /Receiving end does not exist|message port closed before a response/i;

/** True for the errors Chrome gives when no extension page listened (no panel is open). */
export function isNoReceiver(error: unknown): boolean {
  return NO_RECEIVER.test(toError(error).message);
}

/** Sends to every extension page; having no panel open is normal, so "no receiver" is swallowed. */
export function broadcast(message: RuntimeMessage): void {
  chrome.runtime.sendMessage(message).catch((error: unknown) => {
    if (!isNoReceiver(error)) console.warn('[steadyhand] broadcast failed:', toError(error).message);
  });
}
