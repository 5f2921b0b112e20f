// The content script's one message router: it answers `cs:rpc` from our extension and nothing else.

import { RelayError } from '../shared/errors';
import { isRuntimeMessage, PAGE_METHODS, type PageApi, PROTOCOL_VERSION, type Reply } from '../shared/protocol';
import { dispatch } from '../shared/rpc';

export function handleRpc(
  controller: PageApi,
  message: unknown,
  sender: chrome.runtime.MessageSender,
  sendResponse: (reply: Reply<unknown>) => void,
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
  void dispatch(controller, PAGE_METHODS, message.method, message.args).then(sendResponse);
  return true;
}
