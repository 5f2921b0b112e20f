// The snapshot text: on-screen content in full and in document order; off-screen content summarized by region
// (counts) and by its headings. A token budget (estimated per script: src/shared/token-estimate.ts) is filled by
// priority, each priority class kept as a prefix in document order (off-screen headings: nearest the viewport
// first), so truncation is deterministic and never drops an on-screen control while any lower-priority line
// (on-screen text, off-screen anything) is kept.

import type { SnapshotElement } from '../../../shared/page-types';
import { EIGHTHS_PER_TOKEN, tokenEighths } from '../../../shared/token-estimate';
import type { ControlItem, Item, PageModel } from '../collect/items';
import type { Where } from '../geometry/geometry';
import { itemLine } from './lines';

export interface SerializeOptions {
  maxTokens: number;
  mode: 'viewport' | 'full';
  /** The page's origin, so same-origin links read as paths. */
  origin: string;
  /** Marks the lines of cross-origin frames for the panel (lines.ts, itemLine). */
  frameMark?: string;
}

export interface Serialized {
  text: string;
  /** The controls whose lines made it into the text. */
  listed: SnapshotElement[];
  truncated: boolean;
}

/** Lower runs first. 0 = always kept (position and summaries). */
const P = {
  frame: 0,
  control: 1,
  heading: 2,
  text: 3,
  covered: 4,
  offHeading: 5,
  offControl: 6,
  offText: 7,
} as const;

interface Line {
  text: string;
  priority: number;
  order: number;
  /** Within a priority, lower is kept first; document order unless said otherwise. */
  rank?: number;
  control?: ControlItem;
}

/** Room kept for the omission line (ASCII, under 130 characters), in tokens. */
const NOTE_RESERVE_TOKENS = 40;
/** A line break between two lines: one ASCII character. */
const NEWLINE_EIGHTHS = tokenEighths('\n');

export function serialize(model: PageModel, options: SerializeOptions): Serialized {
  const lines = options.mode === 'full' ? fullLines(model, options) : viewportLines(model, options);
  // In eighths of a token, unrounded, so the kept lines' costs add up to the estimate of the text they make.
  const budget = Math.max(0, (options.maxTokens - NOTE_RESERVE_TOKENS) * EIGHTHS_PER_TOKEN);
  const ranked = [...lines].sort(
    (a, b) => a.priority - b.priority || (a.rank ?? a.order) - (b.rank ?? b.order) || a.order - b.order,
  );
  const kept = new Set<Line>();
  let used = 0;
  for (const line of ranked) {
    const cost = tokenEighths(line.text) + NEWLINE_EIGHTHS;
    // The first line that does not fit ends the fill: later lines are of the same or a lower priority, and keeping
    // a short one after dropping a longer one would break the prefix rule.
    if (line.priority !== 0 && used + cost > budget) break;
    kept.add(line);
    used += cost;
  }
  const out: string[] = [];
  const listed: SnapshotElement[] = [];
  for (const line of lines) {
    if (!kept.has(line)) continue;
    out.push(line.text);
    if (line.control) listed.push(line.control.info);
  }
  const dropped = lines.filter((line) => !kept.has(line));
  if (dropped.length > 0) out.push(omissionNote(dropped, options.maxTokens));
  return { text: out.join('\n'), listed, truncated: dropped.length > 0 };
}

function onScreenPriority(item: Item): number {
  if (item.kind === 'control') return item.info.coveredBy ? P.covered : P.control;
  if (item.kind === 'heading') return P.heading;
  if (item.kind === 'frame') return P.frame;
  return P.text;
}

function fullLines(model: PageModel, { origin, frameMark }: SerializeOptions): Line[] {
  const lines: Line[] = [positionLine(model, 0)];
  let order = 1;
  let region: Where | null = null;
  for (const item of model.items) {
    if (item.where !== region) {
      if (item.where === 'in') lines.push({ text: '--- viewport starts ---', priority: 0, order: order++ });
      else if (region === 'in') lines.push({ text: '--- viewport ends ---', priority: 0, order: order++ });
      region = item.where;
    }
    const line: Line = { text: itemLine(item, origin, true, frameMark), priority: fullPriority(item), order: order++ };
    if (item.kind === 'control') line.control = item;
    lines.push(line);
  }
  return lines;
}

function fullPriority(item: Item): number {
  if (item.where === 'in') return onScreenPriority(item);
  if (item.kind === 'heading' || item.kind === 'frame') return P.offHeading;
  return item.kind === 'control' ? P.offControl : P.offText;
}

function viewportLines(model: PageModel, { origin, frameMark }: SerializeOptions): Line[] {
  const lines: Line[] = [positionLine(model, 0)];
  let order = 1;
  const above = model.items.filter((item) => item.where === 'above');
  const below = model.items.filter((item) => item.where === 'below');
  if (above.length > 0) {
    lines.push({ text: regionSummary('Above the viewport', above, 'scroll up'), priority: 0, order: order++ });
    // Headings nearest the viewport are kept first, from above and below alike.
    const headings = sections(above);
    headings.forEach((text, i) => {
      lines.push({ text, priority: P.offHeading, order: order++, rank: headings.length - i });
    });
  }
  for (const item of model.items) {
    if (item.where !== 'in') continue;
    const line: Line = {
      text: itemLine(item, origin, true, frameMark),
      priority: onScreenPriority(item),
      order: order++,
    };
    if (item.kind === 'control') line.control = item;
    lines.push(line);
  }
  if (below.length > 0) {
    lines.push({ text: regionSummary('Below the viewport', below, 'scroll down'), priority: 0, order: order++ });
    sections(below).forEach((text, i) => {
      lines.push({ text, priority: P.offHeading, order: order++, rank: i + 1 });
    });
  }
  return lines;
}

function positionLine(model: PageModel, order: number): Line {
  const v = model.viewport;
  const scrollable = v.pageHeight > v.height + 1;
  const text = scrollable
    ? `Viewport ${v.width}×${v.height} at y=${v.scrollY} of ${v.pageHeight}px`
    : `Viewport ${v.width}×${v.height}, the whole page fits`;
  return { text, priority: 0, order };
}

function counts(items: Item[]): { controls: number; texts: number; headings: number } {
  let controls = 0;
  let texts = 0;
  let headings = 0;
  for (const item of items) {
    if (item.kind === 'control') controls++;
    else if (item.kind === 'heading') headings++;
    else texts++;
  }
  return { controls, texts, headings };
}

function regionSummary(label: string, items: Item[], how: string): string {
  const c = counts(items);
  const parts = [plural(c.controls, 'control'), plural(c.texts, 'text block'), plural(c.headings, 'heading')];
  return `--- ${label}: ${parts.filter(Boolean).join(', ')} (${how}, or use find/readPage) ---`;
}

/** `## Reviews · 12 controls, 3 text blocks` for each off-screen heading, counting what follows it. */
function sections(items: Item[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < items.length) {
    const item = items[i] as Item;
    i++;
    if (item.kind !== 'heading') continue;
    let controls = 0;
    let texts = 0;
    while (i < items.length && (items[i] as Item).kind !== 'heading') {
      if ((items[i] as Item).kind === 'control') controls++;
      else texts++;
      i++;
    }
    const c = { controls, texts };
    const detail = [plural(c.controls, 'control'), plural(c.texts, 'text block')].filter(Boolean).join(', ');
    out.push(`${'#'.repeat(item.level)} ${item.text}${detail ? ` · ${detail}` : ''}`);
  }
  return out;
}

function omissionNote(dropped: Line[], maxTokens: number): string {
  let controls = 0;
  let others = 0;
  for (const line of dropped) {
    if (line.control) controls++;
    else others++;
  }
  const parts = [plural(controls, 'control'), plural(others, 'other line')].filter(Boolean).join(' and ');
  return `--- ${parts} left out to stay within ~${maxTokens} tokens; use find or readPage to reach them ---`;
}

function plural(n: number, word: string): string {
  if (n === 0) return '';
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
