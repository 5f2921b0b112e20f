// Stop and a click on its way, in real Chromium (issue 28, "Also seen"). The fixture's button rings the server
// synchronously, so the page, and the click the agent sent, stay busy until the test lets the server answer: Stop is
// pressed while the click is out, deterministically. The page does not know about Stop, so the click lands; the task
// ends saying so, its step counted, and the call shows as "may have happened". Stop pressed after the model replied
// but before the click was sent sends nothing.

import type { ServerResponse } from 'node:http';
import {
  act,
  control,
  describe,
  expect,
  giveUp,
  it,
  openFrontTab,
  outcomes,
  type PanelGlobal,
  play,
  type Route,
  startTask,
  stopStartedTask,
  taskResult,
  test,
  useKit,
} from './kit';

/** `/held-ring`: each request waits until the test answers it; the test can wait for one to arrive. */
function heldRings() {
  const held: ServerResponse[] = [];
  const waiting: (() => void)[] = [];
  const route: Route = (_req, res, url) => {
    if (url.pathname !== '/held-ring') return false;
    held.push(res);
    for (const resolve of waiting.splice(0)) resolve();
    return true;
  };
  return {
    route,
    /** How many rings reached the server. */
    count: () => held.length,
    /** Resolves once a ring reached the server: the page is running the click's handler. */
    arrived: () => (held.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    /** Answers every ring held, so the page's click handler finishes. */
    release: (body: string) => {
      for (const res of held) if (!res.writableEnded) res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    },
  };
}

const rings = heldRings();

useKit({ routes: [rings.route] });

const ringTheBell = (model: Parameters<typeof play>[0]) =>
  play(model, (seen) =>
    seen.previousTools.length === 0
      ? act('click', { ref: control(seen, 'button', /ring the bell/i).ref }, 'Ringing.')
      : giveUp('Rang it.'),
  );

test.afterEach(async ({ panel }) => {
  rings.release('The bell rang.');
  await stopStartedTask(panel);
});

describe('Stop while a click is on its way', () => {
  it('lands the click the page already had, and says so: the step counted, the call shown as may-have-happened', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const { page } = await openFrontTab(browser, site.url('/agent/held-bell.html'));
    ringTheBell(model);
    await startTask(panel, 'Ring the bell');
    await rings.arrived();
    // The click is out: its handler waits on the server. Stop now, then let the page finish what it started.
    await panel.evaluate(() => {
      const { host } = (globalThis as PanelGlobal).steadyhand;
      host.stop(host.latest()?.controller.taskId ?? '');
    });
    rings.release('The bell rang.');
    const { result, events } = await taskResult(panel);

    expect(result).toMatchObject({ status: 'stopped', stopCause: 'person' });
    expect(result.summary).toBe(
      'Stopped by you after 1 step. Its last action (click) had already been sent when you pressed Stop, so it may ' +
        'have taken effect: check the page before doing it again.',
    );
    expect(outcomes(events)).toEqual([['click', 'stopped_in_flight']]);
    expect(result.metrics.steps).toBe(1);
    // It did take effect: the page rang once.
    await expect.poll(() => page.locator('#status').textContent()).toBe('The bell rang.');
    expect(rings.count()).toBe(1);
    // The person's record says it may have happened.
    const call = panel.locator('[data-testid="call"][data-outcome="stopped_in_flight"]');
    await expect
      .poll(() => call.getByTestId('call-badge').textContent())
      .toBe('Stopped on its way: it may have happened');
    await page.close();
  });

  it('sends nothing when Stop comes after the model replied and before the click reached the page', async ({
    browser,
    site,
    model,
    panel,
  }) => {
    const before = rings.count();
    const { page } = await openFrontTab(browser, site.url('/agent/held-bell.html'));
    ringTheBell(model);
    // Stop as the click is announced: the model has replied, the page call has not been made.
    await panel.evaluate(() => {
      const { host } = (globalThis as PanelGlobal).steadyhand;
      const off = host.subscribe((event) => {
        if (event.type !== 'tool_call' || event.name !== 'click') return;
        off();
        host.stop(event.taskId);
      });
    });
    await startTask(panel, 'Ring the bell');
    const { result, events } = await taskResult(panel);

    expect(result).toMatchObject({ status: 'stopped', stopCause: 'person' });
    expect(result.summary).toBe('Stopped by you before its first step finished.');
    expect(outcomes(events)).toEqual([]);
    // The run's end spoke to the page after any click would have: had one been sent, it would have rung by now.
    expect(rings.count()).toBe(before);
    expect(await page.locator('#status').textContent()).toBe('Nobody rang yet.');
    await page.close();
  });
});
