// The model-facing refs of a tab's cross-origin frames (decision 0021). Each frame's content script numbers its own
// elements from 1; the model sees one page, so a frame's ref is given a number of its own here, from a range frame 0
// never reaches, and routed back to (frame, document, local ref). A number is never handed out twice (the panel's
// ref ledger gives one count to all its tabs), and an element keeps its number while its frame keeps its document.

import { PageError } from '../../shared/errors';

/** Frame refs start above this; frame 0 keeps its own numbers, which stay far below it. */
export const FRAME_REF_BASE = 1_000_000;

/** A frame of the tab whose controls the last composed snapshot listed in place. */
export interface KnownFrame {
  frameId: number;
  /** The frame's document, as its snapshot ids name it (ref-registry.ts: `<document id>.<n>`). */
  documentId: string;
  src: string;
  /** Its path in the tab's frame tree (src/content/snapshot/dom/frame-path.ts). */
  path: string;
}

export interface FrameRef {
  frameId: number;
  documentId: string;
  localRef: number;
  src: string;
}

/** `abcd1234.7` → `abcd1234`: the content script's registry id, one per document. */
export function documentOf(snapshotId: string): string {
  const dot = snapshotId.lastIndexOf('.');
  return dot > 0 ? snapshotId.slice(0, dot) : snapshotId;
}

function counter(first: number): () => number {
  let next = first;
  return () => next++;
}

export class FrameRefs {
  private topDocument: string | null = null;
  private readonly byKey = new Map<string, number>();
  private readonly byRef = new Map<number, FrameRef>();
  private readonly latest = new Map<string, string>();
  /** The frames the last composed snapshot listed, outermost first. */
  frames: KnownFrame[] = [];
  /** Frames of that snapshot it did not list (off screen), found but not read yet. */
  unread: { frameId: number; src: string; path: string }[] = [];

  /** `allocate` gives the next number; the panel's ref ledger shares one count among all tabs (ref-ledger.ts). */
  constructor(private readonly allocate: () => number = counter(FRAME_REF_BASE + 1)) {}

  static isFrameRef(ref: unknown): ref is number {
    return typeof ref === 'number' && Number.isInteger(ref) && ref > FRAME_REF_BASE;
  }

  /** A snapshot of frame 0 came in: a new document there drops every frame ref of the old one. */
  observeTop(snapshotId: string): void {
    const doc = documentOf(snapshotId);
    if (doc === this.topDocument) return;
    this.topDocument = doc;
    this.byKey.clear();
    this.byRef.clear();
    this.latest.clear();
    this.frames = [];
    this.unread = [];
  }

  /** Throws `stale_snapshot` unless `snapshotId` names frame 0's current document. */
  assertTop(snapshotId: unknown): void {
    if (typeof snapshotId !== 'string' || snapshotId === '') {
      throw new PageError('invalid_argument', 'snapshotId is required: pass the id of the snapshot the ref came from.');
    }
    if (documentOf(snapshotId) !== this.topDocument) {
      throw new PageError(
        'stale_snapshot',
        `Snapshot ${snapshotId} is not from the page now in this tab (it navigated or reloaded). Take a new snapshot.`,
      );
    }
  }

  /** Remembers the frame's latest snapshot id, which actions on its refs carry. */
  observeFrame(snapshotId: string): void {
    this.latest.set(documentOf(snapshotId), snapshotId);
  }

  /** The latest snapshot id of a frame document, if the panel has seen one. */
  snapshotOf(documentId: string): string | undefined {
    return this.latest.get(documentId);
  }

  /** The model-facing number of a frame element, assigning the next one on first sight. */
  refFor(frame: KnownFrame, localRef: number): number {
    const key = `${frame.frameId}:${frame.documentId}:${localRef}`;
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const ref = this.allocate();
    this.byKey.set(key, ref);
    this.byRef.set(ref, { frameId: frame.frameId, documentId: frame.documentId, localRef, src: frame.src });
    return ref;
  }

  /** Where a frame ref points; `invalid_argument` for a number this tab never handed out. */
  resolve(ref: number): FrameRef & { snapshotId: string } {
    const target = this.byRef.get(ref);
    const snapshotId = target && this.latest.get(target.documentId);
    if (!target || !snapshotId) {
      throw new PageError(
        'invalid_argument',
        `There is no element [${ref}] on this page. Use a ref from the snapshot.`,
      );
    }
    return { ...target, snapshotId };
  }
}
