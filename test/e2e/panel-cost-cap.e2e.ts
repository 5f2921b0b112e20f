// The per-task cost cap end to end (decision 0017): a limit set in the settings form, a model on the stand-in of the
// Messages API that keeps working (it reads the page every step and never finishes), and the task ends `cost_limit`
// before the request that would take it past the limit: every request sent was within the limit by the loop's
// prediction (what was spent plus the last request's cost), the one not sent was not. The stand-in reports usage as
// the API does (test/support/fake-anthropic/usage.ts: the prompt's tokens, written to or read from its prompt cache,
// and the reply's), priced by prices.ts: on the default model the first request costs about a cent and a half (its
// whole prompt is written to the cache) and each later one about a quarter of a cent (read from it), so a limit of
// 0.04 USD lets the task take about nine steps and then stops it (a limit under twice the first request would stop it
// after one, as the prompt grows).

import type { Page } from 'playwright-core';
import type { AgentSettings } from '../../src/panel/agent/core/settings';
import { requestCost } from '../../src/panel/agent/model/prices';
import { costLimitEnding, moneyDigits } from '../../src/panel/agent/task/cost-cap';
import type { AgentEvent } from '../../src/panel/agent/task/events';
import { openSettingsSection } from '../support/settings-form';
import { act, describe, expect, it, openFrontTab, type PanelGlobal, play, runTask, useKit } from './kit';
import { PANEL_VIEWPORT, textOf } from './panel-harness';

useKit({ viewport: PANEL_VIEWPORT });

const LIMIT_USD = 0.04;

/** The settings the panel has now, to put back after the test. */
function currentSettings(panel: Page): Promise<AgentSettings> {
  return panel.evaluate(() => (globalThis as PanelGlobal).steadyhand.settings.getState().settings);
}

async function setLimitInForm(panel: Page, limit: string): Promise<void> {
  const form = await openSettingsSection(panel, 'behaviour');
  // Saved as it is typed.
  await form.getByLabel('Cost limit per task (USD)').fill(limit);
  await expect.poll(() => textOf(form.getByTestId('save-result'))).toBe('Saved.');
}

/** What each model request of the run cost, in order, from the usage of each finished step (one request a step). */
function requestCosts(events: AgentEvent[]): number[] {
  const model = events.find((e) => e.type === 'task_started')?.model ?? '';
  return events.flatMap((e) => {
    if (e.type !== 'step_finished' || !e.usage) return [];
    const cost = requestCost(model, e.usage);
    if (cost === null) throw new Error(`No price for ${model}: the cap would not apply.`);
    return [cost];
  });
}

describe('the per-task cost cap', () => {
  it('ends a task that keeps working before the request that would pass its cost limit, and says so', async ({
    browser,
    site,
    model,
  }) => {
    const panel = browser.panel;
    const before = await currentSettings(panel);
    const { page } = await openFrontTab(browser, site.url('/agent/agent-facts.html'));
    try {
      await setLimitInForm(panel, String(LIMIT_USD));
      expect((await currentSettings(panel)).maxTaskCostUsd).toBe(LIMIT_USD);
      // A model that never finishes: each step reads the page from another offset (so it is not repeating itself).
      play(model, (seen) => act('read_page', { from: seen.index }, 'Reading on.'));

      const { result, events } = await runTask(panel, 'Read this page over and over');

      expect(result.status).toBe('cost_limit');
      const costs = requestCosts(events);
      // Every request that reached the stand-in was a step of the task, and was counted.
      expect(model.messageRequests).toHaveLength(costs.length);
      expect(result.metrics.steps).toBe(costs.length);
      expect(costs.length).toBeGreaterThanOrEqual(3);
      expect(costs.length).toBeLessThan(before.maxSteps);
      // Before each request after the first, spent + the last request's cost was within the limit ...
      let spent = 0;
      for (const [i, cost] of costs.entries()) {
        if (i > 0) expect(spent + (costs[i - 1] ?? 0), `request ${i + 1}`).toBeLessThanOrEqual(LIMIT_USD);
        spent += cost;
      }
      // ... and for the request not sent it was not.
      const last = costs.at(-1) ?? 0;
      expect(spent + last).toBeGreaterThan(LIMIT_USD);
      expect(result.costLimit?.limitUsd).toBe(LIMIT_USD);
      expect(result.costLimit?.spentUsd).toBeCloseTo(spent, 9);
      expect(result.costLimit?.nextUsd).toBeCloseTo(last, 9);
      expect(result.metrics.costUsd).toBeCloseTo(spent, 9);
      // What it spent is written with as many decimals as it takes not to read as the limit ("$0.037 of $0.04").
      const spentText = `$${spent.toFixed(moneyDigits(spent, LIMIT_USD))}`;
      expect(spentText).not.toBe('$0.04');
      expect(result.summary).toBe(
        `Stopped at this task's cost limit: it spent ${spentText} of $0.04, and the next step would go over. ` +
          'Raise the limit in Settings to let tasks run longer.',
      );
      expect(result.summary).toBe(
        costLimitEnding(result.costLimit ?? { limitUsd: 0, spentUsd: 0, nextUsd: 0 }).summary,
      );

      // The history lists it with its ending and its cost, and its card says why it ended.
      await panel.getByRole('navigation').getByRole('button', { name: 'History' }).click();
      const item = panel.getByTestId('history-item').first();
      expect(await item.getAttribute('data-task-id')).toBe(result.taskId);
      expect(await item.getAttribute('data-status')).toBe('cost_limit');
      expect(await textOf(item.locator('.badge'))).toBe('Stopped: cost limit reached');
      expect(await textOf(item.getByTestId('history-cost'))).toMatch(/^≈ 0\.\d{2,4} USD$/);
      await item.getByTestId('history-open').click();
      expect(await textOf(panel.getByTestId('history-detail').getByTestId('final-summary'))).toBe(result.summary);
      await panel.getByRole('button', { name: 'Back to history' }).click();
    } finally {
      await panel.evaluate((s) => (globalThis as PanelGlobal).steadyhand.settings.getState().update(s), before);
      await page.close();
    }
  });
});
