// Each rollback switch (docs/contracts.md 002-9), turned off, restores the simpler behaviour. Verify mode's done cases
// are in done-verify.test.ts; here its effect on actions.

import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/panel/agent/core/settings';
import { setupAgent } from './fakes/harness';
import { call, lastUserText, toolResults } from './fakes/scripted-model';
import { DOCS, SITE } from './fakes/sites';

const giveUp = call('done', { success: false, answer: 'Giving up.' });

describe('switches', () => {
  it('have safe defaults: strict, detection on, repair on, sticky tabs', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      verifyMode: 'strict',
      noProgressDetection: true,
      autoRepair: true,
      tabStickiness: true,
    });
  });

  it('verify mode off: an unverified action is reported as done, and is no repair trigger', async () => {
    const h = setupAgent({ site: SITE, settings: { verifyMode: 'off' }, turns: [call('click', { ref: 4 }), giveUp] });
    await h.controller.execute('Press Broken');
    const [clicked] = toolResults(h.model.requests[1]);
    expect(clicked).toMatchObject({ isError: false });
    expect(clicked?.text).toContain('click [4] (button): done');
    expect(h.of('repair')).toEqual([]);
  });

  it('no-progress detection off: a dead button is clicked until the step budget ends', async () => {
    const h = setupAgent({
      site: SITE,
      settings: { noProgressDetection: false, maxSteps: 6 },
      responder: () => call('click', { ref: 4 }),
    });
    const result = await h.controller.execute('Press Broken');
    expect(result.status).toBe('max_steps');
    expect(h.of('repair').map((e) => e.trigger)).toEqual(['failed_verify', 'failed_verify']);
  });

  it('auto-repair off: no repair at all, and the first no_progress ends the task', async () => {
    const h = setupAgent({ site: SITE, settings: { autoRepair: false }, responder: () => call('click', { ref: 4 }) });
    const result = await h.controller.execute('Press Broken');
    expect(result.status).toBe('no_progress');
    expect(result.metrics.steps).toBe(3);
    expect(h.of('repair')).toEqual([]);
    expect(h.model.requests.map(lastUserText).join('\n')).not.toContain('Repair');
  });

  describe('tab stickiness', () => {
    function personSwitchesAfterFirstStep(sticky: boolean) {
      const h = setupAgent({
        site: SITE,
        settings: { tabStickiness: sticky },
        // The person's own tab is on another site: the agent asks before it reads it, and the person allows it.
        answerSites: 'once',
        turns: [call('read_page'), call('read_page'), giveUp],
      });
      const other = h.browser.addTab(DOCS, { active: false });
      let switched = false;
      h.browser.afterPageCall = (method) => {
        if (method !== 'readPage' || switched) return;
        switched = true;
        h.tabs.personActivates(other);
      };
      return { h, other };
    }

    it('on: the agent keeps acting on its tab when the person switches tabs', async () => {
      const { h } = personSwitchesAfterFirstStep(true);
      const result = await h.controller.execute('Read the shop');
      expect(result.status).toBe('failed');
      expect(h.tabs.createdFor[0]?.tabStickiness).toBe(true);
      expect(h.of('step_started').map((e) => e.tabId)).toEqual([h.tabId, h.tabId, h.tabId]);
      expect(h.of('permission_request')).toEqual([]);
      expect(lastUserText(h.model.requests[2])).toContain('Welcome to the shop');
    });

    it("off: the agent follows the person's active tab, without an origin stop", async () => {
      const { h, other } = personSwitchesAfterFirstStep(false);
      const result = await h.controller.execute('Read whatever I look at');
      expect(result.status).toBe('failed');
      expect(h.tabs.createdFor[0]?.tabStickiness).toBe(false);
      expect(h.of('step_started').map((e) => e.tabId)).toEqual([h.tabId, other, other]);
      expect(h.of('permission_request').map((e) => [e.origin, e.why])).toEqual([
        ['https://docs.test', { kind: 'tab', url: DOCS }],
      ]);
      expect(lastUserText(h.model.requests[1])).toContain('The API limit is 50 requests per minute.');
    });
  });
});
