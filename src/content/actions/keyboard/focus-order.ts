// Tab and Shift+Tab: the next element in sequential focus order (positive tabindex first, then document order).

import { deepActiveElement } from '../../snapshot/dom/dom';
import { isRendered } from '../../snapshot/geometry/visibility';

const TABBABLE =
  'a[href], area[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, [tabindex], [contenteditable]:not([contenteditable="false"])';

function tabbables(doc: Document): HTMLElement[] {
  const all = Array.from(doc.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.closest('[inert]') === null && isRendered(el),
  );
  const positive = all.filter((el) => el.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex);
  return [...positive, ...all.filter((el) => el.tabIndex === 0)];
}

export function moveFocus(doc: Document, step: 1 | -1): void {
  const order = tabbables(doc);
  if (order.length === 0) return;
  const current = deepActiveElement(doc);
  const index = current ? order.indexOf(current as HTMLElement) : -1;
  const next = index < 0 ? (step > 0 ? 0 : order.length - 1) : (index + step + order.length) % order.length;
  order[next]?.focus();
}
