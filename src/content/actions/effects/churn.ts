// What the page keeps changing by itself: a clock, a ticker, a live feed, an animation written into a style
// attribute. An element is churning when it has changed again and again (CHURN_MIN_COUNT times over at least
// CHURN_MIN_SPAN_MS, never pausing longer than CHURN_GAP_MS) while Steadyhand was not acting. Two consumers:
// an action leaves mutations of elements that were churning when it started out of its effects (a dead click amid a
// flood is not "verified" by the flood, and its quiet window is not held open by it), and the snapshot digest
// leaves their text out (a page that never stops moving still shows the same state when nothing really changed,
// so no-progress detection keeps working).
//
// Mutations made while an action runs do not start churn: the page reacting to the agent (a feed that grows on
// scroll, a list that re-renders on each keystroke) is the agent's effect, never the page's background. They only
// keep alive what was churning already, so a flood is still known as one right after a long action.

export const CHURN_MIN_COUNT = 8;
export const CHURN_MIN_SPAN_MS = 500;
export const CHURN_GAP_MS = 1_500;
/** Elements followed at most; a page that churns everywhere beyond that is treated as not churning at all. */
const MAX_TRACKED = 1_000;

interface Burst {
  start: number;
  last: number;
  count: number;
}

/** The element a mutation record changed: the target, or the parent of a text node whose data changed. */
export function subjectOf(record: MutationRecord): Element | null {
  const target = record.target;
  if (target.nodeType === 1) return target as Element;
  return target.parentElement;
}

/** Containers whose churn says nothing about their content as a whole: only what was added to them churns. */
function isRootContainer(element: Element): boolean {
  const doc = element.ownerDocument;
  return element === doc.documentElement || element === doc.body;
}

export class ChurnTracker {
  private readonly bursts = new Map<Element, Burst>();
  /** Nodes added to a churning body or root element: the flood's own items. */
  private readonly added = new WeakMap<Node, Element>();
  private acting = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Counts the records of one observer callback (Steadyhand's own mutations already left out). */
  note(records: readonly MutationRecord[]): void {
    if (records.length === 0) return;
    const now = this.now();
    for (const record of records) {
      const subject = subjectOf(record);
      if (!subject) continue;
      if (this.acting > 0) {
        const burst = this.bursts.get(subject);
        if (burst && this.isChurningBurst(burst, now)) this.bump(subject, now);
        continue;
      }
      const burst = this.bump(subject, now);
      if (record.type === 'childList' && isRootContainer(subject) && this.isChurningBurst(burst, now)) {
        for (const node of Array.from(record.addedNodes)) this.added.set(node, subject);
      }
    }
    if (this.bursts.size > MAX_TRACKED) this.prune(now);
  }

  /** While an action runs, what the page changes is the action's effect: returns the function that ends it. */
  beginAction(): () => void {
    this.acting++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.acting--;
    };
  }

  /** The elements churning now; an action started now leaves their mutations out of its effects. */
  churningNow(): Set<Element> {
    const now = this.now();
    const churning = new Set<Element>();
    for (const [element, burst] of this.bursts) if (this.isChurningBurst(burst, now)) churning.add(element);
    return churning;
  }

  /**
   * For the snapshot digest: a test of whether an element's content is churning (the element churns, or it was
   * added to a churning body), or undefined when nothing on the page churns (the walk then skips the test).
   */
  volatility(): ((element: Element) => boolean) | undefined {
    const churning = this.churningNow();
    if (churning.size === 0) return undefined;
    return (element) => {
      if (churning.has(element) && !isRootContainer(element)) return true;
      const parent = this.added.get(element);
      return parent !== undefined && churning.has(parent) && element.parentNode === parent;
    };
  }

  private bump(subject: Element, now: number): Burst {
    let burst = this.bursts.get(subject);
    if (!burst || now - burst.last > CHURN_GAP_MS) {
      burst = { start: now, last: now, count: 0 };
      this.bursts.set(subject, burst);
    }
    burst.count++;
    burst.last = now;
    return burst;
  }

  private isChurningBurst(burst: Burst, now: number): boolean {
    return (
      burst.count >= CHURN_MIN_COUNT &&
      burst.last - burst.start >= CHURN_MIN_SPAN_MS &&
      now - burst.last <= CHURN_GAP_MS
    );
  }

  private prune(now: number): void {
    for (const [element, burst] of this.bursts) {
      if (now - burst.last > CHURN_GAP_MS || !element.isConnected) this.bursts.delete(element);
    }
    if (this.bursts.size > MAX_TRACKED) this.bursts.clear();
  }
}

/** Mutation records an action caused, given the elements that were churning when it started. */
export function isBackground(record: MutationRecord, churning: ReadonlySet<Element>): boolean {
  if (churning.size === 0) return false;
  const subject = subjectOf(record);
  return subject !== null && churning.has(subject);
}
