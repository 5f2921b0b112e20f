// The snapshot's pure entry: reads the document (and its layout) and returns what the model sees. No I/O, no
// messaging, no page mutation, so it runs and benchmarks the same in any page.

import { PageError } from '../../shared/errors';
import type { Snapshot, SnapshotOptions } from '../../shared/page-types';
import { estimateTokens } from '../../shared/token-estimate';
import { collectPage } from './collect/collect';
import type { Item } from './collect/items';
import type { ShadowRootOf } from './dom/dom';
import { RefRegistry } from './ref-registry';
import { digestOf } from './serialize/digest';
import { serialize } from './serialize/serialize';

export const DEFAULT_MAX_TOKENS = 2_000;
const MIN_TOKENS = 200;
const MAX_TOKENS = 50_000;

export interface TakeSnapshotOptions extends SnapshotOptions {
  /** The document's refs; a fresh registry (new refs) when absent. */
  registry?: RefRegistry;
  /** Reaches closed shadow roots too, where the caller can (chrome.dom in a content script). */
  shadowRootOf?: ShadowRootOf;
  /** Elements whose content the page keeps changing by itself: shown, but left out of the digest. */
  isVolatile?: (element: Element) => boolean;
}

/**
 * Gives a ref to every control the text can list: on-screen ones in viewport mode, all in full mode. Refs are
 * stable per element (WeakMap), so handing them out lazily changes no number the model has seen.
 */
export function assignRefs(items: Item[], registry: RefRegistry, mode: 'viewport' | 'full'): void {
  for (const item of items) {
    if (item.kind === 'control' && (mode === 'full' || item.where === 'in'))
      item.info.ref = registry.refFor(item.element);
  }
}

export function takeSnapshot(root: Document, options: TakeSnapshotOptions = {}): Snapshot {
  const started = performance.now();
  const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  if (typeof maxTokens !== 'number' || !(maxTokens >= MIN_TOKENS && maxTokens <= MAX_TOKENS)) {
    throw new PageError('invalid_argument', `maxTokens must be between ${MIN_TOKENS} and ${MAX_TOKENS}.`);
  }
  const mode = options.mode ?? 'viewport';
  if (mode !== 'viewport' && mode !== 'full') {
    throw new PageError('invalid_argument', `mode must be "viewport" or "full", not ${JSON.stringify(mode)}.`);
  }
  const registry = options.registry ?? new RefRegistry();
  registry.claim(options.refFloor);
  const model = collectPage(root, {
    shadowRootOf: options.shadowRootOf,
    summarizeOffscreen: mode === 'viewport',
    isVolatile: options.isVolatile,
  });
  assignRefs(model.items, registry, mode);
  const origin = root.location?.origin ?? '';
  const { text, listed, truncated } = serialize(model, { maxTokens, mode, origin, frameMark: registry.id });

  let controls = 0;
  let onScreen = 0;
  let aboveViewport = 0;
  let belowViewport = 0;
  for (const item of model.items) {
    if (item.kind !== 'control') continue;
    controls++;
    if (item.where === 'in') onScreen++;
    else if (item.where === 'above') aboveViewport++;
    else belowViewport++;
  }
  const digest = digestOf(model, origin);
  return {
    snapshotId: registry.nextSnapshotId(),
    url: root.URL,
    title: root.title,
    elements: listed,
    text,
    viewport: model.viewport,
    digest,
    tokens: estimateTokens(text),
    truncated,
    crossOriginFrames: model.crossOriginFrames,
    timingMs: Math.round((performance.now() - started) * 100) / 100,
    counts: { controls, listed: listed.length, onScreen, aboveViewport, belowViewport },
    ...(options.refFloor ? { issued: { document: registry.id, next: registry.next } } : {}),
    ...(hiddenTop(root) ? { hidden: true } : {}),
  };
}

/** The tab's top document, hidden from the person: said once per observation, not once per frame. */
function hiddenTop(root: Document): boolean {
  const win = root.defaultView;
  return root.visibilityState === 'hidden' && win !== null && win.parent === win;
}
