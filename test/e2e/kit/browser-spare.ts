// Chromium with the extension and its panel takes seconds to start (5 s on the CI machine: the launch, the service
// worker, the panel's bundle), once per file. The e2e files run without isolation (vitest.config.ts), so a worker can
// start the next file's browser as soon as a file is done: it starts while the old browser closes and vitest collects
// the next file, and a file that wants the usual browser takes it ready. It never starts while a file's tests run, so
// it takes no CPU from them. Each browser still serves one file only, with its own fresh profile, and is closed after it.

import { type ExtensionHarness, type HarnessOptions, launchExtension } from '../../support/extension';

/** The options of the browser started ahead: the usual one (no locale, no resolver rules, Playwright's launch). */
const USUAL: HarnessOptions = {};

const keyOf = (options: HarnessOptions) => JSON.stringify(options, Object.keys(options).sort());

export class BrowserSpare {
  #spare: Promise<ExtensionHarness> | undefined;

  /** A browser for one file: the spare when the file wants the usual one and one was started, else a fresh launch. */
  take(options: HarnessOptions): Promise<ExtensionHarness> {
    const spare = this.#spare;
    if (spare === undefined || keyOf(options) !== keyOf(USUAL)) return launchExtension(options);
    this.#spare = undefined;
    // A spare that failed to start is no reason to fail the file: it gets a launch of its own.
    return spare.catch(() => launchExtension(options));
  }

  /** Starts the next file's browser (a file is done; called before its browser closes). */
  startNext(): void {
    if (this.#spare !== undefined) return;
    this.#spare = launchExtension(USUAL);
    this.#spare.catch(() => {}); // a failed spare is the next file's to report (it launches its own), not unhandled
  }

  /** Closes the spare nobody took (the worker is done). */
  async close(): Promise<void> {
    const spare = this.#spare;
    this.#spare = undefined;
    await (await spare?.catch(() => undefined))?.close();
  }
}
