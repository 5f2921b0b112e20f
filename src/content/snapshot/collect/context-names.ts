// Names for small controls that say too little by themselves: a resize handle has no text at all, and a picker's
// cell says "14" or "05" in each of several columns or months. Each is named from the element around it that tells
// it from its neighbours, so the model can pick the one it means (issue 26, cause 1).

import { clip, collapse } from '../dom/dom';
import { explicitRole } from '../naming/roles';

const MAX_CONTEXT_CHARS = 30;
/** How far up a cell's title or a list's label is looked for: a cell wraps its text in a div or two at most. */
const MAX_DEPTH = 4;
/** How many wrappers around a bar are looked through for the panes beside it. */
const WRAPPER_DEPTH = 3;
const CELLS = new Set(['td', 'th']);
const CELL_ROLES = new Set(['gridcell', 'cell', 'columnheader', 'rowheader']);
const LISTS = new Set(['ul', 'ol']);
const LIST_ROLES = new Set(['listbox', 'list', 'grid', 'group', 'radiogroup']);

function textOf(element: Element | null): string {
  return element ? clip(collapse(element.textContent ?? ''), MAX_CONTEXT_CHARS) : '';
}

/** The header cell a handle sits in: a table's `th` or an ARIA column header. */
function headerCellOf(element: Element): Element | null {
  let node = element.parentElement;
  for (let depth = 0; node && depth < MAX_DEPTH; depth++, node = node.parentElement) {
    if (node.localName === 'th' || explicitRole(node) === 'columnheader') return node;
  }
  return null;
}

/** The nearest sibling on one side that shows text (a splitter's panes), skipping other bars. */
function textSibling(element: Element, forward: boolean): string {
  let node = forward ? element.nextElementSibling : element.previousElementSibling;
  for (; node; node = forward ? node.nextElementSibling : node.previousElementSibling) {
    const text = textOf(node);
    if (text) return text;
  }
  return '';
}

/**
 * What a resize handle with no name of its own resizes: the column of the header cell it sits in
 * (`resize “Name” column`, react-resizable's handle in antd's resizable table), else the two panes it stands between
 * (`between “Folders” and “Files”`, a splitter bar), else what its parent holds. Empty when nothing around it reads.
 */
export function resizeHandleName(element: Element): string {
  const header = headerCellOf(element);
  if (header) {
    const own = element.textContent ?? '';
    const title = clip(collapse((header.textContent ?? '').replace(own, '')), MAX_CONTEXT_CHARS);
    return title ? `resize “${title}” column` : 'resize column';
  }
  // A bar is often wrapped with its collapse buttons (antd's Splitter: the separator is the dragger inside
  // .ant-splitter-bar, antd/es/splitter/SplitBar.js): the panes are the wrapper's siblings then.
  let node: Element | null = element;
  for (let depth = 0; node && depth < WRAPPER_DEPTH; depth++, node = node.parentElement) {
    const before = textSibling(node, false);
    const after = textSibling(node, true);
    if (before && after) return `between “${before}” and “${after}”`;
  }
  const parent = textOf(element.parentElement);
  return parent ? `resize “${parent}”` : 'resize';
}

/** A name made only of digits (a day of the month, an hour): the same in every month, column or row. */
export function isBareNumber(name: string): boolean {
  return /^\d{1,4}$/.test(name);
}

/**
 * A number cell's name that tells it from the same number elsewhere: the `title` of the table cell it is in (antd's
 * calendars put the full date there, `2027-03-05`: @rc-component/picker PanelBody), else the number with the label of
 * the list it is in (`14 (hour)`: antd's time panel marks each column `data-type="hour"`, @rc-component/picker
 * TimePanelBody/TimeColumn; an `aria-label` says it elsewhere), else the number with the range of the column of
 * numbers it is in (`05 (of 00–23)`). The name itself when nothing around it says more.
 */
export function qualifiedNumberName(element: Element, name: string): string {
  let node: Element | null = element;
  for (let depth = 0; node && depth <= MAX_DEPTH; depth++, node = node.parentElement) {
    const role = explicitRole(node);
    if (CELLS.has(node.localName) || (role && CELL_ROLES.has(role))) {
      const title = node.getAttribute('title')?.trim();
      if (title?.includes(name.replace(/^0+(?=\d)/, ''))) return collapse(title);
    }
    if (LISTS.has(node.localName) || (role && LIST_ROLES.has(role))) {
      const label = node.getAttribute('aria-label')?.trim() || listType(node);
      return label ? `${name} (${clip(collapse(label), MAX_CONTEXT_CHARS)})` : name;
    }
    const range = numberColumnRange(node);
    if (range && hasNumberColumnBeside(node)) return `${name} (of ${range})`;
  }
  return name;
}

/** The fewest cells a column of numbers holds: an hour or minute column does, a calendar's week row of 7 does not. */
const MIN_COLUMN_CELLS = 10;

/**
 * The range of a column of number cells with no label (`00–23`): the elements it holds all show a bare number, the
 * first and the last telling the range. Mantine's TimePicker lists its hour and minute cells so, in two unlabelled
 * scroll areas where "05" is in both; the range tells an hour from a minute as the columns' look does. A column alone
 * (a list of years) needs no range: hasNumberColumnBeside asks first.
 */
function numberColumnRange(node: Element): string {
  const count = node.childElementCount;
  if (count < MIN_COLUMN_CELLS) return '';
  const cells = [node.firstElementChild, node.children[count >> 1] ?? null, node.lastElementChild];
  const numbers = cells.map((cell) => cell?.textContent?.trim() ?? '');
  return numbers.every(isBareNumber) ? `${numbers[0]}–${numbers[2]}` : '';
}

/** A list's `data-type` when it is a word (`hour`, `minute`): what kind of value its items hold. */
function listType(list: Element): string {
  const type = list.getAttribute('data-type') ?? '';
  return /^\p{L}+$/u.test(type) ? type : '';
}

/** How far up from a column, and as far down beside it, another column of numbers is looked for. */
const COLUMN_GROUP_DEPTH = 4;

/**
 * Whether another column of numbers stands beside this one (an hour column beside a minute column): looked for among
 * the siblings of the column and of its wrappers, down each sibling's first elements to the column's own depth.
 */
function hasNumberColumnBeside(column: Element): boolean {
  let branch = column;
  for (let up = 0; up < COLUMN_GROUP_DEPTH; up++) {
    const parent = branch.parentElement;
    if (!parent) return false;
    for (const other of Array.from(parent.children)) {
      if (other === branch) continue;
      let node: Element | null = other;
      for (let down = 0; node && down <= up + 1; down++, node = node.firstElementChild) {
        if (numberColumnRange(node)) return true;
      }
    }
    branch = parent;
  }
  return false;
}
