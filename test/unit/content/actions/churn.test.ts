// @vitest-environment jsdom
// What the page keeps changing by itself: which elements count as churning, that the agent's own actions never
// start churn, and what the digest and an action's effects leave out because of it. Real MutationRecords from
// jsdom's observer; the tracker's clock is injected.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHURN_GAP_MS,
  CHURN_MIN_COUNT,
  CHURN_MIN_SPAN_MS,
  ChurnTracker,
  isBackground,
} from '../../../../src/content/actions/effects/churn';
import { EffectWatch } from '../../../../src/content/actions/effects/effects';
import type { Item, PageModel } from '../../../../src/content/snapshot/collect/items';
import { TextBuffer } from '../../../../src/content/snapshot/collect/text-buffer';
import { digestOf } from '../../../../src/content/snapshot/serialize/digest';

let now = 0;
let tracker: ChurnTracker;
let observer: MutationObserver;

/** Makes the page's changes, then hands the records to the tracker as the observer callback would. */
function change(mutate: () => void): MutationRecord[] {
  mutate();
  const records = observer.takeRecords();
  tracker.note(records);
  return records;
}

/** `times` changes of `element`'s text, `everyMs` apart. */
function tick(element: Element, times: number, everyMs: number): void {
  for (let i = 0; i < times; i++) {
    now += everyMs;
    change(() => {
      element.textContent = `tick ${now}`;
    });
  }
}

beforeEach(() => {
  now = 0;
  document.body.innerHTML = '<p id="ticker">Frame 0</p><ul id="feed"></ul><p id="basket">Empty</p>';
  tracker = new ChurnTracker(() => now);
  observer = new MutationObserver(() => {});
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
});

afterEach(() => observer.disconnect());

const byId = (id: string) => document.getElementById(id) as HTMLElement;

describe('ChurnTracker', () => {
  it('calls an element churning once it kept changing long enough, and not before', () => {
    const ticker = byId('ticker');
    tick(ticker, CHURN_MIN_COUNT - 1, 100);
    expect(tracker.churningNow().has(ticker)).toBe(false); // too few changes yet
    tick(ticker, 1, 100);
    expect(CHURN_MIN_COUNT * 100 - 100).toBeGreaterThanOrEqual(CHURN_MIN_SPAN_MS);
    expect(tracker.churningNow().has(ticker)).toBe(true);
    expect(tracker.churningNow().has(byId('basket'))).toBe(false);
  });

  it('needs the changes spread over a while: a burst of re-renders is not churn', () => {
    const feed = byId('feed');
    tick(feed, 50, 1); // 50 changes within 50 ms: a render, not a flood
    expect(tracker.churningNow().size).toBe(0);
  });

  it('ends churn after a pause longer than the gap', () => {
    const ticker = byId('ticker');
    tick(ticker, 20, 50);
    expect(tracker.churningNow().has(ticker)).toBe(true);
    now += CHURN_GAP_MS + 1;
    expect(tracker.churningNow().has(ticker)).toBe(false);
    tick(ticker, 2, 50); // starts a new burst from scratch
    expect(tracker.churningNow().has(ticker)).toBe(false);
  });

  it('never starts churn from what changes while an action runs, but keeps a flood alive through it', () => {
    const ticker = byId('ticker');
    const feed = byId('feed');
    tick(ticker, 20, 50);
    const end = tracker.beginAction();
    // The action takes longer than the gap; the ticker keeps going, and the feed grows because of the action.
    for (let i = 0; i < 40; i++) {
      tick(ticker, 1, 50);
      change(() => feed.append(document.createElement('li')));
    }
    end();
    expect(tracker.churningNow().has(ticker)).toBe(true);
    expect(tracker.churningNow().has(feed)).toBe(false);
  });

  it('marks the churning element as volatile content, and what a flood adds to the body, but not the body', () => {
    expect(tracker.volatility()).toBeUndefined(); // nothing churns: the snapshot skips the test
    const body = document.body;
    const added: Element[] = [];
    for (let i = 0; i < 20; i++) {
      now += 50;
      change(() => {
        const item = document.createElement('div');
        item.textContent = `Trade ${i}`;
        body.append(item);
        added.push(item);
      });
    }
    tick(byId('ticker'), 20, 50);
    const isVolatile = tracker.volatility();
    expect(isVolatile).toBeDefined();
    expect(isVolatile?.(byId('ticker'))).toBe(true);
    expect(isVolatile?.(body)).toBe(false);
    expect(isVolatile?.(byId('basket'))).toBe(false);
    expect(isVolatile?.(added[added.length - 1] as Element)).toBe(true);
    expect(isVolatile?.(added[0] as Element)).toBe(false); // added before the body was known to churn
  });
});

describe('an action amid churn', () => {
  it('leaves out the churning elements it saw at its start, and counts everything else', () => {
    const ticker = byId('ticker');
    tick(ticker, 20, 50);
    const churning = tracker.churningNow();
    const end = tracker.beginAction();
    const flood = change(() => {
      ticker.textContent = 'Frame 999';
    });
    const effect = change(() => {
      byId('basket').textContent = '1 item';
    });
    end();
    expect(flood.every((record) => isBackground(record, churning))).toBe(true);
    expect(effect.some((record) => isBackground(record, churning))).toBe(false);
    expect(effect.every((record) => !isBackground(record, new Set()))).toBe(true);
  });
});

describe('EffectWatch amid churn', () => {
  it('reports no effect for the flood, and a DOM change for a real one', async () => {
    const ticker = byId('ticker');
    tick(ticker, 20, 50);
    const button = document.createElement('button');
    document.body.append(button);
    observer.takeRecords();
    const flooded = new EffectWatch(document, button, tracker);
    ticker.textContent = 'Frame 1000';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flooded.effects()).toEqual([]);
    byId('basket').textContent = '1 item';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flooded.effects()).toEqual(['dom_change']);
    flooded.dispose();
    // Without the tracker, the flood alone counts as an effect (what a page without churn knowledge would say).
    const naive = new EffectWatch(document, button);
    ticker.textContent = 'Frame 1001';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(naive.effects()).toEqual(['dom_change']);
    naive.dispose();
  });
});

describe('the digest of a page with churning text', () => {
  function page(ticker: string, basket: string): PageModel {
    const items: Item[] = [];
    const text = new TextBuffer(items);
    text.add('Market ', 'in');
    text.add(ticker, 'in', true);
    text.flush();
    text.add(basket, 'in');
    text.flush();
    text.add(`Trade at ${ticker}`, 'below', true);
    text.flush();
    return {
      items,
      viewport: { width: 1280, height: 800, scrollX: 0, scrollY: 0, pageWidth: 1280, pageHeight: 4000 },
      crossOriginFrames: [],
    };
  }

  it('shows the churning text but keeps it out of the digest', () => {
    const first = page('Frame 1', 'Empty basket');
    expect(first.items.map((item) => (item.kind === 'text' ? item.text : ''))).toEqual([
      'Market Frame 1',
      'Empty basket',
      'Trade at Frame 1',
    ]);
    expect(digestOf(page('Frame 2', 'Empty basket'), '')).toBe(digestOf(first, ''));
    expect(digestOf(page('Frame 2', '1 item in the basket'), '')).not.toBe(digestOf(first, ''));
  });
});
