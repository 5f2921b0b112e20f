import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SteadyhandError } from '../../src/shared/errors';
import { type ExtensionHarness, launchExtension } from '../support/extension';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server';
import { openTab, type PanelGlobal, recordEvents, waitForEvent } from '../support/panel';

let harness: ExtensionHarness;
let site: FixtureServer;

beforeAll(async () => {
  site = await startFixtureServer();
  harness = await launchExtension();
});

afterAll(async () => {
  await harness?.close();
  await site?.close();
});

/** Calls a PageApi method on a tab from inside the panel; returns the value or the typed error's code and name. */
function callFromPanel(tabId: number, method: 'ping' | 'getPageInfo', timeoutMs = 5_000) {
  return harness.panel.evaluate(
    async ({ tabId, method, timeoutMs }) => {
      const page = (globalThis as PanelGlobal).steadyhand.pages(tabId);
      const started = performance.now();
      try {
        const value = await page[method]({ timeoutMs });
        return { ok: true as const, value, ms: performance.now() - started };
      } catch (error) {
        const e = error as SteadyhandError;
        return { ok: false as const, code: e.code, name: e.name, message: e.message, ms: performance.now() - started };
      }
    },
    { tabId, method, timeoutMs },
  );
}

describe('relay', () => {
  beforeEach(async () => {
    await recordEvents(harness.panel);
  });

  it('carries a call from the panel to the page and the reply back', async () => {
    const { tabId, page } = await openTab(harness, site.url('/index.html'));
    const result = await callFromPanel(tabId, 'getPageInfo');
    expect(result).toMatchObject({
      ok: true,
      value: { url: page.url(), title: 'Fixture home', readyState: 'complete' },
    });
    const pong = await callFromPanel(tabId, 'ping');
    expect(pong).toMatchObject({ ok: true, value: { pong: true, protocol: 1 } });
    await page.close();
  });

  it('forwards every kind of tab event to the panel', async () => {
    const { tabId, page } = await openTab(harness, site.url('/index.html'));

    await page.goto(site.url('/page2.html'));
    await waitForEvent(harness.panel, { type: 'committed', tabId, url: site.url('/page2.html') });
    // Outside a task no script runs in a page; a call from the panel puts one there, and it announces itself.
    expect((await callFromPanel(tabId, 'ping')).ok).toBe(true);
    await waitForEvent(harness.panel, { type: 'contentReady', tabId, url: site.url('/page2.html') });
    await waitForEvent(harness.panel, { type: 'updated', tabId, status: 'complete' });

    await harness.panel.bringToFront();
    await page.bringToFront();
    await waitForEvent(harness.panel, { type: 'activated', tabId });

    const [popup] = await Promise.all([
      harness.context.waitForEvent('page'),
      page.evaluate(() => window.open('/index.html', '_blank')),
    ]);
    const created = await waitForEvent(harness.panel, { type: 'created', openerTabId: tabId });

    const windowId = await harness.panel.evaluate(async () => {
      const win = await chrome.windows.create({ url: 'about:blank', focused: true });
      return win?.id ?? -1;
    });
    await waitForEvent(harness.panel, { type: 'focusChanged', windowId });

    await popup.close();
    await waitForEvent(harness.panel, { type: 'removed', tabId: created.type === 'created' ? created.tabId : -1 });
    await harness.panel.evaluate((id) => chrome.windows.remove(id), windowId);
    await page.close();
  });

  it('survives a killed service worker between calls', async () => {
    const { tabId, page } = await openTab(harness, site.url('/index.html'));
    expect((await callFromPanel(tabId, 'ping')).ok).toBe(true);
    const before = await harness.panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.transport.reconnects);

    await harness.stopServiceWorker();
    await harness.panel.waitForFunction((n) => (globalThis as PanelGlobal).steadyhand.transport.reconnects > n, before);

    expect(await callFromPanel(tabId, 'getPageInfo')).toMatchObject({ ok: true, value: { title: 'Fixture home' } });
    await page.close();
  });

  it('keeps tab events flowing while the service worker is killed mid-stream', async () => {
    const { tabId, page } = await openTab(harness, site.url('/index.html'));
    const targets = ['/page2.html', '/index.html?n=1', '/page2.html?n=2', '/index.html?n=3'];
    for (const [i, path] of targets.entries()) {
      if (i === 1 || i === 3) await harness.stopServiceWorker();
      await page.goto(site.url(path));
    }
    for (const path of targets) {
      await waitForEvent(harness.panel, { type: 'committed', tabId, url: site.url(path) });
    }
    expect(await callFromPanel(tabId, 'getPageInfo')).toMatchObject({
      ok: true,
      value: { url: site.url(targets[3] ?? '') },
    });
    await page.close();
  });

  it('injects the content script into a tab that has none, then answers', async () => {
    const { tabId, page } = await openTab(harness, site.url('/index.html'));
    expect((await callFromPanel(tabId, 'ping')).ok).toBe(true); // the first call put a script there
    // Drop the running script the way an extension update orphans it: it stops listening.
    await harness.panel.evaluate(async (id) => {
      await chrome.scripting.executeScript({
        target: { tabId: id },
        func: () => {
          const g = globalThis as typeof globalThis & { __steadyhandContent?: { retire(): void } };
          g.__steadyhandContent?.retire();
        },
      });
    }, tabId);
    const direct = await harness.panel.evaluate(
      (id) =>
        chrome.tabs.sendMessage(id, { kind: 'cs:rpc', v: 1, method: 'ping', args: [] }).then(
          () => 'answered',
          (error: Error) => error.message,
        ),
      tabId,
    );
    expect(direct).toMatch(/Receiving end does not exist/);

    expect(await callFromPanel(tabId, 'getPageInfo')).toMatchObject({ ok: true, value: { title: 'Fixture home' } });
    await page.close();
  });

  it('refuses a restricted page at once with `restricted`', async () => {
    const { tabId, page } = await openTab(harness, 'chrome://version/');
    const result = await callFromPanel(tabId, 'getPageInfo', 20_000);
    expect(result).toMatchObject({ ok: false, code: 'restricted', name: 'TabError' });
    expect(result.ms).toBeLessThan(5_000); // a prompt refusal, not a timeout
    await page.close();
  });

  it('does not let a web page or a content script call the relay', async () => {
    const { tabId, page } = await openTab(harness, site.url('/index.html'));
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
    }, harness.extensionId);
    expect(fromPage).not.toBe('sent');

    // A content script (the isolated world) is refused both ways: one-shot and over the panel's port name.
    const [fromContent] = await harness.panel.evaluate(async (id) => {
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
