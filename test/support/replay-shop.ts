// The demo shop (src/tooling/site) as a saved task meets it later: the same shop, or a copy changed in one place, as
// a shop changes between two runs of a person's weekly order. Each variant rewrites one page as it is served; orders
// are the requests for the confirmation page.

import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Route, type StaticServer, startStaticServer } from '../../src/tooling/static-server';

const SHOP = resolve(import.meta.dirname, '../../src/tooling/site');

/** How the shop differs from the one the task was saved on. */
export type ShopVariant =
  /** As it was. */
  | 'same'
  /** "Add to cart" is now "Add to basket", above the price. */
  | 'renamed'
  /** The product page opens with a cookie dialog over everything, which must be accepted first. */
  | 'cookies'
  /** The cart page is gone from the way: the header's cart link leads straight to checkout. */
  | 'no-cart'
  /** "Add to cart" does nothing at all. */
  | 'dead-button'
  /** The confirmation page words the order number differently ("Reference REF 104233"). */
  | 'new-confirmation';

const ADD = '<button id="add" type="button">Add to cart</button>';

const CHANGES: Record<ShopVariant, Record<string, (html: string) => string>> = {
  same: {},
  renamed: {
    '/product.html': (html) =>
      html
        .replace(ADD, '')
        .replace('<h1 id="name">…</h1>', `<h1 id="name">…</h1>\n<button id="add" type="button">Add to basket</button>`),
  },
  cookies: {
    '/product.html': (html) =>
      html.replace(
        '<main>',
        '<div id="cookies" role="dialog" aria-modal="true" aria-label="Cookies" style="position:fixed;inset:0;' +
          'background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:10">' +
          '<div class="card"><p>This shop uses cookies.</p>' +
          '<button type="button" onclick="document.getElementById(\'cookies\').remove()">Accept cookies</button>' +
          '</div></div>\n<main>',
      ),
  },
  'no-cart': {
    '/product.html': (html) => html.replace('<a href="/cart.html">Cart', '<a href="/checkout.html">Cart'),
  },
  'dead-button': {
    '/product.html': (html) =>
      html.replace("getElementById('add').addEventListener('click'", "getElementById('add').addEventListener('never'"),
  },
  'new-confirmation': {
    '/confirmation.html': (html) =>
      html
        .replace('Your order number is', 'Your reference is')
        .replace('`FF-$' + '{100000 + hash}`', '`REF $' + '{100000 + hash}`'),
  },
};

export interface ReplayShop extends StaticServer {
  /** Serves the shop as `variant` from now on. */
  become(variant: ShopVariant): void;
  /** Orders received since `from` (an index into `hits`): requests for the confirmation page. */
  orders(from?: number): string[];
}

export async function startReplayShop(): Promise<ReplayShop> {
  let variant: ShopVariant = 'same';
  const route: Route = async (_req, res, url) => {
    const path = url.pathname === '/' ? '/index.html' : url.pathname;
    const change = CHANGES[variant][path];
    if (!change) return false;
    const html = change(await readFile(join(SHOP, path), 'utf8'));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    return true;
  };
  const server = await startStaticServer(SHOP, [route]);
  return {
    ...server,
    become: (next) => {
      variant = next;
    },
    orders: (from = 0) => server.hits.slice(from).filter((hit) => hit.startsWith('/confirmation.html?')),
  };
}
