// Starts Chromium with the built extension loaded, for `npm start`, the e2e tests and the bench: a fresh profile,
// dist/ loaded unpacked, and the flags a locked-down machine needs (no sandbox as root, no background networking).

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { findChromium } from './find-chromium';

/** The built extension: dist/, or STEADYHAND_DIST when a build was written elsewhere (`vite build --outDir X`). */
export const DIST = process.env.STEADYHAND_DIST
  ? resolve(process.env.STEADYHAND_DIST)
  : resolve(import.meta.dirname, '../../dist');

export interface LaunchOptions {
  headless?: boolean;
  /** False starts the same browser, flags and profile kind without Steadyhand (the bench's idle baseline). */
  extension?: boolean;
  /** Browser UI language, e.g. 'zh-CN'; chrome.i18n follows it. */
  locale?: string;
  /**
   * Chromium's `--host-resolver-rules`, e.g. 'MAP *.test 127.0.0.1': names that resolve to a local server, so a
   * fixture can be a plain-http origin other than localhost (an insecure context). Unset, names resolve as usual.
   */
  hostResolverRules?: string;
}

export interface LaunchedBrowser {
  context: BrowserContext;
  extensionId: string;
  close(): Promise<void>;
}

/**
 * Playwright keeps downloads for itself under GUID names (Browser.setDownloadBehavior `allowAndName`), so
 * chrome.downloads would report those names instead of the files' own. Plain `allow` into the profile lets the
 * browser name them as a person's browser would. Set on a browser-level session: one on a page is undone, back to
 * the browser's default folder, when that page closes.
 */
async function allowDownloads(context: BrowserContext, downloadPath: string): Promise<void> {
  const browser = context.browser();
  if (!browser) throw new Error('No browser behind the persistent context: downloads cannot be allowed.');
  const session = await browser.newBrowserCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath });
}

/**
 * The page size Playwright fixes for every tab. Headless keeps 1280×800, which the tests and the bench are written
 * against. Headed gets none (`null`): the page takes the window's size and reflows when the side panel opens beside it,
 * as in a person's browser; a fixed viewport would leave the shop drawn at 1280 px and cut off under the panel
 * (https://playwright.dev/docs/api/class-browsertype#browser-type-launch-persistent-context-option-viewport).
 */
export function viewportFor(headless: boolean): { width: number; height: number } | null {
  return headless ? { width: 1280, height: 800 } : null;
}

export async function launchWithExtension(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'steadyhand-profile-'));
  const withExtension = options.extension ?? true;
  // Chromium reads an unpacked extension's files lazily; a copy made now keeps a rebuild of dist/ during the run
  // (npm run dev, another test run) from pulling files out from under the loaded extension.
  const extension = join(userDataDir, 'extension');
  if (withExtension) cpSync(DIST, extension, { recursive: true });
  const { locale, hostResolverRules } = options;
  const headless = options.headless ?? true;
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless,
    // Playwright disables extensions by default; we load ours explicitly.
    ignoreDefaultArgs: withExtension ? ['--disable-extensions'] : [],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(withExtension ? [`--disable-extensions-except=${extension}`, `--load-extension=${extension}`] : []),
      ...(locale ? [`--lang=${locale}`] : []),
      ...(hostResolverRules ? [`--host-resolver-rules=${hostResolverRules}`] : []),
    ],
    viewport: viewportFor(headless),
    ...(locale ? { locale, env: { ...process.env, LANGUAGE: locale.replace('-', '_') } } : {}),
  });
  const close = async () => {
    await context.close().catch(() => {});
    rmSync(userDataDir, { recursive: true, force: true });
  };
  if (!withExtension) return { context, extensionId: '', close };
  try {
    await allowDownloads(context, join(userDataDir, 'downloads'));
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    return { context, extensionId: new URL(worker.url()).host, close };
  } catch (error) {
    await close();
    throw error;
  }
}
