// The snapshot digest: a 53-bit hash (cyrb53) of the page's structure as the snapshot sees it, so that the same
// state always gives the same digest and any change in what is listed changes it. Refs are left out on purpose:
// a menu closed and reopened is the same state even though the framework rebuilt its elements. So is text the
// page keeps changing by itself (a ticker, a live feed: see actions/effects/churn.ts), or such a page would never show
// the same state twice and no-progress detection could not see the agent going round in circles there.

import type { Item, PageModel } from '../collect/items';
import { itemLine } from './lines';

export class Hash53 {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  update(text: string): this {
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      this.h1 = Math.imul(this.h1 ^ ch, 2654435761);
      this.h2 = Math.imul(this.h2 ^ ch, 1597334677);
    }
    return this;
  }

  digest(): string {
    let h1 = Math.imul(this.h1 ^ (this.h1 >>> 16), 2246822507);
    h1 ^= Math.imul(this.h2 ^ (this.h2 >>> 13), 3266489909);
    let h2 = Math.imul(this.h2 ^ (this.h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    const value = 4294967296 * (2097151 & h2) + (h1 >>> 0);
    return value.toString(16).padStart(14, '0');
  }
}

/** The item as the digest sees it; null for an item that is only churning content. */
function digestLine(item: Item, origin: string): string | null {
  if (item.kind === 'text' && item.stable !== undefined) return item.stable || null;
  if (item.kind === 'heading' && item.volatile) return null;
  return itemLine(item, origin, false);
}

export function digestOf(model: PageModel, origin: string): string {
  const hash = new Hash53();
  hash.update(`${model.viewport.scrollX},${model.viewport.scrollY}\n`);
  for (const item of model.items) {
    const line = digestLine(item, origin);
    if (line !== null) hash.update(item.where).update(line).update('\n');
  }
  return hash.digest();
}
