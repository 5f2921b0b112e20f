// The page's own listeners, read for the content script. The content script runs in an isolated world: it cannot see
// a listener added with addEventListener, nor React's `__reactProps$…` expandos, so a small handle known only by its
// listener got no ref (issue 26, cause 1). `installListenerProbe` runs in the page's MAIN world
// (chrome.scripting.executeScript `world: 'MAIN'`, https://developer.chrome.com/docs/extensions/reference/api/scripting)
// and answers a synchronous probe: the content script dispatches LISTENER_PROBE_EVENT on an element with `detail`
// 'press' or 'click', and the probe cancels it when that element itself (not an ancestor) has such a listener.
// dispatchEvent returns false when cancelled, which the isolated world reads at once (decision 0036).

/** The probe's event name; `detail` is a ListenerKind, or 'ping' to ask whether the probe is there at all. */
export const LISTENER_PROBE_EVENT = 'steadyhand-listener-probe';

/** 'press': a listener for pointerdown, mousedown or touchstart (a drag handle); 'click': one for click. */
export type ListenerKind = 'press' | 'click';

/**
 * Installs the probe in the document it runs in, once. Self-contained on purpose: executeScript serializes the
 * function, so it may use nothing from outside its body.
 */
export function installListenerProbe(): void {
  const flag = '__steadyhandListenerProbe';
  const scope = window as unknown as Record<string, unknown>;
  if (scope[flag]) return;
  scope[flag] = true;
  const PRESS = new Set(['pointerdown', 'mousedown', 'touchstart']);
  const REACT_PRESS = ['onPointerDown', 'onMouseDown', 'onTouchStart', 'onPointerDownCapture', 'onMouseDownCapture'];
  const REACT_CLICK = ['onClick', 'onClickCapture'];
  // Elements given a listener after the probe came (Vue, Svelte, Angular and plain pages add them this way). A
  // WeakMap keyed by element: it keeps nothing alive and changes nothing the page can see.
  const added = new WeakMap<EventTarget, Set<string>>();
  const original = EventTarget.prototype.addEventListener;
  // The wrapper only records, then calls the original with the same `this` and arguments. Its toString is made to
  // read as the original's, so a page that checks for native code sees what it saw before.
  const wrapped = function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
    const type = args[0];
    if ((PRESS.has(type) || type === 'click') && args[1]) {
      const kinds = added.get(this) ?? new Set<string>();
      kinds.add(PRESS.has(type) ? 'press' : 'click');
      added.set(this, kinds);
    }
    return Reflect.apply(original, this, args);
  };
  Object.defineProperty(wrapped, 'toString', { value: () => Function.prototype.toString.call(original) });
  Object.defineProperty(wrapped, 'name', { value: original.name });
  EventTarget.prototype.addEventListener = wrapped;

  function reactHas(element: Element, names: string[]): boolean {
    for (const key of Object.keys(element)) {
      if (!key.startsWith('__reactProps$')) continue;
      const props = (element as unknown as Record<string, Record<string, unknown> | null>)[key];
      if (props && names.some((name) => typeof props[name] === 'function')) return true;
    }
    return false;
  }

  window.addEventListener(
    'steadyhand-listener-probe',
    (event) => {
      const detail = (event as CustomEvent).detail;
      const target = event.target;
      if (detail === 'ping') event.preventDefault();
      else if (target instanceof Element && (detail === 'press' || detail === 'click')) {
        const own = added.get(target)?.has(detail) || reactHas(target, detail === 'press' ? REACT_PRESS : REACT_CLICK);
        if (own) event.preventDefault();
      }
      event.stopImmediatePropagation();
    },
    true,
  );
}
