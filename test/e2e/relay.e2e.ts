// The relay in real Chromium: a call from the panel reaches a tab's content script and the reply comes back, tab
// events reach the panel, both survive a killed service worker, a tab without a script gets one, a restricted page is
// refused at once, and neither a web page nor a content script can call it.

import { killWorker } from '../support/kill-harness';
import { describe, expect, it, openTab, type PanelGlobal, recordEvents, test, tryCall, waitForEvent } from './kit';

describe('relay', () => {
  test.beforeEach(async ({ panel }) => {
    await recordEvents(panel);
  });

  it('carries a call from the panel to the page and the reply back', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/index.html'));
    const result = await tryCall(panel, tabId, 'getPageInfo');
    expect(result).toMatchObject({
      ok: true,
      value: { url: page.url(), title: 'Fixture home', readyState: 'complete' },
    });
    const pong = await tryCall(panel, tabId, 'ping');
    expect(pong).toMatchObject({ ok: true, value: { pong: true, protocol: 1 } });
    await page.close();
  });

  it('forwards every kind of tab event to the panel', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/index.html'));

    await page.goto(site.url('/page2.html'));
    await waitForEvent(panel, { type: 'committed', tabId, url: site.url('/page2.html') });
    // Outside a task no script runs in a page; a call from the panel puts one there, and it announces itself.
    expect((await tryCall(panel, tabId, 'ping')).ok).toBe(true);
    await waitForEvent(panel, { type: 'contentReady', tabId, url: site.url('/page2.html') });
    await waitForEvent(panel, { type: 'updated', tabId, status: 'complete' });

    await panel.bringToFront();
    await page.bringToFront();
    await waitForEvent(panel, { type: 'activated', tabId });

    const [popup] = await Promise.all([
      browser.context.waitForEvent('page'),
      page.evaluate(() => window.open('/index.html', '_blank')),
    ]);
    const created = await waitForEvent(panel, { type: 'created', openerTabId: tabId });

    const windowId = await panel.evaluate(async () => {
      const win = await chrome.windows.create({ url: 'about:blank', focused: true });
      return win?.id ?? -1;
    });
    await waitForEvent(panel, { type: 'focusChanged', windowId });

    await popup.close();
    await waitForEvent(panel, { type: 'removed', tabId: created.type === 'created' ? created.tabId : -1 });
    await panel.evaluate((id) => chrome.windows.remove(id), windowId);
    await page.close();
  });

  it('survives a killed service worker between calls', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/index.html'));
    expect((await tryCall(panel, tabId, 'ping')).ok).toBe(true);
    const before = await panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.transport.reconnects);

    await browser.stopServiceWorker();
    await panel.waitForFunction((n) => (globalThis as PanelGlobal).steadyhand.transport.reconnects > n, before);

    expect(await tryCall(panel, tabId, 'getPageInfo')).toMatchObject({ ok: true, value: { title: 'Fixture home' } });
    await page.close();
  });

  it('keeps tab events flowing while the service worker is killed mid-stream', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/index.html'));
    const targets = ['/page2.html', '/index.html?n=1', '/page2.html?n=2', '/index.html?n=3'];
    for (const [i, path] of targets.entries()) {
      // Killed and reconnected before the next navigation, as the kill suite does (support/kill-harness.ts
      // §killWorker): on a loaded machine a bare stop can land late, while the next navigation commits, and that
      // event dies with the worker in Chrome before the relay ever runs.
      if (i === 1 || i === 3) await killWorker(browser);
      await page.goto(site.url(path));
    }
    for (const path of targets) {
      await waitForEvent(panel, { type: 'committed', tabId, url: site.url(path) });
    }
    expect(await tryCall(panel, tabId, 'getPageInfo')).toMatchObject({
      ok: true,
      value: { url: site.url(targets[3] ?? '') },
    });
    await page.close();
  });

  it('injects the content script into a tab that has none, then answers', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/index.html'));
    expect((await tryCall(panel, tabId, 'ping')).ok).toBe(true); // the first call put a script there
    // Drop the running script the way an extension update orphans it: it stops listening.
    await panel.evaluate(async (id) => {
      await chrome.scripting.executeScript({
        target: { tabId: id },
        func: () => {
          const g = globalThis as typeof globalThis & { __steadyhandContent?: { retire(): void } };
          g.__steadyhandContent?.retire();
        },
      });
    }, tabId);
    const direct = await panel.evaluate(
      (id) =>
        chrome.tabs.sendMessage(id, { kind: 'cs:rpc', v: 1, method: 'ping', args: [] }).then(
          () => 'answered',
          (error: Error) => error.message,
        ),
      tabId,
    );
    expect(direct).toMatch(/Receiving end does not exist/);

    expect(await tryCall(panel, tabId, 'getPageInfo')).toMatchObject({ ok: true, value: { title: 'Fixture home' } });
    await page.close();
  });

  it('refuses a restricted page at once with `restricted`', async ({ browser, panel }) => {
    const { tabId, page } = await openTab(browser, 'chrome://version/');
    const started = performance.now();
    const result = await tryCall(panel, tabId, 'getPageInfo');
    const ms = performance.now() - started;
    expect(result).toMatchObject({ ok: false, code: 'restricted', name: 'TabError' });
    expect(ms).toBeLessThan(5_000); // a prompt refusal, not a timeout
    await page.close();
  });

  it('does not let a web page or a content script call the relay', async ({ browser, panel, site }) => {
    const { tabId, page } = await openTab(browser, site.url('/index.html'));
    // The page's own world has no way to message the extension (no externally_connectable).
    const fromPage = await page.evaluate(async (id) => {
      const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime;
      if (typeof runtime?.sendMessage !== 'function') return 'no runtime';
      try {
        await (runtime.sendMessage as (id: string, m: unknown) => Promise<unknown>)(id, { kind: 'rpc:call' });
        return 'sent';
      } catch (error) {
        return `refused: ${(error as Error).message}`;
      }
    }, browser.extensionId);
    expect(fromPage).not.toBe('sent');

    // A content script (the isolated world) is refused both ways: one-shot and over the panel's port name.
    const [fromContent] = await panel.evaluate(async (id) => {
      const results = await chrome.scripting.executeScript({
        target: { tabId: id },
        func: async () => {
          const call = { kind: 'rpc:call', v: 1, id: 1, tabId: 0, method: 'ping', args: [] };
          const oneShot = await chrome.runtime.sendMessage(call);
          const viaPort = await new Promise((resolve) => {
            const port = chrome.runtime.connect({ name: 'steadyhand-panel' });
            port.onMessage.addListener((m) => resolve(m));
            port.onDisconnect.addListener(() => resolve('disconnected'));
            port.postMessage(call);
          });
          return { oneShot, viaPort };
        },
      });
      return results.map((r) => r.result);
    }, tabId);
    expect(fromContent).toMatchObject({
      oneShot: { ok: false, error: { code: 'forbidden' } },
      viaPort: { kind: 'rpc:response', reply: { ok: false, error: { code: 'forbidden' } } },
    });
    await page.close();
  });
});
