// The page API of one tab over the relay (page-proxy.ts): every method takes its argument and optional call options
// (timeout, AbortSignal) and resolves with the method's result or throws a typed error.
//
// When nothing answers in the tab (it loaded before the extension, or its script was dropped) or an older build
// answers, it injects the current content script and tries once more; a restricted page fails at once.

import { isSteadyhandError, RelayError, type SteadyhandError, TabError } from '../../shared/errors';
import type { PageMethod, Reply } from '../../shared/protocol';
import { type CallOptions, type RemotePage, unwrap } from '../../shared/rpc';
import { describeRestriction, isRestrictedUrl } from '../../shared/urls';
import type { FrameAccess } from './frame-access';
import { pageProxy, wireArgs } from './page-proxy';

/** A call's options on the relay: deadline and signal, and the frame that serves it (frame 0 when absent). */
export interface RelayCallOptions extends CallOptions {
  frameId?: number;
}

/** Carries one page call to a tab (or one frame of it) and back (the panel's PortTransport through the worker). */
export interface Relay {
  call(tabId: number, method: PageMethod, args: unknown[], options?: RelayCallOptions): Promise<Reply<unknown>>;
}

export interface TabAccess {
  /** The tab, or null when it no longer exists. */
  getTab(tabId: number): Promise<{ url?: string; pendingUrl?: string; status?: string; title?: string } | null>;
  /** Runs the extension's content script in frame 0 of the tab. */
  injectContentScript(tabId: number): Promise<void>;
  /** Runs `history.back()` once in frame 0, and nothing else (a page the task may not use has no content script). */
  historyBack?(tabId: number): Promise<void>;
  /** chrome-extension://ID, so our own pages are not treated as restricted. */
  ownOrigin: string;
  /** The tab's frames; without it the page is frame 0 alone (cross-origin frames listed, not read). */
  frames?: FrameAccess;
}

/**
 * One frame's page over the relay as it answers: no script injected, no call tried again (a frame's caller decides
 * what a frame without our script means).
 */
export function framePage(tabId: number, relay: Relay, frameId: number): RemotePage {
  return pageProxy(async (method, args, options) =>
    unwrap(await relay.call(tabId, method, wireArgs(args), { ...options, frameId })),
  );
}

const RECOVERABLE = new Set(['no_receiver', 'version_mismatch']);

export function createRemotePage(tabId: number, relay: Relay, tabs: TabAccess): RemotePage {
  async function invoke(method: PageMethod, args: unknown, options: CallOptions): Promise<unknown> {
    try {
      return unwrap(await relay.call(tabId, method, wireArgs(args), options));
    } catch (error) {
      if (!RECOVERABLE.has((error as SteadyhandError).code)) throw error;
      await prepareTab(tabId, tabs, error as SteadyhandError);
      return unwrap(await relay.call(tabId, method, wireArgs(args), options));
    }
  }

  return pageProxy(invoke);
}

async function prepareTab(tabId: number, tabs: TabAccess, cause: SteadyhandError): Promise<void> {
  const tab = await tabs.getTab(tabId);
  if (!tab) throw new TabError('tab_gone', `Tab ${tabId} was closed.`);
  const url = tab.url || tab.pendingUrl || '';
  if (url && isRestrictedUrl(url, tabs.ownOrigin)) throw new TabError('restricted', describeRestriction(url));
  try {
    await tabs.injectContentScript(tabId);
  } catch (error) {
    // The task may not use the page's site (yet): said as such, so the agent asks about it rather than waiting.
    if (isSteadyhandError(error, 'not_allowed')) throw error;
    throw new RelayError('no_receiver', `Could not start Steadyhand in tab ${tabId}: ${(error as Error).message}`, {
      cause,
    });
  }
}
