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
}

export interface Viewport {
  width: number;
  height: number;
  scrollX: number;
  scrollY: number;
  pageWidth: number;
  pageHeight: number;
}

export interface SnapshotOptions {
  /** Budget for `text`, in tokens as `estimateTokens` (src/shared/token-estimate.ts) counts them. Default 2,000. */
  maxTokens?: number;
  /** `viewport` (default): on-screen in full, off-screen summarized. `full`: everything, still within the budget. */
  mode?: 'viewport' | 'full';
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
  /** Estimated tokens of `text` (`estimateTokens`: per script, chars/4 for ASCII). */
  tokens: number;
  truncated: boolean;
  crossOriginFrames: { src: string; box: Box }[];
  /** Time takeSnapshot took inside the page, in ms (the figure the bench reports). */
  timingMs?: number;
  /** How much of the page the snapshot saw, and how much of it `elements` and `text` list. */
  counts?: SnapshotCounts;
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

export interface FindMatch {
  ref?: number;
  role?: string;
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
export interface ActionResult {
  ok: boolean;
  /** The action's postcondition was checked in the page and holds. */
  verified: boolean;
  effects: ActionEffect[];
  /** Why verification failed, or what else a person or the model should know. */
  reason?: string;
}

export interface RefTarget {
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

export interface ScrollArgs {
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

export interface KeyArgs {
  key: string;
  modifiers?: ('Alt' | 'Control' | 'Meta' | 'Shift')[];
  /** Focus this element first. */
  ref?: number;
  snapshotId?: string;
}

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
