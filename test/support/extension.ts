// The e2e tests' and the bench's view of a browser with Steadyhand loaded: the panel page opened as a tab, and a
// way to kill the service worker the way Chrome evicts it.

import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { type LaunchOptions, launchWithExtension } from '../../src/tooling/launch-browser';
import { launchThrottled } from './throttled-browser';

export { DIST } from '../../src/tooling/launch-browser';

export interface ExtensionHarness {
  context: BrowserContext;
  extensionId: string;
  /** The panel page, opened as a tab (chrome-extension://ID/src/panel/index.html). */
  panel: Page;
  panelUrl: string;
  /** Kills the extension's service worker through CDP (ServiceWorker.stopAllWorkers). */
  stopServiceWorker(): Promise<void>;
  /**
   * The text of a file the browser finished downloading under `name`. The browser saves downloads itself, under
   * their own names (src/tooling/launch-browser.ts §allowDownloads), so Playwright's `download.path()` has no file.
   */
  downloadedText(name: string): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions extends LaunchOptions {
  /**
   * Chrome's real background throttling (test/support/throttled-browser.ts): a tab behind another is hidden, gets no
   * animation frames and its timers run once a second. Off (default): Playwright's launch, where no tab is ever hidden.
   */
  background?: boolean;
}

export async function launchExtension(options: HarnessOptions = {}): Promise<ExtensionHarness> {
  const { background, ...launch } = options;
  const browser = await (background ? launchThrottled(launch) : launchWithExtension(launch));
  try {
    const { context, extensionId } = browser;
    const panelUrl = `chrome-extension://${extensionId}/src/panel/index.html`;
    const panel = context.pages()[0] ?? (await context.newPage());
    await panel.goto(panelUrl);
    await panel.waitForFunction(() => 'steadyhand' in globalThis);
    const cdp = await context.newCDPSession(panel);
    return {
      context,
      extensionId,
      panel,
      panelUrl,
      async stopServiceWorker() {
        await cdp.send('ServiceWorker.enable');
        await cdp.send('ServiceWorker.stopAllWorkers');
      },
      async downloadedText(name) {
        // chrome.downloads says when the file is complete: any open page of the extension holds the permission.
        const own = `chrome-extension://${extensionId}/`;
        const page = context.pages().find((p) => !p.isClosed() && p.url().startsWith(own));
        if (!page) throw new Error('No page of the extension is open to read the downloads from.');
        const path = await page.evaluate(
          (wanted) =>
            new Promise<string>((resolve) => {
              const look = () =>
                chrome.downloads.search({ state: 'complete' }, (items) => {
                  const item = items.find((i) => i.filename.split(/[\\/]/).pop() === wanted);
                  if (!item) return;
                  chrome.downloads.onChanged.removeListener(look);
                  resolve(item.filename);
                });
              chrome.downloads.onChanged.addListener(look);
              look();
            }),
          name,
        );
        return readFile(path, 'utf8');
      },
      close: browser.close,
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
