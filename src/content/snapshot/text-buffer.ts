// Page text as the walk meets it, gathered into lines: one per block, table cells joined by a bar, a new line
// whenever the text moves between above, on and below the viewport.

import { clip, collapse } from './dom';
import type { Where } from './geometry';
import type { Item } from './items';

const MAX_TEXT_CHARS = 300;

export class TextBuffer {
  private buffer = '';
  private where: Where = 'in';

  constructor(private readonly items: Item[]) {}

  add(text: string, where: Where): void {
    if (this.buffer && where !== this.where) this.flush();
    if (!this.buffer) this.where = where;
    this.buffer += text;
  }

  /** Whitespace between inline elements: one space, and only inside a line. */
  space(): void {
    if (this.buffer) this.buffer += ' ';
  }

  cell(): void {
    this.add(' | ', this.where);
  }

  flush(): void {
    if (!this.buffer) return;
    const text = collapse(this.buffer).replace(/^(\|\s*)+|(\s*\|)+$/g, '');
    this.buffer = '';
    if (text) this.items.push({ kind: 'text', text: clip(text, MAX_TEXT_CHARS), where: this.where });
  }
}

/** True when the text has a character other than whitespace (a loop: cheaper than a regex on every text node). */
export function hasInk(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 32 && c !== 160 && c !== 0x2028 && c !== 0x2029 && c !== 0xfeff) return true;
  }
  return false;
}
