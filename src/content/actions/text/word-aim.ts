// A pointer aimed at text that find matched (a text ref, `[41] text "…"`): at the first word of the match, as a
// person points at the word they read, not at the centre of the element holding it (an editor's paragraph, whose
// centre is some other word: issue 26, cause 4). The word is found by the locale's word rule (Intl.Segmenter), the
// rule a double-click selects by, and measured as a Range's client rect.

import { composedContains } from '../../snapshot/dom/dom';
import { deepElementFromPoint, describeCoverer } from '../../snapshot/geometry/hit-test';
import type { ActionContext } from '../context';
import { bringIntoView } from '../pointer/pointer';
import { nodeText, rangeOver } from './text-range';

export interface Span {
  start: number;
  end: number;
}

const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The word of `text` that covers character `at`, or null when `at` is on a space or a mark between words. */
export function wordAround(text: string, at: number): Span | null {
  const segment = words.segment(text).containing(at);
  if (!segment?.isWordLike) return null;
  return { start: segment.index, end: segment.index + segment.segment.length };
}

const literal = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `pattern` matches in `text`, a match that starts and ends on word edges first (so "red" is not "reddish"). */
function bestMatch(text: string, pattern: RegExp): Span | null {
  let first: Span | null = null;
  for (const match of text.matchAll(pattern)) {
    const span = { start: match.index, end: match.index + match[0].length };
    first ??= span;
    const head = wordAround(text, span.start);
    const tail = wordAround(text, span.end - 1);
    if ((!head || head.start === span.start) && (!tail || tail.end === span.end)) return span;
  }
  return first;
}

/**
 * The word to aim at for `query` in `text`: the first word of the query where its words stand together (find "red
 * hen" names the "red" before "hen"), else where its first word stands. Null when the text does not have it.
 */
export function wordToAim(text: string, query: string): Span | null {
  const parts = query.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return null;
  const phrase = bestMatch(text, new RegExp(parts.map(literal).join('\\s+'), 'giu'));
  const match = phrase ?? bestMatch(text, new RegExp(literal(parts[0] as string), 'giu'));
  if (!match) return null;
  const word = wordAround(text, match.start);
  return word && word.end <= match.end ? word : { start: match.start, end: match.start + (parts[0] as string).length };
}

export interface WordAim {
  /** The deepest element under the point, where the events go. */
  target: Element;
  x: number;
  y: number;
  /** The word aimed at, as the page shows it. */
  word: string;
}

function inViewport(rect: DOMRect, win: Window): boolean {
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  return x >= 0 && y >= 0 && x < win.innerWidth && y < win.innerHeight;
}

function firstBox(range: Range): DOMRect | null {
  return Array.from(range.getClientRects()).find((rect) => rect.width > 0 && rect.height > 0) ?? null;
}

/**
 * The centre of the word `query` names inside `holder`, hit-tested: null when the holder's text does not have it
 * (the page changed since find), `blocked` when something else would receive the pointer there.
 */
export function aimAtWord(ctx: ActionContext, holder: Element, query: string): WordAim | { blocked: string } | null {
  const text = nodeText(holder);
  const span = wordToAim(text, query);
  const range = span && rangeOver(holder, span.start, span.end);
  if (!span || !range) return null;
  const win = holder.ownerDocument.defaultView;
  if (!win) return null;
  bringIntoView(holder);
  let box = firstBox(range);
  if (box && !inViewport(box, win)) {
    range.startContainer.parentElement?.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    box = firstBox(range);
  }
  if (!box || !inViewport(box, win))
    return { blocked: `The word ${JSON.stringify(text.slice(span.start, span.end))} is not on screen.` };
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const hit = deepElementFromPoint(holder.ownerDocument, x, y, ctx.shadowRootOf);
  if (!hit || !(composedContains(holder, hit) || composedContains(hit, holder))) {
    const what = hit ? describeCoverer(hit, ctx.shadowRootOf) : 'nothing';
    return { blocked: `Another element would receive the pointer on that text: ${what}.` };
  }
  return { target: hit, x, y, word: text.slice(span.start, span.end) };
}

const contains = (box: DOMRect, x: number, y: number) =>
  x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;

/**
 * A collapsed Range at the character of `within`'s text under the viewport point, measured character by character:
 * the browser's caretPositionFromPoint would hit the agent's mask drawn over the page while a task runs.
 */
function caretAt(within: Element, x: number, y: number): Range | null {
  const doc = within.ownerDocument;
  const walker = doc.createTreeWalker(within, NodeFilter.SHOW_TEXT);
  const range = doc.createRange();
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    range.selectNodeContents(node);
    if (!Array.from(range.getClientRects()).some((box) => contains(box, x, y))) continue;
    for (let i = 0; i < node.data.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getBoundingClientRect();
      if (!contains(box, x, y)) continue;
      range.setStart(node, x < box.left + box.width / 2 ? i : i + 1);
      range.collapse(true);
      return range;
    }
  }
  return null;
}

/** The word of `within`'s text under the viewport point as a Range, by the rule a double-click selects with. */
export function wordAtPoint(within: Element, x: number, y: number): Range | null {
  const caret = caretAt(within, x, y);
  if (!caret) return null;
  const node = caret.startContainer as Text;
  const word = wordAround(node.data, caret.startOffset) ?? wordAround(node.data, caret.startOffset - 1);
  if (!word) return null;
  const range = within.ownerDocument.createRange();
  range.setStart(node, word.start);
  range.setEnd(node, word.end);
  return range;
}

/**
 * What a mouse press on `target` does to the selection when the page lets it (its default action, which an
 * untrusted event does not get from the browser): the first press puts the caret at the point, the second selects
 * the word there.
 */
export function pressSelects(target: Element, x: number, y: number, detail: number): void {
  const range = detail >= 2 ? wordAtPoint(target, x, y) : caretAt(target, x, y);
  const selection = target.ownerDocument.getSelection();
  if (!range || !selection) return;
  selection.removeAllRanges();
  selection.addRange(range);
}
