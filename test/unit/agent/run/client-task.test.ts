// A task another agent handed over MCP (issue 29), in the agent core: the client's words are not the person's, so they
// allow no site and the page the task starts on is no start site (the person is asked in the panel); with "Ask before
// acting for other agents" on (the default), every consequential step waits for the person's yes, whatever the
// act-without-asking list says; the task's start tells its client's name.

import { describe, expect, it } from 'vitest';
import type { Consequence } from '../../../../src/shared/consent-types';
import type { DocSpec } from '../fakes/browser';
import { setupAgent } from '../fakes/harness';
import { call } from '../fakes/scripted-model';
import { SHOP, SITE } from '../fakes/sites';

const CLIENT = { id: 'c1', name: 'Claude Code' };
const ORDER: Consequence = {
  kind: 'order',
  control: 'Place order',
  signals: ["the control's name (order)"],
  fields: [],
  request: { url: 'https://shop.test/order', method: 'post' },
};
const checkout = (): DocSpec => ({
  title: 'Checkout',
  text: 'Your order: one fern.',
  elements: [{ ref: 9, role: 'button', name: 'Place order' }],
  consequences: { 9: ORDER },
});
const finish = call('done', { success: false, answer: 'Stopped here.' });

describe('a task another agent handed over', () => {
  it("asks the person for the site it starts on, even when the client's goal names it; the person's own task does not", async () => {
    const fromClient = setupAgent({ site: SITE, turns: [finish], answerSites: 'once' });
    await fromClient.controller.execute('Find ferns on shop.test', { client: CLIENT });
    expect(fromClient.of('permission_request')).toMatchObject([{ origin: 'https://shop.test' }]);
    expect(fromClient.of('task_started')).toMatchObject([{ client: 'Claude Code' }]);

    const own = setupAgent({ site: SITE, turns: [finish], answerSites: 'once' });
    await own.controller.execute('Find ferns on shop.test');
    expect(own.of('permission_request')).toEqual([]);
    expect(own.of('task_started')[0]?.client).toBeUndefined();
  });

  it('waits for the person before every consequential step while "Ask before acting for other agents" is on, the list notwithstanding', async () => {
    const site = { ...SITE, [SHOP]: checkout };
    const settings = { allowedSites: ['shop.test'], actWithoutAskingSites: ['shop.test'] };
    const turns = [call('click', { ref: 9 }), finish];
    const asked = setupAgent({ site, turns, settings, answerConsent: 'once' });
    await asked.controller.execute('Buy the fern', { client: CLIENT });
    expect(asked.of('consent_request')).toHaveLength(1);
    expect(asked.of('consent_decided')).toMatchObject([{ decision: 'once', by: 'person' }]);

    const off = setupAgent({ site, turns, settings: { ...settings, askBeforeActingForAgents: false } });
    await off.controller.execute('Buy the fern', { client: CLIENT });
    expect(off.of('consent_request')).toEqual([]);
    expect(off.of('consent_decided')).toMatchObject([{ by: 'act_without_asking' }]);
  });
});
