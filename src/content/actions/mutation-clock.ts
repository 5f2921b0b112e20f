// The time of the page's last DOM change, for settle logic in the panel (lastMutationAt). One observer on the
// document, started on demand and dropped by dispose(); Steadyhand's own mask does not count as a change.

import { isOwnMutation, OBSERVE_ALL } from './settle';

export class MutationClock {
  private observer: MutationObserver | null = null;
  private last = Date.now();

  constructor(private readonly doc: Document) {}

  start(): void {
    if (this.observer) return;
    this.last = Date.now();
    this.observer = new MutationObserver((records) => {
      if (records.some((record) => !isOwnMutation(record))) this.last = Date.now();
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
