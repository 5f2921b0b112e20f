// The time of the page's last DOM change, for settle logic in the panel (lastMutationAt), and what the page keeps
// changing by itself (churn.ts). One observer on the document, started on demand and dropped by dispose();
// Steadyhand's own mask does not count as a change.

import { ChurnTracker } from './churn';
import { isOwnMutation, OBSERVE_ALL } from './settle';

export class MutationClock {
  private observer: MutationObserver | null = null;
  private last = Date.now();
  readonly churn = new ChurnTracker();

  constructor(private readonly doc: Document) {}

  /** Starts watching; `since` is the last change known from before (default: now, the cautious guess). */
  start(since = Date.now()): void {
    if (this.observer) return;
    this.last = Math.min(since, Date.now());
    this.observer = new MutationObserver((records) => {
      const pageRecords = records.filter((record) => !isOwnMutation(record));
      if (pageRecords.length === 0) return;
      this.last = Date.now();
      this.churn.note(pageRecords);
    });
    this.observer.observe(this.doc, OBSERVE_ALL);
  }

  /** Wall-clock ms of the last change seen; the start time when none was seen since watching began. */
  lastMutationAt(): number {
    if (!this.observer) this.start();
    return this.last;
  }

  stop(): void {
    this.observer?.disconnect();
    this.observer = null;
  }
}

/**
 * When the document last changed before a content script could watch it: the end of its load (or of parsing, if it
 * has not finished loading). Changes made by the page's scripts after that and before the script booted are not
 * seen; those made after boot are.
 */
export function documentSettledAt(doc: Document): number {
  const [entry] = doc.defaultView?.performance.getEntriesByType('navigation') ?? [];
  const timing = entry as PerformanceNavigationTiming | undefined;
  if (!timing) return Date.now();
  const end = Math.max(timing.domContentLoadedEventEnd, timing.loadEventEnd);
  return end > 0 ? performance.timeOrigin + end : Date.now();
}
