// Idle cost (decision 0015): what Steadyhand costs a page the person opens outside any task. The same fixture pages are
// loaded in the bench's browser with the extension and in the same browser started without it, interleaved page by
// page (the order flips each round, so neither browser always goes first), each load in a fresh tab, and read through
// CDP once the page is idle: the script time and main-thread time the tab has spent (Performance.getMetrics; a delta
// across a navigation is not usable, as Chrome may give the new document a new process and new counters), the load
// event, the JS heap, the messages
// the page's scripts sent the extension (every extension page hears them, so the bench's panel counts them), and
// the marks in its DOM. The numbers are paired per page: a delta is "with" minus "without" on the same page.

import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchWithExtension } from '../../src/tooling/launch-browser';
import { domTrace } from '../support/panel';
import type { BenchContext } from './context';
import { median, round } from './stats';

const ROUNDS = 3;
/** Fixture pages that never finish loading or loop on purpose are not a person's everyday page. */
const SKIP = /^(hostile-|kill-|sec-activation)/;

interface Load {
  scriptMs: number;
  taskMs: number;
  loadMs: number;
  heapMb: number;
  marks: number;
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

/** Loads `url` in a new tab of `context` and reads what the load cost. */
async function load(context: BrowserContext, url: string): Promise<Load> {
  const tab: Page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Performance.enable');
    await tab.goto(url, { waitUntil: 'load' });
    // document_idle comes after the load event: give a declared content script (the old build) its chance to run.
    await tab.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 })));
    return await measure(tab, await metrics(cdp));
  } finally {
    await tab.close();
  }
}

async function measure(tab: Page, after: Record<string, number>): Promise<Load> {
  const loadMs = await tab.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return nav?.loadEventEnd ?? 0;
  });
  const trace = await domTrace(tab);
  // The fixture pages all declare <html lang>; anything else on <html>, beside head and body, or naming us is a mark.
  const marks =
    trace.htmlAttributes.filter((name) => name !== 'lang').length +
    trace.besideHeadAndBody +
    trace.namesMentioningUs.length;
  return {
    scriptMs: (after.ScriptDuration ?? 0) * 1000,
    taskMs: (after.TaskDuration ?? 0) * 1000,
    loadMs,
    heapMb: (after.JSHeapUsedSize ?? 0) / 1_048_576,
    marks,
  };
}

interface Pair {
  with: Load;
  without: Load;
  messages: number;
}

/** Every page ROUNDS times in both browsers, the order flipping each round; `messages` counts what tabs sent. */
async function loadAll(
  withExt: BrowserContext,
  without: BrowserContext,
  urls: string[],
  messages: () => Promise<number>,
): Promise<Pair[]> {
  const pairs: Pair[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const url of urls) {
      const roundUrl = `${url}?idle=${round}`;
      const sent = await messages();
      const first = round % 2 === 0 ? withExt : without;
      const second = first === withExt ? without : withExt;
      const a = await load(first, roundUrl);
      const b = await load(second, roundUrl);
      const [withLoad, withoutLoad] = first === withExt ? [a, b] : [b, a];
      pairs.push({ with: withLoad, without: withoutLoad, messages: (await messages()) - sent });
    }
  }
  return pairs;
}

function summarize(pairs: Pair[]) {
  const figure = (key: keyof Load, digits = 2) => {
    const withMedian = median(pairs.map((p) => p.with[key]));
    const withoutMedian = median(pairs.map((p) => p.without[key]));
    return {
      withMedian: round(withMedian, digits),
      withoutMedian: round(withoutMedian, digits),
      deltaMedian: round(median(pairs.map((p) => p.with[key] - p.without[key])), digits),
      ratio: withoutMedian > 0 ? round(withMedian / withoutMedian, 3) : null,
    };
  };
  return {
    loads: pairs.length,
    scriptMs: figure('scriptMs'),
    mainThreadMs: figure('taskMs'),
    loadEventMs: figure('loadMs'),
    heapMb: figure('heapMb', 3),
    pagesMarked: pairs.filter((p) => p.with.marks > p.without.marks).length,
  };
}

/**
 * Two passes. First with the side panel open and idle (the bench's panel page), which also counts the messages:
 * every message a content script sends reaches the extension's pages as well as the worker, so the panel sees them.
 * Then with the panel closed (a blank tab keeps the window, as the baseline's first tab does): the extension alone.
 * On a 2-core machine the open panel's own work on each tab event competes with the page for the CPU; the second
 * pass tells that apart from a cost in the page.
 */
export async function benchIdle(ctx: BenchContext): Promise<Record<string, unknown>> {
  const urls = readdirSync(path.resolve(import.meta.dirname, '../fixtures/site'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html') && !SKIP.test(path.basename(name)))
    .sort()
    .map((name) => ctx.site.url(`/${name.split(path.sep).join('/')}`));
  const plain = await launchWithExtension({ extension: false });
  try {
    await ctx.harness.panel.evaluate(() => {
      const g = globalThis as { benchFromTabs?: number };
      g.benchFromTabs = 0;
      chrome.runtime.onMessage.addListener((_message, sender) => {
        if (sender.tab) g.benchFromTabs = (g.benchFromTabs ?? 0) + 1;
        return false;
      });
    });
    const fromTabs = () =>
      ctx.harness.panel.evaluate(() => (globalThis as { benchFromTabs?: number }).benchFromTabs ?? 0);
    ctx.log(`idle: ${urls.length} pages × ${ROUNDS} rounds, with and without the extension, panel open`);
    const open = await loadAll(ctx.harness.context, plain.context, urls, fromTabs);
    ctx.log('idle: again with the side panel closed');
    await ctx.harness.context.newPage();
    await ctx.harness.panel.close();
    const closed = await loadAll(ctx.harness.context, plain.context, urls, async () => 0);
    return {
      pages: urls.length,
      ...summarize(open),
      messagesToWorker: open.reduce((sum, p) => sum + p.messages, 0),
      panelClosed: summarize(closed),
    };
  } finally {
    await plain.close();
  }
}
