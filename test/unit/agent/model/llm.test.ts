// The model client against the fake Messages API (the real SDK over HTTP): streaming, what is sent, and how each
// API failure is retried or turned into a message a person can act on. Backoff sleeps go through a fake clock.

import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, withSettings } from '../../../../src/panel/agent/core/settings';
import { realSleep } from '../../../../src/panel/agent/core/time';
import type { ModelRequest, ModelRetry } from '../../../../src/panel/agent/model/agent-model';
import { createAnthropicModel } from '../../../../src/panel/agent/model/llm';
import { retryAfterMs } from '../../../../src/panel/agent/model/llm-errors';
import { AgentController } from '../../../../src/panel/agent/run/controller';
import { type FakeAnthropic, textTurn, toolTurn } from '../../../support/fake-anthropic';
import { FakeAgentBrowser } from '../fakes/browser';
import { FakeClock } from '../fakes/clock';
import { API_KEY, modelFailure, useFakeApi } from '../fakes/fake-api';
import { FakeNavigation } from '../fakes/navigation';
import { SHOP, SITE } from '../fakes/sites';
import { FakeTabs } from '../fakes/tabs';

const KEY = API_KEY;
let fake: FakeAnthropic;
useFakeApi((started) => {
  fake = started;
});

const request: ModelRequest = {
  system: [{ type: 'text', text: 'You are a test.', cache_control: { type: 'ephemeral' } }],
  tools: [
    { name: 'click', description: 'Click', input_schema: { type: 'object', properties: { ref: { type: 'integer' } } } },
  ],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Click it', cache_control: { type: 'ephemeral' } }] }],
  maxTokens: 512,
};

function client(options: { key?: string } = {}) {
  const clock = new FakeClock();
  const model = createAnthropicModel(
    { apiKey: options.key ?? KEY, baseUrl: fake.url, model: 'claude-sonnet-4-6' },
    { sleep: clock.sleep, random: () => 1 },
  );
  const texts: string[] = [];
  const retries: ModelRetry[] = [];
  const signal = new AbortController().signal;
  const call = (abort: AbortSignal = signal) =>
    model.complete(request, { signal: abort, onText: (t) => texts.push(t), onRetry: (r) => retries.push(r) });
  return { model, clock, texts, retries, call };
}

describe('Anthropic model client', () => {
  it('streams text deltas and returns the whole turn with its tool calls and usage', async () => {
    fake.enqueue({
      ...toolTurn('click', { ref: 12 }, 'I will click the search button now.'),
      usage: { input_tokens: 900, output_tokens: 40, cache_read_input_tokens: 700, cache_creation_input_tokens: 50 },
    });
    const c = client();
    const turn = await c.call();
    expect(c.texts.length).toBeGreaterThan(2);
    expect(c.texts.join('')).toBe('I will click the search button now.');
    expect(turn).toMatchObject({
      text: 'I will click the search button now.',
      toolCalls: [{ name: 'click', input: { ref: 12 } }],
      stopReason: 'tool_use',
      usage: { input: 900, output: 40, cacheRead: 700, cacheWrite: 50 },
      model: 'claude-sonnet-4-6',
    });
  });

  it('sends the settings model, a streamed request with the cache breakpoints, and the key as Bearer', async () => {
    fake.enqueue(textTurn('ok'));
    await client().call();
    const sent = fake.messageRequests[0];
    expect(sent).toMatchObject({ auth: 'bearer', credential: KEY });
    expect(sent?.body).toMatchObject({ model: 'claude-sonnet-4-6', stream: true, max_tokens: 512 });
    expect(sent?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(sent?.rawBody.indexOf('"tools"')).toBeLessThan(sent?.rawBody.indexOf('"system"') ?? 0);
    expect(sent?.rawBody.indexOf('"system"')).toBeLessThan(sent?.rawBody.indexOf('"messages"') ?? 0);
  });

  it('retries 429 after the retry-after the API asked for', async () => {
    fake.enqueue({ fault: 'rate_limit', retryAfterSec: 7 }, textTurn('after the wait'));
    const c = client();
    const turn = await c.call();
    expect(turn.text).toBe('after the wait');
    expect(c.clock.sleeps).toEqual([7_000]);
    expect(c.retries).toMatchObject([{ attempt: 1, delayMs: 7_000 }]);
    expect(c.retries[0]?.reason).toContain('rate limit');
  });

  it('retries 529 overloaded with exponential backoff', async () => {
    fake.enqueue({ fault: 'overloaded' }, { fault: 'overloaded' }, textTurn('ok'));
    const c = client();
    await c.call();
    expect(c.clock.sleeps).toEqual([500, 1_000]);
  });

  it('retries 5xx a bounded number of times, then says retries ran out', async () => {
    fake.enqueue(
      { fault: 'server_error' },
      { fault: 'server_error' },
      { fault: 'server_error' },
      { fault: 'server_error' },
    );
    const c = client();
    const error = await modelFailure(c.call());
    expect(error).toMatchObject({ kind: 'server', status: 500 });
    expect(error.message).toBe('The API failed and retries ran out: try again later (Internal server error).');
    expect(fake.messageRequests).toHaveLength(4);
    expect(c.retries).toHaveLength(3);
  });

  it('does not retry when the API says x-should-retry: false', async () => {
    fake.enqueue({ fault: 'server_error', shouldRetry: false });
    const c = client();
    await modelFailure(c.call());
    expect(fake.messageRequests).toHaveLength(1);
  });

  it('maps 401 to "Check your API key in settings", without retrying', async () => {
    fake.enqueue({ fault: 'unauthorized' });
    const error = await modelFailure(client().call());
    expect(error.kind).toBe('auth');
    expect(error.message).toBe('Check your API key in settings: the API refused it (invalid x-api-key).');
    expect(fake.messageRequests).toHaveLength(1);
  });

  it('maps a wrong key the same way', async () => {
    const error = await modelFailure(client({ key: 'sk-wrong' }).call());
    expect(error.message).toMatch(/^Check your API key in settings/);
  });

  it('asks for a key when none is set, without calling the API', async () => {
    const error = await modelFailure(client({ key: '' }).call());
    expect(error).toMatchObject({ kind: 'auth', message: 'Add your Anthropic API key in settings: none is set.' });
    expect(fake.requests).toHaveLength(0);
  });

  it("maps 400 to the API's own message", async () => {
    fake.enqueue({ fault: 'bad_request', message: 'messages.1.content: tool_use ids must be unique' });
    const error = await modelFailure(client().call());
    expect(error).toMatchObject({ kind: 'bad_request', message: 'messages.1.content: tool_use ids must be unique' });
  });

  it('retries a stream cut mid-way as a whole: the turn returned is the complete one', async () => {
    // Without reasoning first, so the cut falls inside the text the test follows.
    fake.enqueue({
      fault: 'cut',
      afterEvents: 4,
      turn: { ...toolTurn('click', { ref: 1 }, 'Half a thought that '), thinking: false },
    });
    fake.enqueue({ ...toolTurn('click', { ref: 2 }, 'A whole thought.'), thinking: false });
    const c = client();
    const turn = await c.call();
    expect(turn).toMatchObject({ text: 'A whole thought.', toolCalls: [{ name: 'click', input: { ref: 2 } }] });
    expect(c.retries).toHaveLength(1);
    expect(c.texts.join('')).toMatch(/^Half a t.*A whole thought\.$/);
  });

  it('retries network errors (nothing listening)', async () => {
    const clock = new FakeClock();
    const model = createAnthropicModel(
      { apiKey: KEY, baseUrl: 'http://127.0.0.1:9', model: 'claude-sonnet-4-6' },
      { sleep: clock.sleep, maxFailureRetries: 2 },
    );
    const error = await modelFailure(model.complete(request, { signal: new AbortController().signal }));
    expect(error).toMatchObject({ kind: 'network' });
    expect(error.message).toContain('check the network and the base URL');
    expect(clock.sleeps).toHaveLength(2);
  });

  it('gives way to Stop while the API hangs', async () => {
    fake.enqueue({ fault: 'hang' });
    const abort = new AbortController();
    const pending = client().call(abort.signal);
    while (fake.messageRequests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    abort.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });

  it('gives way to Stop during a retry backoff', async () => {
    fake.enqueue({ fault: 'overloaded' });
    const abort = new AbortController();
    const model = createAnthropicModel(
      { apiKey: KEY, baseUrl: fake.url, model: 'claude-sonnet-4-6' },
      {
        // Stop arrives while the client waits out its backoff.
        sleep: (ms, signal) => {
          abort.abort();
          return realSleep(ms, signal);
        },
      },
    );
    await expect(model.complete(request, { signal: abort.signal })).rejects.toMatchObject({ code: 'aborted' });
  });
});

describe('parsing and headers', () => {
  it('reads retry-after as ms, seconds or a date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '2.5' }))).toBe(2_500);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

describe('a task against the fake API', () => {
  it('ends as error with the API key message when the key is refused', async () => {
    const clock = new FakeClock();
    const browser = new FakeAgentBrowser(SITE, clock);
    const tabs = new FakeTabs(browser, browser.addTab(SHOP));
    const settings = withSettings(DEFAULT_SETTINGS, { apiKey: 'sk-wrong', baseUrl: fake.url });
    const controller = new AgentController({
      model: (s) => createAnthropicModel(s, { sleep: clock.sleep }),
      tabs,
      navigation: new FakeNavigation(browser),
      clock,
      settings,
      newId: () => 'task-1',
    });
    const result = await controller.execute('Anything');
    expect(result.status).toBe('error');
    expect(result.summary).toMatch(/^Check your API key in settings/);
  });
});
