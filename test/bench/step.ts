// Step bench: a scripted 30-step task (paging through a shop's search results, reading and searching on the way,
// then a done whose evidence is checked) against the fake Messages API through the real SDK, on a fake page built
// from realistic snapshot data. It measures what the agent core itself costs per step and how the prompt behaves:
//   harnessMedianMs       harness time per step (wall time minus the wait for the model), median; target ≤ 150
//   promptTokensStep3/30  request size (chars/4, as the fake counts) at steps 3 and 30; target step 30 ≤ 1.5× step 3
//   cacheablePrefixRatio  smallest share, over the requests after the second, of the body up to and including its
//                         last cache_control breakpoint; target ≥ 0.7

import { AgentController } from '../../src/panel/agent/controller';
import type { AgentEvent } from '../../src/panel/agent/events';
import { createAnthropicModel } from '../../src/panel/agent/llm';
import { DEFAULT_SETTINGS, withSettings } from '../../src/panel/agent/settings';
import { type RecordedRequest, startFakeAnthropic, toolTurn } from '../support/fake-anthropic';
import { FakeBrowser } from '../unit/agent/fakes/browser';
import { CATALOGUE_PAGES, catalogueSite, catalogueUrl, NEXT_PAGE_REF } from '../unit/agent/fakes/catalogue';
import { FakeClock } from '../unit/agent/fakes/clock';
import { FakeNavigation } from '../unit/agent/fakes/navigation';
import { FakeTabs } from '../unit/agent/fakes/tabs';
import { median, round } from './stats';

const STEPS = 30;
const BREAKPOINT = '"cache_control":{"type":"ephemeral"}';

/** What the scripted model does at step `i` (0-based): mostly paging, with reads and searches in between. */
function scriptedTurn(i: number) {
  const page = Math.min(CATALOGUE_PAGES, 1 + Math.ceil(i / 2));
  if (i === STEPS - 1) {
    return toolTurn(
      'done',
      {
        success: true,
        answer: `No desk lamp under €20 on the first ${page} pages.`,
        evidence: { quotes: [`Results for “desk lamp” (page ${page} of ${CATALOGUE_PAGES})`] },
      },
      'Checked enough pages: finishing with the page heading as evidence.',
    );
  }
  if (i % 6 === 3)
    return toolTurn('read_page', { maxChars: 3000 }, `Page ${page}: reading the listing text for prices.`);
  if (i % 6 === 5) return toolTurn('find', { query: '€19' }, `Page ${page}: searching for anything at €19.`);
  if (i % 2 === 1)
    return toolTurn('scroll', { direction: 'down' }, `Page ${page}: nothing under €20 so far; scrolling.`);
  return toolTurn('click', { ref: NEXT_PAGE_REF }, `Page ${page}: no lamp under €20 here. Next page.`);
}

export function cacheablePrefix(request: RecordedRequest): number {
  const end = request.rawBody.lastIndexOf(BREAKPOINT);
  return end < 0 ? 0 : (end + BREAKPOINT.length) / request.rawBody.length;
}

export async function benchStep(ctx: { log(line: string): void }): Promise<{
  harnessMedianMs: number;
  promptTokensStep3: number;
  promptTokensStep30: number;
  cacheablePrefixRatio: number;
}> {
  const fake = await startFakeAnthropic({ apiKey: 'sk-ant-bench' });
  try {
    fake.respondWith((_req, index) => scriptedTurn(index));
    const browser = new FakeBrowser(catalogueSite(), new FakeClock());
    const tabs = new FakeTabs(browser, browser.addTab(catalogueUrl(1)));
    const settings = withSettings(DEFAULT_SETTINGS, { apiKey: 'sk-ant-bench', baseUrl: fake.url, maxSteps: STEPS });
    const controller = new AgentController({
      model: (s) => createAnthropicModel(s),
      tabs,
      navigation: new FakeNavigation(browser),
      clock: { now: () => performance.now() },
      settings,
      newId: () => 'bench',
    });
    const steps: Extract<AgentEvent, { type: 'step_finished' }>[] = [];
    controller.subscribe((event) => {
      if (event.type === 'step_finished') steps.push(event);
    });

    const result = await controller.execute('Find a desk lamp under €20 in the search results');
    ctx.log(
      `step: task ${result.status} (${result.verified ? 'verified' : 'unverified'}) in ${result.metrics.steps} steps`,
    );

    const requests = fake.messageRequests;
    const tokens = (i: number) => Math.ceil((requests[i]?.rawBody.length ?? 0) / 4);
    const ratios = requests.slice(2).map(cacheablePrefix);
    // STEP_BENCH_VERBOSE=1 shows each request's size and cacheable share (the low ones follow a read_page).
    if (process.env.STEP_BENCH_VERBOSE) {
      for (const [i, r] of requests.entries()) {
        ctx.log(`step: request ${i + 1}: ${r.rawBody.length} chars, cacheable prefix ${round(cacheablePrefix(r))}`);
      }
    }
    const harness = steps.map((s) => s.harnessMs);
    ctx.log(
      `step: harness p50 ${round(median(harness), 2)} ms, max ${round(Math.max(...harness), 2)} ms; model p50 ` +
        `${round(median(steps.map((s) => s.modelMs)), 2)} ms; cacheable prefix min ${round(Math.min(...ratios))}, ` +
        `median ${round(median(ratios))}`,
    );
    return {
      harnessMedianMs: round(median(harness), 2),
      promptTokensStep3: tokens(2),
      promptTokensStep30: tokens(STEPS - 1),
      cacheablePrefixRatio: round(Math.min(...ratios)),
    };
  } finally {
    await fake.close();
  }
}
