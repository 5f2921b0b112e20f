// `npm run test:live`: the task scenarios against the real Anthropic API, with the key from ANTHROPIC_API_KEY (and
// optional ANTHROPIC_BASE_URL, STEADYHAND_MODEL). Never part of `npm test` or CI. Prints per task what happened and,
// last, the reliability figures (docs/contracts.md 002-10): the share of tasks done and verified, the share of dones
// that were rejected or later found false, and the P95 of retries per task.

import { resolve } from 'node:path';
import type { TaskResult } from '../../src/panel/agent/task/events';
import { startStaticServer } from '../../src/tooling/static-server';
import { percentile } from '../bench/stats';
import { runTask } from '../e2e/kit/panel-calls';
import { launchExtension } from '../support/extension';
import { startFixtureServer } from '../support/fixture-server';
import { openTab, type PanelGlobal } from '../support/panel';
import { SCENARIOS } from './scenarios';

const apiKey = process.env.ANTHROPIC_API_KEY?.trim();
if (!apiKey) {
  console.log('test:live needs ANTHROPIC_API_KEY (it runs the scenarios against the real API). Nothing was run.');
  process.exit(0);
}

const rounds = Number(process.env.STEADYHAND_LIVE_ROUNDS ?? 1);
const fixtures = await startFixtureServer();
const shop = await startStaticServer(resolve(import.meta.dirname, '../../src/tooling/site'));
const harness = await launchExtension();
const sites = { fixtures, shop };
const rows: { name: string; result: TaskResult; real: boolean; rejected: number }[] = [];

try {
  await harness.panel.evaluate((patch) => (globalThis as PanelGlobal).steadyhand.settings.getState().update(patch), {
    apiKey,
    ...(process.env.ANTHROPIC_BASE_URL ? { baseUrl: process.env.ANTHROPIC_BASE_URL } : {}),
    ...(process.env.STEADYHAND_MODEL ? { model: process.env.STEADYHAND_MODEL } : {}),
  });
  // Nobody sits at the panel in a live run: a site the scenario does not name is denied, as a cautious person would,
  // so a model that wanders off is told so instead of the run waiting for an answer forever.
  await harness.panel.evaluate(() => {
    const { host } = (globalThis as PanelGlobal).steadyhand;
    host.subscribe((event) => {
      if (event.type === 'permission_request') host.answerPermission(event.requestId, 'deny');
    });
  });
  for (let round = 0; round < rounds; round++) {
    for (const scenario of SCENARIOS) {
      const { page } = await openTab(harness, scenario.start(sites));
      await page.bringToFront();
      const { result, events } = await runTask(harness.panel, scenario.instruction(sites));
      const rejected = events.filter((e) => e.type === 'done_rejected').length;
      const real = scenario.check(sites, result.answer ?? '');
      rows.push({ name: scenario.name, result, real, rejected });
      console.log(
        `${scenario.name}: ${result.status}${result.verified ? ' (verified)' : ''}, ${result.metrics.steps} steps, ` +
          `${result.metrics.retries} retries, ${rejected} rejected dones, outcome ${real ? 'real' : 'not real'}: ${result.summary}`,
      );
      await page.close();
    }
  }
} finally {
  await harness.close();
  await Promise.all([fixtures.close(), shop.close()]);
}

const claimedSuccess = rows.filter((row) => row.result.status === 'succeeded');
const dones = rows.reduce((n, row) => n + row.rejected, 0) + claimedSuccess.length;
const falseOrRejected = rows.reduce((n, row) => n + row.rejected, 0) + claimedSuccess.filter((row) => !row.real).length;
console.log(
  JSON.stringify({
    tasks: rows.length,
    doneAndVerifiedShare: rows.filter((row) => row.result.verified).length / rows.length,
    rejectedOrFalseDoneShare: dones === 0 ? 0 : falseOrRejected / dones,
    retriesP95: percentile(
      rows.map((row) => row.result.metrics.retries),
      95,
    ),
  }),
);
