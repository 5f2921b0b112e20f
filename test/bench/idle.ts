// Idle cost (issue 15): what Steadyhand costs a page the person opens outside any task. The same fixture pages are
// loaded in the bench's browser with the extension and in the same browser started without it, interleaved page by
// page (the order flips each round, so neither browser always goes first), and read through CDP: script time and
// main-thread time of the load (Performance.getMetrics deltas), the load event, the JS heap after it, the messages
// the page's scripts sent the extension (every extension page hears them, so the bench's panel counts them), and
// the marks in its DOM. The numbers are paired per page: a delta is "with" minus "without" on the same page.

import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchWithExtension } from '../../src/demo/launch-browser';
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

interface Side {
  page: Page;
  cdp: CDPSession;
}

async function openSide(context: BrowserContext): Promise<Side> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  return { page, cdp };
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

/** Loads `url` in the side's tab and reads what the load cost. */
async function load(side: Side, url: string): Promise<Load> {
  const before = await metrics(side.cdp);
  await side.page.goto(url, { waitUntil: 'load' });
  // document_idle comes after the load event: give a declared content script (the old build) its chance to run.
  await side.page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 })));
  const after = await metrics(side.cdp);
  const page = await side.page.evaluate(() => {
    const html = document.documentElement;
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const names = [...html.querySelectorAll('*')].flatMap((el) => [el.localName, ...el.getAttributeNames()]);
    return {
      loadMs: nav?.loadEventEnd ?? 0,
      marks:
        html.getAttributeNames().filter((name) => name !== 'lang').length +
        html.querySelectorAll('html > :not(head):not(body)').length +
        names.filter((name) => /steadyhand/i.test(name)).length,
    };
  });
  const delta = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  return {
    scriptMs: delta('ScriptDuration'),
    taskMs: delta('TaskDuration'),
    loadMs: page.loadMs,
    heapMb: (after.JSHeapUsedSize ?? 0) / 1_048_576,
    marks: page.marks,
  };
}

export async function benchIdle(ctx: BenchContext): Promise<Record<string, unknown>> {
  const pages = readdirSync(path.resolve(import.meta.dirname, '../fixtures/site'))
    .filter((name) => name.endsWith('.html') && !SKIP.test(name))
    .sort();
  const plain = await launchWithExtension({ extension: false });
  const messages = () =>
    ctx.harness.panel.evaluate(() => (globalThis as { benchFromTabs?: number }).benchFromTabs ?? 0);
  try {
    await ctx.harness.panel.evaluate(() => {
      const g = globalThis as { benchFromTabs?: number };
      g.benchFromTabs = 0;
      chrome.runtime.onMessage.addListener((_message, sender) => {
        if (sender.tab) g.benchFromTabs = (g.benchFromTabs ?? 0) + 1;
        return false;
      });
    });
    const withExt = await openSide(ctx.harness.context);
    const without = await openSide(plain.context);
    ctx.log(`idle: ${pages.length} pages × ${ROUNDS} rounds, with and without the extension, interleaved`);
    const pairs: { with: Load; without: Load; messages: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of pages) {
        const url = ctx.site.url(`/${name}?idle=${round}`);
        const sent = await messages();
        let a: Load;
        let b: Load;
        if (round % 2 === 0) {
          a = await load(withExt, url);
          b = await load(without, url);
        } else {
          b = await load(without, url);
          a = await load(withExt, url);
        }
        pairs.push({ with: a, without: b, messages: (await messages()) - sent });
      }
    }
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
      pages: pages.length,
      loads: pairs.length,
      scriptMs: figure('scriptMs'),
      mainThreadMs: figure('taskMs'),
      loadEventMs: figure('loadMs'),
      heapMb: figure('heapMb', 3),
      messagesToWorker: pairs.reduce((sum, p) => sum + p.messages, 0),
      pagesMarked: pairs.filter((p) => p.with.marks > p.without.marks).length,
    };
  } finally {
    await plain.close();
  }
}
