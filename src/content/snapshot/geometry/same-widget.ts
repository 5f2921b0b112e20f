// A click that a part of the target's own widget covers: a select's overlay that shows the chosen value over its
// search input, an icon drawn over a tree item's checkbox. A real mouse click lands on that part and the widget
// handles it, so the agent dispatches there too; a real obstacle (a modal, a banner, another control) is still
// refused (docs/contracts.md PT-C1).

import { composedContains, composedParent } from '../dom/dom';
import { semanticRole } from '../naming/classify';
import { explicitRole } from '../naming/roles';

/** How much larger than the target the shared ancestor may be and still be one widget (a select's box). */
const MAX_AREA_RATIO = 6;
const SLACK_PX = 24;
const BLOCKING_ROLES = new Set(['dialog', 'alertdialog', 'banner', 'alert', 'tooltip']);
/** The largest widget a pointer surface may span (a clock face, a colour area): a side in CSS px. */
const MAX_SURFACE_WIDGET_PX = 480;

/**
 * An empty, transparent element laid over a widget to take its pointer (MUI's clock mask reads the point pressed and
 * picks the option under it): nothing of its own to see or to click, so a mouse pressing an option presses it.
 */
function isPointerSurface(element: Element): boolean {
  if (element.childElementCount > 0 || (element.textContent ?? '').trim() !== '') return false;
  const view = element.ownerDocument.defaultView;
  const background = view?.getComputedStyle(element).backgroundColor ?? '';
  return background === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(background);
}

/** The nearest element containing both, through shadow roots. */
function commonAncestor(a: Element, b: Element): Element | null {
  for (let node: Element | null = a; node; node = composedParent(node)) if (composedContains(node, b)) return node;
  return null;
}

/** Is this element a control or an obstacle of its own, apart from the target? */
function isOwnControl(element: Element, hasRef: (element: Element) => boolean): boolean {
  if (hasRef(element)) return true;
  const role = explicitRole(element);
  if (role && BLOCKING_ROLES.has(role)) return true;
  if (element.localName === 'dialog') return true;
  return semanticRole(element) !== null;
}

/**
 * True when `hit`, which covers `target`'s centre, is part of the same widget: their nearest common ancestor is
 * about the target's size (not the page, a form or a layout column), or, for a transparent pointer surface laid
 * over the widget, no bigger than a widget; and nothing between the hit and that ancestor is a control or a dialog
 * of its own.
 */
export function coveredBySameWidget(target: Element, hit: Element, hasRef: (element: Element) => boolean): boolean {
  const shared = commonAncestor(target, hit);
  const doc = target.ownerDocument;
  if (!shared || shared === doc.body || shared === doc.documentElement) return false;
  const t = target.getBoundingClientRect();
  const s = shared.getBoundingClientRect();
  // A pointer surface listens to the mouse (so it may have a ref of its own) for the options under it.
  const surface = isPointerSurface(hit) && s.width <= MAX_SURFACE_WIDGET_PX && s.height <= MAX_SURFACE_WIDGET_PX;
  for (let node = surface ? composedParent(hit) : hit; node && node !== shared; node = composedParent(node)) {
    if (isOwnControl(node, hasRef)) return false;
  }
  if (surface) return true;
  const room = Math.max(t.width * t.height * MAX_AREA_RATIO, (t.width + SLACK_PX) * (t.height + SLACK_PX));
  return s.width * s.height <= room;
}
