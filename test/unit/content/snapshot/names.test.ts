// @vitest-environment jsdom
// Accessible names, roles and states: DOM logic that needs no layout, checked on small HTML fixtures.

import { beforeEach, describe, expect, it } from 'vitest';
import { behaviouralRole, semanticRole } from '../../../../src/content/snapshot/naming/classify';
import { accessibleName, LabelIndex } from '../../../../src/content/snapshot/naming/names';
import { elementState } from '../../../../src/content/snapshot/naming/state';

function $(selector: string): Element {
  const el = document.querySelector(selector);
  if (!el) throw new Error(`no ${selector}`);
  return el;
}
const nameOf = (selector: string) => {
  const el = $(selector);
  return accessibleName(el, semanticRole(el) ?? 'clickable', undefined, new LabelIndex());
};

beforeEach(() => {
  document.body.innerHTML = `
    <span id="l1">Postcode</span><span id="l2">(NL)</span>
    <input id="labelledby" aria-labelledby="l1 l2" aria-label="ignored" />
    <input id="arialabel" aria-label="  City   of residence " />
    <label for="for">Email</label><input id="for" type="email" required />
    <label>Full <b>name</b> <input id="wrapped" value="Ada" /></label>
    <label>Country <select id="country"><option>France</option><option selected>Germany</option></select></label>
    <input id="placeholder" placeholder="Search the catalogue" />
    <input id="submit" type="submit" />
    <input id="valuebutton" type="button" value="Go" />
    <button id="icon"><svg><title>Close</title></svg></button>
    <button id="img"><img alt="Cart" /> <span aria-hidden="true">🛒</span></button>
    <a id="link" href="/x" title="More about it">Read <span>more</span></a>
    <div id="card" role="button" aria-pressed="true">Blue <i aria-label="kettle"></i></div>
    <input id="pw" type="password" value="hunter22" />
    <input id="box" type="checkbox" checked />
    <div id="aria-box" role="checkbox" aria-checked="mixed">Receipts</div>
    <fieldset disabled><input id="in-disabled-fieldset" /></fieldset>
    <details open><summary id="summary">More</summary></details>
    <div id="editor" contenteditable="true"><p>Draft</p></div>
    <input id="readonly" readonly value="M-1" />
  `;
});

describe('accessible names', () => {
  it('follows aria-labelledby, aria-label, labels, placeholder and default button labels', () => {
    expect(nameOf('#labelledby')).toBe('Postcode (NL)');
    expect(nameOf('#arialabel')).toBe('City of residence');
    expect(nameOf('#for')).toBe('Email');
    expect(nameOf('#wrapped')).toBe('Full name');
    expect(nameOf('#country')).toBe('Country'); // the options' text is not part of the label
    expect(nameOf('#placeholder')).toBe('Search the catalogue');
    expect(nameOf('#submit')).toBe('Submit');
    expect(nameOf('#valuebutton')).toBe('Go');
  });

  it('names from content, including icons, and leaves aria-hidden text out', () => {
    expect(nameOf('#icon')).toBe('Close');
    expect(nameOf('#img')).toBe('Cart');
    expect(nameOf('#link')).toBe('Read more');
    expect(nameOf('#card')).toBe('Blue kettle');
  });

  it('caps a long name', () => {
    document.body.innerHTML = `<button id="long">${'word '.repeat(100)}</button>`;
    const name = nameOf('#long');
    expect(name.length).toBeLessThanOrEqual(80);
    expect(name.endsWith('…')).toBe(true);
  });
});

describe('roles and state', () => {
  it('knows native, ARIA and editable controls, and clickables only by behaviour', () => {
    expect(semanticRole($('#for'))).toBe('textbox');
    expect(semanticRole($('#country'))).toBe('combobox');
    expect(semanticRole($('#box'))).toBe('checkbox');
    expect(semanticRole($('#card'))).toBe('button');
    expect(semanticRole($('#summary'))).toBe('button');
    expect(semanticRole($('#l1'))).toBeNull();
    expect(behaviouralRole($('#l1'), 'pointer', 'auto')).toBe('clickable');
    expect(behaviouralRole($('#l1'), 'pointer', 'pointer')).toBeNull(); // the pointer is inherited from the parent
  });

  it('lists splitters: a focusable or valued role=separator, or a resize cursor of its own, but not a divider', () => {
    document.body.innerHTML = `
      <div id="antd-bar" role="separator" aria-valuenow="30"></div>
      <div id="focusable-bar" role="separator" tabindex="0"></div>
      <div id="disabled-bar" role="separator" aria-disabled="true" aria-valuenow="30"></div>
      <li id="divider" role="separator"></li>
      <div id="handle"></div>`;
    expect(behaviouralRole($('#antd-bar'), 'col-resize', 'auto')).toBe('separator');
    expect(behaviouralRole($('#focusable-bar'), 'auto', 'auto')).toBe('separator');
    expect(behaviouralRole($('#disabled-bar'), 'default', 'auto')).toBeNull();
    expect(behaviouralRole($('#divider'), 'auto', 'auto')).toBeNull();
    expect(behaviouralRole($('#handle'), 'row-resize', 'auto')).toBe('separator');
    expect(behaviouralRole($('#handle'), 'col-resize', 'col-resize')).toBeNull(); // inherited from the bar
    expect(behaviouralRole($('#handle'), 'grab', 'auto')).toBeNull(); // pannable areas, not handles
  });

  it('lists a corner resize handle (react-resizable draws one with se-resize) unless its cursor is inherited', () => {
    document.body.innerHTML = '<div id="box"><span id="corner"></span></div>';
    expect(behaviouralRole($('#corner'), 'se-resize', 'auto')).toBe('separator');
    expect(behaviouralRole($('#corner'), 'nwse-resize', 'auto')).toBe('separator');
    expect(behaviouralRole($('#corner'), 'se-resize', 'se-resize')).toBeNull();
  });

  it('reports value, checked, disabled, expanded, pressed, required, readonly; masks passwords', () => {
    expect(elementState($('#for'), 'textbox')).toEqual({ value: '', required: true });
    expect(elementState($('#pw'), 'textbox')).toEqual({ value: '••••••••' });
    expect(elementState($('#box'), 'checkbox')).toEqual({ checked: true });
    expect(elementState($('#aria-box'), 'checkbox')).toEqual({ checked: 'mixed' });
    expect(elementState($('#in-disabled-fieldset'), 'textbox')).toMatchObject({ disabled: true });
    expect(elementState($('#summary'), 'button')).toEqual({ expanded: true });
    expect(elementState($('#card'), 'button')).toEqual({ pressed: true });
    expect(elementState($('#country'), 'combobox')).toEqual({ value: 'Germany' });
    expect(elementState($('#readonly'), 'textbox')).toEqual({ value: 'M-1', readonly: true });
  });

  it("reads a selection shown only by the library's data-selected mark, unless ARIA says otherwise", () => {
    document.body.innerHTML = `
      <button id="day" data-selected="true">12</button>
      <button id="bare" data-selected>13</button>
      <button id="off" data-selected="false">14</button>
      <div id="aria-off" role="option" aria-selected="false" data-selected="true">15</div>`;
    expect(elementState($('#day'), 'button')).toEqual({ selected: true });
    expect(elementState($('#bare'), 'button')).toEqual({ selected: true });
    expect(elementState($('#off'), 'button')).toEqual({});
    expect(elementState($('#aria-off'), 'option')).toEqual({});
  });
});
