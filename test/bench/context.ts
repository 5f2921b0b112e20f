import type { ExtensionHarness } from '../support/extension';
import type { FixtureServer } from '../support/fixture-server';

export interface BenchContext {
  harness: ExtensionHarness;
  site: FixtureServer;
  /** Progress for a person watching; goes to stderr so the JSON on stdout stays the last line. */
  log(line: string): void;
}
