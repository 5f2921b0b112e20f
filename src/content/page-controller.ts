// The content script's implementation of PageApi for one document: it owns the document's refs, the mutation
// clock and the mask, and delegates each method to snapshot/, actions/ and mask/.

import { BUILD_ID } from '../shared/build';
import type { Consequence } from '../shared/consent-types';
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
} from '../shared/page-types';
import { type PageApi, PROTOCOL_VERSION } from '../shared/protocol';
import { consequenceOf } from './actions/consequence/consequence';
import { navigationTarget } from './actions/consequence/navigation-target';
import type { ActionContext } from './actions/context';
import { documentSettledAt, MutationClock } from './actions/effects/mutation-clock';
import { check } from './actions/verbs/check';
import { click } from './actions/verbs/click';
import { doubleClick } from './actions/verbs/double-click';
import { drag } from './actions/verbs/drag';
import { evaluate } from './actions/verbs/evaluate';
import { hover } from './actions/verbs/hover';
import { pressKey } from './actions/verbs/press-key';
import { readBlob } from './actions/verbs/read-blob';
import { rightClick } from './actions/verbs/right-click';
import { scroll } from './actions/verbs/scroll';
import { selectOption } from './actions/verbs/select';
import { setValue } from './actions/verbs/set-value';
import { type TypeArgs, typeText } from './actions/verbs/type';
import { uploadFile } from './actions/verbs/upload';
import { waitFor, waitForQuiet } from './actions/verbs/wait';
import { Mask } from './mask/mask';
import { deepActiveElement, type ShadowRootOf, safeContentDocument } from './snapshot/dom/dom';
import { framePath } from './snapshot/dom/frame-path';
import { contentScriptShadowRoots } from './snapshot/dom/shadow-roots';
import { find } from './snapshot/find';
import { readPage } from './snapshot/read-page';
import { RefRegistry } from './snapshot/ref-registry';
import { takeSnapshot } from './snapshot/take-snapshot';

export interface PageControllerOptions {
  /** How to reach shadow roots; by default open ones, and closed ones through chrome.dom where it exists. */
  shadowRootOf?: ShadowRootOf;
  /** The person pressed Stop on the mask. */
  onStopRequested?: () => void;
  /** Aborting it tears the controller down for good (the content script retired). */
  signal?: AbortSignal;
}

export class PageController implements PageApi {
  private readonly registry = new RefRegistry();
  private readonly clock: MutationClock;
  private readonly mask: Mask;
  private readonly ctx: ActionContext;
  private readonly shadowRootOf: ShadowRootOf;

  constructor(
    private readonly doc: Document,
    readonly documentToken: string,
    options: PageControllerOptions = {},
  ) {
    this.shadowRootOf = options.shadowRootOf ?? contentScriptShadowRoots();
    this.clock = new MutationClock(doc);
    // Watching from boot lets waitForQuiet count the silence that came before the call (the panel asks right after
    // a new document announces itself); dispose() stops it between tasks and the next wait starts it again.
    this.clock.start(documentSettledAt(doc));
    // In a subframe the mask only blocks the person's input: frame 0's veil covers the frame for the pointer and
    // carries the Stop button, but keys typed into a cross-origin frame never reach frame 0 (decision 0021).
    const win = doc.defaultView;
    this.mask = new Mask(doc, () => options.onStopRequested?.(), undefined, { veil: !win || win.top === win });
    this.ctx = { doc, registry: this.registry, shadowRootOf: this.shadowRootOf, churn: this.clock.churn };
    options.signal?.addEventListener('abort', () => this.dispose(), { once: true });
  }

  ping(): Pong {
    const pong: Pong = { pong: true, protocol: PROTOCOL_VERSION, build: BUILD_ID, documentToken: this.documentToken };
    const path = framePath(this.doc.defaultView);
    if (path !== null) pong.framePath = path;
    // Focus inside a frame this document cannot read: the panel sends a key pressed without a ref there.
    const active = this.doc.activeElement;
    if (
      active &&
      (active.localName === 'iframe' || active.localName === 'frame') &&
      !safeContentDocument(active as HTMLIFrameElement)
    ) {
      const focused = framePath((active as HTMLIFrameElement).contentWindow);
      if (focused !== null) pong.focusedFramePath = focused;
    }
    return pong;
  }

  getPageInfo(): PageInfo {
    return { url: this.doc.location.href, title: this.doc.title, readyState: this.doc.readyState };
  }

  snapshot(options: SnapshotOptions): Snapshot {
    this.clock.start();
    return takeSnapshot(this.doc, {
      ...options,
      registry: this.registry,
      shadowRootOf: this.shadowRootOf,
      isVolatile: this.clock.churn.volatility(),
    });
  }

  readPage(args: { from?: number; maxChars?: number }): ReadPageResult {
    return readPage(this.doc, args ?? {}, this.shadowRootOf);
  }

  find(args: FindArgs): FindResult {
    return find(this.doc, this.registry, args, this.shadowRootOf);
  }

  click(args: PointerArgs): Promise<ActionResult> {
    return click(this.acting(), args);
  }

  doubleClick(args: PointerArgs): Promise<ActionResult> {
    return doubleClick(this.acting(), args);
  }

  rightClick(args: PointerArgs): Promise<ActionResult> {
    return rightClick(this.acting(), args);
  }

  drag(args: DragArgs): Promise<ActionResult> {
    return drag(this.acting(), args);
  }

  setValue(args: SetValueArgs): Promise<ActionResult> {
    return setValue(this.acting(), args);
  }

  type(args: TypeArgs): Promise<ActionResult> {
    return typeText(this.acting(), args);
  }

  selectOption(args: RefTarget & { option: string }): Promise<ActionResult> {
    return selectOption(this.acting(), args);
  }

  check(args: RefTarget & { checked: boolean }): Promise<ActionResult> {
    return check(this.acting(), args);
  }

  scroll(args: ScrollArgs): Promise<ActionResult> {
    return scroll(this.acting(), args);
  }

  pressKey(args: KeyArgs): Promise<ActionResult> {
    return pressKey(this.acting(), args);
  }

  hover(args: RefTarget): Promise<ActionResult> {
    return hover(this.acting(), args);
  }

  navigationTarget(args: { ref?: number; snapshotId?: string; via: NavigationVia }): {
    target: NavigationTarget | null;
    from: string;
    consequence: Consequence | null;
  } {
    const element =
      args.ref !== undefined && args.snapshotId !== undefined
        ? this.registry.resolve({ ref: args.ref, snapshotId: args.snapshotId })
        : deepActiveElement(this.doc);
    return {
      target: element ? navigationTarget(element, args.via) : null,
      from: this.doc.location.origin,
      consequence: element ? consequenceOf(element, args.via) : null,
    };
  }

  uploadFile(args: UploadArgs): Promise<ActionResult> {
    return uploadFile(this.acting(), args);
  }

  readBlob(args: { url: string; maxBytes: number }): Promise<BlobRead> {
    return readBlob(this.doc, args);
  }

  evaluate(args: { script: string }): Promise<{ result: string }> {
    return evaluate(this.doc, args);
  }

  waitFor(args: WaitForArgs): Promise<{ found: boolean; waitedMs: number }> {
    return waitFor(this.ctx, args);
  }

  waitForQuiet(args: { quietMs: number; maxMs: number }): Promise<{ quiet: boolean; lastMutationAt: number }> {
    this.clock.start();
    return waitForQuiet(this.ctx, args, () => this.clock.lastMutationAt());
  }

  lastMutationAt(): { at: number } {
    return { at: this.clock.lastMutationAt() };
  }

  showMask(args: MaskArgs): { shown: boolean } {
    return this.mask.show(args);
  }

  renewMask(args: MaskArgs): { shown: boolean } {
    return this.mask.renew(args);
  }

  hideMask(): { hidden: boolean } {
    return this.mask.hide();
  }

  historyBack(): { started: boolean } {
    // Asynchronous in the browser: the reply goes out before the page is left; the panel waits for the navigation.
    this.doc.defaultView?.history.back();
    return { started: true };
  }

  /** The context of an action; the clock runs while the agent acts, so the page's churn is known. */
  private acting(): ActionContext {
    this.clock.start();
    return this.ctx;
  }

  dispose(): { disposed: boolean } {
    this.mask.hide();
    this.clock.stop();
    return { disposed: true };
  }
}
