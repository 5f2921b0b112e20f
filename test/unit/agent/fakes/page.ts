// The page API of one fake tab: snapshots rendered from the tab's FakeDocument, refs checked against the document
// they came from (a ref of an older document is `stale_ref`), actions handed to the document's `act`. Like the real
// page proxy (framed-page.ts), an act waits for the task's act gate (CallOptions.mayAct) and, refused, reaches nothing.

import type { AgentPage } from '../../../../src/panel/agent/core/ports';
import { isAct } from '../../../../src/panel/page/page-acts';
import { PageError, RelayError, TabError } from '../../../../src/shared/errors';
import type { ActionEffect, ActionResult, RefTarget, Snapshot } from '../../../../src/shared/page-types';
import type { PageMethod } from '../../../../src/shared/protocol';
import type { CallOptions } from '../../../../src/shared/rpc';
import { abortedError } from '../../../../src/shared/rpc';
import {
  type ActContext,
  type FakeAgentBrowser,
  type FakeDocument,
  OK,
  type PageAction,
  type TabRecord,
} from './browser';

export class FakePage implements AgentPage {
  /** Each call as the page got it; `expect`: the kinds of effect its caller said to expect (ActionHints). */
  readonly calls: { method: string; args: unknown; expect?: ActionEffect[] }[] = [];
  #snapshots = 0;

  #after<T>(method: string, value: T): T {
    this.browser.afterPageCall?.(method, this.tabId);
    return value;
  }

  constructor(
    private readonly browser: FakeAgentBrowser,
    private readonly tabId: number,
  ) {}

  #live(options?: CallOptions): { tab: TabRecord; doc: FakeDocument } {
    if (options?.signal?.aborted) throw abortedError('The page call');
    const tab = this.browser.tabs.get(this.tabId);
    if (!tab) throw new TabError('tab_gone', `Tab ${this.tabId} was closed.`);
    if (!tab.doc) throw new RelayError('no_receiver', `Nothing answers in tab ${this.tabId} (${tab.url}).`);
    return { tab, doc: tab.doc };
  }

  async #act(
    method: string,
    target: RefTarget | null,
    action: PageAction,
    options?: CallOptions,
  ): Promise<ActionResult> {
    await this.#mayAct(method, options);
    this.#send(method, action, options, target?.expect);
    const { tab, doc } = this.#live(options);
    if (target) {
      const token = Number(target.snapshotId.split(':')[1]);
      const known = doc.elements.some((e) => e.ref === target.ref);
      if (token !== tab.docToken || !known) {
        throw new PageError('stale_ref', `Ref ${target.ref} does not resolve to an element on the page any more.`);
      }
    }
    const ctx: ActContext = {
      doc,
      tabId: this.tabId,
      signal: options?.signal,
      navigate: (url, afterMs = 0) => this.browser.startNavigation(this.tabId, url, afterMs),
      openTab: (url) => this.browser.createTab(url),
    };
    return this.#after(method, doc.spec.act ? await doc.spec.act(action, ctx) : OK);
  }

  /**
   * Hands an act to the page as the relay does (shared/rpc.ts withDeadline, chrome/port-transport.ts): never once Stop
   * was pressed, and the caller is told it went (CallOptions.onSent).
   */
  #send(method: string, args: unknown, options?: CallOptions, expect?: ActionEffect[]): void {
    if (options?.signal?.aborted) throw abortedError('The page call');
    this.calls.push(expect ? { method, args, expect } : { method, args });
    options?.onSent?.(method as PageMethod);
  }

  async #mayAct(method: string, options?: CallOptions): Promise<void> {
    if (!isAct(method as PageMethod)) return;
    const refusal = await options?.mayAct?.(method as PageMethod, null);
    if (refusal) throw new PageError('not_allowed', refusal.reason, { site: refusal.site });
  }

  snapshot: AgentPage['snapshot'] = async (_options, callOptions) => {
    this.calls.push({ method: 'snapshot', args: _options });
    const { tab, doc } = this.#live(callOptions);
    const text = doc.render();
    const snapshot: Snapshot = {
      snapshotId: `${this.tabId}:${tab.docToken}:${++this.#snapshots}`,
      url: tab.url,
      title: doc.title,
      elements: doc.elements.map((e) => ({
        ref: e.ref,
        role: e.role,
        name: e.name,
        tag: e.role === 'link' ? 'a' : 'button',
        inViewport: true,
        box: { x: 0, y: 0, width: 100, height: 20 },
        ...(e.value === undefined ? {} : { value: e.value }),
      })),
      text,
      viewport: { width: 1280, height: 800, scrollX: 0, scrollY: 0, pageWidth: 1280, pageHeight: 800 },
      digest: doc.digest(),
      tokens: Math.ceil(text.length / 4),
      truncated: false,
      crossOriginFrames: [],
    };
    return snapshot;
  };

  readPage: AgentPage['readPage'] = async (args, options) => {
    this.calls.push({ method: 'readPage', args });
    const { doc } = this.#live(options);
    const all = doc.fullText();
    const from = args.from ?? 0;
    const max = args.maxChars ?? 8000;
    const text = all.slice(from, from + max);
    const next = from + max < all.length ? from + max : undefined;
    return this.#after('readPage', { text, from, total: all.length, ...(next === undefined ? {} : { next }) });
  };

  find: AgentPage['find'] = async (args, options) => {
    this.calls.push({ method: 'find', args });
    const { doc } = this.#live(options);
    const query = args.query.toLowerCase();
    const fromElements = doc.elements
      .filter((e) => e.name.toLowerCase().includes(query))
      // As the content script does: a control's match text is its observation line.
      .map((e) => ({ ref: e.ref, role: e.role, text: `${e.role} "${e.name}"`, inViewport: true }));
    const fromText = `${doc.text}\n${doc.below}`
      .split('\n')
      .filter((line) => line.toLowerCase().includes(query))
      .map((line) => ({ text: line, inViewport: false }));
    return this.#after('find', { matches: [...fromElements, ...fromText].slice(0, args.limit ?? 10) });
  };

  click: AgentPage['click'] = (args, options) =>
    this.#act('click', args, { kind: 'click', ref: args.ref, ...(args.at ? { at: args.at } : {}) }, options);
  hover: AgentPage['hover'] = (args, options) => this.#act('hover', args, { kind: 'hover', ref: args.ref }, options);
  doubleClick: AgentPage['doubleClick'] = (args, options) =>
    this.#act('doubleClick', args, { kind: 'doubleClick', ref: args.ref }, options);
  rightClick: AgentPage['rightClick'] = (args, options) =>
    this.#act('rightClick', args, { kind: 'rightClick', ref: args.ref }, options);
  drag: AgentPage['drag'] = (args, options) => {
    const { ref, toRef, dx, dy } = args;
    return this.#act('drag', args, { kind: 'drag', ref, toRef, dx, dy }, options);
  };
  selectText: AgentPage['selectText'] = (args, options) =>
    this.#act('selectText', args, { kind: 'selectText', ref: args.ref, text: args.text }, options);
  setValue: AgentPage['setValue'] = (args, options) =>
    this.#act('setValue', args, { kind: 'setValue', ref: args.ref, value: args.value }, options);
  /** A fake page makes no blobs. */
  readBlob: AgentPage['readBlob'] = async (_args, options) => {
    this.#live(options);
    return { found: false, reason: 'no such blob' };
  };
  uploadFile: AgentPage['uploadFile'] = (args, options) =>
    this.#act(
      'uploadFile',
      args,
      { kind: 'upload', ref: args.ref, name: args.file.name, size: atob(args.file.data).length },
      options,
    );
  type: AgentPage['type'] = (args, options) =>
    this.#act('type', args, { kind: 'type', ref: args.ref, text: args.text, submit: args.submit ?? false }, options);
  selectOption: AgentPage['selectOption'] = (args, options) =>
    this.#act('selectOption', args, { kind: 'select', ref: args.ref, option: args.option }, options);
  check: AgentPage['check'] = (args, options) =>
    this.#act('check', args, { kind: 'check', ref: args.ref, checked: args.checked }, options);
  scroll: AgentPage['scroll'] = (args, options) =>
    this.#act('scroll', null, { kind: 'scroll', direction: args.direction ?? 'down' }, options);
  pressKey: AgentPage['pressKey'] = (args, options) =>
    this.#act(
      'pressKey',
      args.ref === undefined || args.snapshotId === undefined ? null : { ref: args.ref, snapshotId: args.snapshotId },
      { kind: 'key', key: args.key },
      options,
    );

  evaluate: AgentPage['evaluate'] = async (args, options) => {
    await this.#mayAct('evaluate', options);
    this.#send('evaluate', args, options);
    this.#live(options);
    // A script the page made throw, as the content script reports it (src/content/actions/verbs/evaluate.ts).
    if (args.script.startsWith('throw ')) throw new PageError('internal', `The script threw: ${args.script.slice(6)}`);
    return { result: `evaluated: ${args.script}` };
  };

  waitFor: AgentPage['waitFor'] = async (args, options) => {
    this.calls.push({ method: 'waitFor', args });
    const signal = options?.signal;
    const { doc } = this.#live(options);
    if (args.text === 'never') {
      // Waits like the real page would, until Stop.
      return new Promise((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(abortedError('wait_for')), { once: true });
      });
    }
    const found =
      args.text === undefined ? doc.elements.some((e) => e.ref === args.ref) : doc.render().includes(args.text);
    if (!found) this.browser.clock.advance(args.timeoutMs);
    return { found, waitedMs: found ? 0 : args.timeoutMs };
  };

  /** The navigation and the consequential step a ref's DocSpec names (decision 0026). */
  navigationTarget: NonNullable<AgentPage['navigationTarget']> = async (args, options) => {
    const { tab, doc } = this.#live(options);
    const consequence = args.ref === undefined ? null : (doc.spec.consequences?.[args.ref] ?? null);
    const target = args.ref === undefined ? null : (doc.spec.targets?.[args.ref] ?? null);
    return { target, from: new URL(tab.url).origin, consequence };
  };

  waitForQuiet: AgentPage['waitForQuiet'] = async () => ({ quiet: true, lastMutationAt: this.browser.clock.now() });
}
