// Fair counting (docs/contracts.md P-TURN): the same question to the person asked again and again is no progress,
// a different question is; a call the page's departure interrupted (the person reloaded the tab, a cached page lost
// its channel) costs no repair and is no repeat.

import { describe, expect, it } from 'vitest';
import { normalizeQuestion } from '../../../src/panel/agent/task/progress';
import { PageError, RelayError } from '../../../src/shared/errors';
import type { Site } from './fakes/browser';
import { type AgentHarness, setupAgent } from './fakes/harness';
import { call, calls, toolResults } from './fakes/scripted-model';

const FORM = 'https://shop.test/checkout';
const ask = (question: string) => call('ask_user', { question });

function answerEveryQuestion(h: AgentHarness, reply: string): void {
  h.controller.subscribe((event) => {
    if (event.type === 'ask_user') h.controller.answer(event.questionId, reply);
  });
}

describe('a question to the person, asked again', () => {
  it('ends the task as no_progress when the same question comes back turn after turn', async () => {
    const variants = ['Which size do you want?', 'which size do you want', 'Which size do you want ?'];
    const h = setupAgent({
      site: { [FORM]: () => ({ title: 'Checkout', elements: [{ ref: 1, role: 'button', name: 'Place order' }] }) },
      responder: (_request, i) => ask(variants[i % variants.length] as string),
    });
    answerEveryQuestion(h, 'Medium, as I said.');

    const result = await h.controller.execute('Buy the shirt');

    expect(result.status).toBe('no_progress');
    expect(result.summary).toContain('repeating ask_user with the same arguments');
    expect(h.of('repair')).toMatchObject([{ trigger: 'no_progress' }]);
    // A repair after the third, the end after the third again: six questions, not fourteen.
    expect(h.of('ask_user')).toHaveLength(6);
  });

  it('lets the agent ask different questions (each one is progress)', async () => {
    const questions = ['Which size?', 'Which colour?', 'Gift wrap?', 'Which address?', 'Express delivery?'];
    const h = setupAgent({
      site: { [FORM]: () => ({ title: 'Checkout', elements: [{ ref: 1, role: 'button', name: 'Place order' }] }) },
      turns: [...questions.map(ask), call('done', { success: false, answer: 'Out of stock.' })],
    });
    answerEveryQuestion(h, 'Any.');

    const result = await h.controller.execute('Buy the shirt');

    expect(result.status).toBe('failed');
    expect(h.of('repair')).toEqual([]);
    expect(h.of('ask_user')).toHaveLength(5);
  });

  it('normalises a question to its words', () => {
    expect(normalizeQuestion('  Which SIZE, do you want?! ')).toBe(normalizeQuestion('which size do you want'));
  });
});

/** A checkout whose Place order reaches a page being left `refusals` times (the person reloads), then works. */
function reloadedCheckout(refusals: number, error: () => Error): { site: Site; placed: () => number } {
  let seen = 0;
  let orders = 0;
  const site: Site = {
    [FORM]: () => ({
      title: 'Checkout',
      text: orders > 0 ? 'Order placed' : 'Your basket: 1 shirt',
      elements: [{ ref: 1, role: 'button', name: 'Place order' }],
      act: () => {
        seen++;
        if (seen <= refusals) throw error();
        orders++;
        return { ok: true, verified: true, effects: ['dom_change'] };
      },
    }),
  };
  return { site, placed: () => orders };
}

const placeOrder = call('click', { ref: 1 });
const giveUp = call('done', { success: false, answer: 'Giving up.' });
const finished = call('done', { success: true, answer: 'Order placed.', evidence: { quotes: ['Order placed'] } });

describe('a call refused because the page was being left', () => {
  it('costs no repair and is no repeat when the person reloads the tab twice at Place order', async () => {
    const departing = () =>
      new PageError('page_changing', 'The page is being replaced: a navigation away from it started.');
    const { site, placed } = reloadedCheckout(2, departing);
    const h = setupAgent({
      site,
      turns: [placeOrder, placeOrder, placeOrder, finished],
      settings: { verifyMode: 'off' },
    });

    const result = await h.controller.execute('Place the order');

    expect(result.status).toBe('succeeded');
    expect(placed()).toBe(1);
    expect(h.of('repair')).toEqual([]);
    expect(result.metrics.repairs).toBe(0);
    const first = toolResults(h.model.requests[1])[0];
    expect(first).toMatchObject({ isError: true });
    expect(first?.text).toContain('click was not run: the page was being left or reloaded when it arrived');
    expect(first?.text).toContain('not a failure of your call');
    expect(first?.text).not.toContain('Repair');
  });

  it("treats a call whose page was left before it answered (relay_lost: a cached page's channel closed) the same way", async () => {
    const left = () =>
      new RelayError('relay_lost', 'The page in tab 1 was left (kept in the back/forward cache) before it answered.');
    const { site } = reloadedCheckout(2, left);
    const h = setupAgent({
      site,
      turns: [placeOrder, placeOrder, placeOrder, finished],
      settings: { verifyMode: 'off' },
    });

    const result = await h.controller.execute('Place the order');

    expect(result.status).toBe('succeeded');
    expect(h.of('repair')).toEqual([]);
    expect(toolResults(h.model.requests[1])[0]?.text).toContain('it may or may not have happened');
  });

  it('counts retyping a form the reload emptied as no repeat (the same page, a new document)', async () => {
    let refusals = 0;
    let orders = 0;
    const site: Site = {
      [FORM]: () => ({
        title: 'Checkout',
        text: orders > 0 ? 'Order placed' : '',
        elements: [
          { ref: 1, role: 'textbox', name: 'Name' },
          { ref: 2, role: 'button', name: 'Place order' },
        ],
        act: (action, ctx) => {
          const name = ctx.doc.elements[0];
          if (action.kind === 'type' && name) name.value = action.text;
          if (action.kind === 'click' && refusals < 2) {
            // The person reloads: the new document's form is empty, and the click reached the old one.
            refusals++;
            if (name) name.value = undefined;
            throw new PageError('page_changing', 'The page is being replaced: a navigation away from it started.');
          }
          if (action.kind === 'click') orders++;
          return { ok: true, verified: true, effects: ['dom_change'] };
        },
      }),
    };
    const fill = call('type', { ref: 1, text: 'Ada Lovelace' });
    const h = setupAgent({
      site,
      turns: [fill, placeOrder, fill, placeOrder, fill, placeOrder, finished],
      settings: { verifyMode: 'off' },
    });

    const result = await h.controller.execute('Place the order');

    expect(result.status).toBe('succeeded');
    expect(orders).toBe(1);
    expect(h.of('repair')).toEqual([]);
  });

  it('does not send the turn’s later page calls to a page left under an earlier one', async () => {
    const departing = () =>
      new PageError('page_changing', 'The page is being replaced: a navigation away from it started.');
    const { site, placed } = reloadedCheckout(1, departing);
    const h = setupAgent({
      site,
      turns: [calls({ name: 'click', input: { ref: 1 } }, { name: 'click', input: { ref: 1 } }), giveUp],
    });

    await h.controller.execute('Place the order');

    expect(placed()).toBe(0);
    expect(h.of('tool_result').map((e) => e.outcome)).toEqual(['execute_error', 'skipped', 'done_accepted']);
    expect(toolResults(h.model.requests[1])[1]?.text).toContain(
      'Not run: click (the page was left under it) changed the page',
    );
    expect(h.of('repair')).toEqual([]);
  });

  it('still repairs a call that ran and failed', async () => {
    const broken = () => new PageError('not_interactable', 'The button is covered.');
    const { site } = reloadedCheckout(1, broken);
    const h = setupAgent({ site, turns: [placeOrder, placeOrder, finished], settings: { verifyMode: 'off' } });

    await h.controller.execute('Place the order');

    expect(h.of('repair')).toMatchObject([{ trigger: 'execute_error' }]);
  });
});
