// Chromium with the extension and its panel takes seconds to start (5 s on the CI machine: the launch, the service
// worker, the panel's bundle), once per file. The e2e files run without isolation (vitest.config.ts), so a worker can
// keep one browser launched ahead: while a file runs, the next file's browser starts, and a file that wants the usual
// browser takes it ready. Each browser still serves one file only, with its own fresh profile, and is closed after it.

import { type ExtensionHarness, type HarnessOptions, launchExtension } from '../../support/extension';

/** The options of the browser launched ahead: the usual one (no locale, no resolver rules, Playwright's launch). */
const USUAL: HarnessOptions = {};

const keyOf = (options: HarnessOptions) => JSON.stringify(options, Object.keys(options).sort());

export class BrowserSpare {
  #spare: Promise<ExtensionHarness> | undefined;

  /** A browser for one file: the spare when the file wants the usual one, else a fresh launch. */
  take(options: HarnessOptions): Promise<ExtensionHarness> {
    if (keyOf(options) !== keyOf(USUAL)) return launchExtension(options);
    const spare = this.#spare;
    // A spare that failed to start is no reason to fail the file: it gets a launch of its own.
    const taken = spare === undefined ? launchExtension(options) : spare.catch(() => launchExtension(options));
    // The next file's browser starts once this one is up, so two launches never compete.
    this.#spare = taken.then(
      () => launchExtension(USUAL),
      () => launchExtension(USUAL),
    );
    this.#spare.catch(() => {}); // a failed spare is reported by the file that takes it, not as unhandled
    return taken;
  }

  /** Closes the spare nobody took (the worker is done). */
  async close(): Promise<void> {
    const spare = this.#spare;
    this.#spare = undefined;
    await (await spare?.catch(() => undefined))?.close();
  }
}
