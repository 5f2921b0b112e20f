// The agent loop end to end: the real panel, relay and content script, with a scripted model on the fake Messages API
// that decides each move from the observation it is sent.

import {
  act,
  answerConsent,
  control,
  describe,
  expect,
  giveUp,
  it,
  openTab,
  play,
  type RecordedRequest,
  runTask,
  toolsTurn,
  viewText,
} from './kit';

describe('agent loop in Chromium', () => {
  it('fills and submits a form, and finishes with evidence checked on the page', async ({ browser, site, model }) => {
    const { page } = await openTab(browser, site.url('/agent/agent-form.html'));
    await page.bringToFront();
    play(model, (seen) => {
      if (seen.url?.includes('agent-thanks')) {
        return act('done', {
          success: true,
          answer: 'Ada is signed up for cooking news.',
          evidence: { quotes: ['Welcome, Ada Lovelace (ada@example.com): Cooking news'] },
        });
      }
      const name = control(seen, 'textbox', /your name/i);
      if (!name.value) return act('type', { ref: name.ref, text: 'Ada Lovelace' }, 'Typing the name.');
      const email = control(seen, 'textbox', /email/i);
      if (!email.value) return act('type', { ref: email.ref, text: 'ada@example.com' });
      const topic = control(seen, 'combobox', /topic/i);
      if (topic.value !== 'Cooking') return act('select_option', { ref: topic.ref, option: 'Cooking' });
      return act('click', { ref: control(seen, 'button', /sign up/i).ref });
    });

    const running = runTask(browser.panel, 'Sign Ada Lovelace (ada@example.com) up for cooking news');
    // Signing up is a consequential step (decision 0026): it waits for the person's yes in the panel.
    const asked = await answerConsent(browser.panel, 'once');
    expect(asked).toMatchObject({ kind: 'signup' });
    expect(asked.text).toContain('ada@example.com');
    const { result, events } = await running;

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const outcomes = events.flatMap((e) => (e.type === 'tool_result' ? [[e.name, e.outcome]] : []));
    expect(outcomes).toEqual([
      ['type', 'ok'],
      ['type', 'ok'],
      ['select_option', 'ok'],
      ['click', 'ok'],
      ['done', 'done_accepted'],
    ]);
    expect(events.find((e) => e.type === 'tool_call' && e.name === 'click')).toMatchObject({ target: 'Sign up' });
    expect(site.hits).toContain('/agent/agent-thanks.html?name=Ada+Lovelace&email=ada%40example.com&topic=Cooking');
    expect(model.messageRequests[0]?.auth).toBe('bearer');
    await page.close();
  });

  it('finds a fact across two pages by reading instead of clicking around', async ({ browser, site, model }) => {
    const { page } = await openTab(browser, site.url('/agent/agent-facts.html'));
    await page.bringToFront();
    play(model, (seen) => {
      const justRead = seen.previousTools.includes('read_page');
      if (seen.url?.includes('agent-facts-2')) {
        if (!justRead) return act('read_page');
        const weight = /Ruby falcon\s*\|\s*([\d,]+ grams)/.exec(seen.text)?.[1];
        if (!weight) return giveUp('The weight is not on the measurements page.');
        return act('done', {
          success: true,
          kind: 'reading',
          answer: `It weighs ${weight}.`,
          evidence: { quotes: [weight] },
        });
      }
      if (!justRead) return act('read_page');
      return act('click', { ref: control(seen, 'link', /measurements page/i).ref });
    });

    const { result, events } = await runTask(browser.panel, 'How much does the ruby falcon weigh?');

    expect(result).toMatchObject({ status: 'succeeded', verified: true, answer: 'It weighs 812 grams.' });
    const tools = events.flatMap((e) => (e.type === 'tool_call' ? [e.name] : []));
    expect(tools).toEqual(['read_page', 'click', 'read_page', 'done']);
    await page.close();
  });

  it('ends a model that clicks a dead button forever as no_progress, after trying a repair', async ({
    browser,
    site,
    model,
  }) => {
    const { page } = await openTab(browser, site.url('/agent/agent-dead.html'));
    await page.bringToFront();
    play(model, (seen) => act('click', { ref: control(seen, 'button', /download report/i).ref }));

    const { result, events } = await runTask(browser.panel, 'Download the report');

    expect(result.status).toBe('no_progress');
    expect(result.summary).toMatch(/.+/);
    const clicks = events.filter((e) => e.type === 'tool_result' && e.name === 'click');
    expect(clicks.every((e) => e.type === 'tool_result' && e.outcome === 'failed_verify')).toBe(true);
    const repairs = events.filter((e) => e.type === 'repair');
    expect(repairs.length).toBeGreaterThanOrEqual(1);
    expect(repairs.length).toBeLessThanOrEqual(2);
    expect(clicks.length).toBeLessThan(15); // stopped by detection, not by the step limit
    await page.close();
  });

  it('works through 40 steps on the default model, every request accepted, a fact noted early still known at the end', async ({
    browser,
    site,
    model,
  }) => {
    const { page } = await openTab(browser, site.url('/agent/agent-ledger.html'));
    await page.bringToFront();
    play(model, (seen) => {
      const entry = Number(/Entry (\d+) of 40/.exec(seen.text)?.[1] ?? 0);
      const next = control(seen, 'button', /next entry/i);
      const code = /Vault code (\S+),/.exec(seen.text)?.[1];
      if (code) {
        return toolsTurn([
          { name: 'note', input: { text: `Vault code from entry 2: ${code}` } },
          { name: 'click', input: { ref: next.ref } },
        ]);
      }
      if (entry < 40) return act('click', { ref: next.ref }, `Entry ${entry}: nothing for the harbour master.`);
      // At the end the code is known only from the note: entry 2's page view was cleared long ago.
      const noted = /Vault code from entry 2: (\S+?)"/.exec(viewText(seen.request))?.[1] ?? 'unknown';
      return act('done', {
        success: true,
        answer: `The vault code is ${noted}.`,
        evidence: { quotes: ['Entry 40 of 40'] },
      });
    });

    const { result } = await runTask(browser.panel, 'Go through the harbour ledger and tell me the vault code');

    expect(result).toMatchObject({ status: 'succeeded', verified: true, answer: 'The vault code is 7Q-2291.' });
    expect(result.metrics.steps).toBe(40);
    expect(model.messageRequests).toHaveLength(40);
    expect(model.rejections).toEqual([]);
    const last = model.messageRequests.at(-1) as RecordedRequest;
    expect(last.appliedEdits).toContainEqual(expect.objectContaining({ type: 'clear_tool_uses_20250919' }));
    expect(viewText(last)).not.toContain('for the harbour master only');
    expect(last.rawBody).toContain('for the harbour master only');
  }, 120_000);
});
