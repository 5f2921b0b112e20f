// Whatever the model sends, the loop answers with a tool result that says what was wrong, and goes on. And the tool
// definitions the model gets are generated from the same zod schemas that validate the calls.

import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, withSettings } from '../../../../src/panel/agent/core/settings';
import { ALL_TOOLS, anthropicTools, offeredTools } from '../../../../src/panel/agent/tools/registry';
import { PageError } from '../../../../src/shared/errors';
import { setupAgent } from '../fakes/harness';
import { call, calls, toolResults } from '../fakes/scripted-model';
import { RESULTS, SHOP, SITE } from '../fakes/sites';

const giveUp = call('done', { success: false, answer: 'Giving up.' });

/** Runs one turn of calls on the shop and returns the tool results the model got back. */
async function resultsOf(turn: ReturnType<typeof calls>, settings = {}) {
  const h = setupAgent({ site: SITE, settings, turns: [turn, giveUp] });
  const result = await h.controller.execute('Do it');
  expect(result.status).toBe('failed');
  return { results: toolResults(h.model.requests[1]), h };
}

describe('model output the loop must survive', () => {
  it('malformed JSON input', async () => {
    const { results } = await resultsOf(
      calls({ name: 'click', input: {}, inputError: { message: 'Unexpected end of JSON input', raw: '{"ref": 1' } }),
    );
    expect(results[0]).toMatchObject({ isError: true });
    expect(results[0]?.text).toBe(
      'The input of click was not valid JSON (Unexpected end of JSON input): {"ref": 1. Send the arguments as one JSON object.',
    );
  });

  it('missing fields and wrong types', async () => {
    const { results } = await resultsOf(
      calls({ name: 'type', input: { ref: 1 } }, { name: 'click', input: { ref: 'the button' } }),
    );
    expect(results[0]?.text).toBe('Invalid input for type: `text` is required. Fix it and call again.');
    expect(results[1]?.text).toContain('Invalid input for click: ref: Invalid input: expected number, received string');
  });

  it('inputs that are not objects at all', async () => {
    const { results } = await resultsOf(calls({ name: 'click', input: null }, { name: 'scroll', input: [1, 2] }));
    expect(results.map((r) => r.isError)).toEqual([true, true]);
    expect(results[0]?.text).toContain('Invalid input for click');
  });

  it('extra fields are refused, so a typo does not pass silently', async () => {
    const { results } = await resultsOf(calls({ name: 'click', input: { ref: 1, button: 'right' } }));
    expect(results[0]?.text).toContain('Unrecognized key: "button"');
  });

  it('an unknown tool', async () => {
    const { results } = await resultsOf(calls({ name: 'teleport', input: { to: 'mars' } }));
    expect(results[0]?.isError).toBe(true);
    expect(results[0]?.text).toMatch(/^Unknown tool "teleport"\. Available tools: click, type, select_option, /);
  });

  it('a stale ref', async () => {
    const { results } = await resultsOf(calls({ name: 'click', input: { ref: 42 } }));
    expect(results[0]?.text).toBe(
      'click failed: Ref 42 does not resolve to an element on the page any more. (stale_ref: the element is gone or ' +
        'the page changed; use a ref from the latest observation)',
    );
  });

  it('a ref from the page before a navigation is stale on the new one, never acted on', async () => {
    const h = setupAgent({ site: SITE, turns: [call('type', { ref: 1, text: 'lamp' }), giveUp] });
    // The page navigates by itself between the observation and the action; the new page has a ref 1 too.
    h.model.complete = (
      (complete) =>
      async (...args: Parameters<typeof complete>) => {
        const turn = await complete(...args);
        if (h.model.requests.length === 1) h.browser.commit(h.tabId, RESULTS);
        return turn;
      }
    )(h.model.complete.bind(h.model));
    await h.controller.execute('Search');
    expect(toolResults(h.model.requests[1])[0]).toMatchObject({ isError: true });
    expect(toolResults(h.model.requests[1])[0]?.text).toContain('(stale_ref:');
    expect(h.browser.tab(h.tabId).doc?.elements[0]?.value).toBeUndefined();
  });

  it("a driver's expected effects go to the page with the action, and a model's call sends none", async () => {
    const h = setupAgent({
      site: SITE,
      turns: [calls({ name: 'type', input: { ref: 1, text: 'lamp' } }, { name: 'click', input: { ref: 2 } }), giveUp],
    });
    // A saved task's replay knows what its step did last time (ModelToolCall.expect); the model never says.
    h.model.complete = (
      (complete) =>
      async (...args: Parameters<typeof complete>) => {
        const turn = await complete(...args);
        const [typed, ...rest] = turn.toolCalls;
        return typed ? { ...turn, toolCalls: [{ ...typed, expect: ['value_change'] }, ...rest] } : turn;
      }
    )(h.model.complete.bind(h.model));
    await h.controller.execute('Search');
    const acted = h.tabs.page(h.tabId).calls.filter((c) => c.method === 'type' || c.method === 'click');
    expect(acted[0]).toMatchObject({ method: 'type', args: { ref: 1, text: 'lamp' }, expect: ['value_change'] });
    expect(acted[1]?.method).toBe('click');
    expect(acted[1]).not.toHaveProperty('expect');
  });

  it('page errors of any kind become an is_error result', async () => {
    const site = {
      ...SITE,
      [SHOP]: () => ({
        title: 'Shop',
        elements: [{ ref: 1, role: 'button', name: 'Pay' }],
        act: () => {
          throw new PageError('not_interactable', 'The element is covered by "Cookie banner".');
        },
      }),
    };
    const h = setupAgent({ site, turns: [call('click', { ref: 1 }), giveUp] });
    await h.controller.execute('Pay');
    expect(toolResults(h.model.requests[1])[0]?.text).toBe(
      'click failed: The element is covered by "Cookie banner". (not_interactable: the element cannot be used now ' +
        '(hidden, disabled or covered); try another element or scroll)',
    );
  });

  it('page calls after a page change in the same turn are not run', async () => {
    const { results, h } = await resultsOf(
      calls(
        { name: 'click', input: { ref: 2 } },
        { name: 'type', input: { ref: 1, text: 'x' } },
        { name: 'switch_tab', input: { tabId: 1 } },
      ),
    );
    expect(results[1]?.text).toContain('Not run: click changed the page earlier in this turn.');
    expect(results[2]?.isError).toBe(false);
    expect(
      h
        .of('tool_result')
        .map((e) => e.outcome)
        .slice(0, 3),
    ).toEqual(['ok', 'skipped', 'ok']);
  });

  it('evaluate only when script evaluation is allowed', async () => {
    const off = await resultsOf(calls({ name: 'evaluate', input: { script: 'document.title' } }));
    expect(off.results[0]?.text).toMatch(/^evaluate is not available: script evaluation is off in settings\./);
    const on = await resultsOf(calls({ name: 'evaluate', input: { script: 'document.title' } }), { allowScript: true });
    expect(on.results[0]?.text).toContain('evaluated: document.title');
    expect(on.results[0]?.text).toContain('BEGIN UNTRUSTED PAGE CONTENT');
  });

  it('screenshot only with vision on; the image goes to the model, a capture failure says why', async () => {
    const off = await resultsOf(calls({ name: 'screenshot' }));
    expect(off.results[0]?.text).toContain('vision is off in settings');

    const image = { mediaType: 'image/png' as const, data: 'iVBORw0KGgo=' };
    const h = setupAgent({
      site: SITE,
      settings: { vision: true },
      capture: async () => image,
      turns: [call('screenshot'), giveUp],
    });
    await h.controller.execute('Look');
    const message = h.model.requests[1]?.messages.at(-1);
    const block = Array.isArray(message?.content) ? message.content[0] : undefined;
    expect(block?.type === 'tool_result' && block.content).toContainEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: image.data },
    });

    const hidden = setupAgent({
      site: SITE,
      settings: { vision: true },
      capture: async () => {
        throw new Error("The agent's tab is not the visible tab of its window, so it cannot be captured.");
      },
      turns: [call('screenshot'), giveUp],
    });
    await hidden.controller.execute('Look');
    expect(toolResults(hidden.model.requests[1])[0]?.text).toContain('is not the visible tab of its window');
  });
});

describe('tool definitions', () => {
  const tools = anthropicTools(ALL_TOOLS);

  it('covers every tool of the issue, each once', () => {
    expect(tools.map((t) => t.name)).toEqual([
      'click',
      'type',
      'select_option',
      'check',
      'scroll',
      'press_key',
      'hover',
      'select_text',
      'double_click',
      'right_click',
      'drag',
      'set_value',
      'upload_file',
      'read_page',
      'find',
      'wait_for',
      'screenshot',
      'evaluate',
      'open_url',
      'switch_tab',
      'close_tab',
      'go_back',
      'ask_user',
      'note',
      'done',
      'propose_plan',
    ]);
  });

  it('generates object schemas from zod, without $schema noise', () => {
    for (const tool of tools) {
      expect(tool.input_schema.type).toBe('object');
      expect(JSON.stringify(tool.input_schema)).not.toContain('$schema');
      expect(JSON.stringify(tool.input_schema)).not.toContain('9007199254740991');
      expect(tool.description?.length).toBeGreaterThan(20);
    }
    expect(tools.find((t) => t.name === 'click')?.input_schema).toMatchObject({
      properties: { ref: { type: 'integer', minimum: 0 } },
      required: ['ref'],
      additionalProperties: false,
    });
  });

  it('offers propose_plan only to a task in "Ask before acting"', () => {
    const names = (settings = DEFAULT_SETTINGS) => offeredTools(settings, true).map((t) => t.name);
    expect(names()).not.toContain('propose_plan');
    expect(names(withSettings(DEFAULT_SETTINGS, { autonomy: 'ask_first' }))).toContain('propose_plan');
  });

  it('offers screenshot and evaluate only when switched on', () => {
    const names = (settings = DEFAULT_SETTINGS) => offeredTools(settings, true).map((t) => t.name);
    expect(names()).not.toContain('screenshot');
    expect(names()).not.toContain('evaluate');
    expect(names(withSettings(DEFAULT_SETTINGS, { vision: true, allowScript: true }))).toEqual(
      expect.arrayContaining(['screenshot', 'evaluate']),
    );
  });
});

describe('find', () => {
  it('lists a control as its observation line behind its ref, and text as a quote, all fenced', async () => {
    const h = setupAgent({
      site: SITE,
      turns: [call('find', { query: 'go' }), call('done', { success: false, answer: 'Enough.' })],
    });
    await h.controller.execute('Find the Go button');
    const [found] = toolResults(h.model.requests[1]);
    expect(found?.text).toMatch(/^find: \d+ match(es)?\.\nBEGIN UNTRUSTED PAGE CONTENT id=\w+\n\[2\] button "Go"\n/);
    expect(found?.text).not.toContain('button "button');
  });
});
