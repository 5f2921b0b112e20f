// Controls that the page shows only under the pointer: `opacity: 0` until a `:hover` rule of the page's own style
// sheets sets it (a select's clear button, a row's delete icon). A script cannot make CSS :hover apply, but such a
// control is still in the layout and hit-testing reaches it, so it is listed, marked, and clicked like any other
// (docs/decisions/0020-hover-only-controls.md, docs/contracts.md PT-H1).

/** Selectors (":hover" removed) of the page's rules that make something visible on hover. */
function revealingSelectors(doc: Document): string[] {
  const found: string[] = [];
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      const grouped = (rule as CSSGroupingRule).cssRules;
      if (grouped && !(rule as CSSStyleRule).selectorText) {
        visit(grouped);
        continue;
      }
      const style = (rule as CSSStyleRule).style;
      const selector = (rule as CSSStyleRule).selectorText;
      if (!style || !selector?.includes(':hover')) continue;
      const opacity = style.getPropertyValue('opacity');
      if (opacity === '' || Number.parseFloat(opacity) === 0) continue;
      for (const part of selector.split(',')) {
        if (part.includes(':hover')) found.push(part.replace(/:hover/g, '').trim() || '*');
      }
    }
  };
  for (const sheet of Array.from(doc.styleSheets)) {
    try {
      visit(sheet.cssRules);
    } catch {
      // A cross-origin style sheet cannot be read; its hover rules stay unknown.
    }
  }
  return found;
}

export class HoverReveal {
  private readonly selectors = new Map<Document, string[]>();

  /** True when a `:hover` rule of the page gives this element a visible opacity. */
  reveals(element: Element): boolean {
    const doc = element.ownerDocument;
    let selectors = this.selectors.get(doc);
    if (!selectors) {
      selectors = revealingSelectors(doc);
      this.selectors.set(doc, selectors);
    }
    return selectors.some((selector) => {
      try {
        return element.matches(selector);
      } catch {
        return false;
      }
    });
  }
}
