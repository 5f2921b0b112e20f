// Small DOM helpers shared by the snapshot, the actions and the mask. They work across shadow roots and
// same-origin frames, where `instanceof` against this window's constructors would be wrong.

export type ShadowRootOf = (element: Element) => ShadowRoot | null;

/** Open shadow roots only; the content script passes one that also opens closed roots (chrome.dom). */
export const openShadowRoot: ShadowRootOf = (element) => element.shadowRoot;

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function windowOf(node: Node): Window | null {
  return node.ownerDocument?.defaultView ?? (node as Document).defaultView ?? null;
}

/** The parent in the composed tree: through a shadow root to its host. */
export function composedParent(node: Node): Element | null {
  const parent = node.parentNode;
  if (!parent) return null;
  if (parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE) return (parent as ShadowRoot).host ?? null;
  return parent.nodeType === Node.ELEMENT_NODE ? (parent as Element) : null;
}

/** True if `inner` is `outer` or inside it, crossing shadow roots (not frames). */
export function composedContains(outer: Element, inner: Element): boolean {
  for (let node: Element | null = inner; node; node = composedParent(node)) if (node === outer) return true;
  return false;
}

/** The focused element, looking into shadow roots and same-origin frames. */
export function deepActiveElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  for (;;) {
    if (!active) return null;
    const inner: Element | null | undefined = active.shadowRoot?.activeElement;
    if (inner) {
      active = inner;
      continue;
    }
    if (active.localName === 'iframe' || active.localName === 'frame') {
      const frameDoc = safeContentDocument(active as HTMLIFrameElement);
      if (frameDoc?.activeElement && frameDoc.activeElement !== frameDoc.body) {
        active = frameDoc.activeElement;
        continue;
      }
    }
    return active;
  }
}

export function safeContentDocument(frame: HTMLIFrameElement | HTMLFrameElement): Document | null {
  try {
    return frame.contentDocument;
  } catch {
    return null;
  }
}

/** Collapses runs of whitespace and trims. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
}

export function intersect(a: Rect, b: Rect): Rect {
  return {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
}

/** A short description of an element for messages: `div#id.class` or `button "Close"`. */
export function describeElement(element: Element): string {
  const id = element.id ? `#${element.id}` : '';
  const cls = typeof element.className === 'string' ? element.className.trim().split(/\s+/)[0] : '';
  return `${element.localName}${id}${cls ? `.${cls}` : ''}`;
}

/** Children in the flat (rendered) tree: a host's shadow root, a slot's assigned nodes, else the child nodes. */
export function flatChildren(element: Element, shadowRootOf: ShadowRootOf): ArrayLike<Node> {
  const root = shadowRootOf(element);
  if (root) return root.childNodes;
  if (element.localName === 'slot') {
    const assigned = (element as HTMLSlotElement).assignedNodes();
    if (assigned.length > 0) return assigned;
  }
  return element.childNodes;
}
