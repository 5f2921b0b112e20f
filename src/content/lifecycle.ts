// The page lifecycle events the content script acts on, heard only when the browser made them (`isTrusted`): a page
// can dispatch `new PageTransitionEvent('pageshow', {persisted: true})` or a `prerenderingchange` itself, and a
// listener that believed it would tell the panel a new document is up (the mask and the ready wait start over) and
// drop the call memory that keeps a re-sent action from running twice (decisions 0011, 0025).

/** Calls `restored` each time the browser brings this document back from the back/forward cache. */
export function onRestoredFromCache(win: Window, restored: () => void, signal: AbortSignal): void {
  win.addEventListener(
    'pageshow',
    (event) => {
      if (event.isTrusted && (event as PageTransitionEvent).persisted) restored();
    },
    { signal },
  );
}

/** Calls `activated` once, when the browser shows this prerendered document to the person. */
export function onPrerenderActivated(doc: Document, activated: () => void): void {
  const listener = (event: Event) => {
    if (!event.isTrusted) return;
    doc.removeEventListener('prerenderingchange', listener);
    activated();
  };
  doc.addEventListener('prerenderingchange', listener);
}
