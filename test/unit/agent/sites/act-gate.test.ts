// The act gate (decision 0025): what the page proxy awaits before an act reaches the tab's page or a frame. It asks the
// task's SiteAccess with the question's reason (the page's own site, or a frame of another site inside it), and a
// refusal names the site and says why, for the model.

import { describe, expect, it } from 'vitest';
import { actGate } from '../../../../src/panel/agent/observe/site-gate';
import { SiteAccess, type SiteDecision, type SiteReason } from '../../../../src/panel/agent/sites/site-access';

const signal = new AbortController().signal;

function gateOn(topUrl: string | null, answers: SiteDecision[]) {
  const asked: [string, SiteReason][] = [];
  const sites = new SiteAccess({
    allowedSites: [],
    blockedSites: [],
    prompt: async (origin, why) => {
      asked.push([origin, why]);
      return answers.shift() ?? 'deny';
    },
    persist: () => {},
  });
  sites.startOn('http://shop.test/checkout');
  return { gate: actGate(sites, topUrl, signal), asked, sites };
}

describe('the act gate', () => {
  it('lets acts on the start site through without a question', async () => {
    const { gate, asked } = gateOn('http://shop.test/checkout', []);
    expect(await gate('click', null)).toBeNull();
    expect(await gate('type', 'http://shop.test/inner')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('asks about a frame of another site naming both, once; denied, says so and names the frame’s site', async () => {
    const { gate, asked } = gateOn('http://shop.test/checkout', ['deny']);
    const refused = await gate('type', 'http://pay.test/card');
    expect(refused).toEqual({
      site: 'http://pay.test',
      reason: expect.stringMatching(
        /^The element is inside a frame from http:\/\/pay\.test: the person did not allow http:\/\/pay\.test for this task, so nothing was done there\./,
      ),
    });
    expect(await gate('click', 'http://pay.test/card')).toMatchObject({ site: 'http://pay.test' });
    expect(asked).toEqual([
      [
        'http://pay.test',
        { kind: 'frame', action: 'type', url: 'http://pay.test/card', top: 'http://shop.test/checkout' },
      ],
    ]);
  });

  it('asks to act on a page allowed to read only, naming the action; kept read only, says so', async () => {
    const { gate, asked, sites } = gateOn('http://deals.test/', ['read', 'read']);
    await sites.ask('http://deals.test', { kind: 'tab', url: 'http://deals.test/' }, signal);
    const refused = await gate('evaluate', null);
    expect(refused?.reason).toMatch(
      /^the person allowed http:\/\/deals\.test to be read only in this task, not acted on/,
    );
    expect(asked.at(-1)).toEqual(['http://deals.test', { kind: 'act', action: 'script', url: 'http://deals.test/' }]);
  });

  it('has nothing to gate without a web page, and refuses a frame with no site', async () => {
    const { gate } = gateOn(null, []);
    expect(await gate('click', null)).toBeNull();
    expect(await gate('click', 'data:text/html,x')).toMatchObject({ site: 'data:text/html,x' });
  });
});
