// The contract between the three contexts: one interface per direction, one method per message, replies as
// envelopes. Bump PROTOCOL_VERSION whenever a message or a method signature changes shape.

import type { Consequence } from './consent-types';
import type { WireError } from './errors';
import type {
  ActionResult,
  BlobRead,
  DragArgs,
  FindArgs,
  FindResult,
  KeyArgs,
  MaskArgs,
  NavigationTarget,
  NavigationVia,
  PageInfo,
  PointerArgs,
  Pong,
  ReadPageResult,
  RefTarget,
  ScrollArgs,
  SelectTextArgs,
  SetValueArgs,
  Snapshot,
  SnapshotOptions,
  UploadArgs,
  WaitForArgs,
} from './page-types';

export const PROTOCOL_VERSION = 1;

/** The name of the long-lived port the panel opens to the service worker. */
export const PANEL_PORT_NAME = 'steadyhand-panel';

export type Reply<T> = { ok: true; value: T } | { ok: false; error: WireError };

/**
 * One page method: the argument it takes, the value it settles with, and whether repeating it is harmless. A call
 * whose reply was lost with a dead service worker is sent once more with the same `CallTag`; the content script runs
 * a repeated idempotent call again, and answers a repeated action with the result it remembers (decision 0011).
 * `signature` is never set: it carries the types the compiler reads, and nothing of it goes on the wire.
 */
export interface PageMethodSpec<A, R> {
  readonly idempotent: boolean;
  readonly signature?: (args: A) => R;
}

/** Running it again does no harm: a repeated delivery runs again, fresher. */
const repeatable = <A, R>(): PageMethodSpec<A, R> => ({ idempotent: true });
/** An action: a repeated delivery is answered with the reply of the first, never run twice. */
const once = <A, R>(): PageMethodSpec<A, R> => ({ idempotent: false });

/**
 * The page API, declared once: served by the content script (frame 0 of a tab, and each cross-origin frame for its
 * own document) from a table of handlers (src/content/page-controller.ts), called by the panel through the relay with
 * one shape, `(args, options?)` (src/panel/page/page-proxy.ts). A method without arguments takes `void`. `serve()`
 * uses this table as its allow-list; adding a method here makes the compiler ask for its handler.
 */
export const PAGE_METHODS = {
  ping: repeatable<void, Pong>(),
  getPageInfo: repeatable<void, PageInfo>(),
  snapshot: repeatable<SnapshotOptions, Snapshot>(),
  readPage: repeatable<{ from?: number; maxChars?: number }, ReadPageResult>(),
  find: repeatable<FindArgs, FindResult>(),
  click: once<PointerArgs, ActionResult>(),
  doubleClick: once<PointerArgs, ActionResult>(),
  rightClick: once<PointerArgs, ActionResult>(),
  drag: once<DragArgs, ActionResult>(),
  setValue: once<SetValueArgs, ActionResult>(),
  type: once<RefTarget & { text: string; clear?: boolean; submit?: boolean }, ActionResult>(),
  selectOption: once<RefTarget & { option: string }, ActionResult>(),
  check: once<RefTarget & { checked: boolean }, ActionResult>(),
  scroll: once<ScrollArgs, ActionResult>(),
  pressKey: once<KeyArgs, ActionResult>(),
  hover: repeatable<RefTarget, ActionResult>(),
  /** Selects a word or passage in a field or editor, so the next action (type, a format button) acts on it. */
  selectText: once<SelectTextArgs, ActionResult>(),
  /**
   * The navigation a click on the ref (or Enter on it, or on the focused element without a ref) would start, read
   * before the action so the panel can ask about its site first; `from` is this document's origin. `consequence`:
   * the consequential step the action would take (paying, posting, signing in, deleting…), so the panel can ask the
   * person first (decision 0026); absent from a content script that predates it.
   */
  navigationTarget: repeatable<
    { ref?: number; snapshotId?: string; via: NavigationVia },
    { target: NavigationTarget | null; from: string; consequence?: Consequence | null }
  >(),
  /** Puts a file into a file input (the ref, or the input it controls) or drops it on a drop zone. */
  uploadFile: once<UploadArgs, ActionResult>(),
  /** Reads a blob: URL this document made (a file it offered as a download), as base64, up to `maxBytes`. */
  readBlob: repeatable<{ url: string; maxBytes: number }, BlobRead>(),
  /** Only called when the person allowed script evaluation in settings (off by default). */
  evaluate: once<{ script: string }, { result: string }>(),
  waitFor: repeatable<WaitForArgs, { found: boolean; waitedMs: number }>(),
  /**
   * Goes back one entry from the page itself (`history.back()`). The browser's own back (`chrome.tabs.goBack`) skips
   * entries whose page navigated away without user activation, and the agent's clicks never carry any (decision
   * 0013), so it would pass over the pages the agent came from.
   */
  historyBack: once<void, { started: boolean }>(),
  /** Resolves once the DOM has been quiet for `quietMs` (or `maxMs` passed). */
  waitForQuiet: repeatable<{ quietMs: number; maxMs: number }, { quiet: boolean; lastMutationAt: number }>(),
  /** Wall-clock time (ms since epoch) of the page's last DOM change seen by the controller. */
  lastMutationAt: repeatable<void, { at: number }>(),
  showMask: repeatable<MaskArgs, { shown: boolean }>(),
  renewMask: repeatable<MaskArgs, { shown: boolean }>(),
  hideMask: repeatable<void, { hidden: boolean }>(),
  /** Drops observers, highlights and the mask between tasks; refs stay valid for the document. */
  dispose: repeatable<void, { disposed: boolean }>(),
};

export type PageMethod = keyof typeof PAGE_METHODS;
type SignatureOf<M extends PageMethod> = NonNullable<(typeof PAGE_METHODS)[M]['signature']>;
/** What a method takes: one argument (`void` for none). */
export type PageArgs<M extends PageMethod> = Parameters<SignatureOf<M>>[0];
/** What a call settles with. */
export type PageResult<M extends PageMethod> = ReturnType<SignatureOf<M>>;

/**
 * The page API as the content script serves it: one handler per method, which may wait in the page (an action's quiet
 * window, waitFor) and so may answer with a promise.
 */
export type PageApi = {
  readonly [M in PageMethod]: (args: PageArgs<M>) => PageResult<M> | Promise<PageResult<M>>;
};

/**
 * Served by the panel; asked by content scripts through the service worker. Whether a new document shows the mask
 * is not asked: the panel injects the script into a task's tabs and shows the mask itself (decision 0015).
 */
export interface PanelQueries {
  /** The person pressed Stop on the mask. */
  requestStop(): { stopping: boolean };
}

export type PanelQuery = keyof PanelQueries;

export const PANEL_QUERIES: { readonly [Q in PanelQuery]: true } = { requestStop: true };

/** Tab and window events the service worker forwards to the panel. */
export type TabEvent =
  | { type: 'committed'; tabId: number; frameId: number; url: string; transitionType: string; timeStamp: number }
  | { type: 'activated'; tabId: number; windowId: number }
  | { type: 'removed'; tabId: number; windowId: number; isWindowClosing: boolean }
  | { type: 'updated'; tabId: number; url?: string; status?: string; title?: string }
  | { type: 'created'; tabId: number; windowId: number; openerTabId?: number; url?: string; pendingUrl?: string }
  | { type: 'focusChanged'; windowId: number }
  /** A window's side panel closed (chrome.sidePanel.onClosed): the tasks that panel ran ended with it. */
  | { type: 'panelClosed'; windowId: number }
  | { type: 'attached'; tabId: number; windowId: number }
  | { type: 'replaced'; addedTabId: number; removedTabId: number }
  /**
   * The tab joined or left a tab group (chrome.tabs.onUpdated `groupId`; -1 when it is in none): the person dragged it
   * out of a group or into one, moved it alone to another window, or an extension grouped it.
   */
  | { type: 'groupChanged'; tabId: number; groupId: number }
  /**
   * A page opened a new tab (target=_blank, window.open). Unlike `created.openerTabId`, which Chrome sets to whatever
   * tab was active at that moment, `sourceTabId` is the tab whose page opened it.
   */
  | { type: 'navigationTarget'; tabId: number; sourceTabId: number; url: string }
  /** A content script booted in frame 0 of a new document and can take calls. */
  | { type: 'contentReady'; tabId: number; url: string; documentToken: string }
  /** Frame 0 moved within its document (history.pushState, a fragment): no new document, but a navigation. */
  | { type: 'sameDocument'; tabId: number; url: string }
  /** The browser began a download (chrome.downloads.onCreated); the panel decides whether a task's tab made it. */
  | { type: 'downloadCreated'; download: DownloadInfo }
  /** A download moved on (chrome.downloads.onChanged): only the fields that changed are set. */
  | { type: 'downloadChanged'; change: DownloadChange }
  /** A saved task's schedule rang (chrome.alarms.onAlarm, src/shared/schedules.ts): one open panel runs it. */
  | { type: 'alarm'; name: string; scheduledTime: number };

/** The fields of chrome.downloads.DownloadItem the panel uses. DownloadItem has no tab id (decision 0022). */
export interface DownloadInfo {
  id: number;
  url: string;
  finalUrl: string;
  /** The page the download was started from, when the browser knows it. */
  referrer: string;
  /** The absolute path on disk; empty until the browser has chosen it. */
  filename: string;
  mime: string;
  /** -1 when unknown. */
  totalBytes: number;
  /** -1 when unknown. */
  fileSize: number;
  state: 'in_progress' | 'interrupted' | 'complete';
  error?: string;
}

export interface DownloadChange {
  id: number;
  filename?: string;
  finalUrl?: string;
  totalBytes?: number;
  fileSize?: number;
  state?: DownloadInfo['state'];
  error?: string;
}

export type TabEventType = TabEvent['type'];

// ---- Messages on the wire -----------------------------------------------------------------------------------------

/** Panel → service worker, over the panel's port. */
export interface RpcCallMessage {
  kind: 'rpc:call';
  v: number;
  /** Matches the reply to the call in the panel's transport. */
  id: number;
  tabId: number;
  /**
   * The frame whose content script serves the call; frame 0 when absent. The panel routes a ref that lives in a
   * cross-origin frame here (decision 0021); every method goes the same way, so a new one needs no code for frames.
   */
  frameId?: number;
  method: PageMethod;
  args: unknown[];
  call: CallTag;
}

/** One logical call across its sends, so a page can tell a re-sent action from a new one (decision 0011). */
export interface CallTag {
  /** Unique per panel session (a random session prefix and a counter); the same on every send of the call. */
  id: string;
  /** 1 on the first send; 2 on the send after the service worker died with the call in flight. */
  attempt: number;
  /** The panel's Date.now() when the call was made: a document that came after it never saw an earlier send. */
  issuedAt: number;
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
  /** Passed through from the panel's call; without it (the bench's floor) the page remembers nothing. */
  call?: CallTag;
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

/** Where an injection runs: exactly one document of the tab, or frame 0 when its document id is not known. */
export type InjectTarget = { tabId: number; documentIds: string[] } | { tabId: number; frameIds: number[] };

/**
 * Panel → service worker: run the content script (src/shared/content-script.ts) in a document of a task's tab. A
 * document that already runs it only announces itself again. The worker runs it, so that it never carries the
 * person's user activation in the panel to the page.
 */
export interface InjectMessage {
  kind: 'inject';
  v: number;
  target: InjectTarget;
  /**
   * Instead of the content script, `history.back()` once in the document: how the agent leaves a page whose site the
   * task may not use, which gets no content script (decision 0025), without chrome.tabs.goBack skipping the pages it
   * left without a gesture.
   */
  historyBack?: true;
}

export type RuntimeMessage =
  | RpcCallMessage
  | InjectMessage
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
