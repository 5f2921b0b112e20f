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
