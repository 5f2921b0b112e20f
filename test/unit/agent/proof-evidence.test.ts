// Evidence that proves (decision 0024): a done is verified only by evidence that tells this instruction's
// outcome from any page. Each misbehaving case the issue lists ends rejected or unverified; a real order, a real answer
// read from a page and a follow-up's own order still pass.

import { describe, expect, it } from 'vitest';
import { ProofLedger } from '../../../src/panel/agent/proof/proof-ledger';
import { type DocSpec, OK, type Site } from './fakes/browser';
import { setupAgent } from './fakes/harness';
import { call, type ScriptTurn } from './fakes/scripted-model';

const CHECKOUT = 'https://shop.test/checkout';
const CONFIRMATION = 'https://shop.test/confirmation?order=4711';
let orders = 0;

function checkout(): DocSpec {
  return {
    title: 'Checkout',
    text: 'Checkout\nMonstera 25.00 EUR\nshop.test · plants since 2020',
    elements: [
      { ref: 1, role: 'textbox', name: 'Name' },
      { ref: 2, role: 'searchbox', name: 'Search the shop' },
      { ref: 3, role: 'button', name: 'Place order' },
    ],
    act(action, ctx) {
      if (action.kind === 'type') {
        const box = ctx.doc.elements.find((e) => e.ref === action.ref);
        if (box) box.value = action.text;
        // The page repeats a search, as many do.
        if (action.ref === 2) ctx.doc.text += `\nYou searched for: ${action.text}`;
        return { ok: true, verified: true, effects: ['value_change'] };
      }
      if (action.kind === 'click' && action.ref === 3) {
        orders++;
        ctx.navigate(CONFIRMATION.replace('4711', String(4710 + orders)));
        return { ok: true, verified: true, effects: ['navigation'] };
      }
      return OK;
    },
  };
}

function confirmation(order: number) {
  return (): DocSpec => ({
    title: 'Order confirmed',
    text: `Thank you! Order #${order} is confirmed. A receipt is on its way.`,
    elements: [
      { ref: 1, role: 'link', name: 'Continue shopping' },
      { ref: 2, role: 'button', name: 'Buy it again' },
    ],
    act(action, ctx) {
      if (action.kind === 'click' && action.ref === 2) {
        ctx.navigate(CHECKOUT);
        return { ok: true, verified: true, effects: ['navigation'] };
      }
      return OK;
    },
  });
}

const SITE: Site = {
  [CHECKOUT]: checkout,
  [CONFIRMATION]: confirmation(4711),
  'https://shop.test/confirmation?order=4712': confirmation(4712),
  'https://shop.test/?order=confirmed': () => ({ title: 'Shop', text: 'Welcome. Your order: confirmed' }),
};

const claim = (evidence: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  call('done', { success: true, answer: 'Order 4711 is placed and confirmed.', evidence, ...extra });
const giveUp = call('done', { success: false, answer: 'I could not prove it.' });

async function runClaim(turns: ScriptTurn[], startUrl = CHECKOUT, settings = {}) {
  orders = 0;
  const h = setupAgent({ site: SITE, startUrl, turns, settings: { allowScript: true, ...settings } });
  h.model.respondWith(() => giveUp);
  const result = await h.controller.execute('Buy the Monstera and tell me the order number');
  const rejections = h.of('done_rejected').map((event) => event.reason);
  return { h, result, rejections };
}

describe('evidence that proves', () => {
  it.each([
    ['one letter', { quotes: ['e'] }, 'too short'],
    ['a control’s name that was there', { quotes: ['Place order'] }, 'already on the page before'],
    ['the host name', { quotes: ['shop.test'] }, 'already on the page before'],
    ['"/" in the URL', { urlContains: '/' }, 'too short'],
    ['the host in the URL', { urlContains: 'shop.test' }, 'already on the page before'],
  ])('rejects %s as proof of an outcome', async (_name, evidence, why) => {
    const { result, rejections } = await runClaim([claim(evidence)]);
    expect(result).toMatchObject({ status: 'failed', verified: false });
    expect(rejections).toHaveLength(1);
    expect(rejections[0]).toContain(why);
  });

  it('rejects the name of a control that appeared with the new page', async () => {
    const { rejections, result } = await runClaim([
      call('click', { ref: 3 }),
      claim({ quotes: ['Continue shopping'] }),
    ]);
    expect(rejections[0]).toContain('the name of a control');
    expect(result.verified).toBe(false);
  });

  it('never verifies text the task typed itself, nor the page repeating it', async () => {
    for (const [ref, quote] of [
      [1, 'Order 4711 confirmed'],
      [2, 'Order 4711 confirmed'],
      [2, 'for: Order 4711 confirmed'],
      [2, 'for: Order 4711'],
    ] as const) {
      const { result } = await runClaim([
        call('type', { ref, text: 'Order 4711 confirmed' }),
        claim({ quotes: [quote] }),
      ]);
      expect(result, `${quote} typed into [${ref}]`).toMatchObject({ status: 'succeeded', verified: false });
      expect(result.summary).toContain('only text the agent entered itself');
    }
  });

  it('never verifies a URL part the task opened itself', async () => {
    const { result } = await runClaim([
      call('open_url', { url: 'https://shop.test/?order=confirmed' }),
      claim({ urlContains: 'order=confirmed', quotes: ['Your order: confirmed'] }),
    ]);
    expect(result.verified).toBe(false);
  });

  it('on the confirmation page the task started on, an old order is not this task’s', async () => {
    const again = claim({ quotes: ['Order #4711 is confirmed'] });
    const { result, rejections } = await runClaim([again, again, again], CONFIRMATION);
    expect(result).toMatchObject({ status: 'failed', verified: false });
    expect(rejections[0]).toContain('was already on the page before this task acted');
    expect(result.summary).toContain('was already on the page before the task started');
  });

  it('verifies a real order the task placed, by its text and its URL', async () => {
    const { result } = await runClaim([
      call('type', { ref: 1, text: 'Ada Lovelace' }),
      call('click', { ref: 3 }),
      claim({ quotes: ['Order #4711 is confirmed'], urlContains: 'order=4711' }),
    ]);
    expect(result).toMatchObject({ status: 'succeeded', verified: true, verifiedAs: 'outcome', alreadyThere: false });
  });

  it('verifies an answer read from the page as a reading, and says it was there before', async () => {
    const answer = 'The order number is 4711.';
    const { result } = await runClaim(
      [call('done', { success: true, answer, kind: 'reading', evidence: { quotes: ['Order #4711'] } })],
      CONFIRMATION,
    );
    expect(result).toMatchObject({ status: 'succeeded', verified: true, verifiedAs: 'reading', alreadyThere: true });
  });

  it('a reading must quote what its answer says', async () => {
    const answer = 'The order number is 4711.';
    const { rejections } = await runClaim(
      [call('done', { success: true, answer, kind: 'reading', evidence: { quotes: ['A receipt is on its way'] } })],
      CONFIRMATION,
    );
    expect(rejections[0]).toContain('shares no word or number with your answer');
  });

  it('a follow-up proves its own outcome: the first order is its baseline', async () => {
    orders = 0;
    const h = setupAgent({
      site: SITE,
      startUrl: CHECKOUT,
      turns: [
        call('click', { ref: 3 }),
        claim({ quotes: ['Order #4711 is confirmed'] }),
        claim({ quotes: ['Order #4711 is confirmed'] }),
        call('click', { ref: 2 }),
        call('click', { ref: 3 }),
        claim({ quotes: ['Order #4712 is confirmed'] }, { answer: 'Order 4712 is placed.' }),
      ],
    });
    expect((await h.controller.execute('Buy the Monstera')).verified).toBe(true);
    const next = await h.controller.followUp('Buy another one');
    expect(next).toMatchObject({ status: 'succeeded', verified: true });
    expect(h.of('done_rejected').map((e) => e.reason)[0]).toContain('already on the page before this task acted');
  });

  it('evidence a script of the task could have written is not verified', async () => {
    const { result } = await runClaim([
      call('click', { ref: 3 }),
      call('evaluate', { script: 'document.title' }),
      claim({ quotes: ['Order #4711 is confirmed'] }),
    ]);
    expect(result).toMatchObject({ status: 'succeeded', verified: false });
    expect(result.summary).toContain('a script this task ran');
  });
});

describe('the proof ledger', () => {
  it('takes every text a call carried to a page or a URL as supplied, but not keys, directions or reads', () => {
    const ledger = new ProofLedger();
    ledger.noteCall('type', { ref: 1, text: 'Ada Lovelace', snapshotId: 'abc.1' }, 1, true);
    ledger.noteCall('press_key', { key: 'Enter', modifiers: ['Shift'] }, 1, true);
    ledger.noteCall('scroll', { direction: 'down' }, 1, true);
    ledger.noteCall('find', { query: 'Order 4711' }, 1, true);
    ledger.noteCall('open_url', { url: 'https://shop.test/track?order=4711#top' }, 2, true);
    expect(ledger.supplied()).toEqual(
      expect.arrayContaining(['ada lovelace', 'shop.test', 'track', 'order', '4711', 'top']),
    );
    for (const absent of ['enter', 'shift', 'down', 'order 4711', 'abc.1'])
      expect(ledger.supplied()).not.toContain(absent);
    expect(ledger.scriptRan).toBe(false);
    ledger.noteCall('evaluate', { script: 'document.title' }, 2, false);
    expect(ledger.scriptRan).toBe(false);
    ledger.noteCall('evaluate', { script: 'document.title' }, 2, true);
    expect(ledger.scriptRan).toBe(true);
  });
});
