// The consent gate in the loop (decision 0026): a consequential step waits for the person before the action reaches the
// page; Deny reaches the model as the tool's result and nothing is done; Allow once lets that step through; "not
// again on this site for this task", "always" and the settings' list let later steps through without a question;
// Stop ends the wait. TaskConsent itself: the list's site rules and an approved plan.

import { describe, expect, it } from 'vitest';
import { TaskConsent } from '../../../../src/panel/agent/sites/consent';
import type { Consequence } from '../../../../src/shared/consent-types';
import type { DocSpec } from '../fakes/browser';
import { type AgentSetup, setupAgent } from '../fakes/harness';
import { call, toolResults } from '../fakes/scripted-model';
import { SHOP, SITE } from '../fakes/sites';

const ORDER: Consequence = {
  kind: 'order',
  control: 'Place order',
  signals: ["the control's name (order)"],
  fields: [{ label: 'Card', value: '•••• 4242' }],
  request: { url: 'https://shop.test/order', method: 'post' },
};

/** The shop with a Place order button (ref 9) and a Filter button (ref 8) that takes no step. */
const checkout = (): DocSpec => ({
  title: 'Checkout',
  text: 'Your order: one fern.',
  elements: [
    { ref: 8, role: 'button', name: 'Filter' },
    { ref: 9, role: 'button', name: 'Place order' },
  ],
  consequences: { 9: ORDER },
});

const placeOrder = call('click', { ref: 9 });
const finish = call('done', { success: true, answer: 'Done.' });

function agent(setup: Partial<AgentSetup>) {
  return setupAgent({ site: { ...SITE, [SHOP]: checkout }, turns: [placeOrder, finish], ...setup });
}

const clicks = (h: ReturnType<typeof agent>) => h.tabs.page(h.tabId).calls.filter((c) => c.method === 'click');

describe('the consent gate', () => {
  it('Deny: the click never reaches the page and the model is told the person declined, as data', async () => {
    const h = agent({ answerConsent: 'deny' });
    await h.controller.execute('Buy the fern');
    expect(h.of('consent_request')).toMatchObject([{ origin: 'https://shop.test', consequence: ORDER }]);
    expect(clicks(h)).toEqual([]);
    const [result] = toolResults(h.model.requests[1]);
    expect(result?.isError).toBe(true);
    expect(result?.text).toContain('the person was asked and declined it, so it was not done');
    expect(result?.text).toContain('none of its data was sent');
    expect(result?.text).toContain('Do not try to do it another way');
    expect(h.of('consent_decided')).toMatchObject([{ decision: 'deny', by: 'person', requestId: 'id2' }]);
    expect(h.of('repair')).toEqual([]);
  });

  it('Allow once: the click runs after the answer; the next such step asks again', async () => {
    const h = agent({ answerConsent: 'once', turns: [placeOrder, placeOrder, finish] });
    await h.controller.execute('Buy the fern twice');
    expect(clicks(h)).toHaveLength(2);
    expect(h.of('consent_request')).toHaveLength(2);
  });

  it('a click that takes no step asks nothing', async () => {
    const h = agent({ turns: [call('click', { ref: 8 }), finish] });
    await h.controller.execute('Filter');
    expect(h.of('consent_request')).toEqual([]);
    expect(clicks(h)).toHaveLength(1);
  });

  it('"not again on this site for this task": later steps there pass without a question, recorded', async () => {
    const h = agent({ answerConsent: 'task', turns: [placeOrder, placeOrder, finish] });
    await h.controller.execute('Buy twice');
    expect(h.of('consent_request')).toHaveLength(1);
    expect(h.of('consent_decided').map((e) => [e.decision, e.by])).toEqual([
      ['task', 'person'],
      ['task', 'task'],
    ]);
    expect(clicks(h)).toHaveLength(2);
  });

  it('"always": persisted to the act-without-asking list; a site on the list is not asked about', async () => {
    const h = agent({ answerConsent: 'always', turns: [placeOrder, placeOrder, finish] });
    await h.controller.execute('Buy twice');
    expect(h.actWithoutAsking).toEqual(['https://shop.test']);
    expect(h.of('consent_request')).toHaveLength(1);

    const listed = agent({ settings: { actWithoutAskingSites: ['*.shop.test'] } });
    await listed.controller.execute('Buy');
    expect(listed.of('consent_request')).toEqual([]);
    expect(listed.of('consent_decided')).toMatchObject([{ by: 'act_without_asking' }]);
    expect(clicks(listed)).toHaveLength(1);
  });

  it('one question per step: the yes to a form posting to a site not allowed yet settles that site too', async () => {
    const pay = { ...ORDER, request: { url: 'https://pay.test/charge', method: 'post' as const } };
    const site = {
      ...SITE,
      [SHOP]: (): DocSpec => ({
        ...checkout(),
        consequences: { 9: pay },
        targets: { 9: { url: 'https://pay.test/charge', method: 'post', newTab: false } },
      }),
    };
    const h = setupAgent({ site, turns: [placeOrder, finish], answerConsent: 'once' });
    await h.controller.execute('Buy');
    expect(h.of('consent_request')).toHaveLength(1);
    expect(h.of('permission_request')).toEqual([]);
    expect(h.of('permission_decided')).toMatchObject([{ origin: 'https://pay.test', decision: 'once', by: 'consent' }]);
    expect(clicks(h)).toHaveLength(1);

    const denied = setupAgent({ site, turns: [placeOrder, finish], answerConsent: 'deny' });
    await denied.controller.execute('Buy');
    expect(denied.of('permission_request')).toEqual([]);
    expect(denied.of('permission_decided')).toEqual([]);
    expect(clicks(denied)).toEqual([]);
  });

  it('a form posting to a blocked site is refused by the site rules without any question', async () => {
    const pay = { ...ORDER, request: { url: 'https://pay.test/charge', method: 'post' as const } };
    const site = {
      ...SITE,
      [SHOP]: (): DocSpec => ({
        ...checkout(),
        consequences: { 9: pay },
        targets: { 9: { url: 'https://pay.test/charge', method: 'post', newTab: false } },
      }),
    };
    const h = setupAgent({ site, turns: [placeOrder, finish], settings: { blockedSites: ['pay.test'] } });
    await h.controller.execute('Buy');
    expect(h.of('consent_request')).toEqual([]);
    expect(h.of('permission_request')).toEqual([]);
    expect(clicks(h)).toEqual([]);
    expect(toolResults(h.model.requests[1])[0]?.text).toContain("https://pay.test is on the person's block list");
  });

  it('Stop ends the wait: the task stops, nothing is clicked', async () => {
    const h = agent({});
    h.controller.subscribe((event) => {
      if (event.type === 'consent_request') h.controller.stop();
    });
    const result = await h.controller.execute('Buy');
    expect(result.status).toBe('stopped');
    expect(clicks(h)).toEqual([]);
  });
});

describe('TaskConsent', () => {
  const consent = (list: string[] = []) =>
    new TaskConsent({ actWithoutAskingSites: list, prompt: async () => 'deny', persist: () => {} });

  it('covers a site by the list’s rules (origin, host, *.domain), not a look-alike', () => {
    const gate = consent(['https://a.test', 'b.test', '*.c.test']);
    expect(gate.covers('https://a.test', 'payment')).toBe('act_without_asking');
    expect(gate.covers('http://b.test:8080', 'post')).toBe('act_without_asking');
    expect(gate.covers('https://x.c.test', 'delete')).toBe('act_without_asking');
    expect(gate.covers('https://a.test.evil', 'payment')).toBeNull();
    expect(gate.covers('https://notc.test', 'payment')).toBeNull();
  });

  it('approvePlan: the kinds it named on its sites pass for the task (an order covers paying for it); other kinds and sites still ask', async () => {
    const gate = consent();
    gate.approvePlan([
      { origin: 'https://shop.test', kind: 'order', what: 'Place the order for one fern' },
      { origin: 'https://blog.test', kind: 'post', what: 'Post the review' },
    ]);
    expect(gate.covers('https://shop.test', 'order')).toBe('plan');
    expect(gate.covers('https://blog.test', 'post')).toBe('plan');
    expect(gate.covers('https://shop.test', 'payment')).toBe('plan');
    expect(gate.covers('https://shop.test', 'signup')).toBeNull();
    expect(gate.covers('https://blog.test', 'delete')).toBeNull();
    expect(gate.covers('https://blog.test', 'payment')).toBeNull();
    expect(gate.covers('https://other.test', 'order')).toBeNull();
    const signal = new AbortController().signal;
    await expect(gate.settle('https://shop.test', ORDER, signal)).resolves.toEqual({ allowed: true, asked: false });
    await expect(gate.settle('https://shop.test', { ...ORDER, kind: 'signup' }, signal)).resolves.toEqual({
      allowed: false,
      asked: true,
    });
  });
});
