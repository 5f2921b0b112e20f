// The stand-in refuses what the API refuses about a request as a whole, in the API's words: the body, required
// fields, unknown and beta-gated fields, betas, max_tokens, sampling, thinking and effort per model, tools,
// tool_choice and context management. Each rule: a request that breaks it gets the exact message, a right one passes.

import { describe, expect, it } from 'vitest';
import { textTurn } from '../../support/fake-anthropic';
import { apiMessage, type Body, clickTool, KEY, send, useFake } from './fake-anthropic-harness';

const h = useFake();
const CM = 'context-management-2025-06-27';
const COMPACT = 'compact-2026-01-12';
const BINDING = 'thinking-binding-controls-2026-08-01';

function base(extra: Body = {}, model = 'claude-sonnet-5-5'): Body {
  return { model, max_tokens: 1024, messages: [{ role: 'user', content: 'Open example.com' }], ...extra };
}

function refusal(body: Body, betas?: string[]): Promise<string | null | undefined> {
  return apiMessage(send(h.client(), body, betas));
}

async function accepts(body: Body, betas?: string[]): Promise<void> {
  h.fake.enqueue(textTurn('ok'));
  await send(h.client(), body, betas);
  expect(h.fake.messageRequests.at(-1)?.rejection).toBeUndefined();
}

function without(key: string): Body {
  const { [key]: _dropped, ...rest } = base();
  return rest;
}

describe('the body and its required fields', () => {
  it('refuses a body that is not JSON', async () => {
    const response = await fetch(`${h.fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': KEY },
      body: '{"model":',
    });
    const body = await response.json();
    expect(response.status).toBe(400);
    expect(body.error.message).toMatch(/^The request body is not valid JSON: /);
  });

  it.each(['model', 'max_tokens', 'messages'])('requires %s', async (field) => {
    expect(await refusal(without(field))).toBe(`${field}: Field required`);
    await accepts(base());
  });

  it('caps max_tokens at the model limit, in the API shape', async () => {
    expect(await refusal(base({ max_tokens: 128_001 }))).toBe(
      'max_tokens: 128001 > 128000, which is the maximum allowed number of output tokens for claude-sonnet-5-5',
    );
    expect(await refusal(base({ max_tokens: 64_001 }, 'claude-haiku-4-5'))).toBe(
      'max_tokens: 64001 > 64000, which is the maximum allowed number of output tokens for claude-haiku-4-5-20251001',
    );
    await accepts(base({ max_tokens: 128_000 }));
  });

  it('refuses unknown fields at the top and inside blocks, with the dotted path', async () => {
    expect(await refusal(base({ response_format: { type: 'json' } }))).toBe(
      'response_format: Extra inputs are not permitted',
    );
    const extraInText = { messages: [{ role: 'user', content: [{ type: 'text', text: 'hi', foo: 1 }] }] };
    expect(await refusal(base(extraInText))).toBe('messages.0.content.0.text.foo: Extra inputs are not permitted');
    const scope = {
      system: [
        { type: 'text', text: 'sys' },
        { type: 'text', text: 'x', cache_control: { type: 'ephemeral', scope: 'global' } },
      ],
    };
    expect(await refusal(base(scope))).toBe('system.1.cache_control.ephemeral.scope: Extra inputs are not permitted');
    await accepts(base({ metadata: { user_id: 'u-1' }, stop_sequences: ['END'], service_tier: 'auto' }));
  });

  it('says plainly when a real API field is one the stand-in does not play', async () => {
    expect(await refusal(base({ container: 'c-1' }))).toBe(
      'fake-anthropic: `container` is accepted by the API but not played by this stand-in; model it first',
    );
  });
});

describe('betas', () => {
  it('refuses unknown beta values with the verbatim message, and accepts a ?beta=true path', async () => {
    expect(await refusal(base(), ['interleaved-thinking-2025-04-14', 'nope'])).toBe(
      'Unexpected value(s) `interleaved-thinking-2025-04-14`, `nope` for the `anthropic-beta` header. Please consult our documentation at docs.claude.com or try again without the header.',
    );
    await accepts(base(), [CM]);
    h.fake.enqueue(textTurn('ok'));
    const headers = { 'x-api-key': KEY, 'content-type': 'application/json', 'anthropic-beta': CM };
    const response = await fetch(`${h.fake.url}/v1/messages?beta=true`, {
      method: 'POST',
      headers,
      body: JSON.stringify(base()),
    });
    expect(response.status).toBe(200);
    expect(h.fake.messageRequests.at(-1)?.query).toBe('beta=true');
  });

  it('refuses context_management without its beta, and a clearing edit with only the compaction beta', async () => {
    const clear = { context_management: { edits: [{ type: 'clear_tool_uses_20250919' }] } };
    expect(await refusal(base(clear))).toBe('context_management: Extra inputs are not permitted');
    expect(await refusal(base(clear), [COMPACT])).toBe(
      "context_management.edits.0: Input tag 'clear_tool_uses_20250919' found using 'type' does not match any of the expected tags: 'compact_20260112'",
    );
    await accepts(base(clear), [CM]);
    await accepts(base({ context_management: { edits: [{ type: 'compact_20260112' }] } }), [COMPACT]);
  });

  it('refuses thinking.block_binding and display "updates" without their betas', async () => {
    const binding = { thinking: { type: 'adaptive', block_binding: { prefix_mismatch_behavior: 'drop_block' } } };
    expect(await refusal(base(binding))).toBe('thinking.adaptive.block_binding: Extra inputs are not permitted');
    await accepts(base(binding), [BINDING]);
    const updates = { thinking: { type: 'adaptive', display: 'updates' } };
    expect(await refusal(base(updates))).toBe("thinking.adaptive.display: Input should be 'summarized' or 'omitted'");
    await accepts(base(updates), ['thinking-display-updates-2026-08-18']);
    expect(await refusal(base(updates, 'claude-haiku-5-5'), ['thinking-display-updates-2026-08-18'])).toBe(
      '"thinking.display.updates" is not supported for this model.',
    );
  });
});

describe('sampling parameters', () => {
  it.each([
    ['temperature', 0.5],
    ['top_p', 0.9],
    ['top_k', 40],
  ])('refuses %s on a 5.x model', async (field, value) => {
    expect(await refusal(base({ [field]: value }))).toBe(`\`${field}\` is deprecated for this model.`);
    await accepts(base({ temperature: 1 }));
  });

  it('refuses temperature and top_p together on a 4.x model, and either alone passes', async () => {
    expect(await refusal(base({ temperature: 0.5, top_p: 0.9 }, 'claude-sonnet-4-6'))).toBe(
      '`temperature` and `top_p` cannot both be specified for this model. Please use only one.',
    );
    await accepts(base({ temperature: 0.5 }, 'claude-sonnet-4-6'));
  });

  it('refuses a temperature other than 1 while a 4.x model thinks', async () => {
    const thinking = { thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 2048, temperature: 0.3 };
    expect(await refusal(base(thinking, 'claude-haiku-4-5'))).toBe(
      '`temperature` may only be set to 1 when thinking is enabled.',
    );
    await accepts(base({ ...thinking, temperature: 1 }, 'claude-haiku-4-5'));
  });
});

describe('thinking and effort per model', () => {
  const adaptiveHint = 'Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.';

  it('refuses manual thinking and thinking off on the 5.5 models', async () => {
    expect(await refusal(base({ thinking: { type: 'enabled', budget_tokens: 2000 } }))).toBe(
      `"thinking.type.enabled" is not supported for this model. ${adaptiveHint}`,
    );
    expect(await refusal(base({ thinking: { type: 'disabled' } }, 'claude-opus-5-5'))).toBe(
      `"thinking.type.disabled" is not supported for this model. ${adaptiveHint}`,
    );
    expect(await refusal(base({ thinking: { type: 'disabled' } }))).toMatch(
      /^"thinking.type.disabled" is not supported for this model. Use "thinking.type.between_tools"/,
    );
    expect(await refusal(base({ thinking: { type: 'between_tools' } }, 'claude-opus-5-5'))).toBe(
      `"thinking.type.between_tools" is not supported for this model. ${adaptiveHint}`,
    );
    await accepts(base({ thinking: { type: 'between_tools' } }));
    await accepts(base({ thinking: { type: 'adaptive', display: 'summarized' } }, 'claude-opus-5-5'));
  });

  it('takes between_tools on Sonnet 5.5 only at low to high effort', async () => {
    const body = base({ thinking: { type: 'between_tools' }, output_config: { effort: 'xhigh' } });
    expect(await refusal(body)).toBe(
      '"thinking.type.between_tools" is not supported with "output_config.effort" "xhigh". Use "low", "medium", "high".',
    );
    await accepts(base({ thinking: { type: 'between_tools' }, output_config: { effort: 'medium' } }));
  });

  it('takes thinking off on Opus 5 only up to high effort', async () => {
    const body = base({ thinking: { type: 'disabled' }, output_config: { effort: 'max' } }, 'claude-opus-5');
    expect(await refusal(body)).toMatch(/^"thinking.type.disabled" is not supported with "output_config.effort" "max"/);
    await accepts(base({ thinking: { type: 'disabled' }, output_config: { effort: 'high' } }, 'claude-opus-5'));
  });

  it('takes only manual thinking with a budget on Haiku 4.5, and no effort', async () => {
    expect(await refusal(base({ thinking: { type: 'adaptive' } }, 'claude-haiku-4-5'))).toBe(
      '"thinking.type.adaptive" is not supported for this model. Use "thinking.type.enabled" with "budget_tokens" to control thinking behavior.',
    );
    expect(await refusal(base({ output_config: { effort: 'low' } }, 'claude-haiku-4-5'))).toBe(
      'output_config.effort: effort is not supported for this model.',
    );
    expect(await refusal(base({ thinking: { type: 'enabled', budget_tokens: 1000 } }, 'claude-haiku-4-5'))).toBe(
      'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024',
    );
    expect(await refusal(base({ thinking: { type: 'enabled', budget_tokens: 1024 } }, 'claude-haiku-4-5'))).toBe(
      '`max_tokens` must be greater than `thinking.budget_tokens`.',
    );
    await accepts(base({ max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 } }, 'claude-haiku-4-5'));
  });

  it('checks effort levels', async () => {
    expect(await refusal(base({ output_config: { effort: 'extreme' } }))).toBe(
      "output_config.effort: Input should be 'low', 'medium', 'high', 'xhigh' or 'max'",
    );
    expect(await refusal(base({ output_config: { effort: 'xhigh' } }, 'claude-sonnet-4-6'))).toBe(
      'output_config.effort: "xhigh" is not supported for this model.',
    );
    await accepts(base({ output_config: { effort: 'max' } }));
  });
});

describe('tools and tool_choice', () => {
  it('checks tool names, their uniqueness and the schema type, in the API words', async () => {
    const named = (name: string) => base({ tools: [{ ...clickTool, name }] });
    expect(await refusal(named('click.now'))).toBe(
      "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
    );
    expect(await refusal(base({ tools: [clickTool, clickTool] }))).toBe('tools: Tool names must be unique.');
    expect(await refusal(base({ tools: [{ ...clickTool, input_schema: { type: 'array' } }] }))).toBe(
      "tools.0.custom.input_schema.type: Input should be 'object'",
    );
    await accepts(named('click_now-2'));
  });

  it('refuses forced tool use where the model refuses it, and on a 4.x model that thinks', async () => {
    const forced = { tools: [clickTool], tool_choice: { type: 'any' } };
    expect(await refusal(base(forced))).toBe('tool_choice: type "tool" and "any" are not supported for this model.');
    const thinking = { ...forced, max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 } };
    expect(await refusal(base(thinking, 'claude-sonnet-4-6'))).toBe(
      'Thinking may not be enabled when tool_choice forces tool use.',
    );
    await accepts(base({ tools: [clickTool], tool_choice: { type: 'tool', name: 'click' } }, 'claude-sonnet-5'));
    await accepts(base({ tools: [clickTool], tool_choice: { type: 'auto' } }));
  });
});

describe('context management', () => {
  const edits = (...list: Body[]) => ({ context_management: { edits: list } });

  it('needs thinking for clear_thinking, and clear_thinking first', async () => {
    const clearThinking = { type: 'clear_thinking_20251015', keep: 'all' };
    const off = { ...edits(clearThinking), thinking: { type: 'disabled' } };
    expect(await refusal(base(off, 'claude-sonnet-5'), [CM])).toBe(
      '`clear_thinking_20251015` strategy requires `thinking` to be enabled or adaptive',
    );
    expect(await refusal(base(edits({ type: 'clear_tool_uses_20250919' }, clearThinking)), [CM])).toBe(
      'context_management.edits: `clear_thinking_20251015` must come first when combined with other strategies',
    );
    await accepts(base(edits(clearThinking, { type: 'clear_tool_uses_20250919' })), [CM]);
  });

  it('checks the edits parameters with the SDK shapes', async () => {
    expect(
      await refusal(base(edits({ type: 'clear_tool_uses_20250919', keep: { type: 'tool_uses', value: 2 }, max: 3 })), [
        CM,
      ]),
    ).toBe('context_management.edits.0.clear_tool_uses_20250919.max: Extra inputs are not permitted');
    expect(
      await refusal(base(edits({ type: 'compact_20260112', trigger: { type: 'input_tokens', value: 40_000 } })), [
        COMPACT,
      ]),
    ).toBe(
      'context_management.edits.0.compact_20260112.trigger.input_tokens.value: Input should be greater than or equal to 50000',
    );
    await accepts(
      base(
        edits({
          type: 'compact_20260112',
          trigger: { type: 'input_tokens', value: 50_000 },
          pause_after_compaction: true,
        }),
      ),
      [COMPACT],
    );
  });

  it('refuses a strategy the model does not support', async () => {
    const body = base(edits({ type: 'compact_20260112' }), 'claude-haiku-4-5');
    expect(await refusal(body, [COMPACT])).toBe(
      'context_management.edits.0: `compact_20260112` is not supported for this model.',
    );
    await accepts(base(edits({ type: 'clear_tool_uses_20250919' }), 'claude-haiku-4-5'), [CM]);
  });
});

describe('the context window', () => {
  it('refuses a prompt longer than the model reads, in the API words', async () => {
    const long = base({ messages: [{ role: 'user', content: 'y'.repeat(820_000) }] }, 'claude-haiku-4-5');
    expect(await refusal(long)).toMatch(/^prompt is too long: 2050\d\d tokens > 200000 maximum$/);
    await accepts(base({ messages: [{ role: 'user', content: 'y'.repeat(700_000) }] }, 'claude-haiku-4-5'));
  });
});
