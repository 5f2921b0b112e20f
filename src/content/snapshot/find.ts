// find: controls and text anywhere on the page (not just on screen) that match every word of a query. Matching
// controls get refs, so the model can act on them directly (actions scroll them into view); so does the element
// holding a text match (text-holder.ts), listed as `text "…"`, for text the page made clickable in ways the snapshot
// cannot see.

import { PageError } from '../../shared/errors';
import type { FindArgs, FindMatch, FindResult } from '../../shared/page-types';
import { collectPage } from './collect/collect';
import type { Item } from './collect/items';
import { clip, type ShadowRootOf } from './dom/dom';
import { holdersInEditor, isEditingHost } from './editor-text';
import { textOf } from './naming/names';
import type { RefRegistry } from './ref-registry';
import { controlLine } from './serialize/lines';
import { textHolder } from './text-holder';

const DEFAULT_LIMIT = 20;
const SNIPPET_CHARS = 200;

function rank(item: Item, text: string, query: string): number {
  if (item.kind === 'control') return item.info.name.toLowerCase() === query ? 0 : 1;
  if (item.kind === 'heading') return 2;
  return text.toLowerCase() === query ? 2 : 3;
}

export function find(doc: Document, registry: RefRegistry, args: FindArgs, shadowRootOf?: ShadowRootOf): FindResult {
  const query = typeof args?.query === 'string' ? args.query.trim().toLowerCase() : '';
  if (!query) throw new PageError('invalid_argument', 'query must be some text to look for.');
  const limit = args.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new PageError('invalid_argument', 'limit must be 1 to 100.');
  registry.claim(args.refFloor);
  const words = query.split(/\s+/);
  const model = collectPage(doc, { shadowRootOf, hitTest: false, keepTextNodes: true });
  const origin = doc.location?.origin ?? '';
  const hits: { item: Item; text: string; order: number; rank: number }[] = [];
  model.items.forEach((item, order) => {
    if (item.kind === 'frame') return;
    const text = item.kind === 'control' ? controlLine(item.info, origin, false) : item.text;
    const lower = text.toLowerCase();
    if (words.every((word) => lower.includes(word))) hits.push({ item, text, order, rank: rank(item, text, query) });
  });
  hits.sort((a, b) => a.rank - b.rank || a.order - b.order);
  const textMatch = (holder: Element, inViewport: boolean): FindMatch => {
    const name = snippet(textOf(holder, shadowRootOf), words[0] ?? '');
    // With a ref, the match reads as an observation line, as a control's does: `[41] text "Dev A."`.
    const text = `text ${JSON.stringify(name)}`;
    return { text, inViewport, ref: registry.refForText(holder, query), role: 'text', name };
  };
  const matches = hits.slice(0, limit).flatMap(({ item, text }): FindMatch[] => {
    const match: FindMatch = { text: snippet(text, words[0] ?? ''), inViewport: item.where === 'in' };
    if (item.kind === 'control') {
      match.ref = registry.refFor(item.element);
      match.role = item.info.role;
      match.name = item.info.name;
      // An editor's words have no element in the snapshot: the elements holding them follow it as text refs.
      if (isEditingHost(item.element)) {
        const inside = holdersInEditor(item.element, words, limit).map((holder) => textMatch(holder, match.inViewport));
        return [match, ...inside];
      }
    } else if (item.kind === 'heading') {
      match.role = 'heading';
    } else if (item.kind === 'text') {
      const holder = textHolder(item.nodes ?? [], words);
      if (holder) return [textMatch(holder, match.inViewport)];
    }
    return [match];
  });
  return args.refFloor ? { matches, issued: { document: registry.id, next: registry.next } } : { matches };
}

function snippet(text: string, word: string): string {
  if (text.length <= SNIPPET_CHARS) return text;
  const at = Math.max(0, text.toLowerCase().indexOf(word) - SNIPPET_CHARS / 2);
  const part = text.slice(at, at + SNIPPET_CHARS);
  return `${at > 0 ? '…' : ''}${clip(part, SNIPPET_CHARS)}`;
}
