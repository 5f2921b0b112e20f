// A realistic page for long runs and the step bench: a shop's search results, paged, with the header, filters,
// twenty product cards and pagination a real results page has, at about the size of a real viewport snapshot
// (1,000–1,500 tokens). "Next page" navigates to the next results page, a new document each time.

import type { DocSpec, FakeElement, Site } from './browser';

export const CATALOGUE_PAGES = 40;
export const NEXT_PAGE_REF = 90;

export function catalogueUrl(page: number): string {
  return `https://shop.example/search?q=desk+lamp&page=${page}`;
}

const ADJECTIVES = ['Brightline', 'Nordlys', 'Arc', 'Studio', 'Halo', 'Fenwick', 'Luma', 'Orbit', 'Pivot', 'Tallis'];
const KINDS = ['desk lamp', 'clamp lamp', 'architect lamp', 'reading light', 'task lamp'];
const FINISHES = ['matte black', 'brushed brass', 'white', 'walnut', 'chrome'];

function products(page: number): { elements: FakeElement[]; lines: string[] } {
  const elements: FakeElement[] = [];
  const lines: string[] = [];
  for (let i = 0; i < 20; i++) {
    const n = page * 20 + i;
    const name = `${ADJECTIVES[n % ADJECTIVES.length]} ${KINDS[n % KINDS.length]}, ${FINISHES[n % FINISHES.length]}`;
    const price = (19 + ((n * 37) % 180) + 0.9).toFixed(2);
    const rating = 3 + (n % 3);
    elements.push({ ref: 20 + i * 3, role: 'link', name });
    elements.push({ ref: 21 + i * 3, role: 'button', name: `Add ${name} to cart` });
    lines.push(
      `article: ${name} · €${price} · ${'★'.repeat(rating)}${'☆'.repeat(5 - rating)} (${(n * 13) % 400}) · ships in ${1 + (n % 4)} days`,
    );
  }
  return { elements, lines };
}

function resultsPage(page: number): () => DocSpec {
  return () => {
    const { elements, lines } = products(page);
    const chrome: FakeElement[] = [
      { ref: 1, role: 'link', name: 'Shop home' },
      { ref: 2, role: 'searchbox', name: 'Search products', value: 'desk lamp' },
      { ref: 3, role: 'button', name: 'Search' },
      { ref: 4, role: 'link', name: 'Sign in' },
      { ref: 5, role: 'link', name: 'Basket (0)' },
      ...['Lighting', 'Furniture', 'Office', 'Outdoor', 'Sale'].map((name, i) => ({ ref: 6 + i, role: 'link', name })),
      ...['LED', 'Dimmable', 'USB port', 'Clamp mount', 'Under €50', 'In stock'].map((name, i) => ({
        ref: 12 + i,
        role: 'checkbox',
        name,
      })),
      { ref: 18, role: 'combobox', name: 'Sort by', value: 'Relevance' },
    ];
    const pager: FakeElement[] = [
      { ref: 89, role: 'link', name: 'Previous page' },
      { ref: NEXT_PAGE_REF, role: 'link', name: 'Next page' },
    ];
    return {
      title: `desk lamp – Search results, page ${page} – Shop`,
      text: [
        `heading: Results for “desk lamp” (page ${page} of ${CATALOGUE_PAGES})`,
        `${CATALOGUE_PAGES * 20} products · Free delivery from €50 · 30-day returns`,
        ...lines,
        'footer: Customer service · Delivery · Returns · Privacy · Cookie settings',
      ].join('\n'),
      elements: [...chrome, ...elements, ...pager],
      act(action, ctx) {
        if (action.kind === 'click' && action.ref === NEXT_PAGE_REF && page < CATALOGUE_PAGES) {
          ctx.navigate(catalogueUrl(page + 1));
          return { ok: true, verified: true, effects: ['navigation'] };
        }
        if (action.kind === 'scroll') return { ok: true, verified: true, effects: ['scroll'] };
        return { ok: true, verified: true, effects: ['dom_change'] };
      },
    };
  };
}

export function catalogueSite(): Site {
  const site: Site = {};
  for (let page = 1; page <= CATALOGUE_PAGES; page++) site[catalogueUrl(page)] = resultsPage(page);
  return site;
}
