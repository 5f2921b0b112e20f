// Asks the page's MAIN world whether an element has a press or click listener of its own (src/shared/listener-probe.ts,
// decision 0036). Only a few candidates per snapshot are asked, so a large page stays within the snapshot bench.

import { LISTENER_PROBE_EVENT, type ListenerKind } from '../../../shared/listener-probe';

/** How many elements one snapshot may probe: a page has a handful of handles, a 10k-element page many empty leaves. */
export const MAX_PROBES = 64;

export class ListenerProbe {
  private left = MAX_PROBES;
  private readonly present = new Map<Document, boolean>();

  /** Whether the probe runs in this document and this snapshot may still ask it. */
  available(doc: Document): boolean {
    let present = this.present.get(doc);
    if (present === undefined) {
      present = !fire(doc.documentElement, 'ping');
      this.present.set(doc, present);
    }
    return present && this.left > 0;
  }

  /** Whether `element` has a listener of this kind of its own; false when the probe is not in its document. */
  has(element: Element, kind: ListenerKind): boolean {
    if (!this.available(element.ownerDocument)) return false;
    this.left--;
    return !fire(element, kind);
  }
}

function fire(element: Element, detail: string): boolean {
  const view = element.ownerDocument.defaultView;
  if (!view) return true;
  return element.dispatchEvent(new view.CustomEvent(LISTENER_PROBE_EVENT, { detail, cancelable: true }));
}

/** The thickest a control known only by its listener may be, CSS px: a resize bar, a corner handle, an icon. */
const MAX_HANDLE_PX = 32;
const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Whether an element with no role of its own is worth a probe: it shows no text (a handle, an icon), holds at most
 * one element (an icon's svg), is not a shape inside an svg, and is thin or small on screen. Text and big boxes are
 * read as text and rows, as before; this keeps the probes few on a large page.
 */
export function isListenerCandidate(element: Element, width: number, height: number): boolean {
  if (element.childElementCount > 1) return false;
  if (element.namespaceURI === SVG_NS && element.localName !== 'svg') return false;
  if (Math.min(width, height) > MAX_HANDLE_PX || width <= 1 || height <= 1) return false;
  return !/\S/.test(element.textContent ?? '');
}

/**
 * Whether a candidate's style marks it a drag handle when no listener of its own can be seen (a plain page's
 * addEventListener made before the probe came, decision 0036): `touch-action: none`, which a page sets on an element
 * only to drag it with pointer events instead of letting the browser pan
 * (https://developer.mozilla.org/en-US/docs/Web/CSS/touch-action). The property is not inherited, so a draggable
 * area's contents are not marked by it; collect.ts §byListener asks outside other controls only, since a slider's own
 * rail and track carry it too.
 */
export function marksDragHandle(style: CSSStyleDeclaration): boolean {
  return style.touchAction === 'none';
}

/**
 * The role of a candidate known only by its own listener: a click listener makes it clickable (an icon in a row); a
 * press listener alone (pointerdown, mousedown, touchstart) makes it something to drag, listed as a separator and
 * named by what it resizes (context-names.ts). null when it has neither.
 */
export function listenerRole(element: Element, probe: ListenerProbe): string | null {
  if (probe.has(element, 'click')) return 'clickable';
  if (probe.has(element, 'press')) return 'separator';
  return null;
}
