// Snapshot cost and size over the page-controller fixture pages and the 10,000-element page. Times are measured
// inside the page (the `timingMs` takeSnapshot reports: the walk, serialization and digest, without the relay);
// tokens are the snapshot's own (src/shared/token-estimate.ts, the estimate its budget uses). refStability is the
// share of elements, matched across two snapshots of an unchanged page by role, name and box (not by ref), that kept
// their ref.

import type { Snapshot } from '../../src/shared/page-types';
import type { ExtensionHarness } from '../support/extension';
import { openTab, type PanelGlobal } from '../support/panel';
import type { BenchContext } from './context';
import { median, percentile, round } from './stats';

const PAGES = [
  '/page/pc-form.html',
  '/page/pc-table.html',
  '/page/pc-menu.html',
  '/page/pc-modal.html',
  '/page/pc-shadow.html',
  '/page/pc-frames.html',
  '/page/pc-visibility.html',
  '/page/pc-editor.html',
  '/index.html',
  '/page2.html',
];
const LARGE_PAGE = '/page/pc-large.html';
/**
 * Snapshots per page. The first is cold (a fresh content script per document, its code not yet optimized), as every
 * first snapshot after a navigation is; all runs count in the figures, and the log shows cold and warm apart.
 */
const RUNS = 7;

export interface SnapshotBench {
  pages: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  largePageMs: number;
  medianTokens: number;
  maxTokens: number;
  refStability: number;
}

function snapshots(
  harness: ExtensionHarness,
  tabId: number,
  runs: number,
): Promise<{ snapshot: Snapshot; roundTripMs: number }[]> {
  return harness.panel.evaluate(
    async ({ tabId, runs }) => {
      const page = (globalThis as PanelGlobal).steadyhand.pages(tabId);
      const out: { snapshot: Snapshot; roundTripMs: number }[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const snapshot = await page.snapshot({}, { timeoutMs: 30_000 });
        out.push({ snapshot, roundTripMs: performance.now() - t0 });
      }
      return out;
    },
    { tabId, runs },
  );
}

/** Elements of `a` found in `b` by what they are and where (not by ref), and how many of those kept their ref. */
function stability(a: Snapshot, b: Snapshot): { kept: number; matched: number } {
  const key = (e: Snapshot['elements'][number]) =>
    `${e.role}|${e.name}|${e.box.x},${e.box.y},${e.box.width},${e.box.height}`;
  const later = new Map(b.elements.map((e) => [key(e), e.ref]));
  let kept = 0;
  let matched = 0;
  for (const element of a.elements) {
    const ref = later.get(key(element));
    if (ref === undefined) continue;
    matched++;
    if (ref === element.ref) kept++;
  }
  return { kept, matched };
}

export async function benchSnapshot(ctx: BenchContext): Promise<SnapshotBench> {
  const all: number[] = [];
  const tokens: number[] = [];
  let kept = 0;
  let matched = 0;
  let largePageMs = Number.NaN;
  for (const path of [...PAGES, LARGE_PAGE]) {
    const { tabId, page } = await openTab(ctx.harness, ctx.site.url(path));
    await page.waitForLoadState('load');
    const runs = await snapshots(ctx.harness, tabId, RUNS);
    await page.close();
    const times = runs.map((r) => r.snapshot.timingMs ?? Number.NaN);
    const first = runs[0]?.snapshot;
    if (!first) continue;
    tokens.push(first.tokens);
    for (let i = 1; i < runs.length; i++) {
      const s = stability(runs[i - 1]?.snapshot ?? first, runs[i]?.snapshot ?? first);
      kept += s.kept;
      matched += s.matched;
    }
    const warmTimes = times.slice(1);
    if (path === LARGE_PAGE) largePageMs = median(times);
    else all.push(...times);
    ctx.log(
      `snapshot ${path}: cold ${round(times[0] ?? Number.NaN, 1)} ms, warm median ${round(median(warmTimes), 1)} ms ` +
        `(round trip ${round(median(runs.map((r) => r.roundTripMs)), 1)} ms), ${first.tokens} tokens, ` +
        `${first.counts?.listed ?? 0}/${first.counts?.controls ?? 0} controls listed`,
    );
  }
  return {
    pages: PAGES.length + 1,
    medianMs: round(median(all), 2),
    p95Ms: round(percentile(all, 95), 2),
    maxMs: round(Math.max(...all), 2),
    largePageMs: round(largePageMs, 2),
    medianTokens: median(tokens),
    maxTokens: Math.max(...tokens),
    refStability: matched === 0 ? Number.NaN : round(kept / matched, 4),
  };
}
