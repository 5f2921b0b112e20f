// Content script → service worker → panel. Used to announce a new document and to ask the panel questions.

import { RelayError, toError } from '../shared/errors';
import {
  type CsQueryMessage,
  type PanelQueries,
  type PanelQuery,
  PROTOCOL_VERSION,
  type Reply,
} from '../shared/protocol';
import { unwrap, withDeadline } from '../shared/rpc';

/** After an extension reload or update, this script is orphaned: chrome.runtime is gone. */
export function isContextValid(): boolean {
  try {
    return typeof chrome !== 'undefined' && Boolean(chrome.runtime?.id);
  } catch {
    return false;
  }
}

export function isContextInvalidatedError(error: unknown): boolean {
  return /Extension context invalidated/i.test(toError(error).message);
}

export function announceReady(documentToken: string): void {
  chrome.runtime.sendMessage({ kind: 'cs:ready', v: PROTOCOL_VERSION, url: location.href, documentToken }).catch(() => {
    // No service worker could be woken (extension reloading): the panel will find us by pinging.
  });
}

export function askPanel<Q extends PanelQuery>(
  query: Q,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<ReturnType<PanelQueries[Q]>> {
  const message: CsQueryMessage = { kind: 'cs:query', v: PROTOCOL_VERSION, query };
  return withDeadline(`Asking the panel ${query}`, options, async () => {
    if (!isContextValid()) throw new RelayError('context_invalidated', 'Reload the tab: the extension was updated.');
    const reply = await chrome.runtime.sendMessage<CsQueryMessage, Reply<ReturnType<PanelQueries[Q]>>>(message);
    return unwrap(reply);
  });
}
