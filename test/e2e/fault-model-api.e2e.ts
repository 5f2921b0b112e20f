// Model API faults in a running task, through the real panel, relay and page, from the fake Messages API: transient
// failures (429 with retry-after, 529, 500, a stream cut mid-way, a request that hangs past the timeout) are retried
// and the task succeeds; persistent ones end it as `error` with a summary naming the cause; broken tool calls
// (invalid JSON, an unknown tool, a ref from a snapshot the page has re-rendered since) go back to the model as
// is_error tool results and the task goes on. The panel shows the retries and the error.

import type { Page } from 'playwright-core';
import { DEFAULT_SETTINGS } from '../../src/panel/agent/core/settings';
import { rawToolTurn } from '../support/fake-anthropic';
import { storedHistory } from '../support/fault-harness';
import { tally } from '../support/reliability';
import {
  act,
  control,
  describe,
  type ExtensionHarness,
  expect,
  type FixtureServer,
  inOrder,
  it,
  openTab,
  type PanelGlobal,
  type Policy,
  play,
  runTask,
  type Seen,
  type TaskRun,
  type Turn,
  test,
} from './kit';

let opened: Page[] = [];
let tasksRun = 0;
let tasksLost = 0;

test.afterAll(() => {
  if (tasksRun > 0) tally.tasks(tasksRun, tasksLost);
});

test.afterEach(async () => {
  await Promise.all(opened.map((page) => page.close()));
  opened = [];
});

async function webTab(browser: ExtensionHarness, site: FixtureServer, path: string): Promise<Page> {
  const { page } = await openTab(browser, site.url(path));
  opened.push(page);
  await page.bringToFront();
  return page;
}

const readAndFinish = (): Policy[] => [
  () => act('read_page'),
  () =>
    act('done', {
      success: true,
      kind: 'reading',
      answer: 'It is the fixture home.',
      evidence: { quotes: ['Fixture home'] },
    }),
];

/** Runs a task and checks it was not lost: it ended with a status, and the panel's stored history holds that ending. */
async function runCounted(panel: Page, instruction: string): Promise<TaskRun> {
  tasksRun++;
  const run = await runTask(panel, instruction);
  const storedStatus = async () => (await storedHistory(panel)).tasks[run.result.taskId]?.status ?? null;
  try {
    await expect.poll(storedStatus).toBe(run.result.status);
  } catch (error) {
    tasksLost++;
    throw error;
  }
  return run;
}

const panelCard = (panel: Page) => panel.getByTestId('task-card');
const notesShown = (panel: Page) => panelCard(panel).locator('.note').allTextContents();

/** The model timeout setting, in seconds (null: back to the default). */
async function setModelTimeout(panel: Page, sec: number | null): Promise<void> {
  await panel.evaluate(
    (value) => (globalThis as PanelGlobal).steadyhand.settings.getState().update({ modelTimeoutSec: value }),
    sec ?? DEFAULT_SETTINGS.modelTimeoutSec,
  );
}

describe('transient API faults', () => {
  it('retries 429 after its retry-after, 529 and 500, and the task succeeds', async ({ browser, site, model }) => {
    await webTab(browser, site, '/index.html');
    const [read, done] = readAndFinish() as [Policy, Policy];
    play(
      model,
      inOrder([
        { fault: 'rate_limit', retryAfterSec: 0.6 },
        { fault: 'overloaded' },
        read,
        { fault: 'server_error' },
        done,
      ]),
    );

    const { result, events } = await runCounted(browser.panel, 'What page is this?');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const retries = events.flatMap((e) => (e.type === 'model_retry' ? [e] : []));
    expect(retries.map((r) => [r.step, r.attempt])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ]);
    // The 429 was waited out as the API asked, and the next request came no earlier.
    expect(retries[0]?.delayMs).toBe(600);
    const [limited, afterLimit] = model.messageRequests;
    expect((afterLimit?.time ?? 0) - (limited?.time ?? 0)).toBeGreaterThanOrEqual(600);
    expect(result.metrics.retries).toBe(3);
    const notes = await notesShown(browser.panel);
    expect(notes).toEqual([
      'The API rate limit was reached (This request would exceed your rate limit.): retrying in 0.6 s.',
      expect.stringMatching(/^The API is overloaded \(Overloaded\): retrying in \d\.\d s\.$/),
      expect.stringMatching(/^The API failed with status 500 \(Internal server error\): retrying in \d\.\d s\.$/),
    ]);
    tally.fault('api_429');
    tally.fault('api_529');
    tally.fault('api_500');
  });

  it('retries a stream cut mid-way, and an overload error sent mid-stream, acting only on a complete turn', async ({
    browser,
    site,
    model,
  }) => {
    const page = await webTab(browser, site, '/security/sec-rerender.html');
    const click = (seen: Seen) => act('click', { ref: control(seen, 'button', /^save$/i).ref }, 'Saving now.');
    // Eight events: the text, then the click's tool_use block with the first part of its input JSON.
    play(
      model,
      inOrder([
        (seen) => ({ fault: 'cut', afterEvents: 8, turn: click(seen) }),
        (seen) => ({ fault: 'stream_error', afterEvents: 8, turn: click(seen) }),
        click,
        () => act('done', { success: true, answer: 'Saved.', evidence: { quotes: ['Saved 1 time'] } }),
      ]),
    );

    const { result, events } = await runCounted(browser.panel, 'Save the draft');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(events.filter((e) => e.type === 'model_retry')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'tool_call' && e.name === 'click')).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { saves(): number }).saves())).toBe(1);
    expect(await notesShown(browser.panel)).toEqual([
      expect.stringMatching(/^The connection to the model broke: .*: retrying in \d\.\d s\.$/),
      expect.stringMatching(/^The API is overloaded \(Overloaded\): retrying in \d\.\d s\.$/),
    ]);
    tally.fault('api_stream_cut');
    tally.fault('api_529_mid_stream');
  });

  it('retries a request that hangs, and a stream that stalls mid-answer, past the model timeout', async ({
    browser,
    site,
    model,
  }) => {
    await webTab(browser, site, '/index.html');
    await setModelTimeout(browser.panel, 1);
    try {
      play(
        model,
        inOrder([
          { fault: 'hang' },
          { fault: 'stall', afterEvents: 4, turn: act('read_page', {}, 'Reading the page first, then') },
          ...readAndFinish(),
        ]),
      );

      const { result, events } = await runCounted(browser.panel, 'What page is this?');

      expect(result).toMatchObject({ status: 'succeeded', verified: true });
      const retries = events.flatMap((e) => (e.type === 'model_retry' ? [e.reason] : []));
      expect(retries).toEqual([
        expect.stringMatching(/^The model API did not answer within 1 s/),
        expect.stringMatching(/^The model stopped sending mid-answer: nothing came for 1 s/),
      ]);
      // Nothing from the stalled half-turn was acted on: the calls are those of the complete turns.
      const calls = events.flatMap((e) => (e.type === 'tool_call' ? [e.name] : []));
      expect(calls).toEqual(['read_page', 'done']);
      expect(model.messageRequests).toHaveLength(4);
      expect(await notesShown(browser.panel)).toHaveLength(2);
      tally.fault('api_hang');
      tally.fault('api_stream_stall');
    } finally {
      await setModelTimeout(browser.panel, null);
    }
  });
});

describe('persistent API faults', () => {
  it('ends the task as error naming the cause when 500s outlast the retries, and the panel says so', async ({
    browser,
    site,
    model,
  }) => {
    await webTab(browser, site, '/index.html');
    play(model, inOrder(Array.from({ length: 4 }, () => ({ fault: 'server_error' }) as Turn)));

    const { result, events } = await runCounted(browser.panel, 'What page is this?');

    expect(result).toMatchObject({
      status: 'error',
      errorKind: 'server',
      summary: 'The API failed and retries ran out: try again later (Internal server error).',
    });
    expect(events.filter((e) => e.type === 'model_retry')).toHaveLength(3);
    expect(model.messageRequests).toHaveLength(4);
    const final = panelCard(browser.panel).getByTestId('final-status');
    await expect.poll(() => final.getAttribute('data-status')).toBe('error');
    expect(await final.getByTestId('final-summary').textContent()).toBe(result.summary);
    expect(await notesShown(browser.panel)).toHaveLength(3);
    tally.fault('api_500', 4);
  });

  it('ends as error when the rate limit does not lift, having waited as asked each time', async ({
    browser,
    site,
    model,
  }) => {
    await webTab(browser, site, '/index.html');
    play(model, inOrder(Array.from({ length: 6 }, () => ({ fault: 'rate_limit', retryAfterSec: 0.1 }) as Turn)));

    const { result, events } = await runCounted(browser.panel, 'What page is this?');

    expect(result).toMatchObject({ status: 'error', errorKind: 'rate_limited' });
    expect(result.summary).toMatch(/^The API rate limit was reached and retries ran out: wait a minute/);
    const delays = events.flatMap((e) => (e.type === 'model_retry' ? [e.delayMs] : []));
    expect(delays).toEqual([100, 100, 100, 100, 100]);
    tally.fault('api_429', 6);
  });

  it('ends at once, without retrying, when the API refuses the key', async ({ browser, site, model }) => {
    await webTab(browser, site, '/index.html');
    play(model, inOrder([{ fault: 'unauthorized' }]));

    const { result, events } = await runCounted(browser.panel, 'What page is this?');

    expect(result).toMatchObject({ status: 'error', errorKind: 'auth' });
    expect(result.summary).toMatch(/^Check your API key in settings/);
    expect(events.filter((e) => e.type === 'model_retry')).toHaveLength(0);
    expect(model.messageRequests).toHaveLength(1);
    tally.fault('api_401');
  });
});

describe('broken tool calls', () => {
  it('returns invalid tool JSON and an unknown tool to the model as errors, and the task goes on', async ({
    browser,
    site,
    model,
  }) => {
    const page = await webTab(browser, site, '/security/sec-rerender.html');
    const log = play(
      model,
      inOrder([
        rawToolTurn('click', '{"ref": 3, "because": "the save butt', 'Saving.'),
        () => act('teleport', { to: 'the save button' }),
        (seen) => act('click', { ref: control(seen, 'button', /^save$/i).ref }),
        () => act('done', { success: true, answer: 'Saved.', evidence: { quotes: ['Saved 1 time'] } }),
      ]),
    );

    const { result, events } = await runCounted(browser.panel, 'Save the draft');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const [, afterJson, afterUnknown] = log;
    expect(afterJson?.results ?? []).toEqual([
      expect.objectContaining({ isError: true, text: expect.stringMatching(/^The input of click was not valid JSON/) }),
    ]);
    expect(afterUnknown?.results ?? []).toEqual([
      expect.objectContaining({
        isError: true,
        text: expect.stringMatching(/^Unknown tool "teleport"\. Available tools: /),
      }),
    ]);
    const outcomes = events.flatMap((e) => (e.type === 'tool_result' ? [[e.name, e.outcome]] : []));
    expect(outcomes).toEqual([
      ['click', 'invalid_input'],
      ['teleport', 'unknown_tool'],
      ['click', 'ok'],
      ['done', 'done_accepted'],
    ]);
    // The broken click was never run: the one save is the valid click's.
    expect(await page.evaluate(() => (window as unknown as { saves(): number }).saves())).toBe(1);
    tally.badInput('invalid tool json');
    tally.badInput('unknown tool');
  });

  it('answers a ref the page re-rendered away with stale_ref, never a click on the new element', async ({
    browser,
    site,
    model,
  }) => {
    const page = await webTab(browser, site, '/security/sec-rerender.html');
    const saves = () => page.evaluate(() => (window as unknown as { saves(): number }).saves());
    const log = play(
      model,
      inOrder([
        async (seen) => {
          const stale = control(seen, 'button', /^save$/i).ref;
          // While the model "thinks", the page rebuilds its toolbar: the Save it saw is gone, a lookalike took its place.
          await page.evaluate(() => (window as unknown as { render(): number }).render());
          return act('click', { ref: stale });
        },
        (seen) => act('click', { ref: control(seen, 'button', /^save$/i).ref }),
        () => act('done', { success: true, answer: 'Saved.', evidence: { quotes: ['Saved 1 time'] } }),
      ]),
    );

    const { result, events } = await runCounted(browser.panel, 'Save the draft');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const [, afterStale] = log;
    expect(afterStale?.results ?? []).toEqual([
      expect.objectContaining({ isError: true, text: expect.stringContaining('(stale_ref:') }),
    ]);
    const clicks = events.flatMap((e) => (e.type === 'tool_result' && e.name === 'click' ? [e.outcome] : []));
    expect(clicks).toEqual(['execute_error', 'ok']);
    expect(await saves()).toBe(1); // only the click on the Save the model saw afterwards
    tally.badInput('stale ref');
  });
});
