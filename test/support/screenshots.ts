// Screenshots kept as test artifacts: PNGs under test-results/screenshots/<test>/<state>.png (test-results/ is
// git-ignored). They are for people reviewing a run (what the panel looked like while running, finished, asking),
// never compared pixel by pixel.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const SCREENSHOTS_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');

/** A file-system-safe name: "panel task > stops on Esc" → "panel-task-stops-on-esc". */
export function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'unnamed'
  );
}

/** The running test's full name ("file > describe > test"), for the folder. */
function currentTest(): string {
  const name = expect.getState().currentTestName;
  if (!name) throw new Error('saveScreenshot needs a test name outside a running test: pass one.');
  return name;
}

/** Where the PNG of `state` for `test` goes; the folder is created. */
export function screenshotPath(state: string, test: string = currentTest()): string {
  const dir = join(SCREENSHOTS_DIR, slug(test));
  mkdirSync(dir, { recursive: true });
  return join(dir, `${slug(state)}.png`);
}

/**
 * Saves a screenshot of a page (its full length) or of one element, or PNG bytes taken otherwise (e.g. over CDP
 * for the real side panel), and returns the file's path.
 */
export async function saveScreenshot(
  source: Page | Locator | Uint8Array,
  state: string,
  test: string = currentTest(),
): Promise<string> {
  const path = screenshotPath(state, test);
  if (source instanceof Uint8Array) writeFileSync(path, source);
  else if ('goto' in source) await source.screenshot({ path, fullPage: true, animations: 'disabled' });
  else await source.screenshot({ path, animations: 'disabled' });
  return path;
}
