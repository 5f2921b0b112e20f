// The agent against the stand-in of the Messages API on the default model's profile (claude-sonnet-5-5: it thinks by
// default, binds each thinking block to everything before it, sends text between tool calls inside thinking blocks),
// through the real client and SDK. Every request must be one the real API accepts (decision 0012).

import { describe, expect, it } from 'vitest';
import { OUTPUT_TOKENS_FOR } from '../../../../src/panel/agent/core/settings';
import type { ContentBlock, MessageParam } from '../../../../src/panel/agent/model/agent-model';
import { NOTE_TOOL } from '../../../../src/panel/agent/model/context-budget';
import {
  type FakeAnthropic,
  latestViewUserText,
  type RecordedRequest,
  toolsTurn,
  toolTurn,
  viewText,
} from '../../../support/fake-anthropic';
import { apiTask } from '../fakes/api-task';
import type { Site } from '../fakes/browser';
import { CATALOGUE_PAGES, catalogueSite, catalogueUrl, NEXT_PAGE_REF } from '../fakes/catalogue';
import { useFakeApi } from '../fakes/fake-api';
import { SHOP, SITE } from '../fakes/sites';

let fake: FakeAnthropic;
useFakeApi((started) => {
  fake = started;
});

const messagesOf = (request: RecordedRequest | undefined) => (request?.body?.messages ?? []) as MessageParam[];
const blocks = (message: MessageParam | undefined) =>
  Array.isArray(message?.content) ? (message.content as ContentBlock[]) : [];
const json = (value: unknown) => JSON.stringify(value);

function expectAppendOnly(requests: readonly RecordedRequest[]): void {
  for (const [i, request] of requests.entries()) {
    const before = requests[i - 1];
    if (!before) continue;
    expect(json(request.body?.system)).toBe(json(before.body?.system));
    expect(json(request.body?.tools)).toBe(json(before.body?.tools));
    const earlier = messagesOf(before);
    expect(json(messagesOf(request).slice(0, earlier.length))).toBe(json(earlier));
  }
}

describe('a task on the default model, through the real client', () => {
  // 40 real HTTP round trips through the SDK: about 2.5 s alone, twice that on two busy cores. A test that times out
  // leaves its task running against the stand-in and takes the next tests' turns, so it gets room to finish.
  it('runs 40 steps with every request accepted, thinking sent back signed, and what the model reads bounded', async () => {
    const steps = 40;
    fake.respondWith((req, i) => {
      const page = [...latestViewUserText(req).matchAll(/\(page (\d+) of/g)].at(-1)?.[1];
      if (i === steps - 1) {
        return toolTurn('done', {
          success: true,
          answer: 'Looked through the results.',
          evidence: { quotes: [`Results for “desk lamp” (page ${page} of ${CATALOGUE_PAGES})`] },
        });
      }
      if (i % 5 === 4) return toolTurn('read_page', {}, `Page ${page}: reading the prices.`);
      return toolTurn('click', { ref: NEXT_PAGE_REF }, `Page ${page}: nothing under €20. Next page.`);
    });
    const task = apiTask(fake, { site: catalogueSite(), startUrl: catalogueUrl(1), settings: { maxSteps: steps } });

    const result = await task.controller.execute('Find a desk lamp under €20 in the search results');

    expect(result).toMatchObject({ status: 'succeeded', verified: true });
    const requests = fake.messageRequests;
    expect(requests).toHaveLength(steps);
    expect(fake.rejections).toEqual([]);
    expectAppendOnly(requests);
    // Every assistant message goes back starting with its signed thinking block, as the stand-in issued it.
    const last = messagesOf(requests.at(-1));
    const answers = last.filter((message) => message.role === 'assistant');
    expect(answers).toHaveLength(steps - 1);
    for (const answer of answers) {
      expect(blocks(answer)[0]).toMatchObject({ type: 'thinking', signature: expect.stringMatching(/.{20,}/) });
    }
    // The request asks for adaptive thinking with summaries, the effort, the API's context management and caching.
    expect(requests[0]?.body).toMatchObject({
      thinking: { type: 'adaptive', display: 'summarized' },
      output_config: { effort: 'medium' },
      max_tokens: OUTPUT_TOKENS_FOR.medium,
      cache_control: { type: 'ephemeral' },
    });
    // The API cleared old page views: the model reads far less than the client sends, and it reads from the cache.
    const final = requests.at(-1) as RecordedRequest;
    expect(final.appliedEdits).toContainEqual(expect.objectContaining({ type: 'clear_tool_uses_20250919' }));
    expect(viewText(final)).not.toContain('(page 2 of 40)');
    expect(final.rawBody).toContain('(page 2 of 40)');
    const usage = final.usage;
    const processed =
      (usage?.input_tokens ?? 0) + (usage?.cache_read_input_tokens ?? 0) + (usage?.cache_creation_input_tokens ?? 0);
    expect(processed).toBeLessThan(final.rawBody.length / 4 / 2);
    expect(result.metrics.tokens.cacheRead).toBeGreaterThan(result.metrics.tokens.input);
  }, 20_000);

  it('keeps a fact read early past the clearing of old page views, through a note', async () => {
    const CODE = 'XK-4471';
    const site: Site = {
      ...catalogueSite(),
      'https://shop.example/lamp/halo': () => ({
        title: 'Halo task lamp – Shop',
        text: `Halo task lamp, brushed brass. Spec sheet: 8 W LED, 2700 K. Reference code ${CODE}.`,
        elements: [{ ref: 1, role: 'link', name: 'Back to the results' }],
        act(_action, ctx) {
          ctx.navigate(catalogueUrl(1));
          return { ok: true, verified: true, effects: ['navigation'] };
        },
      }),
    };
    const STEPS = 24;
    fake.respondWith((req, i) => {
      if (i === 0) return toolTurn('open_url', { url: 'https://shop.example/lamp/halo' }, 'Opening the lamp first.');
      if (i === 1) {
        // Reading the code on the lamp's page, the model writes it down.
        const seen = /Reference code (\S+)\./.exec(viewText(req))?.[1] ?? 'not found';
        return toolsTurn([
          { name: NOTE_TOOL, input: { text: `Halo lamp reference code: ${seen}` } },
          { name: 'click', input: { ref: 1 } },
        ]);
      }
      if (i < STEPS - 1) return toolTurn('click', { ref: NEXT_PAGE_REF }, 'Next page.');
      // Twenty steps later, only what the model still reads can answer.
      const found = /reference code: (\S+?)"/.exec(viewText(req))?.[1];
      return toolTurn('done', {
        success: Boolean(found),
        answer: `The Halo lamp's reference code is ${found ?? 'lost'}.`,
        evidence: { urlContains: 'shop.example' },
      });
    });
    const task = apiTask(fake, { site, startUrl: catalogueUrl(1), settings: { maxSteps: STEPS } });

    const result = await task.controller.execute('Note the Halo lamp reference code, then page through the results');

    expect(fake.rejections).toEqual([]);
    const final = fake.messageRequests.at(-1) as RecordedRequest;
    // The lamp's page is gone from what the model reads (its observation was cleared with its tool result) ...
    expect(final.appliedEdits).toContainEqual(expect.objectContaining({ type: 'clear_tool_uses_20250919' }));
    expect(viewText(final)).not.toContain('Spec sheet');
    expect(final.rawBody).toContain('Spec sheet');
    // ... and the note kept the code.
    expect(result.answer).toBe(`The Halo lamp's reference code is ${CODE}.`);
  });

  it('keeps the request valid on a page that cannot be operated: same tools, the page tool answers why', async () => {
    fake.respondWith(
      (_req, i) =>
        [
          toolsTurn([
            { name: 'read_page', input: {} },
            { name: 'open_url', input: { url: SHOP } },
          ]),
          toolTurn('read_page', {}),
          toolTurn('done', { success: false, answer: 'Nothing to do.' }),
        ][i] ?? toolTurn('done', { success: false, answer: 'x' }),
    );
    const task = apiTask(fake, { site: SITE, startUrl: 'chrome://newtab/' });
    await task.controller.execute('Look at the shop on shop.test');
    expect(fake.messageRequests).toHaveLength(3);
    expect(fake.rejections).toEqual([]);
    expectAppendOnly(fake.messageRequests);
    expect(json(blocks(messagesOf(fake.messageRequests[1]).at(-1))[0])).toContain(
      "read_page is not available: the agent's current tab cannot be operated",
    );
  });
});

describe('stop reasons, against the stand-in', () => {
  it('pause_turn: the paused turn goes back as the final message and the task goes on', async () => {
    fake.enqueue(
      { content: [{ type: 'text', text: 'Still working on it.' }], stop_reason: 'pause_turn' },
      toolTurn('read_page', {}),
      toolTurn('done', { success: false, answer: 'Read it.' }),
    );
    const task = apiTask(fake, { site: SITE });
    const result = await task.controller.execute('Read the page');
    expect(result).toMatchObject({ status: 'failed', answer: 'Read it.' });
    expect(fake.rejections).toEqual([]);
    expect(messagesOf(fake.messageRequests[1]).at(-1)?.role).toBe('assistant');
    expectAppendOnly(fake.messageRequests);
  });

  it('refusal: the task ends with the explanation, and the refused turn is never sent again', async () => {
    const explanation = 'This request was declined because it could enable cyber harm.';
    fake.enqueue(toolTurn('read_page', {}), { content: [], refusal: { category: 'cyber', explanation } });
    const task = apiTask(fake, { site: SITE });
    const result = await task.controller.execute('Read the page');
    expect(result).toMatchObject({ status: 'failed', refusal: { category: 'cyber', explanation } });
    expect(result.summary).toContain(explanation);
    expect(fake.messageRequests).toHaveLength(2);
    // A follow-up is a changed conversation: accepted, and answered.
    fake.enqueue(toolTurn('done', { success: false, answer: 'Understood.' }));
    const next = await task.controller.followUp('Only tell me the title');
    expect(next).toMatchObject({ status: 'failed', answer: 'Understood.' });
    expect(fake.rejections).toEqual([]);
  });

  it('max_tokens: a tool call cut mid-input is not run, the model is told, and the output room grows', async () => {
    fake.enqueue(
      {
        ...toolsTurn([
          { name: 'read_page', input: {} },
          { name: 'type', input: { ref: 1, text: 'A very long search text that the output limit cuts off' } },
        ]),
        cutAt: { block: 1, chars: 20 },
      },
      toolTurn('done', { success: false, answer: 'Stopping here.' }),
    );
    const task = apiTask(fake, { site: SITE });
    await task.controller.execute('Search for lamps');
    const [first, second] = fake.messageRequests;
    expect(fake.rejections).toEqual([]);
    expect(task.events.filter((e) => e.type === 'tool_call').map((e) => e.type === 'tool_call' && e.name)).toEqual([
      'read_page',
      'done',
    ]);
    expect(second?.body?.max_tokens).toBe((first?.body?.max_tokens ?? 0) * 2);
    expect(json(messagesOf(second).at(-1))).toContain('cut off at the output limit');
  });

  it('max_tokens while thinking: nothing of the reply is kept, and it is asked again with more room', async () => {
    fake.enqueue(
      { ...toolTurn('read_page', {}), thinkingTokens: OUTPUT_TOKENS_FOR.medium + 500 },
      toolTurn('done', { success: false, answer: 'Done thinking.' }),
    );
    const task = apiTask(fake, { site: SITE });
    const result = await task.controller.execute('Think hard, then read');
    expect(result.answer).toBe('Done thinking.');
    const [first, second] = fake.messageRequests;
    expect(fake.rejections).toEqual([]);
    expect(messagesOf(second)).toHaveLength(messagesOf(first).length);
    expect(second?.body?.max_tokens).toBe(OUTPUT_TOKENS_FOR.medium * 2);
  });
});
