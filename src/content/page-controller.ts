// The content script's page API for one document, served from one table: each method of the protocol
// (src/shared/protocol.ts, PAGE_METHODS) and the function in snapshot/, actions/ or mask/ that answers it. The table's
// type is the protocol's (PageApi), so a method without its handler, or a handler of another shape, fails the
// compiler. The document's refs, its mutation clock and its mask live here, shared by the handlers.

import { BUILD_ID } from '../shared/build';
import type { ActionHints, Pong } from '../shared/page-types';
import { type PageApi, type PageArgs, type PageResult, PROTOCOL_VERSION } from '../shared/protocol';
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
import { selectText } from './actions/verbs/select-text';
import { setValue } from './actions/verbs/set-value';
import { typeText } from './actions/verbs/type';
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

export function createPageController(
  doc: Document,
  documentToken: string,
  options: PageControllerOptions = {},
): PageApi {
  const registry = new RefRegistry();
  const shadowRootOf = options.shadowRootOf ?? contentScriptShadowRoots();
  const clock = new MutationClock(doc);
  // Watching from boot lets waitForQuiet count the silence that came before the call (the panel asks right after
  // a new document announces itself); dispose() stops it between tasks and the next wait starts it again.
  clock.start(documentSettledAt(doc));
  // In a subframe the mask only blocks the person's input: frame 0's veil covers the frame for the pointer and
  // carries the Stop button, but keys typed into a cross-origin frame never reach frame 0 (decision 0021).
  const win = doc.defaultView;
  const mask = new Mask(doc, () => options.onStopRequested?.(), undefined, { veil: !win || win.top === win });
  const ctx: ActionContext = { doc, registry, shadowRootOf, churn: clock.churn };
  /** The context of an action; the clock runs while the agent acts, so the page's churn is known. */
  const acting = (hints: ActionHints): ActionContext => {
    clock.start();
    return Array.isArray(hints.expect) ? { ...ctx, expect: hints.expect } : ctx;
  };

  const page: PageApi = {
    ping: () => ping(doc, documentToken),
    getPageInfo: () => ({ url: doc.location.href, title: doc.title, readyState: doc.readyState }),
    snapshot: (snapshotOptions) => {
      clock.start();
      return takeSnapshot(doc, { ...snapshotOptions, registry, shadowRootOf, isVolatile: clock.churn.volatility() });
    },
    readPage: (args) => readPage(doc, args ?? {}, shadowRootOf),
    find: (args) => find(doc, registry, args, shadowRootOf),
    click: (args) => click(acting(args), args),
    doubleClick: (args) => doubleClick(acting(args), args),
    rightClick: (args) => rightClick(acting(args), args),
    drag: (args) => drag(acting(args), args),
    setValue: (args) => setValue(acting(args), args),
    type: (args) => typeText(acting(args), args),
    selectOption: (args) => selectOption(acting(args), args),
    check: (args) => check(acting(args), args),
    scroll: (args) => scroll(acting(args), args),
    pressKey: (args) => pressKey(acting(args), args),
    hover: (args) => hover(acting(args), args),
    selectText: (args) => selectText(acting(args), args),
    navigationTarget: (args) => navigationTargetOf(doc, registry, args),
    uploadFile: (args) => uploadFile(acting(args), args),
    readBlob: (args) => readBlob(doc, args),
    evaluate: (args) => evaluate(doc, args),
    waitFor: (args) => waitFor(ctx, args),
    waitForQuiet: (args) => {
      clock.start();
      return waitForQuiet(ctx, args, () => clock.lastMutationAt());
    },
    lastMutationAt: () => ({ at: clock.lastMutationAt() }),
    showMask: (args) => mask.show(args),
    renewMask: (args) => mask.renew(args),
    hideMask: () => mask.hide(),
    historyBack: () => {
      // Asynchronous in the browser: the reply goes out before the page is left; the panel waits for the navigation.
      doc.defaultView?.history.back();
      return { started: true };
    },
    dispose: () => {
      mask.hide();
      clock.stop();
      return { disposed: true };
    },
  };
  options.signal?.addEventListener('abort', () => page.dispose(), { once: true });
  return page;
}

/** Who answers: this build, this document, its frame's path, and the child frame holding the focus if any. */
function ping(doc: Document, documentToken: string): Pong {
  const pong: Pong = { pong: true, protocol: PROTOCOL_VERSION, build: BUILD_ID, documentToken };
  const path = framePath(doc.defaultView);
  if (path !== null) pong.framePath = path;
  // Focus inside a frame this document cannot read: the panel sends a key pressed without a ref there.
  const active = doc.activeElement;
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

/** Where the ref (or the focused element) would lead, and the consequential step it would take, read before acting. */
function navigationTargetOf(
  doc: Document,
  registry: RefRegistry,
  args: PageArgs<'navigationTarget'>,
): PageResult<'navigationTarget'> {
  const element =
    args.ref !== undefined && args.snapshotId !== undefined
      ? registry.resolve({ ref: args.ref, snapshotId: args.snapshotId })
      : deepActiveElement(doc);
  return {
    target: element ? navigationTarget(element, args.via) : null,
    from: doc.location.origin,
    consequence: element ? consequenceOf(element, args.via) : null,
  };
}
