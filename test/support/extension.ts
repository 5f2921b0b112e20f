// The e2e tests' and the bench's view of a browser with Steadyhand loaded: the panel page opened as a tab, and a
// way to kill the service worker the way Chrome evicts it.

import type { BrowserContext, Page } from 'playwright-core';
import { type LaunchOptions, launchWithExtension } from '../../src/demo/launch-browser';

export { DIST } from '../../src/demo/launch-browser';

export interface ExtensionHarness {
  context: BrowserContext;
  extensionId: string;
  /** The panel page, opened as a tab (chrome-extension://ID/src/panel/index.html). */
  panel: Page;
  panelUrl: string;
  /** Kills the extension's service worker through CDP (ServiceWorker.stopAllWorkers). */
  stopServiceWorker(): Promise<void>;
  close(): Promise<void>;
}

export async function launchExtension(options: LaunchOptions = {}): Promise<ExtensionHarness> {
  const browser = await launchWithExtension(options);
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
      close: browser.close,
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
