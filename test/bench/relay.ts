// Relay round trip: panel → service worker → content script → back, against the floor of the panel messaging the
// content script directly with chrome.tabs.sendMessage (no worker). Both measured inside the panel, interleaved
// in rounds so that a slow moment of the machine hits both sides alike.

import type { PanelGlobal } from '../support/panel';
import { openTab } from '../support/panel';
import type { BenchContext } from './context';
import { median, percentile, round } from './stats';

export async function benchRelay(ctx: BenchContext, calls = 500) {
  const { tabId, page } = await openTab(ctx.harness, ctx.site.url('/index.html'));
  ctx.log(`relay: ${calls} round trips each way on tab ${tabId}`);
  const samples = await ctx.harness.panel.evaluate(
    async ({ tabId, calls }) => {
      const { transport, pages } = (globalThis as PanelGlobal).steadyhand;
      await pages(tabId).ping(); // puts the script in the page, as a task would: outside one, no page has it
      const viaWorker: number[] = [];
      const direct: number[] = [];
      const message = { kind: 'cs:rpc', v: 1, method: 'ping', args: [] };
      // Warm both paths up (worker awake, JIT) before measuring.
      for (let i = 0; i < 20; i++) {
        await transport.call(tabId, 'ping', []);
        await chrome.tabs.sendMessage(tabId, message, { frameId: 0 });
      }
      for (let round = 0; round < calls / 50; round++) {
        for (let i = 0; i < 50; i++) {
          const t0 = performance.now();
          await transport.call(tabId, 'ping', []);
          viaWorker.push(performance.now() - t0);
        }
        for (let i = 0; i < 50; i++) {
          const t0 = performance.now();
          await chrome.tabs.sendMessage(tabId, message, { frameId: 0 });
          direct.push(performance.now() - t0);
        }
      }
      return { viaWorker, direct };
    },
    { tabId, calls },
  );
  await page.close();
  const viaWorkerMedianMs = median(samples.viaWorker);
  const directMedianMs = median(samples.direct);
  return {
    calls,
    viaWorkerMedianMs: round(viaWorkerMedianMs),
    viaWorkerP95Ms: round(percentile(samples.viaWorker, 95)),
    directMedianMs: round(directMedianMs),
    directP95Ms: round(percentile(samples.direct, 95)),
    ratio: round(viaWorkerMedianMs / directMedianMs, 2),
  };
}
