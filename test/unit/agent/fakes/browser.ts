// A small fake browser for the agent core: tabs with Chrome's navigation states (a transient about:blank with a
// pendingUrl while loading, then a commit), documents defined per URL by the test, and the navigation waits on top
// of them. Time is a FakeClock: a commit "after 1200 ms" advances the clock, nobody waits.

import type { TabSnapshot } from '../../../../src/panel/agent/core/ports';
import type { Consequence } from '../../../../src/shared/consent-types';
import type { ActionResult, NavigationTarget } from '../../../../src/shared/page-types';
import { isRestrictedUrl } from '../../../../src/shared/urls';
import type { FakeClock } from './clock';

export interface FakeElement {
  ref: number;
  role: string;
  name: string;
  value?: string;
  checked?: boolean;
}

export type PageAction =
  | { kind: 'click' | 'hover' | 'doubleClick' | 'rightClick'; ref: number; at?: { x: number; y: number } }
  | { kind: 'drag'; ref: number; toRef?: number; dx?: number; dy?: number }
  | { kind: 'setValue'; ref: number; value: string }
  | { kind: 'selectText'; ref: number; text: string }
  | { kind: 'type'; ref: number; text: string; submit: boolean }
  | { kind: 'select'; ref: number; option: string }
  | { kind: 'check'; ref: number; checked: boolean }
  | { kind: 'scroll'; direction: string }
  | { kind: 'key'; key: string }
  | { kind: 'upload'; ref: number; name: string; size: number };

export interface ActContext {
  doc: FakeDocument;
  tabId: number;
  signal: AbortSignal | undefined;
  /** Starts a navigation of this tab (committing after `afterMs` fake ms when a wait looks, or never). */
  navigate(url: string, afterMs?: number | 'never'): void;
  /** Opens a new tab from this one, as a link with target=_blank would. */
  openTab(url: string): number;
}

export interface DocSpec {
  title: string;
  /** Readable text: follows the elements in the snapshot, and is what read_page and find search. */
  text?: string;
  /** Text further down the page: not in the viewport snapshot, but read_page and find see it. */
  below?: string;
  elements?: FakeElement[];
  /** The consequential step a click (or Enter) on a ref would take, as the content script reads it (decision 0026). */
  consequences?: Record<number, Consequence>;
  /** Where a click (or Enter) on a ref would navigate, as the content script reads it before the action. */
  targets?: Record<number, NavigationTarget>;
  /** What an action does; by default it succeeds, verified, with a DOM change. */
  act?(action: PageAction, ctx: ActContext): ActionResult | Promise<ActionResult>;
}

export type Site = Record<string, () => DocSpec>;

export const OK: ActionResult = { ok: true, verified: true, effects: ['dom_change'] };
export const DEAD: ActionResult = { ok: true, verified: false, effects: ['none'], reason: 'no observable effect' };

export class FakeDocument {
  title: string;
  text: string;
  below: string;
  elements: FakeElement[];
  readonly spec: DocSpec;

  constructor(spec: DocSpec) {
    this.spec = spec;
    this.title = spec.title;
    this.text = spec.text ?? '';
    this.below = spec.below ?? '';
    this.elements = spec.elements ?? [];
  }

  render(): string {
    const lines = this.elements.map((e) => `[${e.ref}] ${e.role} "${e.name}"${e.value ? ` value="${e.value}"` : ''}`);
    return [...lines, this.text].filter((line) => line !== '').join('\n');
  }

  /** The whole page's text, as read_page sees it. */
  fullText(): string {
    return [this.render(), this.below].filter((part) => part !== '').join('\n');
  }

  digest(): string {
    const source = `${this.title}|${this.render()}`;
    let hash = 0;
    for (let i = 0; i < source.length; i++) hash = (hash * 31 + source.charCodeAt(i)) | 0;
    return (hash >>> 0).toString(16);
  }
}

interface PendingCommit {
  url: string;
  afterMs: number | 'never';
}

export interface TabRecord {
  tabId: number;
  windowId: number;
  url: string;
  pendingUrl?: string;
  status: 'loading' | 'complete';
  active: boolean;
  doc: FakeDocument | null;
  /** Changes with every new document; refs of older documents are stale. */
  docToken: number;
  history: string[];
  pending: PendingCommit | null;
}

export class FakeAgentBrowser {
  readonly tabs = new Map<number, TabRecord>();
  /** Runs after every page call: lets a test change the world between the agent's action and its next step. */
  afterPageCall: ((method: string, tabId: number) => void) | null = null;
  #nextTabId = 1;
  #docTokens = 0;

  constructor(
    readonly site: Site,
    readonly clock: FakeClock,
  ) {}

  /** A tab already showing `url` (committed, loaded). */
  addTab(url: string, options: { windowId?: number; active?: boolean } = {}): number {
    const tabId = this.#nextTabId++;
    this.tabs.set(tabId, {
      tabId,
      windowId: options.windowId ?? 1,
      url,
      status: 'complete',
      active: options.active ?? true,
      doc: this.#load(url),
      docToken: ++this.#docTokens,
      history: [url],
      pending: null,
    });
    return tabId;
  }

  /** A new tab as chrome.tabs.create leaves it: about:blank, loading, pendingUrl set, not yet committed. */
  createTab(url: string, afterMs: number | 'never' = 0): number {
    const tabId = this.addTab('about:blank', { active: false });
    const tab = this.tab(tabId);
    tab.doc = null;
    tab.history = [];
    this.startNavigation(tabId, url, afterMs, true);
    return tabId;
  }

  tab(tabId: number): TabRecord {
    const tab = this.tabs.get(tabId);
    if (!tab) throw new Error(`fake browser: no tab ${tabId}`);
    return tab;
  }

  /** Starts a navigation; `transient` shows about:blank meanwhile (a new tab), else the old URL stays until commit. */
  startNavigation(tabId: number, url: string, afterMs: number | 'never' = 0, transient = false): void {
    const tab = this.tab(tabId);
    tab.pending = { url, afterMs };
    tab.pendingUrl = url;
    tab.status = 'loading';
    if (transient) tab.url = 'about:blank';
  }

  /** Sets a tab's raw state, for the tab-check cases (docs/contracts.md 000-E*). */
  setState(tabId: number, state: Partial<Pick<TabRecord, 'url' | 'pendingUrl' | 'status'>>): void {
    Object.assign(this.tab(tabId), state);
  }

  commit(tabId: number, url?: string): void {
    const tab = this.tab(tabId);
    const target = url ?? tab.pending?.url;
    if (!target) throw new Error(`fake browser: nothing to commit in tab ${tabId}`);
    tab.url = target;
    tab.pending = null;
    delete tab.pendingUrl;
    tab.status = 'complete';
    tab.doc = this.#load(target);
    tab.docToken = ++this.#docTokens;
    tab.history.push(target);
  }

  back(tabId: number): void {
    const tab = this.tab(tabId);
    if (tab.history.length < 2) return;
    tab.history.pop();
    const previous = tab.history.pop();
    if (previous) this.commit(tabId, previous);
  }

  remove(tabId: number): void {
    this.tabs.delete(tabId);
  }

  snapshotOf(tabId: number): TabSnapshot | null {
    const tab = this.tabs.get(tabId);
    if (!tab) return null;
    return {
      tabId,
      windowId: tab.windowId,
      url: tab.url,
      ...(tab.pendingUrl ? { pendingUrl: tab.pendingUrl } : {}),
      status: tab.status,
      title: tab.doc?.title ?? '',
      active: tab.active,
    };
  }

  #load(url: string): FakeDocument | null {
    if (url === 'about:blank' || isRestrictedUrl(url)) return null;
    const spec = this.site[url];
    return new FakeDocument(spec ? spec() : { title: 'Not Found', text: `404: nothing at ${url}` });
  }
}
