// The prepared task the offline demo model plays on the bundled shop (src/tooling/site), step by step from what it sees,
// like a real model would: it decides each move from the current page, not from a fixed script of refs.

import type { SeenControl, SeenPage } from '../agent';

export const DEMO_CUSTOMER = { name: 'Ada Lovelace', email: 'ada@example.com' };

export function demoInstruction(shopUrl: string): string {
  return (
    `On the Fern & Fig shop (${shopUrl}) buy one Monstera deliciosa for ${DEMO_CUSTOMER.name} ` +
    `(${DEMO_CUSTOMER.email}) with standard shipping, then tell me the order number.`
  );
}

export interface DemoMove {
  say: string;
  tool: string;
  input: Record<string, unknown>;
}

const find = (page: SeenPage, role: string, name: RegExp): SeenControl | undefined =>
  page.controls.find((control) => control.role === role && name.test(control.name));

function checkoutMove(page: SeenPage): DemoMove | null {
  const name = find(page, 'textbox', /full name/i);
  if (name && !name.value) {
    return { say: 'Filling in the name.', tool: 'type', input: { ref: name.ref, text: DEMO_CUSTOMER.name } };
  }
  const email = find(page, 'textbox', /email/i);
  if (email && !email.value) {
    return { say: 'Now the email address.', tool: 'type', input: { ref: email.ref, text: DEMO_CUSTOMER.email } };
  }
  const shipping = find(page, 'combobox', /shipping/i);
  if (shipping && !/standard/i.test(shipping.value ?? '')) {
    return {
      say: 'Choosing standard shipping.',
      tool: 'select_option',
      input: { ref: shipping.ref, option: 'Standard' },
    };
  }
  const terms = find(page, 'checkbox', /terms/i);
  if (terms && !terms.checked) {
    return { say: 'Accepting the terms of sale.', tool: 'check', input: { ref: terms.ref, checked: true } };
  }
  const place = find(page, 'button', /place order/i);
  return place
    ? { say: 'Everything is filled in: placing the order.', tool: 'click', input: { ref: place.ref } }
    : null;
}

/** The next move on the shop, or null when the page is not one the demo knows. */
export function nextDemoMove(page: SeenPage, shopUrl: string | null): DemoMove | null {
  const path = page.url ? safePath(page.url) : null;
  if (path === null || (shopUrl && page.url && !page.url.startsWith(new URL(shopUrl).origin))) {
    return shopUrl ? { say: 'Opening the shop.', tool: 'open_url', input: { url: shopUrl } } : null;
  }
  if (path.startsWith('/confirmation')) {
    const order = /FF-\d{6}/.exec(page.text)?.[0];
    if (!order) return null;
    return {
      say: `The order went through: ${order}.`,
      tool: 'done',
      input: {
        success: true,
        answer: `I bought one Monstera deliciosa for ${DEMO_CUSTOMER.name} with standard shipping. The order number is ${order}.`,
        evidence: { quotes: [order], urlContains: '/confirmation' },
      },
    };
  }
  if (path.startsWith('/checkout')) return checkoutMove(page);
  if (path.startsWith('/cart')) {
    const go = find(page, 'link', /checkout/i);
    return go ? { say: 'The Monstera is in the cart; on to checkout.', tool: 'click', input: { ref: go.ref } } : null;
  }
  if (path.startsWith('/product')) {
    if (/is in your cart/i.test(page.text)) {
      const cart = find(page, 'link', /^cart/i);
      return cart ? { say: 'Added. Going to the cart.', tool: 'click', input: { ref: cart.ref } } : null;
    }
    const add = find(page, 'button', /add to cart/i);
    return add
      ? { say: 'This is the Monstera page; adding it to the cart.', tool: 'click', input: { ref: add.ref } }
      : null;
  }
  const view = find(page, 'link', /monstera/i);
  return view
    ? { say: 'I can see the Monstera in the list; opening it.', tool: 'click', input: { ref: view.ref } }
    : null;
}

function safePath(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol.startsWith('http') ? parsed.pathname : null;
  } catch {
    return null;
  }
}
