// @vitest-environment jsdom
// Names of small icon controls inside a larger one, and the :hover rules that reveal a transparent control.

import { beforeEach, describe, expect, it } from 'vitest';
import { partName } from '../../../../src/content/snapshot/collect/parts';
import { HoverReveal } from '../../../../src/content/snapshot/geometry/hover-reveal';

function $(selector: string): Element {
  const el = document.querySelector(selector);
  if (!el) throw new Error(`no ${selector}`);
  return el;
}

beforeEach(() => {
  document.head.innerHTML = `<style>
    .clear { opacity: 0 }
    .select:hover .clear, .row:hover .del { opacity: 1 }
    .tip:hover { color: red }
  </style>`;
  document.body.innerHTML = `
    <span class="ant-tree-switcher">▸</span>
    <span class="tag-close">×</span>
    <span class="icon" aria-label="Delete row"></span>
    <span class="x">Edit</span>
    <span class="y"></span>
    <div class="select"><span class="clear">×</span></div>
    <div class="row"><span class="del">🗑</span></div>
    <span class="tip">?</span>
    <button class="mantine-DatePicker-calendarHeaderControl" data-direction="next"><svg></svg></button>
    <button class="picker-header-prev-btn"><svg></svg></button>
    <button class="mantine-Pill-remove" data-size="sm"><svg></svg></button>`;
});

describe('partName', () => {
  it('says what a part is and what it belongs to, unless it has a label of its own', () => {
    expect(partName($('.ant-tree-switcher'), '▸', 'Node 1')).toBe('expander of “Node 1”');
    expect(partName($('.tag-close'), '×', 'Tag one')).toBe('remove of “Tag one”');
    expect(partName($('.icon'), '', 'Row 3')).toBe('Delete row');
    expect(partName($('.x'), 'Edit', 'Row 3')).toBe('Edit');
    expect(partName($('.y'), '', '')).toBe('button');
  });

  it('reads what an icon button does from its data attributes and class: next, previous, remove', () => {
    expect(partName($('[data-direction="next"]'), '', 'June 2026')).toBe('next of “June 2026”');
    expect(partName($('.picker-header-prev-btn'), '', 'June 2026')).toBe('previous of “June 2026”');
    expect(partName($('.mantine-Pill-remove'), '', 'Vue')).toBe('remove of “Vue”');
  });

  it('reads an icon library’s label (caret-down, close-circle) as what the part is, not as its name', () => {
    expect(partName($('.y'), 'caret-down', 'Node 1')).toBe('expander of “Node 1”');
    expect(partName($('.y'), 'close-circle', 'Tag one')).toBe('remove of “Tag one”');
    expect(partName($('.y'), 'more', 'Row 3')).toBe('more of “Row 3”');
  });
});

describe('HoverReveal', () => {
  it('knows the elements a :hover rule of the page makes visible, and only those', () => {
    const hover = new HoverReveal();
    expect(hover.reveals($('.clear'))).toBe(true);
    expect(hover.reveals($('.del'))).toBe(true);
    expect(hover.reveals($('.tip'))).toBe(false);
    expect(hover.reveals($('.x'))).toBe(false);
  });
});
