// Done must be proven: success is accepted only when a fresh observation confirms the evidence; verify mode decides
// what an unconfirmed success becomes.

import { describe, expect, it } from 'vitest';
import { normalizeText } from '../../../src/panel/agent/proof/verify';
import { setupAgent } from './fakes/harness';
import { call, calls, toolResults } from './fakes/scripted-model';
import { RESULTS, SITE } from './fakes/sites';

/** The tasks here ask what the page says: an answer read from it (decision 0024). */
const claim = (evidence?: Record<string, unknown>, answer = 'The desk lamp costs 24.90 EUR.') =>
  call('done', { success: true, answer, kind: 'reading', ...(evidence ? { evidence } : {}) });

describe('done', () => {
  it('is rejected for missing evidence, then accepted with it', async () => {
    const h = setupAgent({
      site: SITE,
      startUrl: RESULTS,
      turns: [claim(), claim({ quotes: ['Desk lamp 24.90 EUR'] })],
    });

    const result = await h.controller.execute('Find the price of the desk lamp');

    const [rejected] = toolResults(h.model.requests[1]);
    expect(rejected?.isError).toBe(true);
    expect(rejected?.text).toContain('done rejected: no evidence was given');
    expect(h.of('done_rejected')).toMatchObject([{ step: 1, rejections: 1 }]);
    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(result.metrics).toMatchObject({ rejectedDones: 1, doneAndVerified: true });
    expect(h.of('repair')).toEqual([]);
  });

  it('is rejected when a quote is not on the page now, naming the quote and the page', async () => {
    const h = setupAgent({ site: SITE, startUrl: RESULTS, turns: [claim({ quotes: ['Desk lamp 19.90 EUR'] })] });
    h.model.respondWith(() => call('done', { success: false, answer: 'Could not confirm.' }));
    await h.controller.execute('Find the price');
    const [rejected] = toolResults(h.model.requests[1]);
    // The page's URL (which the page can rewrite) goes fenced, after the harness's words.
    expect(rejected?.text).toMatch(
      /^done rejected: not found on the page now \(the URL is below\): "Desk lamp 19\.90 EUR"\.\nBEGIN UNTRUSTED PAGE CONTENT id=\w+\nURL: https:\/\/shop\.test\/results\nEND UNTRUSTED PAGE CONTENT id=\w+$/,
    );
  });

  it('checks the page afresh, not the observation the model saw', async () => {
    const h = setupAgent({ site: SITE, startUrl: RESULTS, turns: [claim({ quotes: ['Desk lamp 24.90 EUR'] })] });
    h.model.respondWith(() => call('done', { success: false, answer: 'Gone.' }));
    // The page changes after the model's observation and before its done is checked.
    h.model.complete = (
      (complete) =>
      async (...args: Parameters<typeof complete>) => {
        const turn = await complete(...args);
        const doc = h.browser.tab(h.tabId).doc;
        if (doc) doc.text = 'Sold out';
        return turn;
      }
    )(h.model.complete.bind(h.model));
    const result = await h.controller.execute('Find the price');
    expect(result.status).toBe('failed');
    expect(h.of('done_rejected')).toHaveLength(1);
  });

  it('accepts a URL condition the task brought about', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [
        calls({ name: 'type', input: { ref: 1, text: 'lamp' } }, { name: 'click', input: { ref: 2 } }),
        call('done', { success: true, answer: 'Searched.', evidence: { urlContains: '/results' } }),
      ],
    });
    expect((await h.controller.execute('Search')).verified).toBe(true);
  });

  it('rejects a URL condition the page does not meet', async () => {
    const h = setupAgent({ site: SITE, startUrl: RESULTS, turns: [claim({ urlContains: '/checkout' })] });
    h.model.respondWith(() => call('done', { success: false, answer: 'No.' }));
    await h.controller.execute('Check out');
    expect(toolResults(h.model.requests[1])[0]?.text).toContain('does not contain "/checkout"');
  });

  it('matches quotes regardless of case, spacing and typographic quotes', async () => {
    const h = setupAgent({ site: SITE, startUrl: RESULTS, turns: [claim({ quotes: ['3  RESULTS for “lamp”'] })] });
    expect((await h.controller.execute('Search')).status).toBe('succeeded');
    expect(normalizeText('A\u00a0 “b” – c')).toBe('a "b" - c');
  });

  it('finds a quote that is off screen through the page text', async () => {
    const site = {
      ...SITE,
      [RESULTS]: () => ({
        title: 'Long',
        text: 'Top of the page',
        below: `${'filler line\n'.repeat(50)}Shipping in 3 days`,
        elements: [{ ref: 1, role: 'link', name: 'More' }],
      }),
    };
    const turns = [claim({ quotes: ['Shipping in 3 days'] }, 'Shipping takes 3 days.')];
    const h = setupAgent({ site, startUrl: RESULTS, turns });
    const page = h.tabs.page(h.tabId);
    expect((await h.controller.execute('Find the shipping time')).verified).toBe(true);
    // The first look reads the whole page once for the baseline; the done check reads the snapshot, then finds.
    expect(page.calls.map((c) => c.method)).toEqual(['snapshot', 'readPage', 'snapshot', 'find']);
  });

  it('lenient mode: an unconfirmed done is an unverified success', async () => {
    const h = setupAgent({
      site: SITE,
      startUrl: RESULTS,
      settings: { verifyMode: 'lenient' },
      turns: [claim({ quotes: ['Thank you for your order'] })],
    });
    const result = await h.controller.execute('Order');
    expect(result).toMatchObject({ status: 'succeeded', verified: false });
    expect(result.summary).toContain('unverified: not found on the page now');
    expect(result.metrics.doneAndVerified).toBe(false);
  });

  it('off: done is taken at its word, without looking at the page again', async () => {
    const h = setupAgent({ site: SITE, startUrl: RESULTS, settings: { verifyMode: 'off' }, turns: [claim()] });
    const page = h.tabs.page(h.tabId);
    const result = await h.controller.execute('Order');
    expect(result).toMatchObject({ status: 'succeeded', verified: false });
    expect(result.summary).toBe('The desk lamp costs 24.90 EUR. (not verified)');
    expect(page.calls.map((c) => c.method)).toEqual(['snapshot', 'readPage']);
  });

  it('is not run after an action in the same turn changed the page; the next step checks the new page', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [
        calls(
          { name: 'type', input: { ref: 1, text: 'lamp' } },
          { name: 'click', input: { ref: 2 } },
          { name: 'done', input: { success: true, answer: 'Found.', evidence: { quotes: ['3 results'] } } },
        ),
        call('done', { success: true, answer: 'Found.', evidence: { quotes: ['3 results'] } }),
      ],
    });
    const result = await h.controller.execute('Search lamps');
    const skipped = toolResults(h.model.requests[1])[2];
    expect(skipped?.text).toContain('Not run: click changed the page');
    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    expect(result.metrics.rejectedDones).toBe(0);
  });
});
