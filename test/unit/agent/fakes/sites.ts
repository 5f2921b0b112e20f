// Small fake sites the agent tests act on: a shop with a search form, a calendar that pages through months, and a
// page with a button that does nothing.

import { DEAD, type DocSpec, OK, type Site } from './browser';

export const SHOP = 'https://shop.test/';
export const RESULTS = 'https://shop.test/results';
export const CALENDAR = 'https://cal.test/';
export const DOCS = 'https://docs.test/';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October'];

function shop(): DocSpec {
  return {
    title: 'Shop',
    text: 'Welcome to the shop. Free delivery over 50 EUR.',
    elements: [
      { ref: 1, role: 'textbox', name: 'Search' },
      { ref: 2, role: 'button', name: 'Go' },
      { ref: 3, role: 'link', name: 'Cart' },
      { ref: 4, role: 'button', name: 'Broken' },
    ],
    act(action, ctx) {
      if (action.kind === 'type') {
        const box = ctx.doc.elements.find((e) => e.ref === action.ref);
        if (box) box.value = action.text;
        return { ok: true, verified: true, effects: ['value_change'] };
      }
      if (action.kind === 'click' && action.ref === 2) {
        ctx.navigate(RESULTS);
        return { ok: true, verified: true, effects: ['navigation'] };
      }
      if (action.kind === 'click' && action.ref === 4) return DEAD;
      return OK;
    },
  };
}

function results(): DocSpec {
  return {
    title: 'Results',
    text: '3 results for "lamp"\nDesk lamp 24.90 EUR\nFloor lamp 89.00 EUR\nWall lamp 39.50 EUR',
    elements: [{ ref: 1, role: 'link', name: 'Desk lamp' }],
  };
}

function calendar(): DocSpec {
  let month = 2;
  return {
    title: 'Calendar',
    text: `${MONTHS[month]} 2026`,
    elements: [
      { ref: 1, role: 'button', name: 'Next month' },
      { ref: 2, role: 'button', name: 'Previous month' },
    ],
    act(action, ctx) {
      if (action.kind !== 'click') return OK;
      month = Math.max(0, Math.min(MONTHS.length - 1, month + (action.ref === 1 ? 1 : -1)));
      ctx.doc.text = `${MONTHS[month]} 2026`;
      return { ok: true, verified: true, effects: ['dom_change'] };
    },
  };
}

function docs(): DocSpec {
  return {
    title: 'Docs',
    text: 'The API limit is 50 requests per minute.',
    elements: [{ ref: 1, role: 'link', name: 'Home' }],
  };
}

export const SITE: Site = {
  [SHOP]: shop,
  [RESULTS]: results,
  [CALENDAR]: calendar,
  [DOCS]: docs,
};
