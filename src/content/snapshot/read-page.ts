// readPage: the page's main text as light markdown (headings, list items, table rows), in pages of `maxChars`,
// for tasks that need information rather than clicks. Hidden content is left out; links and buttons read as text.

import { PageError } from '../../shared/errors';
import type { ReadPageResult } from '../../shared/page-types';
import { pageOfText } from '../../shared/text-pages';
import { isMaskHost } from '../mask/marker';
import { collapse, flatChildren, openShadowRoot, type ShadowRootOf, safeContentDocument } from './dom/dom';
import { headingLevel } from './naming/roles';

const DEFAULT_MAX_CHARS = 8_000;
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'select', 'datalist', 'svg', 'canvas']);

/** The main content when the page marks it (and it holds most of the text), else the body. */
function mainRoot(doc: Document): Element | null {
  const body = doc.body;
  const main = doc.querySelector('main, [role="main"]');
  if (main && body && (main.textContent?.length ?? 0) >= 0.3 * (body.textContent?.length ?? 0)) return main;
  return body ?? doc.documentElement;
}

export function pageText(doc: Document, shadowRootOf: ShadowRootOf = openShadowRoot): string {
  const out: string[] = [];
  const visit = (element: Element, win: Window): void => {
    const tag = element.localName;
    if (SKIP.has(tag) || isMaskHost(element) || element.hasAttribute('hidden') || element.hasAttribute('inert')) return;
    const style = win.getComputedStyle(element);
    const display = style.display;
    if (display === 'none') return;
    const level = headingLevel(element);
    if (level > 0) {
      out.push(`\n\n${'#'.repeat(level)} ${collapse(element.textContent ?? '')}\n\n`);
      return;
    }
    if (tag === 'iframe' || tag === 'frame') {
      const inner = safeContentDocument(element as HTMLIFrameElement);
      if (inner?.body && inner.defaultView) {
        out.push('\n\n');
        visit(inner.body, inner.defaultView);
        out.push('\n\n');
      }
      return;
    }
    if (tag === 'br') out.push('\n');
    const block = display !== 'contents' && display !== 'table-cell' && !display.startsWith('inline');
    if (block) out.push('\n');
    if (display === 'list-item') out.push('- ');
    if (display === 'table-cell') out.push(' | ');
    const shown = style.visibility === 'visible';
    const children = flatChildren(element, shadowRootOf);
    for (let i = 0; i < children.length; i++) {
      const node = children[i] as Node;
      if (node.nodeType === 1) visit(node as Element, win);
      else if (node.nodeType === 3 && shown) out.push(node.nodeValue ?? '');
    }
    if (block) out.push('\n');
  };
  const root = mainRoot(doc);
  if (root && doc.defaultView) visit(root, doc.defaultView);
  return out
    .join('')
    .split('\n')
    .map((line) => collapse(line).replace(/^(\| )+|( \|)+$/g, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function readPage(
  doc: Document,
  args: { from?: number; maxChars?: number },
  shadowRootOf: ShadowRootOf = openShadowRoot,
): ReadPageResult {
  const from = args?.from ?? 0;
  const maxChars = args?.maxChars ?? DEFAULT_MAX_CHARS;
  if (!Number.isInteger(from) || from < 0)
    throw new PageError('invalid_argument', 'from must be a character offset (0 or more).');
  if (!Number.isInteger(maxChars) || maxChars < 200 || maxChars > 50_000) {
    throw new PageError('invalid_argument', 'maxChars must be between 200 and 50000.');
  }
  return pageOfText(pageText(doc, shadowRootOf), from, maxChars);
}
