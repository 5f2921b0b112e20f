// Stable refs: one registry per top-level content script, shared by the same-origin frames it walks into. An
// element keeps its number for the life of the document; numbers are never reused, so an old ref can only ever
// resolve to its own element or to nothing (docs/contracts.md 002-2b: renumbered refs click the wrong element).
// Across documents the panel keeps numbers apart: each call that can hand out refs carries a floor from its ledger
// (`claim`), so a number the model remembers from the page it left names nothing here (decision 0002, addendum).

import { PageError } from '../../shared/errors';
import type { RefFloor } from '../../shared/page-types';
import { randomHexId } from '../../shared/random-id';

/** Sweep dead WeakRefs from the reverse map after this many new refs, so it does not grow without bound. */
const SWEEP_EVERY = 5_000;

export class RefRegistry {
  private refs = new WeakMap<Element, number>();
  /** What find last matched in an element it gave a text ref (`[41] text "…"`): where a pointer on it aims. */
  private found = new WeakMap<Element, string>();
  private readonly elements = new Map<number, WeakRef<Element>>();
  private nextRef = 1;
  /** Where the numbers now being handed out began; earlier runs of numbers are kept in `spans`. */
  private spanStart = 1;
  private readonly spans: [from: number, to: number][] = [];
  /** The panel ledger these numbers were handed out for (null: none has asked yet). */
  private space: string | null = null;
  private snapshots = 0;
  /** Distinguishes this document's snapshot ids from any other document's. */
  readonly id: string;

  constructor(id: string = randomId()) {
    this.id = id;
  }

  /** The element's ref, assigning the next number on first sight. */
  refFor(element: Element): number {
    const known = this.refs.get(element);
    if (known !== undefined) return known;
    const ref = this.nextRef++;
    this.refs.set(element, ref);
    this.elements.set(ref, new WeakRef(element));
    if (ref % SWEEP_EVERY === 0) this.sweep();
    return ref;
  }

  /** The ref of the element holding a text match of find, remembering the query it matched. */
  refForText(element: Element, query: string): number {
    this.found.set(element, query);
    return this.refFor(element);
  }

  /** The query find last matched in this element, when its ref is a text ref. */
  foundText(element: Element): string | undefined {
    return this.found.get(element);
  }

  /** The ref an element already has, without assigning one. */
  peek(element: Element): number | undefined {
    return this.refs.get(element);
  }

  /** True if `ref` was handed out in this document (for the ledger it now serves). */
  issued(ref: number): boolean {
    if (!Number.isInteger(ref)) return false;
    if (ref >= this.spanStart && ref < this.nextRef) return true;
    return this.spans.some(([from, to]) => ref >= from && ref < to);
  }

  /** The number the next new element would get. */
  get next(): number {
    return this.nextRef;
  }

  /**
   * Raises the next number to the panel's floor, never lowering it. A floor from another ledger (the panel was
   * opened again) drops every number handed out so far and goes on above all of them: that ledger never saw them,
   * so it could give the same numbers to another document, and a number is never reused here either.
   */
  claim(floor: RefFloor | undefined): void {
    if (!floor || !Number.isSafeInteger(floor.from) || floor.from < 1) return;
    if (floor.space !== this.space) {
      if (this.space !== null || this.nextRef > 1) this.forget();
      this.space = floor.space;
    }
    if (floor.from <= this.nextRef) return;
    if (this.nextRef > this.spanStart) this.spans.push([this.spanStart, this.nextRef]);
    this.spanStart = floor.from;
    this.nextRef = floor.from;
  }

  /** The live, connected element behind `ref`, or null when it was removed (or collected). */
  lookup(ref: number): Element | null {
    const element = this.elements.get(ref)?.deref();
    return element?.isConnected ? element : null;
  }

  nextSnapshotId(): string {
    this.snapshots += 1;
    return `${this.id}.${this.snapshots}`;
  }

  /** True for an id this registry issued; an id from another document (or made up) is not. */
  knowsSnapshot(snapshotId: string): boolean {
    const prefix = `${this.id}.`;
    if (!snapshotId.startsWith(prefix)) return false;
    const n = Number(snapshotId.slice(prefix.length));
    return Number.isInteger(n) && n > 0 && n <= this.snapshots;
  }

  /** Checks that `snapshotId` belongs to this document; throws `stale_snapshot` otherwise. */
  assertSnapshot(snapshotId: unknown): void {
    if (typeof snapshotId !== 'string' || snapshotId === '') {
      throw new PageError('invalid_argument', 'snapshotId is required: pass the id of the snapshot the ref came from.');
    }
    if (!this.knowsSnapshot(snapshotId)) {
      throw new PageError(
        'stale_snapshot',
        `Snapshot ${snapshotId} is not from the page now in this tab (it navigated or reloaded). Take a new snapshot.`,
      );
    }
  }

  /** The element behind `{ref, snapshotId}`; throws `stale_snapshot`, `invalid_argument` or `stale_ref`. */
  resolve(target: { ref: unknown; snapshotId: unknown }): Element {
    this.assertSnapshot(target?.snapshotId);
    const ref = target.ref;
    if (typeof ref !== 'number' || !this.issued(ref)) {
      throw new PageError(
        'invalid_argument',
        `There is no element [${String(ref)}] on this page. Use a ref from the snapshot.`,
      );
    }
    const element = this.lookup(ref);
    if (!element) {
      throw new PageError(
        'stale_ref',
        `Element [${ref}] is no longer on the page (it was removed or re-rendered). Take a new snapshot and use its refs.`,
      );
    }
    return element;
  }

  private forget(): void {
    this.refs = new WeakMap();
    this.found = new WeakMap();
    this.elements.clear();
    this.spans.length = 0;
    this.spanStart = this.nextRef;
  }

  private sweep(): void {
    for (const [ref, weak] of this.elements) if (!weak.deref()) this.elements.delete(ref);
  }
}

function randomId(): string {
  return randomHexId(4);
}
