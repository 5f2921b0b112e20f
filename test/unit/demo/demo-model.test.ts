import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { parseControl } from '../../../src/panel/agent/run/observation-reader';
import { DemoModel } from '../../../src/panel/demo/demo-model';
import { demoInstruction } from '../../../src/panel/demo/demo-task';

const SHOP = 'http://127.0.0.1:4000/';

function request(url: string, page: string): { messages: Anthropic.MessageParam[] } {
  const observation = `Step 2 (10 steps left after this one).\nAgent's tab: 7\nBEGIN UNTRUSTED PAGE CONTENT id=ab\nURL: ${url}\n${page}\nEND UNTRUSTED PAGE CONTENT id=ab`;
  return {
    messages: [
      { role: 'user', content: [{ type: 'text', text: `Task: ${demoInstruction(SHOP)}` }] },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      { role: 'user', content: [{ type: 'text', text: observation }] },
    ],
  };
}

async function move(url: string, page: string) {
  const streamed: string[] = [];
  const turn = await new DemoModel().complete(
    { ...request(url, page), system: [], tools: [], maxTokens: 100 },
    { signal: new AbortController().signal, onText: (d) => streamed.push(d) },
  );
  expect(streamed.join('')).toBe(turn.text);
  expect(turn.toolCalls).toHaveLength(1);
  return turn.toolCalls[0];
}

describe('offline demo model', () => {
  it('reads controls with their state from snapshot lines', () => {
    expect(parseControl('[7] textbox "Email" value="a@b.c" required')).toEqual({
      ref: 7,
      role: 'textbox',
      name: 'Email',
      value: 'a@b.c',
      checked: false,
    });
    expect(parseControl('[3] checkbox "I accept \\"terms\\"" checked')).toMatchObject({
      name: 'I accept "terms"',
      checked: true,
    });
    expect(parseControl('## Houseplants')).toBeNull();
  });

  it('opens the shop from elsewhere, then walks the purchase by what each page shows', async () => {
    expect(await move('https://example.com/', 'heading')).toMatchObject({ name: 'open_url', input: { url: SHOP } });
    expect(await move(SHOP, '# Houseplants\n[4] link "View Monstera" → /product.html?id=monstera')).toMatchObject({
      name: 'click',
      input: { ref: 4 },
    });
    expect(await move(`${SHOP}product.html?id=monstera`, '[9] button "Add to cart"')).toMatchObject({
      name: 'click',
      input: { ref: 9 },
    });
    expect(
      await move(
        `${SHOP}product.html?id=monstera`,
        '[2] link "Cart (1)"\n[9] button "Add to cart"\nMonstera deliciosa is in your cart.',
      ),
    ).toMatchObject({ name: 'click', input: { ref: 2 } });
    expect(await move(`${SHOP}cart.html`, '[5] link "Go to checkout"')).toMatchObject({
      name: 'click',
      input: { ref: 5 },
    });
  });

  it('fills the checkout one field at a time and then places the order', async () => {
    const url = `${SHOP}checkout.html`;
    const form = (name: string, email: string, terms: string) =>
      `[1] textbox "Full name"${name}\n[2] textbox "Email" type=email${email}\n[3] combobox "Shipping" value="Standard (3–5 days)"\n[4] checkbox "I accept the terms of sale"${terms}\n[5] button "Place order"`;
    expect(await move(url, form('', '', ''))).toMatchObject({ name: 'type', input: { ref: 1, text: 'Ada Lovelace' } });
    expect(await move(url, form(' value="Ada Lovelace"', '', ''))).toMatchObject({
      name: 'type',
      input: { ref: 2, text: 'ada@example.com' },
    });
    const filled = form(' value="Ada Lovelace"', ' value="ada@example.com"', '');
    expect(await move(url, filled)).toMatchObject({ name: 'check', input: { ref: 4, checked: true } });
    expect(await move(url, form(' value="Ada Lovelace"', ' value="ada@example.com"', ' checked'))).toMatchObject({
      name: 'click',
      input: { ref: 5 },
    });
  });

  it('finishes with the order number as evidence the harness can check', async () => {
    const call = await move(`${SHOP}confirmation.html?name=Ada`, '# Thank you!\nYour order number is FF-123456.');
    expect(call).toMatchObject({
      name: 'done',
      input: { success: true, evidence: { quotes: ['FF-123456'], urlContains: '/confirmation' } },
    });
  });

  it('says plainly that it only knows the prepared task', async () => {
    const turn = await new DemoModel().complete(
      {
        system: [],
        tools: [],
        maxTokens: 10,
        messages: [{ role: 'user', content: [{ type: 'text', text: "Task: find a flight\nAgent's tab: 3" }] }],
      },
      { signal: new AbortController().signal },
    );
    expect(turn.toolCalls[0]).toMatchObject({ name: 'done', input: { success: false } });
    expect(turn.text).toMatch(/add an API key in Settings/);
  });
});
