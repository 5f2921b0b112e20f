// Page text as the walk meets it, gathered into lines: one per block, table cells joined by a bar, a new line
// whenever the text moves between above, on and below the viewport. Text the page keeps changing by itself
// (volatile) is kept in the line but left out of its `stable` form, which is what the digest hashes.

import { clip, collapse } from '../dom/dom';
import type { Where } from '../geometry/geometry';
import type { Item, TextItem } from './items';

const MAX_TEXT_CHARS = 300;

export class TextBuffer {
  private buffer = '';
  private stable = '';
  private hasVolatile = false;
  private where: Where = 'in';
  private nodes: Text[] = [];

  /** `keepNodes`: each line keeps the text nodes it was made of (find gives the element holding a match a ref). */
  constructor(
    private readonly items: Item[],
    private readonly keepNodes = false,
  ) {}

  add(text: string, where: Where, volatile = false, node?: Text): void {
    if (this.buffer && where !== this.where) this.flush();
    if (!this.buffer) this.where = where;
    this.buffer += text;
    if (this.keepNodes && node) this.nodes.push(node);
    if (volatile) this.hasVolatile = true;
    else this.stable += text;
  }

  /** Whitespace between inline elements: one space, and only inside a line. */
  space(): void {
    if (!this.buffer) return;
    this.buffer += ' ';
    this.stable += ' ';
  }

  cell(): void {
    this.add(' | ', this.where);
  }

  flush(): void {
    if (!this.buffer) return;
    const text = tidy(this.buffer);
    const stable = this.hasVolatile ? tidy(this.stable) : text;
    const nodes = this.nodes;
    this.buffer = '';
    this.stable = '';
    this.hasVolatile = false;
    this.nodes = [];
    if (!text) return;
    const item: TextItem = { kind: 'text', text, where: this.where };
    if (stable !== text) item.stable = stable;
    if (this.keepNodes) item.nodes = nodes;
    this.items.push(item);
  }
}

function tidy(raw: string): string {
  return clip(collapse(raw).replace(/^(\|\s*)+|(\s*\|)+$/g, ''), MAX_TEXT_CHARS);
}

/** True when the text has a character other than whitespace (a loop: cheaper than a regex on every text node). */
export function hasInk(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 32 && c !== 160 && c !== 0x2028 && c !== 0x2029 && c !== 0xfeff) return true;
  }
  return false;
}
