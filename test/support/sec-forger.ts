// Drives test/fixtures/site/security/sec-forger.html, the hostile page: each round it tries every way a page has to reach
// Steadyhand and reports what it could see and what each attempt gave.

import type { Page } from 'playwright-core';

export interface ForgerSight {
  /** Keys of `window.chrome` in the page's world. */
  chromeKeys: string[];
  /** `typeof window.chrome?.runtime`. */
  runtime: string;
  /** Globals of the page's world that look like Steadyhand's. */
  windowNames: string[];
  dataset: Record<string, string>;
  maskElements: number;
  /** Set only if a forged evaluate ran. */
  forgedEvaluate: string | null;
}

export interface ForgeReport {
  before: ForgerSight;
  after: ForgerSight;
  /** The outcome of each chrome.runtime attempt ("no chrome.runtime in the page", "refused: …", "answered: …"). */
  runtime: string[];
  /** Forged messages sent through the window channels (postMessage, CustomEvents, MessageChannel). */
  posted: number;
  /** What importing the content script's web-accessible module into the page's world did. */
  module: string;
  scrollY: number;
  presses: number;
}

/** One round of forgery from `page`, aimed at `tabId` (the page's own tab, or another). */
export function forge(page: Page, args: { ext: string; tabId: number; modulePath: string | undefined }) {
  return page.evaluate((a) => (window as unknown as { forge(x: typeof a): Promise<ForgeReport> }).forge(a), args);
}
