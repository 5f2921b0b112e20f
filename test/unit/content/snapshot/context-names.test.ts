// @vitest-environment jsdom
// Names of small controls that say too little by themselves: resize handles, and number cells of pickers.

import { describe, expect, it } from 'vitest';
import {
  isBareNumber,
  qualifiedNumberName,
  resizeHandleName,
} from '../../../../src/content/snapshot/collect/context-names';
import { isReadableName, partName } from '../../../../src/content/snapshot/collect/parts';

function $(selector: string): Element {
  const el = document.querySelector(selector);
  if (!el) throw new Error(`no ${selector}`);
  return el;
}

describe('resizeHandleName', () => {
  it('names a handle in a header cell by its column', () => {
    document.body.innerHTML = `<table><thead><tr>
      <th class="react-resizable">Name<span class="react-resizable-handle"></span></th><th>Size</th>
    </tr></thead></table>`;
    expect(resizeHandleName($('.react-resizable-handle'))).toBe('resize “Name” column');
  });

  it('names a splitter bar by the panes it stands between, skipping other bars', () => {
    document.body.innerHTML = `<div class="split">
      <div class="pane"><p>Folders</p></div><div id="bar" role="separator"></div><div class="pane">Files</div>
    </div>`;
    expect(resizeHandleName($('#bar'))).toBe('between “Folders” and “Files”');
  });

  it('looks through the wrapper a bar shares with its collapse buttons (antd’s Splitter)', () => {
    document.body.innerHTML = `<div class="ant-splitter">
      <div class="ant-splitter-panel">Left pane</div>
      <div class="ant-splitter-bar"><div class="ant-splitter-bar-preview"></div>
        <div id="dragger" role="separator" aria-valuenow="30"></div></div>
      <div class="ant-splitter-panel">Right pane</div>
    </div>`;
    expect(resizeHandleName($('#dragger'))).toBe('between “Left pane” and “Right pane”');
  });

  it('names a corner handle by the box it resizes', () => {
    document.body.innerHTML = '<div class="box">Notes panel<span id="corner"></span></div>';
    expect(resizeHandleName($('#corner'))).toBe('resize “Notes panel”');
  });
});

describe('qualifiedNumberName', () => {
  it('names a calendar cell by the full date in its cell’s title', () => {
    document.body.innerHTML = `<table><tbody><tr>
      <td title="2027-03-05"><div class="date"><div class="value">05</div></div></td>
    </tr></tbody></table>`;
    expect(qualifiedNumberName($('.date'), '05')).toBe('2027-03-05');
  });

  it('names a time panel cell by its column (antd marks it data-type="hour")', () => {
    document.body.innerHTML = `
      <ul data-type="hour"><li id="h14"><div class="inner">14</div></li></ul>
      <ul aria-label="Minutes"><li><div id="m14">14</div></li></ul>
      <ul data-type="x-1"><li id="p14">14</li></ul>`;
    expect(qualifiedNumberName($('#h14 .inner'), '14')).toBe('14 (hour)');
    expect(qualifiedNumberName($('#m14'), '14')).toBe('14 (Minutes)');
    expect(qualifiedNumberName($('#p14'), '14')).toBe('14'); // a data-type that is not a word says nothing
  });

  it('names a cell of an unlabelled column of numbers beside another by the column’s range (Mantine’s TimePicker)', () => {
    const column = (from: number, to: number, step: number) => {
      const cells: string[] = [];
      for (let n = from; n <= to; n += step) cells.push(`<button>${String(n).padStart(2, '0')}</button>`);
      return `<div>${cells.join('')}</div>`;
    };
    // As Mantine has them: each column inside a scroll area's root and viewport, the columns side by side.
    const area = (id: string, inner: string) =>
      `<div class="root"><div id="${id}" class="viewport">${inner}</div></div>`;
    document.body.innerHTML = `<div class="group">${area('hours', column(0, 23, 1))}${area('minutes', column(0, 55, 5))}</div>
      <main><div><section><div><div id="years">${column(2015, 2034, 1)}</div></div></section></div></main>
      <div id="week">${column(1, 7, 1)}</div><div id="mixed">${column(0, 11, 1).replace('</div>', '<button>Now</button></div>')}</div>`;
    const cell = (id: string, text: string) =>
      Array.from(document.querySelectorAll(`#${id} button`)).find((b) => b.textContent === text) as Element;
    expect(qualifiedNumberName(cell('hours', '05'), '05')).toBe('05 (of 00–23)');
    expect(qualifiedNumberName(cell('minutes', '05'), '05')).toBe('05 (of 00–55)');
    // A week row of 7 is not such a column; neither is a run of numbers that ends in a word.
    expect(qualifiedNumberName(cell('week', '05'), '05')).toBe('05');
    expect(qualifiedNumberName(cell('mixed', '05'), '05')).toBe('05');
    // A column alone (antd's list of years) needs no range: no other column of numbers stands beside it.
    expect(qualifiedNumberName(cell('years', '2025'), '2025')).toBe('2025');
  });

  it('leaves a number alone when nothing around it says more', () => {
    document.body.innerHTML = '<div><button id="b">3</button></div>';
    expect(qualifiedNumberName($('#b'), '3')).toBe('3');
    expect(isBareNumber('3')).toBe(true);
    expect(isBareNumber('3 items')).toBe(false);
  });
});

describe('isReadableName', () => {
  it('keeps a number as a name, where a glyph is replaced by what the icon belongs to', () => {
    document.body.innerHTML = '<ul><li><div id="cell">14</div></li></ul><span id="x">×</span>';
    expect(isReadableName('14')).toBe(true);
    expect(partName($('#cell'), '14', '')).toBe('14');
    expect(isReadableName('×')).toBe(false);
    expect(partName($('#x'), '×', 'Tag one')).toBe('remove of “Tag one”');
  });
});
