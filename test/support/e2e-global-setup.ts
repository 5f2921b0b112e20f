// Runs once around the e2e project: the extension must be built, and a browser must exist. A missing browser is a
// failure with instructions, never a silent skip. At the end it prints the reliability counts the suites recorded
// (test/support/reliability.ts) and writes them to test-results/reliability.json.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium } from '../../src/tooling/find-chromium';
import { DIST } from '../../src/tooling/launch-browser';
import { beginTallies, formatReport, summarize, takeTallies, writeReport } from './reliability';

export default function setup(): () => void {
  findChromium(); // throws with install instructions when none is found
  const manifest = join(DIST, 'manifest.json');
  if (!existsSync(manifest)) {
    throw new Error(
      `${DIST} has no build: run \`npm run build\` first (\`npm test\` and \`npm run test:e2e\` do it for you).`,
    );
  }
  beginTallies();
  return () => {
    const records = takeTallies();
    if (records.length === 0) return; // a filtered run that touched no fault suite has nothing to report
    const report = summarize(records);
    writeReport(report);
    console.log(`\n${formatReport(report)}\n`);
  };
}
