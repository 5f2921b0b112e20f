// Waiting for the page to settle: a MutationObserver quiet window (no DOM change for `quietMs`), capped at `maxMs`.
// The timers here measure silence between mutation events; they are not fixed sleeps, and they keep their time in a
// hidden tab (wake.ts).

import { isMaskHost } from '../../mask/marker';
import { wakeAfter } from './wake';

export const QUIET_MS = 150;
export const SETTLE_CAP_MS = 1_500;
/**
 * The quiet window once an action did what its caller expected (a replayed step's recorded effect, decision 0031):
 * long enough for the renders a framework batches to the next task or frame after the event; what the page does
 * later shows in the next observation, which the replay checks again before its next step.
 */
export const EXPECTED_QUIET_MS = 40;

export const OBSERVE_ALL: MutationObserverInit = {
  subtree: true,
  childList: true,
  attributes: true,
  characterData: true,
};

/** Mutations Steadyhand causes itself (the mask) are not the page changing. */
export function isOwnMutation(record: MutationRecord): boolean {
  if (isMaskHost(record.target)) return true;
  if (record.type !== 'childList') return false;
  const nodes = [...Array.from(record.addedNodes), ...Array.from(record.removedNodes)];
  return nodes.length > 0 && nodes.every((node) => isMaskHost(node));
}

export interface QuietResult {
  /** True when the quiet window was reached, false when the cap ran out first. */
  quiet: boolean;
  mutations: number;
  waitedMs: number;
}

/**
 * Resolves once `roots` have had no mutation for `quietMs`, or after `maxMs`, or when `signal` aborts. The wake-ups
 * keep their time in a hidden tab (wake.ts).
 */
export function quietWindow(
  roots: Node[],
  options: { quietMs: number; maxMs: number; signal?: AbortSignal; alreadyQuietMs?: number },
): Promise<QuietResult> {
  const started = performance.now();
  const doc = documentOf(roots[0]);
  return new Promise((resolve) => {
    let mutations = 0;
    let cancelQuiet = () => {};
    let cancelCap = () => {};
    const finish = (quiet: boolean) => {
      observer.disconnect();
      cancelQuiet();
      cancelCap();
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ quiet, mutations, waitedMs: Math.round(performance.now() - started) });
    };
    const arm = (windowMs = options.quietMs) => {
      cancelQuiet();
      cancelQuiet = wakeAfter(doc, windowMs, () => finish(true));
    };
    const onAbort = () => finish(false);
    const observer = new MutationObserver((records) => {
      const count = records.filter((record) => !isOwnMutation(record)).length;
      if (count === 0) return;
      mutations += count;
      arm();
    });
    for (const root of roots) observer.observe(root, OBSERVE_ALL);
    cancelCap = wakeAfter(doc, options.maxMs, () => finish(false));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // Silence that had already lasted before the call counts toward the first window.
    arm(Math.max(0, options.quietMs - (options.alreadyQuietMs ?? 0)));
  });
}

function documentOf(root: Node | undefined): Document {
  if (!root) return document;
  return root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : (root.ownerDocument ?? document);
}

/** The document and every shadow root / same-origin frame document between it and `element`. */
export function rootsOf(element: Element): Node[] {
  const roots: Node[] = [];
  let node: Node | null = element;
  while (node) {
    const root: Node = node.getRootNode();
    roots.push(root);
    if (root.nodeType === Node.DOCUMENT_FRAGMENT_NODE) node = (root as ShadowRoot).host;
    else node = safeFrameElement((root as Document).defaultView);
  }
  return roots;
}

function safeFrameElement(win: Window | null): Element | null {
  try {
    return win?.frameElement ?? null;
  } catch {
    return null;
  }
}
