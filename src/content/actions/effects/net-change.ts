// What an action left changed on the page, as opposed to what flickered while it ran. A drag styles its source and
// the lists it passes over, then puts them back when the drop is refused; a double click may toggle twice. Mutation
// counts call both "changed", so these actions ask instead whether anything ended different from how it started: an
// attribute or text that does not hold its first old value, a node added and still there, removed and still gone,
// or moved to another place among its siblings. Changes nobody can see (style sheets, screen-reader announcements)
// do not count.

import { type ChurnTracker, isBackground } from './churn';
import { isOwnMutation, rootsOf } from './settle';

interface Place {
  parent: Node | null;
  previous: Node | null;
}

/** Where nobody sees a change: the head and style sheets (@hello-pangea/dnd swaps its style text while dragging). */
const NOT_CONTENT = 'head, style, script, template, noscript';

/**
 * A change nobody sees: in the head or a style sheet, or inside a visually hidden box (1 px, clipped: the live
 * region where dnd-kit and @hello-pangea/dnd announce "item dropped" to screen readers).
 */
function unseen(node: Node | null): boolean {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  if (!element) return true;
  if (element.closest(NOT_CONTENT)) return true;
  let box: Element | null = element;
  for (let depth = 0; box && depth < 4; depth++, box = box.parentElement) {
    const r = box.getBoundingClientRect();
    if (r.width > 1 || r.height > 1) continue;
    const style = box.ownerDocument.defaultView?.getComputedStyle(box);
    if (!style) continue;
    const clipped = (style.clipPath || 'none') !== 'none' || (style.clip || 'auto') !== 'auto';
    if (clipped || style.overflow === 'hidden' || style.overflow === 'clip') return true;
  }
  return false;
}

/**
 * A frame added or removed loads or drops a document: a request the page made (a hidden frame is how many sites start
 * a download), a change even where nobody sees the frame itself.
 */
function loadsDocument(node: Node): boolean {
  return node instanceof Element && (node.localName === 'iframe' || node.localName === 'frame');
}

/** classList.remove and style.x = '' leave an empty attribute where there was none: the same look. */
function sameAttribute(name: string, now: string | null, first: string | null): boolean {
  if (name === 'class') return tokens(now).join(' ') === tokens(first).join(' ');
  if (name === 'style') return (now ?? '').trim() === (first ?? '').trim();
  return now === first;
}

function tokens(value: string | null): string[] {
  return (value ?? '').split(/\s+/).filter(Boolean).sort();
}

export class NetChange {
  private readonly observer: MutationObserver;
  private readonly attributes = new Map<Element, Map<string, string | null>>();
  private readonly texts = new Map<Node, string | null>();
  private readonly places = new Map<Node, Place>();

  constructor(target: Element, churn?: ChurnTracker) {
    const churning = churn?.churningNow() ?? new Set<Element>();
    this.observer = new MutationObserver((records) => {
      for (const record of records) if (!isOwnMutation(record) && !isBackground(record, churning)) this.note(record);
    });
    for (const root of rootsOf(target)) {
      this.observer.observe(root, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeOldValue: true,
        characterData: true,
        characterDataOldValue: true,
      });
    }
  }

  /** True when something a person can see ends different from how it started. */
  changed(): boolean {
    this.takeRecords();
    for (const [element, names] of this.attributes) {
      if (unseen(element)) continue;
      for (const [name, first] of names) if (!sameAttribute(name, element.getAttribute(name), first)) return true;
    }
    for (const [node, first] of this.texts) if (node.nodeValue !== first && !unseen(node)) return true;
    for (const [node, place] of this.places) {
      const moved = node.parentNode !== place.parent || (place.parent && node.previousSibling !== place.previous);
      if (moved && (loadsDocument(node) || !unseen(node.isConnected ? node : place.parent))) return true;
    }
    return false;
  }

  dispose(): void {
    this.observer.disconnect();
  }

  private takeRecords(): void {
    for (const record of this.observer.takeRecords()) if (!isOwnMutation(record)) this.note(record);
  }

  private note(record: MutationRecord): void {
    if (record.type === 'attributes' && record.attributeName) {
      const element = record.target as Element;
      const names = this.attributes.get(element) ?? new Map<string, string | null>();
      this.attributes.set(element, names);
      if (!names.has(record.attributeName)) names.set(record.attributeName, record.oldValue);
    } else if (record.type === 'characterData') {
      if (!this.texts.has(record.target)) this.texts.set(record.target, record.oldValue);
    } else {
      // The first record that touches a node knows where it was: a removed node was in this parent after
      // `previousSibling`; a node seen first as added was not in the document.
      for (const node of Array.from(record.removedNodes)) {
        if (!this.places.has(node)) this.places.set(node, { parent: record.target, previous: record.previousSibling });
      }
      for (const node of Array.from(record.addedNodes)) {
        if (!this.places.has(node)) this.places.set(node, { parent: null, previous: null });
      }
    }
  }
}
