// `npm run bench`: measures, prints progress as it goes, and ends with one JSON object (one key per area) as the
// last line of its output. Benchmarks measure; they assert nothing (the tests do that).

import { launchExtension } from '../support/extension';
import { startFixtureServer } from '../support/fixture-server';
import { navRoutes } from '../support/nav-routes';
import { benchBackground } from './background';
import type { BenchContext } from './context';
import { benchHistory } from './history';
import { benchIdle } from './idle';
import { benchMcp } from './mcp';
import { benchParallel } from './parallel';
import { benchRelay } from './relay';
import { benchReplay } from './replay';
import { benchSettle } from './settle';
import { benchSnapshot } from './snapshot';
import { benchStep } from './step';

type Section = [name: string, run: (ctx: BenchContext) => Promise<unknown>];

/** The background block runs once: `parallel` reports its hidden-against-visible figure too. */
let background: ReturnType<typeof benchBackground> | null = null;
const backgroundOnce = (ctx: BenchContext) => {
  background ??= benchBackground(ctx);
  return background;
};

const SECTIONS: Section[] = [
  ['relay', benchRelay],
  ['snapshot', benchSnapshot],
  ['step', benchStep],
  ['settle', benchSettle],
  ['background', backgroundOnce],
  ['parallel', (ctx) => benchParallel(ctx, () => backgroundOnce(ctx))],
  ['mcp', benchMcp],
  ['history', benchHistory],
  ['replay', benchReplay],
  ['idle', benchIdle], // last: its second pass closes the panel
];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const site = await startFixtureServer(navRoutes());
  const harness = await launchExtension();
  const log = (line: string) => console.error(`[bench] ${line}`);
  const results: Record<string, unknown> = {};
  try {
    for (const [name, run] of SECTIONS) {
      if (only.length > 0 && !only.includes(name)) continue;
      const started = performance.now();
      log(`${name}: running`);
      results[name] = await run({ harness, site, log });
      log(`${name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s ${JSON.stringify(results[name])}`);
    }
  } finally {
    await harness.close();
    await site.close();
  }
  console.log(JSON.stringify(results));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
