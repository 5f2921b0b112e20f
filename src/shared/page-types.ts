// What the page controller (content script) returns: snapshots, reads, and action results.
// Pure data: these cross the relay as JSON.

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageInfo {
  url: string;
  title: string;
  readyState: DocumentReadyState;
}

export interface Pong {
  pong: true;
  protocol: number;
  /** Identifies the content-script build, so a leftover from an older build can be told apart. */
  build: string;
  /** Unique per document boot; changes when the page navigates to a new document. */
  documentToken: string;
  /** Where this document's window sits in the tab's frame tree: "" in frame 0 (src/content/snapshot/dom/frame-path.ts). */
  framePath?: string;
  /** The path of the cross-origin frame that holds this document's focus, when one does (keys go there). */
  focusedFramePath?: string;
}

export type ElementState = {
  value?: string;
  checked?: boolean | 'mixed';
  selected?: boolean;
  disabled?: boolean;
  expanded?: boolean;
  required?: boolean;
  readonly?: boolean;
  /** aria-pressed of a toggle button. */
  pressed?: boolean | 'mixed';
};

/**
 * An element whose own content scrolls (overflow auto or scroll, with more content than room): where it is scrolled
 * to along its main axis, whether there is more on either side, and how much of what it holds is out of its view.
 */
export interface ScrollState {
  axis: 'vertical' | 'horizontal';
  /** How far it is scrolled, 0 (top or left) to 100 (bottom or right). */
  percent: number;
  moreBefore: boolean;
  moreAfter: boolean;
  /** Controls and text lines inside it that are out of view (its view, or the page's). */
  hiddenControls: number;
  hiddenTexts: number;
}

export interface SnapshotElement extends ElementState {
  /** Stable handle: the same element keeps its ref across snapshots of one document; refs are never reused. */
  ref: number;
  role: string;
  name: string;
  tag: string;
  inViewport: boolean;
  /** Set when a hit-test of the centre point lands on another element (an overlay, a modal). */
  coveredBy?: string;
  /** Transparent until the pointer is over it (a :hover rule of the page shows it); a click still reaches it. */
  hiddenUntilHover?: boolean;
  box: Box;
  /** Index of the same-origin iframe the element lives in; absent for the top document. */
  frame?: number;
  href?: string;
  /** The `type` of an `<input>` when it says more than its role (email, password, date, file…). */
  inputType?: string;
  /** Set when the element is a scroll area of its own: `scroll` with its ref moves it. */
  scroll?: ScrollState;
}

export interface Viewport {
  width: number;
  height: number;
  scrollX: number;
  scrollY: number;
  pageWidth: number;
  pageHeight: number;
}

/**
 * Where a document's next ref numbers start, sent by the panel's ref ledger (src/panel/page/ref-ledger.ts) with every
 * call that can hand out refs, so that no two documents the panel has seen share a number (decision 0002, addendum).
 */
export interface RefFloor {
  /** The document's next new ref is at least this; a registry never lowers its count. */
  from: number;
  /** The ledger's id: numbers handed out for another ledger (an earlier panel) are dropped, never reused. */
  space: string;
}

/** How far a document's numbering went during a call that carried a `RefFloor`. */
export interface RefsIssued {
  /** The document's registry id, the part of its snapshot ids before the dot. */
  document: string;
  /** The number the document would hand out next: every ref it issued in the call is below it. */
  next: number;
}

export interface SnapshotOptions {
  /** Budget for `text`, in tokens as `estimateTokens` (src/shared/token-estimate.ts) counts them. Default 2,000. */
  maxTokens?: number;
  /** `viewport` (default): on-screen in full, off-screen summarized. `full`: everything, still within the budget. */
  mode?: 'viewport' | 'full';
  refFloor?: RefFloor;
}

export interface Snapshot {
  snapshotId: string;
  url: string;
  title: string;
  elements: SnapshotElement[];
  /** The serialized view the model reads: compact lines in document order. */
  text: string;
  viewport: Viewport;
  /** Hash of the serialized structure, for progress detection. */
  digest: string;
  /** Estimated tokens of `text` (`estimateTokens`: ASCII by pieces, other scripts per character). */
  tokens: number;
  truncated: boolean;
  /**
   * Frames of another origin, which this document cannot read. `path` places one in the tab's frame tree (indexes
   * into `window.frames`, decision 0021); the panel reads it through the frame's own script. `frameId` is set by the
   * panel on the snapshot it composes.
   */
  crossOriginFrames: { src: string; box: Box; path?: string; frameId?: number }[];
  /** Time takeSnapshot took inside the page, in ms (the figure the bench reports). */
  timingMs?: number;
  /** How much of the page the snapshot saw, and how much of it `elements` and `text` list. */
  counts?: SnapshotCounts;
  /** Set when the call carried a `refFloor`. */
  issued?: RefsIssued;
  /** The tab's document was hidden (the person looks at another tab): set by the top document only. */
  hidden?: boolean;
}

export interface SnapshotCounts {
  /** Interactive elements found on the whole page (all get refs). */
  controls: number;
  /** Of those, the ones listed in `elements` and `text`. */
  listed: number;
  onScreen: number;
  aboveViewport: number;
  belowViewport: number;
}

export interface ReadPageResult {
  text: string;
  from: number;
  /** Offset to continue from, absent when the page has been read to the end. */
  next?: number;
  total: number;
}

export interface FindArgs {
  query: string;
  limit?: number;
  refFloor?: RefFloor;
}

export interface FindResult {
  matches: FindMatch[];
  /** Set when the call carried a `refFloor`. */
  issued?: RefsIssued;
}

export interface FindMatch {
  ref?: number;
  role?: string;
  /** The control's accessible name (or the text a text match's ref holds), so an action on `ref` can name it. */
  name?: string;
  text: string;
  inViewport: boolean;
}

export type ActionEffect =
  | 'navigation'
  | 'dom_change'
  | 'focus_change'
  | 'state_change'
  | 'value_change'
  | 'scroll'
  | 'new_window'
  | 'none';

/**
 * `ok: false`: the action was not performed (disabled, covered by another element, nothing to select…), `reason`
 * says why. `ok: true, verified: false`: it was performed but its postcondition does not hold. Bad arguments and
 * refs that no longer resolve are thrown as PageError (`invalid_argument`, `stale_ref`, `stale_snapshot`).
 */
/** What a hidden tab cannot do (https://developer.chrome.com/blog/background_tabs): no frames, so no animations. */
export type HiddenLimit = 'animation' | 'intersection';

export interface ActionResult {
  ok: boolean;
  /** The action's postcondition was checked in the page and holds. */
  verified: boolean;
  effects: ActionEffect[];
  /** Why verification failed, or what else a person or the model should know. */
  reason?: string;
  /**
   * The action ran in a hidden tab and met what a hidden tab cannot do: an animation it set off that cannot run
   * there (`animation`), or the end of a page that may load more only through IntersectionObserver (`intersection`).
   */
  hidden?: HiddenLimit;
  /**
   * The elements the action's refs name, as the latest snapshot or find listed them: added by the panel's ref ledger
   * (src/panel/page/ledgered-page.ts), never by the page, so the model reads what it touched.
   */
  targets?: ActionTarget[];
}

export interface ActionTarget {
  ref: number;
  role: string;
  /** Page content: it reaches the model inside the untrusted-content fence. */
  name: string;
}

/** What starts the navigation navigationTarget reads: a click on the element, or Enter on it. */
export type NavigationVia = 'click' | 'enter';

/** A navigation an action would start: the URL resolved against the document's base, how, and where it opens. */
export interface NavigationTarget {
  url: string;
  method: 'get' | 'post';
  newTab: boolean;
}

/**
 * What the caller already knows of an action's outcome, never from the model: a saved task's step replayed
 * (src/panel/agent/replay/replay-model.ts) names the kinds of effect it had when it was recorded, and the page ends
 * its quiet window soon after it sees one of them (src/content/actions/effects/effects.ts §settle). Decision 0031.
 */
export interface ActionHints {
  expect?: ActionEffect[];
}

export interface RefTarget extends ActionHints {
  ref: number;
  snapshotId: string;
}

/** A point inside an element's box, as fractions of its width and height: {x: 0, y: 0} is the top-left corner. */
export interface BoxPoint {
  x: number;
  y: number;
}

/** click, double_click, right_click: at the element's centre, or at `at` inside its box (canvas, colour area, stars). */
export interface PointerArgs extends RefTarget {
  at?: BoxPoint;
}

/** select_text: the `occurrence`-th match (from 1) of `text` inside the field or editor `ref` (or the text ref). */
export interface SelectTextArgs extends RefTarget {
  text: string;
  occurrence?: number;
}

/** drag: from `ref` to the centre of `toRef`, or from `ref` by `dx`/`dy` CSS pixels (exactly one of the two). */
export interface DragArgs extends RefTarget {
  toRef?: number;
  dx?: number;
  dy?: number;
}

/** set_value: a slider (native or ARIA) or a native date, time, datetime-local, month, week or color input. */
export interface SetValueArgs extends RefTarget {
  value: string;
}

export type ScrollDirection = 'up' | 'down' | 'left' | 'right';

export interface ScrollArgs extends ActionHints {
  snapshotId: string;
  /** Scroll this element (or the page when absent). */
  ref?: number;
  direction?: ScrollDirection;
  /** Pixels, or a fraction of the viewport/element when `unit` is `page`. Default one page. */
  amount?: number;
  unit?: 'px' | 'page';
  /** Scroll until this element is in view instead. */
  toRef?: number;
}

export interface KeyArgs extends ActionHints {
  key: string;
  modifiers?: ('Alt' | 'Control' | 'Meta' | 'Shift')[];
  /** Focus this element first. */
  ref?: number;
  snapshotId?: string;
}

/** A file to put on the page, as it crosses the relay: JSON, so the bytes travel as base64. */
export interface FilePayload {
  name: string;
  /** MIME type; empty when unknown. */
  type: string;
  lastModified: number;
  /** The bytes, base64 without a data: prefix. */
  data: string;
}

/**
 * `ref` is an `<input type=file>`, an element that controls one (its label, a button wrapping it), or a drop zone,
 * which gets the file by dragenter/dragover/drop.
 */
export interface UploadArgs extends RefTarget {
  file: FilePayload;
}

/** A blob: URL read again in the page that made it (a download made in the page). */
export type BlobRead = { found: true; type: string; data: string } | { found: false; reason: string };

export interface WaitForArgs {
  text?: string;
  ref?: number;
  snapshotId?: string;
  timeoutMs: number;
}

export interface MaskArgs {
  /** The mask hides itself if not renewed within this many milliseconds. */
  leaseMs: number;
  label?: string;
}
