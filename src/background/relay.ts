// The service worker's relay: panel RPC → content script of frame 0 (or the frame the call names) → reply; content queries → panel → reply.
// No module state: everything a call needs travels in the message or the port's closure.

import { RelayError, TabError, toError } from '../shared/errors';
import {
  type CsQueryMessage,
  type CsRpcMessage,
  isRuntimeMessage,
  PANEL_PORT_NAME,
  type PanelQueryMessage,
  PROTOCOL_VERSION,
  type Reply,
  type RpcCallMessage,
  type RpcResponseMessage,
} from '../shared/protocol';
import { toReply } from '../shared/rpc';
import { isNoReceiver } from './broadcast';
import { injectContentScript } from './inject';
import { outsideGesture } from './outside-gesture';
import { isExtensionPage, isOwnContentScript } from './senders';
import { forwardTabEvent } from './tab-events';

const forbidden = (what: string): Reply<never> => ({
  ok: false,
  error: new RelayError('forbidden', `${what} is only accepted from Steadyhand's own pages.`).toWire(),
});

/** Sends one call to the content script in the call's frame (frame 0 by default) and returns its envelope. */
export function forwardRpc(call: RpcCallMessage): Promise<Reply<unknown>> {
  if (call.v !== PROTOCOL_VERSION) {
    return Promise.resolve({
      ok: false,
      error: new RelayError('version_mismatch', 'The panel and the service worker are from different builds.').toWire(),
    });
  }
  // The call tag goes through untouched: it is how the page tells a re-sent action from a new one (decision 0011).
  const message: CsRpcMessage = { kind: 'cs:rpc', v: call.v, method: call.method, args: call.args, call: call.call };
  const frameId = Number.isInteger(call.frameId) && (call.frameId as number) >= 0 ? (call.frameId as number) : 0;
  return chrome.tabs.sendMessage<CsRpcMessage, Reply<unknown>>(call.tabId, message, { frameId }).then(
    (reply) => reply ?? { ok: false, error: new RelayError('no_receiver', 'The page did not answer.').toWire() },
    (error: unknown) => ({ ok: false, error: describeSendFailure(call.tabId, error, frameId).toWire() }),
  );
}

export function describeSendFailure(tabId: number, error: unknown, frameId: number) {
  const message = toError(error).message;
  if (/No tab with id/i.test(message)) return new TabError('tab_gone', `Tab ${tabId} was closed.`);
  if (/Receiving end does not exist/i.test(message)) {
    const where = frameId === 0 ? `Tab ${tabId}` : `Frame ${frameId} of tab ${tabId}`;
    return new RelayError('no_receiver', `${where} has no Steadyhand content script.`);
  }
  if (/message port closed before a response/i.test(message)) {
    // The document went away while handling the call, e.g. a click that navigated.
    return new RelayError('relay_lost', `The page in tab ${tabId} unloaded before it answered.`);
  }
  if (CHANNEL_CLOSED.test(message)) {
    // Chrome's words when the page holding the call's channel was left while the call ran: the tab went to another
    // page, and this one unloaded or went into the back/forward cache. Not an error of the extension, so it is not
    // `internal` (docs/contracts.md P-TURN); whether the page acted before it was left is not known.
    return new RelayError(
      'relay_lost',
      `The page in tab ${tabId} was left (unloaded or kept in the back/forward cache) before it answered.`,
    );
  }
  return new RelayError('internal', message);
}

/**
 * Chrome's texts for a channel closed under a call whose page was left: "The page keeping the extension port is moved
 * into back/forward cache, so the message channel is closed." and "A listener indicated an asynchronous response by
 * returning true, but the message channel closed before a response was received" (seen in test/e2e/proof-turns.e2e.ts
 * when the person navigates the tab during a wait_for).
 */
export const CHANNEL_CLOSED = /moved into back\/forward cache|message channel (is )?closed/i;

/** A panel connected: serve its calls over the port until it disconnects. */
export function onPanelConnect(port: chrome.runtime.Port): void {
  if (port.name !== PANEL_PORT_NAME) return;
  const trusted = port.sender !== undefined && isExtensionPage(port.sender);
  port.onMessage.addListener((message: unknown) => {
    if (!isRuntimeMessage(message) || message.kind !== 'rpc:call') return;
    const answer = trusted ? outsideGesture(() => forwardRpc(message)) : Promise.resolve(forbidden('rpc:call'));
    void answer.then((reply) => {
      const response: RpcResponseMessage = { kind: 'rpc:response', v: PROTOCOL_VERSION, id: message.id, reply };
      try {
        port.postMessage(response);
      } catch {
        // The panel went away while the call ran; nobody is waiting for this reply.
      }
    });
  });
}

function forwardQuery(tabId: number, message: CsQueryMessage): Promise<Reply<unknown>> {
  const query: PanelQueryMessage = { kind: 'panel:query', v: PROTOCOL_VERSION, tabId, query: message.query };
  return toReply(async () => {
    try {
      const reply = await chrome.runtime.sendMessage<PanelQueryMessage, Reply<unknown> | undefined>(query);
      if (reply) return reply;
    } catch (error) {
      if (!isNoReceiver(error)) throw error;
    }
    throw new RelayError('no_receiver', 'No Steadyhand panel is running a task for this tab.');
  }).then((outer) => (outer.ok ? (outer.value as Reply<unknown>) : outer));
}

/**
 * The one-shot message router. Returns true only for messages it answers asynchronously, so other listeners
 * (the panel's) keep their own replies.
 */
export function onRuntimeMessage(
  message: unknown,
  sender: chrome.runtime.MessageSender,
  sendResponse: (reply: Reply<unknown>) => void,
): boolean {
  if (!isRuntimeMessage(message)) return false;
  switch (message.kind) {
    case 'cs:query': {
      const tabId = sender.tab?.id;
      if (!isOwnContentScript(sender) || tabId === undefined) {
        sendResponse(forbidden('cs:query'));
        return false;
      }
      // The panel's reply may carry the person's gesture on to the page (outside-gesture.ts).
      void forwardQuery(tabId, message).then((reply) => outsideGesture(() => sendResponse(reply)));
      return true;
    }
    case 'cs:ready': {
      const tabId = sender.tab?.id;
      if (isOwnContentScript(sender) && tabId !== undefined && sender.frameId === 0) {
        forwardTabEvent({ type: 'contentReady', tabId, url: message.url, documentToken: message.documentToken });
      }
      return false;
    }
    case 'inject':
      if (!isExtensionPage(sender)) {
        sendResponse(forbidden('inject'));
        return false;
      }
      void outsideGesture(() => injectContentScript(message)).then(sendResponse);
      return true;
    case 'rpc:call':
      // Panels call over their port; a one-shot rpc:call can only come from somewhere else.
      sendResponse(forbidden('rpc:call'));
      return false;
    default:
      return false;
  }
}
