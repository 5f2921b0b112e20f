// Launches Chromium with the built extension, the way the e2e tests and the bench need it: a fresh profile,
// headless, dist/ loaded unpacked, and the panel page opened as a tab.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { findChromium } from './find-chromium';

export const DIST = resolve(import.meta.dirname, '../../dist');

export interface ExtensionHarness {
  context: BrowserContext;
  extensionId: string;
  /** The panel page, opened as a tab (chrome-extension://ID/src/panel/index.html). */
  panel: Page;
  panelUrl: string;
  /** Kills the extension's service worker through CDP, as Chrome does when it evicts an idle worker. */
  stopServiceWorker(): Promise<void>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  headless?: boolean;
  /** Browser UI language, e.g. 'zh-CN'; chrome.i18n follows it. */
  locale?: string;
}

export async function launchExtension(options: LaunchOptions = {}): Promise<ExtensionHarness> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'steadyhand-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: options.headless ?? true,
    // Playwright disables extensions by default; we load ours explicitly.
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-extensions-except=${DIST}`,
      `--load-extension=${DIST}`,
      ...(options.locale ? [`--lang=${options.locale}`] : []),
    ],
    viewport: { width: 1280, height: 800 },
    ...(options.locale
      ? { locale: options.locale, env: { ...process.env, LANGUAGE: options.locale.replace('-', '_') } }
      : {}),
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    const extensionId = new URL(worker.url()).host;
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
      async close() {
        await context.close().catch(() => {});
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context.close().catch(() => {});
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
