// The content script and the mask stay off blocked and undecided sites (decision 0025): the controller says
// where the extension may run (the composition root hands that to the one injection point), and a page the script was
// held back from is asked about first, then observed.

import { describe, expect, it } from 'vitest';
import type { StepView } from '../../../../src/panel/agent/observe/observe';
import { gateView } from '../../../../src/panel/agent/observe/site-gate';
import type { SiteDecision } from '../../../../src/panel/agent/sites/site-access';
import { setupAgent } from '../fakes/harness';
import { call } from '../fakes/scripted-model';
import { DOCS, SHOP, SITE } from '../fakes/sites';

const giveUp = call('done', { success: false, answer: 'Stopping here.' });

describe('AgentController.mayRunOn', () => {
  it('allows the task’s sites only: not one waiting for the person’s answer, not a denied one, not a blocked one', async () => {
    const whileAsked: boolean[] = [];
    const h = setupAgent({
      site: SITE,
      startUrl: SHOP,
      settings: { blockedSites: ['cal.test'] },
      answerSites: () => {
        whileAsked.push(h.controller.mayRunOn(DOCS));
        return 'deny';
      },
      turns: [call('open_url', { url: DOCS }), giveUp],
    });
    // Before any task nothing is decided: the injection's own checks apply.
    expect(h.controller.mayRunOn(DOCS)).toBe(true);
    await h.controller.execute('Look around');
    expect(whileAsked).toEqual([false]);
    expect(h.controller.mayRunOn(DOCS)).toBe(false);
    expect(h.controller.mayRunOn('https://cal.test/')).toBe(false);
    expect(h.controller.mayRunOn(SHOP)).toBe(true);
  });

  it('holds a blocked start site back from the first injection: the lists are read before the run scripts its tabs', async () => {
    const during: boolean[] = [];
    const h = setupAgent({ site: SITE, startUrl: SHOP, settings: { blockedSites: ['shop.test'] }, turns: [giveUp] });
    const begin = h.tabs.beginRun?.bind(h.tabs);
    h.tabs.beginRun = async () => {
      during.push(h.controller.mayRunOn(SHOP));
      await begin?.();
    };
    await h.controller.execute('Look around');
    expect(during).toEqual([false]);
  });
});

const sites = (answer: SiteDecision) => {
  const asked: string[] = [];
  return {
    asked,
    ask: async (origin: string) => {
      asked.push(origin);
      return answer;
    },
    describeDenial: (origin: string) => `the person did not allow ${origin} for this task`,
  };
};

const held: StepView = {
  operable: false,
  tabId: 3,
  url: 'https://undecided.test/page',
  snapshot: null,
  problem: 'this site is not allowed for the task yet',
  tabs: [],
  fingerprint: 'x',
  awaitingSite: true,
};

describe('gateView on a page the script was held back from', () => {
  const signal = new AbortController().signal;

  it('asks about its site, and observes it once allowed', async () => {
    const gate = sites('once');
    const observed: StepView = { ...held, operable: true, problem: null, awaitingSite: false, fingerprint: 'y' };
    let looks = 0;
    const result = await gateView(gate, held, null, signal, async () => {
      looks++;
      return observed;
    });
    expect(gate.asked).toEqual(['https://undecided.test']);
    expect(looks).toBe(1);
    expect(result).toEqual({ view: observed, denied: null });
  });

  it('denied, shows it as not operable and never looks at it', async () => {
    const gate = sites('deny');
    let looks = 0;
    const result = await gateView(gate, held, null, signal, async () => {
      looks++;
      return held;
    });
    expect(looks).toBe(0);
    expect(result.denied).toBe('https://undecided.test');
    expect(result.view).toMatchObject({ operable: false, snapshot: null });
    expect(result.view.problem).toContain('the person did not allow https://undecided.test');
  });
});
