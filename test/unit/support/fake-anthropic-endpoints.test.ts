// The stand-in's other endpoints and its second profile: the Models API and token counting as the Anthropic API
// answers them, CORS and unknown routes, and the Anthropic-compatible local server (Ollama ≥ 0.14, llama.cpp, LM Studio) any model id not
// starting with `claude-` gets.

import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { startFakeAnthropic, textTurn } from '../../support/fake-anthropic';
import { apiMessage, clickTool, KEY, rejection, useFake } from './fake-anthropic-harness';

const MODEL = 'claude-sonnet-4-6';
const h = useFake();

function params(text = 'Open example.com'): Anthropic.MessageCreateParamsNonStreaming {
  return { model: MODEL, max_tokens: 256, messages: [{ role: 'user', content: text }], tools: [clickTool] };
}

describe('models and token counting', () => {
  it('lists models newest first with capabilities, paging forward and back as the SDK does', async () => {
    const client = h.client();

    const first = await client.models.list({ limit: 3 });
    const all: string[] = [];
    for await (const model of client.models.list({ limit: 4 })) all.push(model.id);
    const back = await client.models.list({ before_id: all[5], limit: 2 });

    expect(first.data.map((m) => m.id)).toEqual(all.slice(0, 3));
    expect(first.has_more).toBe(true);
    expect(all).toContain('claude-sonnet-5-5');
    expect(all.indexOf('claude-haiku-5-5')).toBeLessThan(all.indexOf('claude-sonnet-5-5'));
    expect(back.data.map((m) => m.id)).toEqual(all.slice(3, 5));
  });

  it('retrieves a model with its capabilities, resolves an alias, and 404s an unknown claude id', async () => {
    const client = h.client();

    const sonnet = await client.models.retrieve('claude-sonnet-5-5');
    const haiku = await client.models.retrieve('claude-haiku-4-5');
    const missing = await rejection(client.models.retrieve('claude-nope-9'));

    expect(sonnet).toMatchObject({
      id: 'claude-sonnet-5-5',
      type: 'model',
      line: 'sonnet',
      max_input_tokens: 1_000_000,
      max_tokens: 128_000,
      capabilities: {
        thinking: {
          supported: true,
          types: {
            adaptive: { supported: true },
            between_tools: { supported: true },
            disabled: { supported: false },
            enabled: { supported: false },
          },
        },
        effort: { supported: true, xhigh: { supported: true } },
        context_management: { supported: true, compact_20260112: { supported: true } },
      },
    });
    expect(haiku).toMatchObject({ id: 'claude-haiku-4-5-20251001', capabilities: { effort: { supported: false } } });
    expect(missing).toBeInstanceOf(Anthropic.NotFoundError);
    expect(missing).toMatchObject({ apiMessage: 'model: claude-nope-9' });
  });

  it('counts tokens with the same rules as messages', async () => {
    const client = h.client();
    const count = await client.messages.countTokens({ model: MODEL, messages: [{ role: 'user', content: 'hello' }] });
    const bad = await apiMessage(
      client.messages.countTokens({ model: MODEL, messages: [{ role: 'user', content: ' ' }] }),
    );
    expect(count.input_tokens).toBeGreaterThan(0);
    expect(bad).toBe('messages: text content blocks must contain non-whitespace text');
  });

  it('counts an image by its size, not its base64 text', async () => {
    // A PNG header for a 1000 x 500 image: tokens = width * height / 750 (https://platform.claude.com/docs/en/build-with-claude/vision).
    const png = Buffer.alloc(64);
    png.writeUInt32BE(0x89504e47, 0);
    png.writeUInt32BE(1000, 16);
    png.writeUInt32BE(500, 20);
    const image = {
      type: 'image' as const,
      source: { type: 'base64' as const, media_type: 'image/png' as const, data: png.toString('base64') },
    };
    const client = h.client();
    const withImage = await client.messages.countTokens({
      model: MODEL,
      messages: [{ role: 'user', content: [image, { type: 'text', text: 'what is this?' }] }],
    });
    const without = await client.messages.countTokens({
      model: MODEL,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'what is this?' }] }],
    });
    expect(withImage.input_tokens - without.input_tokens).toBe(667);
  });

  it('refuses fields token counting does not take', async () => {
    const message = await apiMessage(
      h.client().messages.countTokens({ ...params(), max_tokens: 10 } as unknown as Anthropic.MessageCountTokensParams),
    );
    expect(message).toBe('max_tokens: Extra inputs are not permitted');
  });

  it('404s an unknown claude model on messages with the API words', async () => {
    const message = await apiMessage(h.client().messages.create({ ...params(), model: 'claude-sonnet-9' }));
    expect(message).toBe('model: claude-sonnet-9');
  });
});

describe('an Anthropic-compatible local server (any model not named claude-*)', () => {
  it('answers with input and output tokens only, thinking with an empty signature, and no stop_details', async () => {
    h.fake.enqueue({ ...textTurn('Local answer.'), thinking: 'Local reasoning.' });

    const message = await h.client().messages.create({
      model: 'qwen3-coder',
      max_tokens: 2000,
      thinking: { type: 'enabled', budget_tokens: 1000 },
      temperature: 0.2,
      top_p: 0.9,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }] }],
    } as Anthropic.MessageCreateParamsNonStreaming);

    expect(message.model).toBe('qwen3-coder');
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Local reasoning.', signature: '' },
      { type: 'text', text: 'Local answer.' },
    ]);
    expect(Object.keys(message.usage).sort()).toEqual(['input_tokens', 'output_tokens']);
    expect(message).not.toHaveProperty('stop_details');
    expect(h.fake.messageRequests[0]?.profile).toBe('compatible');
  });

  it('refuses betas, unknown fields, adaptive thinking and system messages', async () => {
    const client = h.client();
    const base = { model: 'llama3', max_tokens: 100, messages: [{ role: 'user' as const, content: 'hi' }] };

    expect(await apiMessage(client.beta.messages.create({ ...base, betas: ['context-management-2025-06-27'] }))).toBe(
      'Unexpected value(s) `context-management-2025-06-27` for the `anthropic-beta` header. Please consult our documentation at docs.claude.com or try again without the header.',
    );
    expect(await apiMessage(client.messages.create({ ...base, output_config: { effort: 'low' } }))).toBe(
      'output_config: Extra inputs are not permitted',
    );
    expect(await apiMessage(client.messages.create({ ...base, cache_control: { type: 'ephemeral' } }))).toBe(
      'cache_control: Extra inputs are not permitted',
    );
    expect(await apiMessage(client.messages.create({ ...base, thinking: { type: 'adaptive' } }))).toBe(
      "thinking: Input tag 'adaptive' found using 'type' does not match any of the expected tags: 'enabled', 'disabled'",
    );
    const system = { ...base, messages: [...base.messages, { role: 'system' as const, content: 'note' }] };
    expect(await apiMessage(client.messages.create(system))).toBe(
      "unknown variant 'system', expected 'user' or 'assistant'",
    );
  });

  it('answers the Models API in the OpenAI shape', async () => {
    const one = await fetch(`${h.fake.url}/v1/models/qwen3-coder`, { headers: { 'x-api-key': KEY } });
    const local = await startFakeAnthropic({ localModels: ['qwen3-coder', 'llama3'] });
    const list = await fetch(`${local.url}/v1/models`);
    await local.close();

    expect(await one.json()).toEqual({ id: 'qwen3-coder', object: 'model', created: 0, owned_by: 'library' });
    expect(await list.json()).toEqual({
      object: 'list',
      data: [
        { id: 'qwen3-coder', object: 'model', created: 0, owned_by: 'library' },
        { id: 'llama3', object: 'model', created: 0, owned_by: 'library' },
      ],
    });
  });
});

describe('CORS and unknown routes', () => {
  it('answers preflights permissively and puts CORS headers on every response', async () => {
    const preflight = await fetch(`${h.fake.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'chrome-extension://abcdefghijklmnop',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,anthropic-version',
      },
    });
    const plain = await fetch(`${h.fake.url}/v1/models`, { headers: { 'x-api-key': KEY } });

    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(plain.headers.get('access-control-allow-origin')).toBe('*');
    expect(plain.headers.get('access-control-expose-headers')).toBe('*');
  });

  it('answers unknown paths with an Anthropic-shaped 404 whose request_id matches the header', async () => {
    const response = await fetch(`${h.fake.url}/v1/nope`, { method: 'POST', headers: { 'x-api-key': KEY } });
    const body = await response.json();

    expect(response.status).toBe(404);
    expect(body).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: expect.stringContaining('/v1/nope') },
      request_id: response.headers.get('request-id'),
    });
    expect(h.fake.rejections).toHaveLength(1);
  });
});
