// The content script's one message router: it answers `cs:rpc` from our extension and nothing else, and runs each
// action at most once however often its call is delivered (decision 0011).

import { PageError, RelayError } from '../shared/errors';
import {
  type CallTag,
  isRuntimeMessage,
  PAGE_METHODS,
  type PageApi,
  PROTOCOL_VERSION,
  type Reply,
} from '../shared/protocol';
import { dispatch } from '../shared/rpc';

/** Actions one document remembers. A lost reply is asked for again within a second or two, so this is plenty. */
export const REMEMBERED_CALLS = 64;

function isCallTag(value: unknown): value is CallTag {
  const tag = value as CallTag | undefined;
  return (
    typeof tag === 'object' &&
    tag !== null &&
    typeof tag.id === 'string' &&
    tag.id !== '' &&
    Number.isInteger(tag.attempt) &&
    tag.attempt >= 1 &&
    Number.isFinite(tag.issuedAt)
  );
}

function isAction(method: string): boolean {
  return Object.hasOwn(PAGE_METHODS, method) && !PAGE_METHODS[method as keyof typeof PAGE_METHODS].idempotent;
}

/**
 * The replies of this document's recent actions, by call tag. The panel sends a call again when the service worker
 * died before the reply came back; the action may have run (or still be running) here, so a repeated tag gets the
 * same reply instead of a second run. Reads are not remembered: running them again is harmless and fresher.
 *
 * A repeat whose tag this document never saw is ambiguous only if the document came after the call was made: then
 * the first send may have reached the document before it (the action navigated, or the page was replaced), and
 * running it again here could do it twice. That repeat is answered with `relay_lost` and not run. Held per document
 * (the content script's module lives exactly as long as its document), so a navigation drops it.
 */
export class CallMemory {
  private readonly replies = new Map<string, Promise<Reply<unknown>>>();
  private activeSince: number;

  constructor(private readonly now: () => number = Date.now) {
    this.activeSince = now();
  }

  /** The document became the one its tab shows again (restored from the back/forward cache, a prerender shown). */
  activated(): void {
    this.activeSince = this.now();
  }

  /** Runs `execute` for the call, or returns the reply its earlier delivery got or will get. */
  run(method: string, tag: CallTag | undefined, execute: () => Promise<Reply<unknown>>): Promise<Reply<unknown>> {
    if (!tag || !isAction(method)) return execute();
    const known = this.replies.get(tag.id);
    if (known !== undefined) return known;
    const reply =
      tag.attempt > 1 && this.activeSince >= tag.issuedAt ? Promise.resolve(lostWithDocument(method)) : execute();
    this.replies.set(tag.id, reply);
    if (this.replies.size > REMEMBERED_CALLS) {
      const oldest = this.replies.keys().next().value;
      if (oldest !== undefined) this.replies.delete(oldest);
    }
    return reply;
  }
}

function lostWithDocument(method: string): Reply<never> {
  const error = new RelayError(
    'relay_lost',
    `The page changed while ${method} was on its way (the service worker restarted and the answer was lost); it ` +
      'may have run on the page before, so it was not run again. The next observation shows the page as it is now.',
  );
  return { ok: false, error: error.toWire() };
}

/** The reply to an action sent to a document that is being left: it is not run. */
function pageChanging(method: string, leavingForMs: number): Reply<never> {
  const error = new PageError(
    'page_changing',
    `The page is being replaced: a navigation away from it started ${Math.round(leavingForMs)} ms ago and has not ` +
      `finished, so ${method} was not run on it.`,
  );
  return { ok: false, error: error.toWire() };
}

/**
 * Serves one `cs:rpc`; with `calls`, the document's memory of its actions, a re-sent action is not run again; with
 * `departure`, an action that reaches the document while it is being left is refused (departure.ts).
 */
export function handleRpc(
  controller: PageApi,
  message: unknown,
  sender: chrome.runtime.MessageSender,
  sendResponse: (reply: Reply<unknown>) => void,
  calls?: CallMemory,
  departure?: { leavingForMs(): number | null },
): boolean {
  if (!isRuntimeMessage(message) || message.kind !== 'cs:rpc') return false;
  if (sender.id !== chrome.runtime.id) return false;
  if (message.v !== PROTOCOL_VERSION) {
    const error = new RelayError(
      'version_mismatch',
      `This page runs Steadyhand's content script from another build (protocol ${PROTOCOL_VERSION}, asked ${message.v}).`,
    );
    sendResponse({ ok: false, error: error.toWire() });
    return false;
  }
  const execute = () => {
    const leaving = isAction(message.method) ? (departure?.leavingForMs() ?? null) : null;
    if (leaving !== null) return Promise.resolve(pageChanging(message.method, leaving));
    return dispatch(controller, PAGE_METHODS, message.method, message.args);
  };
  const tag = isCallTag(message.call) ? message.call : undefined;
  const reply = calls ? calls.run(message.method, tag, execute) : execute();
  void reply.then((value) => {
    try {
      sendResponse(value);
    } catch {
      // The worker that asked died meanwhile; the panel asks again with the same tag and gets this reply then.
    }
  });
  return true;
}
