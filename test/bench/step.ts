// Step bench: a scripted 30-step task (paging through a shop's search results, reading and searching on the way,
// then a done whose evidence is checked) against the stand-in of the Messages API through the real SDK, on the
// default model's profile (a thinking 5.x model), on a fake page built from realistic snapshot data. It measures what
// the agent core itself costs per step and how the conversation behaves (decision 0012):
//   harnessMedianMs            harness time per step (wall time minus the wait for the model), median
//   cachedShareMedian          per request from step 3 on: cache reads / all input tokens, median; goal ≥ 0.9
//   cachedShareMin             the same, lowest (a request right after the API cleared old tool results)
//   processedTokensStep3/30    the input tokens the model processes (input + cache reads + cache writes, after the
//                              API's context management) at steps 3 and 30; goal: step 30 ≤ 1.5× step 3
//   processedTokensMean21to30  their mean over steps 21 to 30 (step 30 alone may fall just before or after a clearing)
//   sentTokensStep3/30         the request body as sent (chars/4): it grows, the client never edits history
//   clearings                  requests where the API cleared old tool results
//   rejectedRequests           requests the stand-in refused (must be 0)

import { DEFAULT_SETTINGS, withSettings } from '../../src/panel/agent/core/settings';
import { createAnthropicModel } from '../../src/panel/agent/model/llm';
import { AgentController } from '../../src/panel/agent/run/controller';
import type { AgentEvent } from '../../src/panel/agent/task/events';
import { type RecordedRequest, startFakeAnthropic, toolTurn } from '../support/fake-anthropic';
import { FakeAgentBrowser } from '../unit/agent/fakes/browser';
import { CATALOGUE_PAGES, catalogueSite, catalogueUrl, NEXT_PAGE_REF } from '../unit/agent/fakes/catalogue';
import { FakeClock } from '../unit/agent/fakes/clock';
import { FakeNavigation } from '../unit/agent/fakes/navigation';
import { FakeTabs } from '../unit/agent/fakes/tabs';
import { median, round } from './stats';

const STEPS = 30;
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

interface RequestFigures {
  processed: number;
  cachedShare: number;
  sent: number;
  cleared: boolean;
}

function figures(request: RecordedRequest): RequestFigures {
  const usage = request.usage;
  const read = usage?.cache_read_input_tokens ?? 0;
  const processed = (usage?.input_tokens ?? 0) + read + (usage?.cache_creation_input_tokens ?? 0);
  return {
    processed,
    cachedShare: processed > 0 ? read / processed : 0,
    sent: Math.ceil(request.rawBody.length / 4),
    cleared: (request.appliedEdits ?? []).some((edit) => edit.type === 'clear_tool_uses_20250919'),
  };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

export async function benchStep(ctx: { log(line: string): void }): Promise<{
  harnessMedianMs: number;
  cachedShareMedian: number;
  cachedShareMin: number;
  processedTokensStep3: number;
  processedTokensStep30: number;
  processedTokensMean21to30: number;
  sentTokensStep3: number;
  sentTokensStep30: number;
  clearings: number;
  rejectedRequests: number;
}> {
  const fake = await startFakeAnthropic({ apiKey: 'sk-ant-bench' });
  try {
    fake.respondWith((_req, index) => scriptedTurn(index));
    const browser = new FakeAgentBrowser(catalogueSite(), new FakeClock());
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

    const rows = fake.messageRequests.filter((r) => r.usage).map(figures);
    // STEP_BENCH_VERBOSE=1 shows each request's processed tokens, cached share and size as sent.
    if (process.env.STEP_BENCH_VERBOSE) {
      for (const [i, row] of rows.entries()) {
        ctx.log(
          `step: request ${i + 1}: processed ${row.processed}, cached ${round(row.cachedShare)}, sent ${row.sent}` +
            (row.cleared ? ' (old tool results cleared)' : ''),
        );
      }
    }
    const shares = rows.slice(2).map((row) => row.cachedShare);
    const harness = steps.map((s) => s.harnessMs);
    ctx.log(
      `step: harness p50 ${round(median(harness), 2)} ms, max ${round(Math.max(...harness), 2)} ms; model p50 ` +
        `${round(median(steps.map((s) => s.modelMs)), 2)} ms; cached share from step 3: median ` +
        `${round(median(shares))}, min ${round(Math.min(...shares))}`,
    );
    return {
      harnessMedianMs: round(median(harness), 2),
      cachedShareMedian: round(median(shares)),
      cachedShareMin: round(Math.min(...shares)),
      processedTokensStep3: rows[2]?.processed ?? 0,
      processedTokensStep30: rows[STEPS - 1]?.processed ?? 0,
      processedTokensMean21to30: Math.round(mean(rows.slice(20, 30).map((row) => row.processed))),
      sentTokensStep3: rows[2]?.sent ?? 0,
      sentTokensStep30: rows[STEPS - 1]?.sent ?? 0,
      clearings: rows.filter((row) => row.cleared).length,
      rejectedRequests: fake.rejections.length,
    };
  } finally {
    await fake.close();
  }
}
