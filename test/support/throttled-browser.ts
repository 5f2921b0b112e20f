// Chromium with Chrome's real background throttling, for the tests and the bench that need a truly hidden tab.
//
// Playwright's launch adds --disable-background-timer-throttling, --disable-renderer-backgrounding and
// --disable-backgrounding-occluded-windows, and it turns on focus emulation (Emulation.setFocusEmulationEnabled) for
// every page it attaches to, which keeps that page visible even in a tab behind another. So this browser is spawned
// from the binary without those flags, and Playwright joins it over CDP with `noDefaults`, which leaves focus
// emulation off (https://playwright.dev/docs/api/class-browsertype#browser-type-connect-over-cdp-option-no-defaults).
// A tab behind another then reports `document.visibilityState === 'hidden'`, gets no animation frames, and its timers
// run at most once a second (https://developer.chrome.com/blog/timer-throttling-in-chrome-88).

import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { findChromium } from '../../src/tooling/find-chromium';
import { DIST, type LaunchedBrowser, type LaunchOptions } from '../../src/tooling/launch-browser';

const START_TIMEOUT_MS = 20_000;

/** The DevTools port Chromium writes to its profile once it listens (--remote-debugging-port=0 picks a free one). */
async function devToolsPort(userDataDir: string, child: ChildProcess): Promise<string> {
  const file = join(userDataDir, 'DevToolsActivePort');
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Chromium exited (${child.exitCode}) before it listened for CDP.`);
    try {
      const [port] = readFileSync(file, 'utf8').split('\n');
      if (port) return port;
    } catch {
      // Not written yet: Chromium writes it once its DevTools server listens; there is no event to wait on.
    }
    await sleep(50);
  }
  throw new Error('Chromium did not open its DevTools port in time.');
}

export async function launchThrottled(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'steadyhand-throttled-'));
  const extension = join(userDataDir, 'extension');
  cpSync(DIST, extension, { recursive: true });
  const child = spawn(
    findChromium(),
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--window-size=1280,800',
      `--user-data-dir=${userDataDir}`,
      '--remote-debugging-port=0',
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      ...(options.locale ? [`--lang=${options.locale}`] : []),
      ...(options.hostResolverRules ? [`--host-resolver-rules=${options.hostResolverRules}`] : []),
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  let quit: (() => Promise<unknown>) | null = null;
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Browser.close lets Chromium shut its helper processes down before the profile is removed; a kill is the
      // fallback when it does not answer.
      await (quit?.() ?? Promise.reject(new Error('not connected'))).catch(() => child.kill());
      const stuck = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(stuck);
    }
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };
  try {
    const port = await devToolsPort(userDataDir, child);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`, { noDefaults: true, isLocal: true });
    const [context] = browser.contexts();
    if (!context) throw new Error('The spawned Chromium has no default context.');
    const session = await browser.newBrowserCDPSession();
    quit = () => session.send('Browser.close');
    await session.send('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: join(userDataDir, 'downloads'),
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    return { context, extensionId: new URL(worker.url()).host, close };
  } catch (error) {
    await close();
    throw error;
  }
}
