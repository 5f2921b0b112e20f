// Runs one widget task as a real agent task (the panel's controller, the stand-in model playing the task's policy)
// and judges it through the page: the task's own check, and each action the agent reported verified held up against
// the page's state probe (the rule: docs/decisions/0023-widget-suite.md).

import type { Page } from 'playwright-core';
import type { AgentEvent, TaskResult } from '../../../src/panel/agent/task/events';
import type { TaskAttachment, WidgetTaskWindow } from '../../fixtures/widgets/src/contract';
import type { PanelGlobal } from '../../support/panel';
import {
  type ExtensionHarness,
  type FakeAnthropic,
  type FixtureServer,
  giveUp,
  openFrontTab,
  type Policy,
  play,
  runTask,
  type TaskRun,
} from '../kit';
import { type ActionJudged, isFalseVerification, judgeActions } from './verdict';

/** A policy still asking after this many model requests has lost its way; the task ends as given up. */
const MAX_REQUESTS = 16;
/** The scripted model's last word after its done was rejected. */
const REJECTED_DONE = 'The page shows the result, but nothing on it proves it beyond its labels.';

export interface TaskJudged {
  id: string;
  library: string;
  family: string;
  instruction: string;
  /** The in-page check passed after the task ended. */
  passed: boolean;
  state: Record<string, unknown>;
  agentStatus: string;
  agentVerified: boolean;
  actions: ActionJudged[];
  /** Actions reported verified:true after which the probe showed no change at all. */
  falseVerifications: number;
  /** Set when the task page or the run broke before it could be judged. */
  error?: string;
}

type TaskWindow = Window & WidgetTaskWindow;

async function openTask(browser: ExtensionHarness, site: FixtureServer, id: string): Promise<Page> {
  const { page } = await openFrontTab(browser, site.url(`/widgets/?task=${encodeURIComponent(id)}`));
  await page.waitForFunction(() => {
    const w = window as TaskWindow;
    return w.__widgetTask !== undefined || w.__widgetTaskError !== undefined;
  });
  const error = await page.evaluate(() => (window as TaskWindow).__widgetTaskError);
  if (error) throw new Error(`The task page failed: ${error}`);
  return page;
}

/**
 * Waits for the page's finite animations and transitions to end (a carousel reports its new slide when its slide
 * transition ends), then one frame and one task for the handlers they trigger, so the check reads what a person sees
 * once the page is still. Capped, so a page that keeps animating is judged anyway.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime));
    const cap = new Promise((resolve) => setTimeout(resolve, 3000));
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), cap]);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
}

type RunGlobal = PanelGlobal & { widgetRun?: { events: AgentEvent[]; result?: TaskResult; off?: () => void } };

/**
 * Gives the task the way a person does when it comes with a file: attaches the file in the panel's composer (its
 * file input, into the panel's attachments store), types the instruction and presses Enter, so the panel's own
 * command sends the file with the task (src/panel/wiring/commands.ts), as test/e2e/files-agent.e2e.ts does.
 */
async function runWithAttachment(panel: Page, instruction: string, attach: TaskAttachment): Promise<TaskRun> {
  await panel.setInputFiles('[data-testid=attach-input]', {
    name: attach.name,
    mimeType: attach.type,
    buffer: Buffer.from(attach.text),
  });
  await panel.waitForFunction(
    (name) => document.querySelector('[data-testid=attachments]')?.textContent?.includes(name) === true,
    attach.name,
  );
  await panel.evaluate(() => {
    const g = globalThis as RunGlobal;
    const run: NonNullable<RunGlobal['widgetRun']> = { events: [] };
    g.widgetRun = run;
    run.off = g.steadyhand.host.subscribe((event) => {
      run.events.push(event);
      if (event.type === 'task_finished') run.result = { ...event };
    });
  });
  await panel.fill('#task-input', instruction);
  await panel.press('#task-input', 'Enter');
  await panel.waitForFunction(() => (globalThis as RunGlobal).widgetRun?.result !== undefined, null, {
    timeout: 60_000,
  });
  return panel.evaluate(() => {
    const run = (globalThis as RunGlobal).widgetRun;
    run?.off?.();
    return { result: run?.result as TaskResult, events: run?.events ?? [] };
  });
}

const probe = (page: Page) => page.evaluate(() => (window as TaskWindow).__widgetTask?.probe() ?? '');

export async function judgeTask(
  context: { browser: ExtensionHarness; site: FixtureServer; model: FakeAnthropic },
  id: string,
  policy: Policy,
): Promise<TaskJudged> {
  const { browser, site, model } = context;
  const page = await openTask(browser, site, id);
  try {
    const meta = await page.evaluate(() => {
      const task = (window as TaskWindow).__widgetTask;
      return {
        library: task?.library ?? '',
        family: task?.family ?? '',
        instruction: task?.instruction ?? '',
        attach: task?.attach,
      };
    });
    const { attach, ...about } = meta;
    // probes[i]: the page's state when model request i arrived, i.e. after the action request i-1 asked for.
    const probes: string[] = [];
    play(model, async (seen) => {
      probes.push(await probe(page));
      if (process.env.WIDGETS_TRACE)
        console.log(`--- ${id} request ${seen.index}\nprobe: ${probes.at(-1)}\n${seen.text}`);
      if (seen.index >= MAX_REQUESTS) return giveUp(`No result after ${MAX_REQUESTS} model requests.`);
      // The policies finish quoting a label that was on the page before the task acted, which the done gate rejects
      // (decision 0024). The scripted model does not argue: asked again, a policy would read the page and act on a
      // widget already set. The page's own check judges the task either way.
      if (seen.previousTools.includes('done')) return giveUp(REJECTED_DONE);
      return policy(seen);
    });
    const { result, events } = attach
      ? await runWithAttachment(browser.panel, about.instruction, attach)
      : await runTask(browser.panel, about.instruction);
    await settled(page);
    probes.push(await probe(page));
    const check = await page.evaluate(() => (window as TaskWindow).__widgetTask?.check());
    const results = events.flatMap((event) => (event.type === 'tool_result' ? [event] : []));
    const { actions, paired } = judgeActions(results, probes);
    return {
      id,
      ...about,
      passed: check?.done === true,
      state: check?.state ?? {},
      agentStatus: result.status,
      agentVerified: result.verified === true,
      actions,
      falseVerifications: actions.filter(isFalseVerification).length,
      ...(paired ? {} : { error: `${results.length} tool results for ${probes.length - 1} model requests` }),
    };
  } finally {
    await page.close();
  }
}
