// What the model reads back after acting on a ref (docs/contracts.md P-REF): the result names the element it acted on,
// role and name, with the name (page content) inside the untrusted-content fence; a ref the page layer refused as stale
// reaches the model as an error naming the pages, titles fenced, and the task goes on.

import { describe, expect, it } from 'vitest';
import { UNTRUSTED_BEGIN, UNTRUSTED_END } from '../../../../src/panel/agent/run/prompt';
import { PageError } from '../../../../src/shared/errors';
import { OK, type Site } from '../fakes/browser';
import { setupAgent } from '../fakes/harness';
import { call, type ScriptTurn, toolResults } from '../fakes/scripted-model';

const PAGE = 'https://shop.test/settings';
const LONG = `Place order and agree to ${'the terms of sale '.repeat(8)}`;

const site: Site = {
  [PAGE]: () => ({
    title: 'Settings',
    elements: [
      { ref: 11, role: 'button', name: 'Place order' },
      { ref: 12, role: 'button', name: LONG },
      { ref: 13, role: 'listitem', name: 'Card A' },
      { ref: 14, role: 'list', name: 'Done' },
      { ref: 15, role: 'button', name: 'Stale' },
    ],
    act(action) {
      if (action.kind === 'click' && action.ref === 15) {
        // As the panel's ref ledger refuses a ref from the page the tab left (src/panel/page/ref-ledger.ts).
        throw new PageError(
          'stale_ref',
          'Element [15] was on the page this tab left (https://shop.test/old); this tab now shows ' +
            'https://shop.test/settings. Nothing was done. Use a ref from the latest observation.',
          { pageText: 'The page the ref came from: "Old page"\nThe page this tab shows now: "Settings"' },
        );
      }
      return OK;
    },
  }),
};

const giveUp = call('done', { success: false, answer: 'Stopping.' });

async function resultsOf(turn: ScriptTurn) {
  const h = setupAgent({ site, turns: [turn, giveUp] });
  const result = await h.controller.execute('Do it');
  return { results: toolResults(h.model.requests[1]), result };
}

/** The trusted text before the fence, and the fenced page content. */
function split(text: string | undefined): { trusted: string; fenced: string } {
  const [trusted = '', rest = ''] = (text ?? '').split(UNTRUSTED_BEGIN);
  const fenced = rest.slice(rest.indexOf('\n') + 1, rest.indexOf(`\n${UNTRUSTED_END}`));
  return { trusted, fenced };
}

describe('action results name the element they acted on', () => {
  it('names role and name, the name inside the untrusted-content fence', async () => {
    const { results } = await resultsOf(call('click', { ref: 11 }));
    const { trusted, fenced } = split(results[0]?.text);
    expect(trusted).toBe("click [11] (button): done (effects: dom_change). The element, in the page's words:\n");
    expect(fenced).toBe('Element [11]: button "Place order"');
  });

  it('cuts a long name to 80 characters with an ellipsis', async () => {
    const { results } = await resultsOf(call('hover', { ref: 12 }));
    const { fenced } = split(results[0]?.text);
    const name = JSON.parse(fenced.replace('Element [12]: button ', '')) as string;
    expect(name).toHaveLength(80);
    expect(name.endsWith('…')).toBe(true);
    expect(LONG.startsWith(name.slice(0, -1))).toBe(true);
  });

  it('names both ends of a drag', async () => {
    const { results } = await resultsOf(call('drag', { ref: 13, toRef: 14 }));
    const { trusted, fenced } = split(results[0]?.text);
    expect(trusted).toContain('drag [13] (listitem) to [14] (list)');
    expect(fenced).toBe('Element [13]: listitem "Card A"\nElement [14]: list "Done"');
  });
});

describe('a stale ref refused before it reached the page', () => {
  it('reaches the model as a stale_ref error with the titles fenced, and the task goes on', async () => {
    const { results, result } = await resultsOf(call('click', { ref: 15 }));
    expect(results[0]?.isError).toBe(true);
    const { trusted, fenced } = split(results[0]?.text);
    expect(trusted).toContain('click failed: Element [15] was on the page this tab left (https://shop.test/old)');
    expect(trusted).toContain('(stale_ref: ');
    expect(trusted).not.toContain('Old page');
    expect(fenced).toBe('The page the ref came from: "Old page"\nThe page this tab shows now: "Settings"');
    expect(result.status).toBe('failed'); // the model's own done(false), not a crash
  });
});
