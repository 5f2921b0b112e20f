// Runs once before the e2e project: the extension must be built, and a browser must exist. A missing browser is a
// failure with instructions, never a silent skip.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { findChromium } from '../../src/demo/find-chromium';

export default function setup(): void {
  findChromium(); // throws with install instructions when none is found
  const manifest = resolve(import.meta.dirname, '../../dist/manifest.json');
  if (!existsSync(manifest)) {
    throw new Error('dist/ is missing: run `npm run build` first (`npm test` and `npm run test:e2e` do it for you).');
  }
}
