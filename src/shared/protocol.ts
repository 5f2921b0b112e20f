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
 * Served by the content script (frame 0 of a tab, and each cross-origin frame for its own document); called by the panel through the relay. Methods that must wait in
 * the page (an action's quiet window, waitFor) return promises; callers see `PageResult<M>`, the settled value.
 */
export interface PageApi {
  ping(): Pong;
  getPageInfo(): PageInfo;
  snapshot(options: SnapshotOptions): Snapshot;
  readPage(args: { from?: number; maxChars?: number }): ReadPageResult;
  find(args: FindArgs): FindResult;
  click(args: PointerArgs): Promise<ActionResult>;
  doubleClick(args: PointerArgs): Promise<ActionResult>;
  rightClick(args: PointerArgs): Promise<ActionResult>;
  drag(args: DragArgs): Promise<ActionResult>;
  setValue(args: SetValueArgs): Promise<ActionResult>;
  type(args: RefTarget & { text: string; clear?: boolean; submit?: boolean }): Promise<ActionResult>;
  selectOption(args: RefTarget & { option: string }): Promise<ActionResult>;
  check(args: RefTarget & { checked: boolean }): Promise<ActionResult>;
  scroll(args: ScrollArgs): Promise<ActionResult>;
  pressKey(args: KeyArgs): Promise<ActionResult>;
  hover(args: RefTarget): Promise<ActionResult>;
  /**
   * The navigation a click on the ref (or Enter on it, or on the focused element without a ref) would start, read
   * before the action so the panel can ask about its site first; `from` is this document's origin. `consequence`:
   * the consequential step the action would take (paying, posting, signing in, deleting…), so the panel can ask the
   * person first (decision 0026); absent from a content script that predates it.
   */
  navigationTarget(args: { ref?: number; snapshotId?: string; via: NavigationVia }): {
    target: NavigationTarget | null;
    from: string;
    consequence?: Consequence | null;
  };
  /** Puts a file into a file input (the ref, or the input it controls) or drops it on a drop zone. */
  uploadFile(args: UploadArgs): Promise<ActionResult>;
  /** Reads a blob: URL this document made (a file it offered as a download), as base64, up to `maxBytes`. */
  readBlob(args: { url: string; maxBytes: number }): Promise<BlobRead>;
  /** Only called when the person allowed script evaluation in settings (off by default). */
  evaluate(args: { script: string }): Promise<{ result: string }>;
  waitFor(args: WaitForArgs): Promise<{ found: boolean; waitedMs: number }>;
  /**
   * Goes back one entry from the page itself (`history.back()`). The browser's own back (`chrome.tabs.goBack`) skips
   * entries whose page navigated away without user activation, and the agent's clicks never carry any (decision
   * 0013), so it would pass over the pages the agent came from.
   */
  historyBack(): { started: boolean };
  /** Resolves once the DOM has been quiet for `quietMs` (or `maxMs` passed). */
  waitForQuiet(args: { quietMs: number; maxMs: number }): Promise<{ quiet: boolean; lastMutationAt: number }>;
  /** Wall-clock time (ms since epoch) of the page's last DOM change seen by the controller. */
  lastMutationAt(): { at: number };
  showMask(args: MaskArgs): { shown: boolean };
  renewMask(args: MaskArgs): { shown: boolean };
  hideMask(): { hidden: boolean };
  /** Drops observers, highlights and the mask between tasks; refs stay valid for the document. */
  dispose(): { disposed: boolean };
}

export type PageMethod = keyof PageApi;
export type PageArgs<M extends PageMethod> = Parameters<PageApi[M]>;
/** What a call resolves with: methods that wait in the page (actions settle) return promises, unwrapped here. */
export type PageResult<M extends PageMethod> = Awaited<ReturnType<PageApi[M]>>;

/**
 * Every PageApi method, with how many arguments it takes (so a proxy can tell the call options apart) and whether
 * repeating it is harmless. A call whose reply was lost with a dead service worker is sent once more with the same
 * `CallTag`; the content script runs a repeated idempotent call again, and answers a repeated action with the result
 * it remembers (decision 0011). The mapped type makes the compiler insist that every method is listed here, and
 * `serve()` uses the same table as its allow-list.
 */
export const PAGE_METHODS: {
  readonly [M in PageMethod]: { readonly arity: PageArgs<M>['length']; readonly idempotent: boolean };
} = {
  ping: { arity: 0, idempotent: true },
  getPageInfo: { arity: 0, idempotent: true },
  snapshot: { arity: 1, idempotent: true },
  readPage: { arity: 1, idempotent: true },
  find: { arity: 1, idempotent: true },
  click: { arity: 1, idempotent: false },
  doubleClick: { arity: 1, idempotent: false },
  rightClick: { arity: 1, idempotent: false },
  drag: { arity: 1, idempotent: false },
  setValue: { arity: 1, idempotent: false },
  type: { arity: 1, idempotent: false },
  selectOption: { arity: 1, idempotent: false },
  check: { arity: 1, idempotent: false },
  scroll: { arity: 1, idempotent: false },
  pressKey: { arity: 1, idempotent: false },
  hover: { arity: 1, idempotent: true },
  navigationTarget: { arity: 1, idempotent: true },
  uploadFile: { arity: 1, idempotent: false },
  readBlob: { arity: 1, idempotent: true },
  evaluate: { arity: 1, idempotent: false },
  waitFor: { arity: 1, idempotent: true },
  historyBack: { arity: 0, idempotent: false },
  waitForQuiet: { arity: 1, idempotent: true },
  lastMutationAt: { arity: 0, idempotent: true },
  showMask: { arity: 1, idempotent: true },
  renewMask: { arity: 1, idempotent: true },
  hideMask: { arity: 0, idempotent: true },
  dispose: { arity: 0, idempotent: true },
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
  | { type: 'attached'; tabId: number; windowId: number }
  | { type: 'replaced'; addedTabId: number; removedTabId: number }
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
  | { type: 'downloadChanged'; change: DownloadChange };

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
