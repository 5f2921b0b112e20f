// The panel's record of every ref number handed out to the model, one ledger for all the tabs the panel drives
// (decision 0002, addendum). Each document's content script numbers its elements from the floor the ledger gives
// it, so a number names one element of one document for the panel's whole life; the ledger remembers which
// document (and tab, URL, title) each number came from, so a ref from a page the tab has left is refused here,
// naming both pages, before any call reaches the page that now carries the tab.

import { PageError } from '../../shared/errors';
import type { ActionTarget, RefFloor } from '../../shared/page-types';
import { documentOf, FRAME_REF_BASE } from './frame-refs';

/** The page a run of refs came from, as its latest snapshot showed it. */
export interface RefOrigin {
  tabId: number;
  /** The content script's registry id (`documentOf` a snapshot id). */
  document: string;
  url: string;
  title: string;
}

/** Names kept for acting results; the oldest go first past this many refs. */
const MAX_NAMES = 20_000;
const MAX_NAME_CHARS = 80;

export class RefLedger {
  /** Sent with every floor: a content script that numbered for another ledger starts above its old numbers. */
  readonly space: string;
  private nextRef = 1;
  private nextFrameRef = FRAME_REF_BASE + 1;
  /** Runs of frame-0 numbers, in the order handed out (so `from` rises), each with its document. */
  private readonly spans: { from: number; to: number; origin: RefOrigin }[] = [];
  /** Cross-origin frame refs (frame-refs.ts), each with the tab document whose snapshot listed it. */
  private readonly frameRefs = new Map<number, RefOrigin>();
  private readonly pages = new Map<string, RefOrigin>();
  private readonly names = new Map<number, ActionTarget>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(space: string = crypto.randomUUID().slice(0, 8)) {
    this.space = space;
  }

  /**
   * Runs a call that can hand out refs with the floor to send. Such calls run one at a time: two documents given
   * the same floor at once would hand out the same numbers.
   */
  issuing<T>(call: (floor: RefFloor) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => call({ from: this.nextRef, space: this.space }));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A document answered a call that carried `floor`: the numbers from the floor to `next` are its own. */
  record(origin: RefOrigin, floor: RefFloor, next: number): void {
    this.pages.set(origin.document, origin);
    if (!Number.isSafeInteger(next) || next <= floor.from || next >= FRAME_REF_BASE) return;
    const last = this.spans.at(-1);
    if (last && last.origin.document === origin.document && last.to === floor.from) last.to = next;
    else this.spans.push({ from: floor.from, to: next, origin });
    this.nextRef = Math.max(this.nextRef, next);
  }

  /** The next number for an element of a cross-origin frame (frame-refs.ts): unique across the panel's tabs. */
  frameRef(): number {
    return this.nextFrameRef++;
  }

  /** A listed element: its role and name, and for a frame ref the tab document that listed it. */
  listed(origin: RefOrigin, ref: number, role: string | undefined, name: string | undefined): void {
    if (ref > FRAME_REF_BASE) this.frameRefs.set(ref, origin);
    if (!role) return;
    this.names.delete(ref);
    this.names.set(ref, { ref, role, name: capName(name ?? '') });
    if (this.names.size > MAX_NAMES) this.names.delete(this.names.keys().next().value as number);
  }

  /** How the latest snapshot or find named the element behind `ref`. */
  target(ref: number): ActionTarget | undefined {
    return this.names.get(ref);
  }

  /** A document's page as its latest snapshot showed it. */
  pageOf(document: string): RefOrigin | undefined {
    return this.pages.get(document);
  }

  /** The document that was handed `ref`, if this ledger handed it out. */
  originOf(ref: number): RefOrigin | undefined {
    if (ref > FRAME_REF_BASE) return this.frameRefs.get(ref);
    return this.spans.find((span) => ref >= span.from && ref < span.to)?.origin;
  }

  /**
   * Throws `stale_ref` when `ref` came from another document than the one `snapshotId` names: the page the tab
   * left, or a page of another tab. What the ledger cannot tell apart goes on to the page, which answers for its own
   * document: a number it never handed out (`invalid_argument`), a snapshot id of no page it showed
   * (`stale_snapshot`).
   */
  check(tabId: number, snapshotId: unknown, ref: number): void {
    if (typeof snapshotId !== 'string') return;
    const origin = this.originOf(ref);
    const now = this.pages.get(documentOf(snapshotId));
    if (!origin || !now || origin.document === now.document) return;
    const here = `this tab now shows ${now.url}`;
    const titles =
      `The page the ref came from: ${JSON.stringify(capName(origin.title))}\n` +
      `The page this tab shows now: ${JSON.stringify(capName(now.title))}`;
    const message =
      origin.tabId === tabId
        ? `Element [${ref}] was on the page this tab left (${origin.url}); ${here}. Nothing was done. ` +
          'Use a ref from the latest observation.'
        : `Element [${ref}] is from a page of tab ${origin.tabId} (${origin.url}), not of this tab; ${here}. ` +
          'Nothing was done. Use a ref from the latest observation, or switch_tab first.';
    throw new PageError('stale_ref', message, { pageText: titles });
  }
}

/** A page's words cut to a length a result line can carry. */
export function capName(name: string): string {
  const flat = name.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_NAME_CHARS ? `${flat.slice(0, MAX_NAME_CHARS - 1)}…` : flat;
}
