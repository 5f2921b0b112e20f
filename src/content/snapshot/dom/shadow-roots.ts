// Reaching shadow roots: open ones through `element.shadowRoot`; closed ones only a content script can open, with
// chrome.dom.openOrClosedShadowRoot. Only custom elements are asked (built-ins with closed roots are rare), which
// keeps the extension API off the hot path for ordinary elements.

import type { ShadowRootOf } from './dom';

export function contentScriptShadowRoots(): ShadowRootOf {
  const open = typeof chrome !== 'undefined' ? chrome.dom?.openOrClosedShadowRoot : undefined;
  if (!open) return (element) => element.shadowRoot;
  return (element) => {
    const root = element.shadowRoot;
    if (root || !element.localName.includes('-')) return root;
    try {
      return open(element as HTMLElement);
    } catch {
      return null;
    }
  };
}
