// Remembers, per tab, the last committed document and the last content script that announced itself, from the
// forwarded events. It lets waitForDocumentReady tell "the new document is up" from "an old one answered" without
// asking the page, and without missing an announcement that arrived before anyone waited for it.

import type { TabEvent } from '../../../shared/protocol';
import type { TabEventBus } from '../tab-event-bus';

interface DocState {
  /** Sequence number of the last frame-0 commit, 0 when none was seen. */
  commitSeq: number;
  /** Sequence number of the last frame-0 navigation of either kind: a commit, or a move within the document. */
  navigationSeq: number;
  committedUrl?: string;
  /** Sequence number of the last announcement (contentReady or a ping with a new token). */
  readySeq: number;
  readyUrl?: string;
  /** Document tokens of documents this tab has left: a ping answering with one of these is an old document. */
  staleTokens: Set<string>;
  readyToken?: string;
}

/** The URL without its fragment: a same-document jump does not make a new document. */
export function documentKey(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

export class DocumentTracker {
  private readonly tabs = new Map<number, DocState>();
  private seq = 0;

  constructor(bus: Pick<TabEventBus, 'subscribe'>, signal?: AbortSignal) {
    bus.subscribe((event) => this.onEvent(event), signal);
  }

  /** Counts commits, so a waiter can tell that the tab moved on to yet another document while it waited. */
  commitSeq(tabId: number): number {
    return this.tabs.get(tabId)?.commitSeq ?? 0;
  }

  /** Counts navigations of either kind, so a wait can tell that one happened since a mark. */
  navigationSeq(tabId: number): number {
    return this.tabs.get(tabId)?.navigationSeq ?? 0;
  }

  /** The token of the document that announced itself last in this tab, if any. */
  readyToken(tabId: number): string | undefined {
    return this.tabs.get(tabId)?.readyToken;
  }

  /** True once a frame-0 commit of this tab has been seen. */
  hasSeenCommit(tabId: number): boolean {
    return this.commitSeq(tabId) > 0;
  }

  /**
   * True when the document of the last commit (or, with no commit seen, some document) has announced itself.
   * `tabUrl`, the URL the tab shows now, guards against a commit whose event is still on its way to the panel.
   */
  isReady(tabId: number, tabUrl?: string): boolean {
    const state = this.tabs.get(tabId);
    if (!state || state.readySeq === 0 || state.readySeq < state.commitSeq) return false;
    if (state.readyUrl === undefined) return true; // a ping with a fresh token: the token is the proof
    if (tabUrl !== undefined && documentKey(tabUrl) !== documentKey(state.readyUrl)) return false;
    return state.committedUrl === undefined || documentKey(state.committedUrl) === documentKey(state.readyUrl);
  }

  /** A ping answered: is this a document that came after the last commit? */
  acceptPing(tabId: number, documentToken: string): boolean {
    const state = this.state(tabId);
    if (state.staleTokens.has(documentToken)) return false;
    if (state.readyToken !== documentToken || state.readySeq < state.commitSeq) {
      state.readyToken = documentToken;
      state.readySeq = ++this.seq;
      // The page may have changed its URL by history.pushState since the commit; the token is what counts.
      state.readyUrl = undefined;
    }
    return true;
  }

  private state(tabId: number): DocState {
    let state = this.tabs.get(tabId);
    if (!state) {
      state = { commitSeq: 0, navigationSeq: 0, readySeq: 0, staleTokens: new Set() };
      this.tabs.set(tabId, state);
    }
    return state;
  }

  private onEvent(event: TabEvent): void {
    switch (event.type) {
      case 'committed': {
        if (event.frameId !== 0) return;
        const state = this.state(event.tabId);
        if (state.readyToken) state.staleTokens.add(state.readyToken);
        state.commitSeq = ++this.seq;
        state.navigationSeq = state.commitSeq;
        state.committedUrl = event.url;
        return;
      }
      case 'sameDocument':
        this.state(event.tabId).navigationSeq = ++this.seq;
        return;
      case 'contentReady': {
        const state = this.state(event.tabId);
        // A document restored from the back/forward cache announces again with its old token: it is current now.
        state.staleTokens.delete(event.documentToken);
        if (state.readyToken && state.readyToken !== event.documentToken) state.staleTokens.add(state.readyToken);
        state.readyToken = event.documentToken;
        state.readyUrl = event.url;
        state.readySeq = ++this.seq;
        return;
      }
      case 'removed':
        this.tabs.delete(event.tabId);
        return;
      case 'replaced':
        this.tabs.delete(event.removedTabId);
        return;
      default:
        return;
    }
  }
}
