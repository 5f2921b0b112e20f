// Which elements are controls, and their roles: native semantics first, ARIA widget roles on top.

/** Widget roles a person names by what they read on them (a button's text, an option's label). */
const LABELLED_BY_CONTENT = [
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
];

/** ARIA roles that make an element a control the model can act on. */
export const WIDGET_ROLES: ReadonlySet<string> = new Set([
  ...LABELLED_BY_CONTENT,
  'combobox',
  'textbox',
  'searchbox',
  'slider',
  'spinbutton',
  'treeitem',
  'listbox',
]);

/** Roles whose name comes from their content when nothing labels them. */
export const NAME_FROM_CONTENT: ReadonlySet<string> = new Set([
  ...LABELLED_BY_CONTENT,
  'treeitem',
  'heading',
  'clickable',
  'focusable',
  'draggable',
]);

const BUTTON_INPUTS = new Set(['button', 'submit', 'reset', 'image', 'file', 'color']);
const PLAIN_TEXT_INPUTS = new Set(['text', 'search', '']);

export function explicitRole(element: Element): string | null {
  const role = element.getAttribute('role');
  if (!role) return null;
  const first = role.trim().split(/\s+/)[0];
  return first ? first.toLowerCase() : null;
}

/** The role an element has by being a native control, or null when it is not one. */
export function nativeControlRole(element: Element): string | null {
  switch (element.localName) {
    case 'a':
    case 'area':
      return element.hasAttribute('href') ? 'link' : null;
    case 'button':
      return 'button';
    case 'input':
      return inputRole(element as HTMLInputElement);
    case 'select': {
      const select = element as HTMLSelectElement;
      return select.multiple || select.size > 1 ? 'listbox' : 'combobox';
    }
    case 'textarea':
      return 'textbox';
    case 'summary':
      return element.parentElement?.localName === 'details' ? 'button' : null;
    default:
      return null;
  }
}

function inputRole(input: HTMLInputElement): string | null {
  const type = input.type;
  if (type === 'hidden') return null;
  if (type === 'checkbox' || type === 'radio') return type;
  if (type === 'range') return 'slider';
  if (type === 'number') return 'spinbutton';
  if (BUTTON_INPUTS.has(type)) return 'button';
  if (input.hasAttribute('list')) return 'combobox';
  return type === 'search' ? 'searchbox' : 'textbox';
}

/** The `type` of an input when it tells more than the role does. */
export function informativeInputType(element: Element): string | undefined {
  if (element.localName !== 'input') return undefined;
  const type = (element as HTMLInputElement).type;
  if (PLAIN_TEXT_INPUTS.has(type) || type === 'checkbox' || type === 'radio' || type === 'button') return undefined;
  return type;
}

/** The root of a contenteditable region (its descendants are edited through it). */
export function isEditingHost(element: Element): boolean {
  // The attribute check first: isContentEditable needs style, and this runs for every element.
  if (!element.hasAttribute('contenteditable') || !(element as HTMLElement).isContentEditable) return false;
  const parent = element.parentElement;
  return !parent?.isContentEditable;
}

/** Heading level 1–6, or 0. `hasAttributes: false` (known from the caller) skips the role lookup. */
export function headingLevel(element: Element, hasAttributes = true): number {
  const name = element.localName;
  if (name.length === 2 && name[0] === 'h') {
    const n = name.charCodeAt(1) - 48;
    if (n >= 1 && n <= 6) return n;
  }
  if (hasAttributes && element.getAttribute('role') === 'heading') {
    const level = Number(element.getAttribute('aria-level'));
    return level >= 1 && level <= 6 ? level : 2;
  }
  return 0;
}

export function isCheckable(role: string): boolean {
  return (
    role === 'checkbox' ||
    role === 'radio' ||
    role === 'switch' ||
    role === 'menuitemcheckbox' ||
    role === 'menuitemradio'
  );
}

export function isTextEntry(element: Element): boolean {
  if (element.localName === 'textarea') return true;
  if (element.localName === 'input') {
    const role = inputRole(element as HTMLInputElement);
    return role === 'textbox' || role === 'searchbox' || role === 'combobox' || role === 'spinbutton';
  }
  return (element as HTMLElement).isContentEditable === true;
}
