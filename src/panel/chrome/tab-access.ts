// The panel's adapter over chrome.tabs and chrome.scripting, as the agent core and the remote page receive it. It is
// the only place the panel runs scripts in a tab, so it is where restricted pages are refused: every injection reads
// the document it is about to script and checks its URL first, and a page no extension may touch is never given to
// chrome.scripting at all.

import { RelayError, TabError } from '../../shared/errors';
import { type InjectMessage, type InjectTarget, PROTOCOL_VERSION, type Reply } from '../../shared/protocol';
import { unwrap, withDeadline } from '../../shared/rpc';
import { describeRestriction, isRestrictedUrl, isTransientUrl, safeParseOrigin } from '../../shared/urls';
import type { FrameAccess, TabFrame } from '../page/frame-access';
import type { TabAccess } from '../page/remote-page';
import type { TabEventBus } from '../tabs/tab-event-bus';

const READY_TIMEOUT_MS = 5_000;

/** The tab as the injection checks it (a subset of chrome.tabs.Tab). */
export interface InjectTab {
  url?: string;
  title?: string;
  pendingUrl?: string;
  status?: string;
  discarded?: boolean;
}

/** Frame 0's document: its URL and id (a subset of chrome.webNavigation.getFrame's answer). */
export interface InjectFrame {
  url: string;
  documentId?: string;
}

/** The chrome.* calls an injection makes; chromeInjectApi() is the real one, tests pass fakes. */
export interface InjectApi {
  ownOrigin: string;
  getTab(tabId: number): Promise<InjectTab | null>;
  getFrame(tabId: number): Promise<InjectFrame | null>;
  /** Runs the content script in the target (a document that already runs it announces itself again). */
  runScript(target: InjectTarget): Promise<void>;
  /** Runs `history.back()` once in the target, and nothing else. */
  runHistoryBack?(target: InjectTarget): Promise<void>;
  /** Every frame of the tab (webNavigation.getAllFrames); absent where frames are not read. */
  getAllFrames?(tabId: number): Promise<TabFrame[]>;
}

/** Asks the service worker to inject (src/background/inject.ts says why the worker does it). */
async function askWorker(target: InjectTarget, historyBack = false): Promise<void> {
  const message: InjectMessage = {
    kind: 'inject',
    v: PROTOCOL_VERSION,
    target,
    ...(historyBack ? { historyBack: true as const } : {}),
  };
  const reply = await chrome.runtime.sendMessage<InjectMessage, Reply<unknown> | undefined>(message);
  if (!reply) throw new RelayError('no_receiver', 'The service worker did not answer the injection request.');
  unwrap(reply);
}

export function chromeInjectApi(): InjectApi {
  return {
    ownOrigin: chrome.runtime.getURL('').replace(/\/$/, ''),
    getTab: (tabId) => chrome.tabs.get(tabId).catch(() => null),
    async getFrame(tabId) {
      const frame = await chrome.webNavigation.getFrame({ tabId, frameId: 0 }).catch(() => null);
      return frame ? { url: frame.url, documentId: frame.documentId } : null;
    },
    runScript: (target) => askWorker(target),
    runHistoryBack: (target) => askWorker(target, true),
    async getAllFrames(tabId) {
      const frames = await chrome.webNavigation.getAllFrames({ tabId }).catch(() => null);
      return (frames ?? []).map((f) => ({
        frameId: f.frameId,
        parentFrameId: f.parentFrameId,
        url: f.url,
        ...(f.documentId ? { documentId: f.documentId } : {}),
      }));
    },
  };
}

/**
 * A task tab's cross-origin frames, each given the content script on the panel's request like frame 0 (by the
 * worker, outside a gesture): the frame's own document by its id, never a restricted URL (decision 0021).
 */
export function chromeFrameAccess(api: InjectApi): FrameAccess | undefined {
  const getAllFrames = api.getAllFrames;
  if (!getAllFrames) return undefined;
  return {
    listFrames: (tabId) => getAllFrames(tabId),
    async injectFrame(tabId, frame) {
      if (isRestrictedUrl(frame.url, api.ownOrigin) || frame.url.startsWith(`${api.ownOrigin}/`)) {
        throw new TabError('restricted', describeRestriction(frame.url));
      }
      await api.runScript(
        frame.documentId ? { tabId, documentIds: [frame.documentId] } : { tabId, frameIds: [frame.frameId] },
      );
    },
  };
}

/**
 * Whether the extension may run its content script on the document at `url` in `tabId` now: the site gate of the task
 * that owns the tab, passed in by the composition root (src/panel/wiring/create-panel.ts). A blocked site, or one still waiting for the
 * person's answer, gets nothing from the extension: no script, so no mask and no listener (decision 0025).
 */
export type MayScript = (tabId: number, url: string) => boolean;

/**
 * Reads the tab and the document in its frame 0, and says why it must not (or cannot) be scripted; returns the target
 * that names exactly that document, so a navigation landing in between cannot receive the script. `mayScript` is
 * asked about that same document, so the script never lands on a page the check did not see.
 */
export async function injectionTarget(api: InjectApi, tabId: number, mayScript?: MayScript): Promise<InjectTarget> {
  const tab = await api.getTab(tabId);
  if (!tab) throw new TabError('tab_gone', `Tab ${tabId} was closed.`);
  if (tab.discarded) {
    throw new RelayError('no_receiver', `Tab ${tabId} was unloaded by the browser; its page must be loaded again.`);
  }
  const frame = await api.getFrame(tabId);
  const urls = [tab.url, frame?.url].filter((url): url is string => Boolean(url));
  // A navigation on its way to a browser page: whatever answers now is about to be replaced by a page we may not use.
  if (tab.pendingUrl && !isTransientUrl(tab.pendingUrl)) urls.push(tab.pendingUrl);
  for (const url of urls) {
    if (isTransientUrl(url, tab.status)) continue;
    if (isRestrictedUrl(url, api.ownOrigin)) throw new TabError('restricted', describeRestriction(url));
    // Our own pages (the panel opened as a tab) are allowed to the agent's URL rules, but never scripted.
    if (url.startsWith(`${api.ownOrigin}/`)) {
      throw new TabError('restricted', 'Steadyhand does not work on its own pages; open a web page instead.');
    }
  }
  const documentUrl = frame?.url ?? tab.url ?? '';
  if (isTransientUrl(documentUrl, tab.status)) {
    // about:blank while a navigation is in flight: nothing to script yet (and about: itself is off limits).
    throw new RelayError('no_receiver', `Tab ${tabId} is still loading its page.`);
  }
  if (mayScript && !mayScript(tabId, documentUrl)) {
    const site = safeParseOrigin(documentUrl) ?? 'this page';
    throw new TabError('not_allowed', `Steadyhand does not run on ${site} until the task may use that site.`);
  }
  return frame?.documentId ? { tabId, documentIds: [frame.documentId] } : { tabId, frameIds: [0] };
}

/**
 * Injection resolves when the script has announced itself (`contentReady`), the event every other wait of the panel
 * listens for, so a caller and the document tracker agree on which document is up.
 */
export function chromeTabAccess(
  bus: TabEventBus,
  api: InjectApi = chromeInjectApi(),
  options: { mayScript?: MayScript } = {},
): TabAccess {
  const frames = chromeFrameAccess(api);
  return {
    ownOrigin: api.ownOrigin,
    ...(frames ? { frames } : {}),
    async getTab(tabId) {
      try {
        return await api.getTab(tabId);
      } catch {
        return null;
      }
    },
    async historyBack(tabId) {
      // Only the task's own go_back calls this, from a page that has no content script because its site is not
      // the task's: the same checks as an injection, except that one.
      const target = await injectionTarget(api, tabId);
      if (!api.runHistoryBack) throw new RelayError('no_receiver', 'Going back from the page is not available here.');
      await api.runHistoryBack(target);
    },
    async injectContentScript(tabId) {
      const target = await injectionTarget(api, tabId, options.mayScript);
      // Listen before injecting: the announcement may come before executeScript returns.
      const injecting = new AbortController();
      const ready = withDeadline(
        `Starting the content script in tab ${tabId}`,
        { timeoutMs: READY_TIMEOUT_MS, signal: injecting.signal },
        (signal) =>
          new Promise<void>((resolve) => {
            const stop = bus.subscribe((event) => {
              if (event.type !== 'contentReady' || event.tabId !== tabId) return;
              stop();
              resolve();
            }, signal);
          }),
      );
      try {
        await api.runScript(target);
      } catch (error) {
        injecting.abort();
        void ready.catch(() => {});
        throw error;
      }
      await ready;
    },
  };
}
