// The snapshot text from a page model: viewport-first layout, the token budget and its priorities, the digest.
// Pure logic on hand-built models, so every rule is checked without a layout engine.

import { describe, expect, it } from 'vitest';
import type { Item, PageModel } from '../../../../src/content/snapshot/collect/items';
import type { Where } from '../../../../src/content/snapshot/geometry/geometry';
import { digestOf } from '../../../../src/content/snapshot/serialize/digest';
import { controlLine } from '../../../../src/content/snapshot/serialize/lines';
import { serialize } from '../../../../src/content/snapshot/serialize/serialize';
import type { SnapshotElement } from '../../../../src/shared/page-types';
import { estimateTokens, tokenEighths } from '../../../../src/shared/token-estimate';

const ORIGIN = 'https://shop.test';
const fakeElement = {} as Element;
let nextRef = 1;

function control(name: string, where: Where, extra: Partial<SnapshotElement> = {}): Item {
  const info: SnapshotElement = {
    ref: nextRef++,
    role: 'button',
    name,
    tag: 'button',
    inViewport: where === 'in',
    box: { x: 0, y: 0, width: 10, height: 10 },
    ...extra,
  };
  return { kind: 'control', element: fakeElement, anchor: fakeElement, info, where };
}
const text = (t: string, where: Where): Item => ({ kind: 'text', text: t, where });
const heading = (t: string, level: number, where: Where): Item => ({ kind: 'heading', text: t, level, where });

function model(items: Item[], scrollY = 0): PageModel {
  return {
    items,
    viewport: { width: 1280, height: 800, scrollX: 0, scrollY, pageWidth: 1280, pageHeight: 4000 },
    crossOriginFrames: [],
  };
}

describe('control lines', () => {
  it('reads as role, quoted name and the state that matters', () => {
    const line = controlLine(
      {
        ref: 7,
        role: 'textbox',
        name: 'Email',
        tag: 'input',
        inViewport: true,
        box: { x: 0, y: 0, width: 1, height: 1 },
        value: 'a@b.c',
        required: true,
        inputType: 'email',
      },
      ORIGIN,
      true,
    );
    expect(line).toBe('[7] textbox "Email" type=email value="a@b.c" required');
    const link = controlLine(
      {
        ref: 3,
        role: 'link',
        name: 'Docs "v2"',
        tag: 'a',
        inViewport: true,
        box: { x: 0, y: 0, width: 1, height: 1 },
        href: `${ORIGIN}/docs?x=1`,
        coveredBy: 'div.backdrop',
      },
      ORIGIN,
      false,
    );
    expect(link).toBe('link "Docs \\"v2\\"" → /docs?x=1 (covered by div.backdrop)');
  });
});

describe('serialize', () => {
  it('shows the viewport in full and summarizes above and below by heading', () => {
    const out = serialize(
      model(
        [
          heading('Intro', 1, 'above'),
          control('Old', 'above'),
          heading('Cart', 2, 'in'),
          text('Two items', 'in'),
          control('Checkout', 'in'),
          heading('Reviews', 2, 'below'),
          control('More', 'below'),
          text('Great', 'below'),
          heading('Related', 2, 'below'),
        ],
        1200,
      ),
      { maxTokens: 2_000, mode: 'viewport', origin: ORIGIN },
    );
    expect(out.text.split('\n')).toEqual([
      'Viewport 1280×800 at y=1200 of 4000px',
      '--- Above the viewport: 1 control, 1 heading (scroll up, or use find/readPage) ---',
      '# Intro · 1 control',
      '## Cart',
      'Two items',
      expect.stringMatching(/^\[\d+\] button "Checkout"$/),
      '--- Below the viewport: 1 control, 1 text block, 2 headings (scroll down, or use find/readPage) ---',
      '## Reviews · 1 control, 1 text block',
      '## Related',
    ]);
    expect(out.listed.map((e) => e.name)).toEqual(['Checkout']);
    expect(out.truncated).toBe(false);
  });

  it('keeps every on-screen control before any text when the budget is tight, and says what it left out', () => {
    const items: Item[] = [];
    for (let i = 0; i < 40; i++) {
      items.push(text(`Paragraph ${i} ${'lorem ipsum '.repeat(8)}`, 'in'));
      items.push(control(`Action ${i}`, 'in'));
    }
    for (let i = 0; i < 200; i++) items.push(heading(`Later ${i}`, 2, 'below'));
    const out = serialize(model(items), { maxTokens: 600, mode: 'viewport', origin: ORIGIN });
    expect(estimateTokens(out.text)).toBeLessThanOrEqual(600);
    expect(out.listed).toHaveLength(40);
    expect(out.truncated).toBe(true);
    expect(out.text).not.toContain('## Later');
    expect(out.text.split('\n').at(-1)).toMatch(/^--- \d+ other lines left out to stay within ~600 tokens/);
  });

  it('keeps the off-screen headings nearest the viewport, above and below, when not all fit', () => {
    const items: Item[] = [];
    for (let i = 0; i < 100; i++) items.push(heading(`Before ${i}`, 2, 'above'));
    items.push(control('Here', 'in'));
    for (let i = 0; i < 100; i++) items.push(heading(`After ${i}`, 2, 'below'));
    const out = serialize(model(items), { maxTokens: 300, mode: 'viewport', origin: ORIGIN });
    const lines = out.text.split('\n');
    expect(lines).toContain('## Before 99');
    expect(lines).toContain('## After 0');
    expect(lines).not.toContain('## Before 0');
    expect(lines).not.toContain('## After 99');
    const before = lines.filter((l) => l.startsWith('## Before')).length;
    const after = lines.filter((l) => l.startsWith('## After')).length;
    expect(Math.abs(before - after)).toBeLessThanOrEqual(1);
    // Kept lines still read in document order.
    expect(lines.indexOf('## Before 99')).toBeLessThan(lines.findIndex((l) => l.endsWith('button "Here"')));
  });

  it('truncates on-screen controls as a prefix in document order when even they do not fit', () => {
    const items = Array.from({ length: 300 }, (_, i) => control(`Control number ${i}`, 'in'));
    const out = serialize(model(items), { maxTokens: 500, mode: 'viewport', origin: ORIGIN });
    const names = out.listed.map((e) => e.name);
    expect(names.length).toBeGreaterThan(10);
    expect(names).toEqual(Array.from({ length: names.length }, (_, i) => `Control number ${i}`));
    expect(estimateTokens(out.text)).toBeLessThanOrEqual(500);
    expect(out.text).toMatch(/\d+ controls left out/);
  });

  it('keeps a Chinese page within its budget by the per-script estimate, which characters / 4 would not', () => {
    const headline = (i: number) => `北京发布新能源汽车消费补贴实施细则第${i}号`;
    const items: Item[] = [heading('今日要闻', 1, 'in')];
    for (let i = 0; i < 120; i++) {
      items.push(control(headline(i), 'in', { role: 'link', tag: 'a', href: `${ORIGIN}/news/${i}.html` }));
      items.push(text(`国家统计局新闻发言人表示，前三季度我国经济总体保持恢复向好态势，第${i}条。`, 'in'));
    }
    const whole = serialize(model(items), { maxTokens: 50_000, mode: 'viewport', origin: ORIGIN });
    expect(whole.truncated).toBe(false);
    expect(whole.text.length / 4).toBeLessThan(3_000); // what characters / 4 made of it
    expect(estimateTokens(whole.text)).toBeGreaterThan(6_000);
    const out = serialize(model(items), { maxTokens: 2_000, mode: 'viewport', origin: ORIGIN });
    expect(out.truncated).toBe(true);
    expect(estimateTokens(out.text)).toBeLessThanOrEqual(2_000);
    expect(estimateTokens(out.text)).toBeGreaterThan(1_900); // the budget is filled, not wasted
    // Priorities hold: every listed control before any text, as a prefix in document order.
    expect(out.listed.map((e) => e.name)).toEqual(Array.from({ length: out.listed.length }, (_, i) => headline(i)));
    expect(out.text).not.toContain('国家统计局');
    expect(out.text.split('\n').at(-1)).toMatch(/left out to stay within ~2000 tokens/);
  });

  it('fills the budget up to the first line that does not fit, each line and its break by the estimate', () => {
    const items = Array.from({ length: 300 }, (_, i) => control(`Control number ${i}`, 'in'));
    const out = serialize(model(items), { maxTokens: 500, mode: 'viewport', origin: ORIGIN });
    // The budget less the omission line's reserve (40 tokens), in eighths of a token; a line break is a token.
    const budget = (500 - 40) * 8;
    const newline = tokenEighths('\n');
    const kept = out.text.split('\n').slice(0, -1);
    const used = kept.reduce((sum, line) => sum + tokenEighths(line) + newline, 0);
    expect(used).toBeLessThanOrEqual(budget);
    const next = items[out.listed.length] as Item & { kind: 'control' };
    expect(used + tokenEighths(controlLine(next.info, ORIGIN, true)) + newline).toBeGreaterThan(budget);
  });

  it('is deterministic', () => {
    const items = Array.from({ length: 100 }, (_, i) =>
      i % 2 ? control(`C${i}`, 'in') : text(`T${i} `.repeat(20), 'in'),
    );
    const a = serialize(model(items), { maxTokens: 300, mode: 'full', origin: ORIGIN });
    const b = serialize(model(items), { maxTokens: 300, mode: 'full', origin: ORIGIN });
    expect(a).toEqual(b);
  });

  it('in full mode lists off-screen content after everything on screen is in', () => {
    const out = serialize(model([control('Above', 'above'), control('Here', 'in'), text('Far text', 'below')]), {
      maxTokens: 2_000,
      mode: 'full',
      origin: ORIGIN,
    });
    expect(out.text.split('\n').slice(1)).toEqual([
      expect.stringMatching(/button "Above"$/),
      '--- viewport starts ---',
      expect.stringMatching(/button "Here"$/),
      '--- viewport ends ---',
      'Far text',
    ]);
  });
});

describe('digest', () => {
  const base = () => [heading('Cart', 1, 'in'), control('Checkout', 'in', { value: '' }), text('Two items', 'below')];

  it('is the same for the same state, whatever the refs', () => {
    const a = digestOf(model(base()), ORIGIN);
    const b = digestOf(model(base()), ORIGIN); // new refs, same content
    expect(b).toBe(a);
    expect(a).toMatch(/^[0-9a-f]{14}$/);
  });

  it('changes with a value, a state, the scroll position or off-screen content', () => {
    const a = digestOf(model(base()), ORIGIN);
    const changed = [
      model([heading('Cart', 1, 'in'), control('Checkout', 'in', { value: 'x' }), text('Two items', 'below')]),
      model([heading('Cart', 1, 'in'), control('Checkout', 'in', { disabled: true }), text('Two items', 'below')]),
      model(base(), 40),
      model([heading('Cart', 1, 'in'), control('Checkout', 'in'), text('Three items', 'below')]),
      model([
        heading('Cart', 1, 'in'),
        control('Checkout', 'in', { coveredBy: 'div.modal' }),
        text('Two items', 'below'),
      ]),
    ];
    for (const m of changed) expect(digestOf(m, ORIGIN)).not.toBe(a);
  });
});
