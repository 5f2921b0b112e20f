// The model client asks each endpoint only for what it takes (endpoint.ts), keeps a thinking model's silent stream
// alive on its pings, and never retries a spend limit. Against the stand-in of the Messages API, through the SDK.

import { describe, expect, it } from 'vitest';
import type { ModelRequest, ModelRetry } from '../../../../src/panel/agent/model/agent-model';
import { CLEAR_TRIGGER_TOKENS } from '../../../../src/panel/agent/model/context-budget';
import { createAnthropicModel } from '../../../../src/panel/agent/model/llm';
import { CLEARED_RESULT_TEXT } from '../../../../src/panel/agent/model/local-bounding';
import { type FakeAnthropic, startFakeAnthropic, textTurn, toolTurn } from '../../../support/fake-anthropic';
import { FakeClock } from '../fakes/clock';
import { API_KEY, modelFailure, useFakeApi } from '../fakes/fake-api';

let fake: FakeAnthropic;
useFakeApi((started) => {
  fake = started;
});

const request: ModelRequest = {
  system: [{ type: 'text', text: 'You are a test.', cache_control: { type: 'ephemeral' } }],
  tools: [
    { name: 'click', description: 'Click', input_schema: { type: 'object', properties: { ref: { type: 'integer' } } } },
  ],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Click it' }] }],
  maxTokens: 16_384,
};

function model(id: string, over: { fake?: FakeAnthropic; timeoutMs?: number } = {}) {
  const clock = new FakeClock();
  const retries: ModelRetry[] = [];
  const client = createAnthropicModel(
    { apiKey: API_KEY, baseUrl: (over.fake ?? fake).url, model: id, effort: 'medium' },
    { sleep: clock.sleep, random: () => 1, ...(over.timeoutMs ? { timeoutMs: over.timeoutMs } : {}) },
  );
  const call = (req: ModelRequest = request) =>
    client.complete(req, { signal: new AbortController().signal, onRetry: (r) => retries.push(r) });
  return { call, retries, clock };
}

describe('what each endpoint is asked for', () => {
  it('a thinking 5.x model: adaptive thinking with summaries, effort, context management with its betas, caching', async () => {
    fake.enqueue(toolTurn('click', { ref: 1 }));
    await model('claude-sonnet-5-5').call();
    const [lookup] = fake.requests.filter((r) => r.method === 'GET');
    expect(lookup?.path).toBe('/v1/models/claude-sonnet-5-5');
    const sent = fake.messageRequests[0];
    expect(sent?.headers['anthropic-beta']).toBe('context-management-2025-06-27,compact-2026-01-12');
    expect(sent?.body).toMatchObject({
      thinking: { type: 'adaptive', display: 'summarized' },
      output_config: { effort: 'medium' },
      cache_control: { type: 'ephemeral' },
      max_tokens: 16_384,
      context_management: {
        edits: [
          { type: 'clear_thinking_20251015', keep: 'all' },
          { type: 'clear_tool_uses_20250919', exclude_tools: ['note'] },
          { type: 'compact_20260112' },
        ],
      },
    });
    expect(fake.rejections).toEqual([]);
  });

  it('a model without adaptive thinking or effort (Haiku 4.5): neither, and only the clearing it supports', async () => {
    fake.enqueue(toolTurn('click', { ref: 1 }));
    await model('claude-haiku-4-5').call();
    const body = fake.messageRequests[0]?.body ?? {};
    expect(body).not.toHaveProperty('thinking');
    expect(body).not.toHaveProperty('output_config');
    expect(body.context_management).toEqual({ edits: [expect.objectContaining({ type: 'clear_tool_uses_20250919' })] });
    expect(fake.rejections).toEqual([]);
  });

  it('an Anthropic-compatible local server: no betas, no fields it does not know, the plain route', async () => {
    fake.enqueue(textTurn('ok'));
    const turn = await model('qwen3-coder:30b').call();
    expect(turn.text).toBe('ok');
    const sent = fake.messageRequests[0];
    expect(sent?.headers).not.toHaveProperty('anthropic-beta');
    expect(sent?.query).toBe('');
    for (const field of ['thinking', 'output_config', 'context_management', 'cache_control']) {
      expect(sent?.body).not.toHaveProperty(field);
    }
    expect(fake.rejections).toEqual([]);
  });

  it('bounds a long request itself on a compatible server, clearing old tool results as the API would', async () => {
    const page = 'A product line of a long results page. '.repeat(60);
    const messages: ModelRequest['messages'] = [{ role: 'user', content: [{ type: 'text', text: 'Task: page on' }] }];
    for (let i = 0; i < 30; i++) {
      messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${i}`, name: 'click', input: {} }] });
      messages.push({
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: `toolu_${i}`, content: [{ type: 'text', text: `${i}: ${page}` }] },
        ],
      });
    }
    fake.enqueue(textTurn('ok'));
    await model('qwen3-coder:30b').call({ ...request, messages });
    const sent = fake.messageRequests[0]?.rawBody ?? '';
    expect(sent).toContain(CLEARED_RESULT_TEXT);
    expect(sent).not.toContain(`"0: ${page.slice(0, 20)}`);
    expect(sent).toContain(`29: ${page.slice(0, 20)}`);
    expect(JSON.stringify(messages).length / 4).toBeGreaterThan(CLEAR_TRIGGER_TOKENS);
    expect(sent.length / 4).toBeLessThan(CLEAR_TRIGGER_TOKENS);
    // The conversation handed in is untouched: only the request was trimmed.
    expect(JSON.stringify(messages)).not.toContain(CLEARED_RESULT_TEXT);
  });
});

describe('a thinking model that is silent for long', () => {
  // Three minutes of thinking with a 120 s stall limit, at 1/100 of the time: 1.8 s of thinking, pings every 0.25 s,
  // a 1.2 s limit. The SDK never shows pings; the client sees them on the wire.
  it('stays connected through its pings, and is not cut or retried', async () => {
    const pinging = await startFakeAnthropic({ apiKey: API_KEY, pingEveryMs: 250 });
    try {
      pinging.enqueue({ ...toolTurn('click', { ref: 1 }), thinkMs: 1_800 });
      const m = model('claude-sonnet-5-5', { fake: pinging, timeoutMs: 1_200 });
      const turn = await m.call();
      expect(turn.toolCalls).toMatchObject([{ name: 'click' }]);
      expect(m.retries).toEqual([]);
    } finally {
      await pinging.close();
    }
  });

  it('is cut and retried when nothing at all comes within the limit', async () => {
    const silent = await startFakeAnthropic({ apiKey: API_KEY, pingEveryMs: 60_000 });
    try {
      silent.enqueue({ ...toolTurn('click', { ref: 1 }), thinkMs: 1_800 }, toolTurn('click', { ref: 2 }));
      const m = model('claude-sonnet-5-5', { fake: silent, timeoutMs: 600 });
      const turn = await m.call();
      expect(turn.toolCalls).toMatchObject([{ input: { ref: 2 } }]);
      expect(m.retries).toHaveLength(1);
      expect(m.retries[0]?.reason).toMatch(/^The model stopped sending mid-answer: nothing came for 0\.6 s: retrying/);
    } finally {
      await silent.close();
    }
  });
});

describe('limits no retry can pass', () => {
  it('the monthly spend cap: not retried, and says what happened and what to do', async () => {
    fake.enqueue({ fault: 'spend_limit' }, textTurn('never reached'));
    const m = model('claude-sonnet-5-5');
    const error = await modelFailure(m.call());
    expect(error).toMatchObject({ kind: 'spend_limit', retryable: false });
    expect(error.message).toMatch(/^Your API account reached its spend limit/);
    expect(error.message).toContain('Settings → Limits');
    expect(error.message).toMatch(/You will regain access on \d{4}-\d{2}-01 at 00:00 UTC/);
    expect(fake.messageRequests).toHaveLength(1);
    expect(m.retries).toEqual([]);
  });

  it('a rate limit without retry-after is retried with backoff', async () => {
    fake.enqueue({ fault: 'rate_limit', retryAfterSec: null }, textTurn('ok'));
    const m = model('claude-sonnet-5-5');
    await m.call();
    expect(m.clock.sleeps).toEqual([500]);
  });
});
