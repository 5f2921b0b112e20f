// Accessible names, the way a person reading the page would name a control: aria-labelledby, aria-label, the
// control's <label>, alt, its own text, title, placeholder. Bounded: text is gathered up to a cap, so a clickable
// card with a whole article inside costs no more than a button.

import { clip, collapse, flatChildren, openShadowRoot, type ShadowRootOf } from '../dom/dom';
import { NAME_FROM_CONTENT } from './roles';

export const MAX_NAME_CHARS = 80;
const GATHER_CAP = 240;

const SKIP = new Set(['script', 'style', 'template', 'noscript', 'select', 'datalist', 'option', 'head']);
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

/**
 * Labels by control, built with one query per document or shadow root. `input.labels` is cached by the browser only
 * after a first lookup that scans the whole document, which made a cold snapshot of a page with 2,000 inputs
 * quadratic (about 400 ms of 700 on the 10,000-element fixture).
 */
export class LabelIndex {
  private readonly byRoot = new Map<Node, Map<Element, HTMLLabelElement[]>>();

  labelsOf(control: Element): HTMLLabelElement[] {
    const root = control.getRootNode();
    let index = this.byRoot.get(root);
    if (!index) {
      index = new Map();
      const scope = root as Document | ShadowRoot;
      for (const label of Array.from(scope.querySelectorAll?.('label') ?? [])) {
        const target = (label as HTMLLabelElement).control;
        if (!target) continue;
        const list = index.get(target);
        if (list) list.push(label as HTMLLabelElement);
        else index.set(target, [label as HTMLLabelElement]);
      }
      this.byRoot.set(root, index);
    }
    return index.get(control) ?? [];
  }
}

export function accessibleName(
  element: Element,
  role: string,
  shadowRootOf: ShadowRootOf = openShadowRoot,
  labels: LabelIndex = new LabelIndex(),
): string {
  return clip(rawName(element, role, shadowRootOf, labels), MAX_NAME_CHARS);
}

function rawName(element: Element, role: string, shadowRootOf: ShadowRootOf, labels: LabelIndex): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    const text = textOfIds(element, labelledBy, shadowRootOf);
    if (text) return text;
  }
  const ariaLabel = element.getAttribute('aria-label');
  if (ariaLabel?.trim()) return collapse(ariaLabel);

  const native = nativeName(element, shadowRootOf, labels);
  if (native) return native;

  if (NAME_FROM_CONTENT.has(role)) {
    const content = textOf(element, shadowRootOf);
    if (content) return content;
  }
  const title = element.getAttribute('title');
  if (title?.trim()) return collapse(title);
  const placeholder = element.getAttribute('placeholder') ?? element.getAttribute('aria-placeholder');
  if (placeholder?.trim()) return collapse(placeholder);
  if (element.localName === 'input') {
    const type = (element as HTMLInputElement).type;
    if (type === 'submit') return 'Submit';
    if (type === 'reset') return 'Reset';
  }
  return '';
}

function nativeName(element: Element, shadowRootOf: ShadowRootOf, index: LabelIndex): string {
  const tag = element.localName;
  if (tag === 'input') {
    const input = element as HTMLInputElement;
    if (input.type === 'button' || input.type === 'submit' || input.type === 'reset') return collapse(input.value);
    if (input.type === 'image') return collapse(input.alt);
  }
  if (tag === 'input' || tag === 'select' || tag === 'textarea' || tag === 'button' || tag === 'meter') {
    const labels = index.labelsOf(element);
    if (labels.length > 0) {
      const parts: string[] = [];
      for (const label of labels) parts.push(textOf(label, shadowRootOf, element));
      const joined = collapse(parts.join(' '));
      if (joined) return joined;
    }
  }
  if (tag === 'img' || tag === 'area') return collapse(element.getAttribute('alt') ?? '');
  return '';
}

function textOfIds(element: Element, ids: string, shadowRootOf: ShadowRootOf): string {
  const root = element.getRootNode() as Document | ShadowRoot;
  const parts: string[] = [];
  for (const id of ids.trim().split(/\s+/)) {
    const target = root.getElementById?.(id);
    if (target) parts.push(target.getAttribute('aria-label') ?? textOf(target, shadowRootOf));
  }
  return collapse(parts.join(' '));
}

/** The visible-ish text of `root` (alt text of images, svg titles, inner aria-labels), capped, whitespace collapsed. */
export function textOf(root: Element, shadowRootOf: ShadowRootOf = openShadowRoot, exclude?: Element): string {
  const out: string[] = [];
  let length = 0;
  const visit = (node: Node): void => {
    if (length >= GATHER_CAP) return;
    if (node.nodeType === Node.TEXT_NODE) {
      const data = node.nodeValue ?? '';
      out.push(data);
      length += data.length;
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    if (element === exclude || SKIP.has(element.localName)) return;
    if (element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('hidden')) return;
    const label = element !== root ? element.getAttribute('aria-label') : null;
    if (label) {
      out.push(` ${label} `);
      length += label.length;
      return;
    }
    if (element.localName === 'img') {
      out.push(` ${element.getAttribute('alt') ?? ''} `);
      return;
    }
    if (element.localName === 'svg') {
      out.push(` ${element.querySelector('title')?.textContent ?? ''} `);
      return;
    }
    const block = BLOCKS.has(element.localName);
    if (block) out.push(' ');
    const shadow = shadowRootOf(element);
    if (!shadow && element.firstElementChild === null && element.localName !== 'slot') {
      // Text only (most buttons and links): one read instead of a walk over its text nodes.
      const data = element.textContent ?? '';
      out.push(data);
      length += data.length;
    } else {
      const children = shadow ? shadow.childNodes : flatChildren(element, shadowRootOf);
      for (let i = 0; i < children.length; i++) visit(children[i] as Node);
    }
    if (block) out.push(' ');
  };
  visit(root);
  return collapse(out.join(''));
}
