// The contract between the three contexts: one interface per direction, one method per message, replies as
// envelopes. Bump PROTOCOL_VERSION whenever a message or a method signature changes shape.

import type { WireError } from './errors';
import type { PageInfo, Pong } from './page-types';

export const PROTOCOL_VERSION = 1;

/** The name of the long-lived port the panel opens to the service worker. */
export const PANEL_PORT_NAME = 'steadyhand-panel';

export type Reply<T> = { ok: true; value: T } | { ok: false; error: WireError };

/** Served by the content script (frame 0 of a tab); called by the panel through the relay. */
export interface PageApi {
  ping(): Pong;
  getPageInfo(): PageInfo;
}

export type PageMethod = keyof PageApi;
export type PageArgs<M extends PageMethod> = Parameters<PageApi[M]>;
export type PageResult<M extends PageMethod> = ReturnType<PageApi[M]>;

/**
 * Every PageApi method, with how many arguments it takes (so a proxy can tell the call options apart) and whether
 * repeating it is harmless. A call whose reply was lost with a dead service worker
 * is retried once only when it is idempotent; otherwise it fails with `relay_lost`. The mapped type makes the compiler
 * insist that every method is listed here, and `serve()` uses the same table as its allow-list.
 */
export const PAGE_METHODS: {
  readonly [M in PageMethod]: { readonly arity: PageArgs<M>['length']; readonly idempotent: boolean };
} = {
  ping: { arity: 0, idempotent: true },
  getPageInfo: { arity: 0, idempotent: true },
};

export interface MaskState {
  show: boolean;
  leaseMs: number;
  label?: string;
}

/** Served by the panel; asked by content scripts through the service worker. */
export interface PanelQueries {
  /** Should this tab show the mask right now? Asked by a content script when it boots. */
  maskState(): MaskState;
  /** The person pressed Stop on the mask. */
  requestStop(): { stopping: boolean };
}

export type PanelQuery = keyof PanelQueries;

export const PANEL_QUERIES: { readonly [Q in PanelQuery]: true } = { maskState: true, requestStop: true };

/** Tab and window events the service worker forwards to the panel. */
export type TabEvent =
  | { type: 'committed'; tabId: number; frameId: number; url: string; transitionType: string; timeStamp: number }
  | { type: 'activated'; tabId: number; windowId: number }
  | { type: 'removed'; tabId: number; windowId: number; isWindowClosing: boolean }
  | { type: 'updated'; tabId: number; url?: string; status?: string; title?: string }
  | { type: 'created'; tabId: number; windowId: number; openerTabId?: number; url?: string; pendingUrl?: string }
  | { type: 'focusChanged'; windowId: number }
  | { type: 'attached'; tabId: number; windowId: number }
  | { type: 'replaced'; addedTabId: number; removedTabId: number }
  /** A content script booted in frame 0 of a new document and can take calls. */
  | { type: 'contentReady'; tabId: number; url: string; documentToken: string };

export type TabEventType = TabEvent['type'];

// ---- Messages on the wire -----------------------------------------------------------------------------------------

/** Panel → service worker, over the panel's port. */
export interface RpcCallMessage {
  kind: 'rpc:call';
  v: number;
  id: number;
  tabId: number;
  method: PageMethod;
  args: unknown[];
}

/** Service worker → panel, over the panel's port. */
export interface RpcResponseMessage {
  kind: 'rpc:response';
  v: number;
  id: number;
  reply: Reply<unknown>;
}

/** Service worker (or the panel directly, for the bench's floor) → content script, by tabs.sendMessage. */
export interface CsRpcMessage {
  kind: 'cs:rpc';
  v: number;
  method: PageMethod;
  args: unknown[];
}

/** Service worker → panel, broadcast with runtime.sendMessage. */
export interface TabEventMessage {
  kind: 'tab:event';
  v: number;
  event: TabEvent;
}

/** Content script → service worker. */
export interface CsQueryMessage {
  kind: 'cs:query';
  v: number;
  query: PanelQuery;
}

/** Service worker → panel: a content script's query, with the tab it came from. */
export interface PanelQueryMessage {
  kind: 'panel:query';
  v: number;
  tabId: number;
  query: PanelQuery;
}

/** Content script → service worker: this document's controller is up. Forwarded as a `contentReady` tab event. */
export interface CsReadyMessage {
  kind: 'cs:ready';
  v: number;
  url: string;
  documentToken: string;
}

export type RuntimeMessage =
  | RpcCallMessage
  | RpcResponseMessage
  | CsRpcMessage
  | TabEventMessage
  | CsQueryMessage
  | PanelQueryMessage
  | CsReadyMessage;

export function isRuntimeMessage(value: unknown): value is RuntimeMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { kind?: unknown }).kind === 'string' &&
    typeof (value as { v?: unknown }).v === 'number'
  );
}
