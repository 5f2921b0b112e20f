// The navigation waits of the panel (docs/contracts.md, Seed 000) against real navigations in Chromium: the commit wait
// must see a slow page through its about:blank phase, never settle on the page a tab is leaving, and tell a timeout, an
// origin change and a closed tab apart; the ready wait must hand over the new document without a fixed sleep.

import type { Page } from 'playwright-core';
import { navRoutes } from '../support/nav-routes';
import { describe, expect, it, openTab, useKit } from './kit';
import type { TabsPanelGlobal } from './tabs-handle';

useKit({ routes: navRoutes() });

/** Opens `url` in a background tab from the panel and waits for its commit and its document, as open_url does. */
function openAndSettle(panel: Page, url: string, expectedOrigin: string, timeoutMs = 5_000) {
  return panel.evaluate(
    async ({ url, expectedOrigin, timeoutMs }) => {
      const { navigation, pages } = (globalThis as TabsPanelGlobal).steadyhand;
      const started = performance.now();
      const tab = await chrome.tabs.create({ url, active: false });
      const tabId = tab.id ?? -1;
      const first = await chrome.tabs.get(tabId);
      const settled = await navigation.waitForUrlSettle(tabId, expectedOrigin, timeoutMs);
      const settledMs = performance.now() - started;
      let info: { url: string; title: string } | null = null;
      if (settled.committed) {
        await navigation.waitForDocumentReady(tabId, { timeoutMs: 5_000 });
        info = await pages(tabId).getPageInfo();
      }
      await chrome.tabs.remove(tabId);
      return { tabId, firstUrl: first.url ?? '', firstPending: first.pendingUrl, settled, settledMs, info };
    },
    { url, expectedOrigin, timeoutMs },
  );
}

describe('waitForUrlSettle in Chromium', () => {
  it('waits through the about:blank phase of a slow new tab and settles on the page', async ({ panel, site }) => {
    const url = site.url('/nav/slow?ms=1500&page=/navigation/nav-target.html');
    const result = await openAndSettle(panel, url, site.origin);
    // The race of docs/contracts.md 000-C1: right after tabs.create the tab shows no URL yet, only a pending one.
    expect(['', 'about:blank']).toContain(result.firstUrl);
    expect(result.firstPending).toBe(url);
    expect(result.settled).toEqual({ committed: true, url });
    expect(result.settledMs).toBeGreaterThan(1_400);
    expect(result.info?.title).toBe('Navigation target');
  });

  it('does not settle on the page a tab is leaving when the new one is on the same origin', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/navigation/nav-target.html?old=1'));
    const url = site.url('/nav/slow?ms=1200&label=New%20page');
    const result = await panel.evaluate(
      async ({ tabId, url, origin }) => {
        const { navigation } = (globalThis as TabsPanelGlobal).steadyhand;
        await chrome.tabs.update(tabId, { url });
        const first = await chrome.tabs.get(tabId);
        const settled = await navigation.waitForUrlSettle(tabId, origin, 5_000);
        return { firstUrl: first.url, firstPending: first.pendingUrl, settled };
      },
      { tabId, url, origin: site.origin },
    );
    expect(result.firstUrl).toContain('old=1');
    expect(result.firstPending).toBe(url);
    expect(result.settled).toEqual({ committed: true, url });
    await page.close();
  });

  it('times out on a page that does not commit in time, saying what it saw', async ({ panel, site }) => {
    const result = await openAndSettle(panel, site.url('/nav/never'), site.origin, 2_000);
    expect(result.settled).toMatchObject({ committed: false, reason: 'timeout' });
    expect(result.settledMs).toBeGreaterThanOrEqual(1_990);
    expect(result.settledMs).toBeLessThan(4_000);
  });

  it('settles on the final page of a same-origin HTTP redirect', async ({ panel, site }) => {
    const result = await openAndSettle(
      panel,
      site.url('/nav/redirect?ms=800&to=/navigation/nav-target.html%3Ffrom%3Dhttp'),
      site.origin,
    );
    expect(result.settled).toEqual({ committed: true, url: site.url('/navigation/nav-target.html?from=http') });
    expect(result.info?.title).toBe('Navigation target');
  });

  it('reports origin-mismatch when a redirect lands on another origin', async ({ panel, site }) => {
    const to = encodeURIComponent(`${site.otherOrigin}/navigation/nav-target.html`);
    const result = await openAndSettle(panel, site.url(`/nav/redirect?to=${to}`), site.origin);
    expect(result.settled).toEqual({
      committed: false,
      reason: 'origin-mismatch',
      observedUrl: `${site.otherOrigin}/navigation/nav-target.html`,
    });
  });

  it('reports tab-gone when the tab is closed while it waits', async ({ panel, site }) => {
    const result = await panel.evaluate(async (url) => {
      const { navigation } = (globalThis as TabsPanelGlobal).steadyhand;
      const tab = await chrome.tabs.create({ url, active: false });
      const tabId = tab.id ?? -1;
      const wait = navigation.waitForUrlSettle(tabId, new URL(url).origin, 5_000);
      setTimeout(() => void chrome.tabs.remove(tabId), 300);
      const started = performance.now();
      return { settled: await wait, ms: performance.now() - started };
    }, site.url('/nav/slow?ms=3000'));
    expect(result.settled).toMatchObject({ committed: false, reason: 'tab-gone' });
    expect(result.ms).toBeLessThan(2_000);
  });

  it('keeps two tabs waiting at once apart, and leaves no listener behind', async ({ panel, site }) => {
    const result = await panel.evaluate(
      async ({ fast, slow, origin }) => {
        const { navigation, bus } = (globalThis as TabsPanelGlobal).steadyhand;
        const before = bus.size;
        const [a, b] = await Promise.all([
          chrome.tabs.create({ url: slow, active: false }),
          chrome.tabs.create({ url: fast, active: false }),
        ]);
        const settled = await Promise.all([
          navigation.waitForUrlSettle(a.id ?? -1, origin, 5_000),
          navigation.waitForUrlSettle(b.id ?? -1, origin, 5_000),
        ]);
        await chrome.tabs.remove([a.id ?? -1, b.id ?? -1]);
        return { settled, leftover: bus.size - before };
      },
      {
        slow: site.url('/nav/slow?ms=2000&label=A'),
        fast: site.url('/nav/slow?ms=500&label=B'),
        origin: site.origin,
      },
    );
    expect(result.settled).toEqual([
      { committed: true, url: site.url('/nav/slow?ms=2000&label=A') },
      { committed: true, url: site.url('/nav/slow?ms=500&label=B') },
    ]);
    expect(result.leftover).toBe(0);
  });
});

describe('waitForDocumentReady in Chromium', () => {
  it('hands over the new document after a form submitted with Enter lands on a slow page', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/navigation/nav-form.html'));
    await page.fill('input[name=q]', 'ferns');
    await page.press('input[name=q]', 'Enter', { noWaitAfter: true });
    const result = await panel.evaluate(
      async ({ tabId, origin }) => {
        const { navigation, pages } = (globalThis as TabsPanelGlobal).steadyhand;
        // A renderer-started navigation: wait until the tab shows the new page, as the loop's next step would.
        let settled = await navigation.waitForUrlSettle(tabId, origin, 5_000);
        while (settled.committed && !settled.url.includes('q=ferns')) {
          settled = await navigation.waitForUrlSettle(tabId, origin, 5_000);
        }
        await navigation.waitForDocumentReady(tabId, { timeoutMs: 5_000 });
        return { settled, info: await pages(tabId).getPageInfo() };
      },
      { tabId, origin: site.origin },
    );
    expect(result.settled).toMatchObject({ committed: true });
    expect(result.info.url).toContain('q=ferns');
    expect(result.info.title).toBe('Navigation target');
    await page.close();
  });

  it('hands over the page a meta refresh or a script redirect ends on, without mistaking the first for it', async ({
    panel,
    site,
  }) => {
    for (const path of [
      '/nav/meta-refresh?to=/navigation/nav-target.html%3Ffrom%3Dmeta',
      '/nav/script-redirect?after=200&to=/navigation/nav-target.html%3Ffrom%3Dscript',
    ]) {
      const result = await panel.evaluate(
        async ({ url, origin }) => {
          const { navigation, pages, bus } = (globalThis as TabsPanelGlobal).steadyhand;
          const commits: { tabId: number; url: string }[] = [];
          const done = new AbortController();
          bus.subscribe((e) => {
            if (e.type === 'committed') commits.push({ tabId: e.tabId, url: e.url });
          }, done.signal);
          const tab = await chrome.tabs.create({ url, active: false });
          const tabId = tab.id ?? -1;
          // The first step: the page that is about to move itself.
          const first = await navigation.waitForUrlSettle(tabId, origin, 5_000);
          await navigation.waitForDocumentReady(tabId, { timeoutMs: 5_000 });
          // A later step: the tab has moved on; its new page is handed over once it is up.
          const moved = () => commits.some((c) => c.tabId === tabId && c.url.includes('from='));
          await new Promise<void>((resolve) => {
            if (moved()) return resolve();
            bus.subscribe(() => moved() && resolve(), done.signal);
          });
          await navigation.waitForDocumentReady(tabId, { timeoutMs: 5_000 });
          const info = await pages(tabId).getPageInfo();
          done.abort();
          await chrome.tabs.remove(tabId);
          return { first, info };
        },
        { url: site.url(path), origin: site.origin },
      );
      expect(result.first).toMatchObject({ committed: true });
      expect(result.info.title).toBe('Navigation target');
      expect(result.info.url).toContain('from=');
    }
  });

  it('picks up a page restored by going back without waiting for a new announcement', async ({
    browser,
    panel,
    site,
  }) => {
    const { tabId, page } = await openTab(browser, site.url('/navigation/nav-target.html?first=1'));
    await page.goto(site.url('/index.html'));
    const result = await panel.evaluate(
      async ({ tabId, origin }) => {
        const { navigation, pages } = (globalThis as TabsPanelGlobal).steadyhand;
        await chrome.tabs.goBack(tabId);
        let settled = await navigation.waitForUrlSettle(tabId, origin, 5_000);
        while (settled.committed && !settled.url.includes('first=1')) {
          settled = await navigation.waitForUrlSettle(tabId, origin, 5_000);
        }
        const started = performance.now();
        await navigation.waitForDocumentReady(tabId, { timeoutMs: 5_000 });
        return { settled, readyMs: performance.now() - started, info: await pages(tabId).getPageInfo() };
      },
      { tabId, origin: site.origin },
    );
    expect(result.settled).toMatchObject({ committed: true });
    expect(result.info.url).toContain('first=1');
    expect(result.readyMs).toBeLessThan(2_000);
    await page.close();
  });

  it('refuses a restricted page at once instead of waiting for a script that can never run', async ({ panel }) => {
    const result = await panel.evaluate(async () => {
      const { navigation } = (globalThis as TabsPanelGlobal).steadyhand;
      const tab = await chrome.tabs.create({ url: 'chrome://version/', active: false });
      const tabId = tab.id ?? -1;
      // webNavigation does not report chrome:// pages to extensions: wait for the tab itself to finish loading.
      await new Promise<void>((resolve) => {
        const onUpdated = (id: number, change: { status?: string }) => {
          if (id !== tabId || change.status !== 'complete') return;
          chrome.tabs.onUpdated.removeListener(onUpdated);
          resolve();
        };
        chrome.tabs.onUpdated.addListener(onUpdated);
        void chrome.tabs.get(tabId).then((now) => {
          if (now.status === 'complete' && now.url) onUpdated(tabId, { status: 'complete' });
        });
      });
      const started = performance.now();
      const error = await navigation.waitForDocumentReady(tabId, { timeoutMs: 5_000 }).then(
        () => null,
        (e: { code?: string }) => e.code ?? 'unknown',
      );
      await chrome.tabs.remove(tabId);
      return { error, ms: performance.now() - started };
    });
    expect(result.error).toBe('restricted');
    expect(result.ms).toBeLessThan(1_000);
  });
});
