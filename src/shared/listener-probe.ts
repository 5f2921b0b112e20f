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
 *
 * A listener is the element's own when either
 * - the page's code keeps it on the element, where the framework that added it records it (read at probe time, so
 *   listeners added before the probe came count too): a key on the element, or in an object the element holds, that
 *   names the event once the framework's affixes are taken off, with a handler (a function, Vue's invoker included, or
 *   a non-empty list) as its value. React `__reactProps$…{onMouseDown}`, Preact 11 `__e{onClick}`, Preact 10 `l{clickfalse}`,
 *   Vue 3 `_vei{onClick}` (a symbol since 3.4), Svelte 5 `__click`, Solid `$$click`, zone.js (Angular)
 *   `__zone_symbol__clickfalse`, jQuery's data `{events: {click: […]}}`; or an `onclick`-style property;
 * - or the page called addEventListener for it after the probe came, and has not removed it since.
 * A plain addEventListener made before the probe came leaves no trace a page can read; decision 0036 says what covers
 * such handles instead.
 */
export function installListenerProbe(): void {
  const flag = '__steadyhandListenerProbe';
  const scope = window as unknown as Record<string, unknown>;
  if (scope[flag]) return;
  scope[flag] = true;
  const KIND: Record<string, 'press' | 'click'> = {
    pointerdown: 'press',
    mousedown: 'press',
    touchstart: 'press',
    click: 'click',
  };
  // Elements given a listener after the probe came: per element, per `type|capture`, the listeners still there. A
  // WeakMap keyed by element: it keeps nothing alive and changes nothing the page can see.
  const added = new WeakMap<EventTarget, Map<string, Set<unknown>>>();
  const captureOf = (options: unknown) =>
    typeof options === 'object' && options !== null
      ? Boolean((options as { capture?: unknown }).capture)
      : Boolean(options);
  const proto = EventTarget.prototype;
  const originalAdd = proto.addEventListener;
  const originalRemove = proto.removeEventListener;
  // The wrappers only record, then call the original with the same `this` and arguments. Their toString reads as the
  // original's, so a page that checks for native code sees what it saw before.
  const wrap = <F extends (...args: never[]) => unknown>(
    original: F,
    record: (target: EventTarget, args: Parameters<F>) => void,
  ) => {
    const wrapped = function (this: EventTarget, ...args: Parameters<F>) {
      if (KIND[String(args[0])] && args[1]) record(this, args);
      return Reflect.apply(original, this, args);
    };
    Object.defineProperty(wrapped, 'toString', { value: () => Function.prototype.toString.call(original) });
    Object.defineProperty(wrapped, 'name', { value: original.name });
    return wrapped;
  };
  proto.addEventListener = wrap(originalAdd, (target, [type, listener, options]) => {
    const byType = added.get(target) ?? new Map<string, Set<unknown>>();
    added.set(target, byType);
    const key = `${type}|${captureOf(options)}`;
    const listeners = byType.get(key) ?? new Set<unknown>();
    byType.set(key, listeners.add(listener));
  });
  proto.removeEventListener = wrap(originalRemove, (target, [type, listener, options]) => {
    added
      .get(target)
      ?.get(`${type}|${captureOf(options)}`)
      ?.delete(listener);
  });

  const hasAdded = (element: Element, kind: string) => {
    for (const [key, listeners] of added.get(element) ?? []) {
      if (listeners.size > 0 && KIND[key.slice(0, key.indexOf('|'))] === kind) return true;
    }
    return false;
  };
  // The event a framework's key names: `onMouseDown`, `onmousedown`, `__click`, `$$click`, `clickfalse`,
  // `__zone_symbol__clicktrue`, `onClickCapture`, `onClickOnce`.
  const eventOf = (key: string) =>
    key
      .toLowerCase()
      .replace(/^__zone_symbol__/, '')
      .replace(/^[_$]+/, '')
      .replace(/(capture|once|passive|true|false)+$/, '')
      .replace(/^on(?=[a-z])/, '');
  // Vue's invoker and Solid's handler are functions; Svelte 5 keeps `[handler, ...args]`, zone.js and jQuery lists.
  const isHandler = (value: unknown) => typeof value === 'function' || (Array.isArray(value) && value.length > 0);
  const keysOf = (object: object): PropertyKey[] => [
    ...Object.keys(object),
    ...Object.getOwnPropertySymbols(object).filter((symbol) => symbol.description === '_vei'),
  ];
  const recorded = (object: object, kind: string, depth: number): boolean => {
    for (const key of keysOf(object)) {
      let value: unknown;
      try {
        value = (object as Record<PropertyKey, unknown>)[key];
      } catch {
        continue;
      }
      const name = typeof key === 'string' ? key : null;
      if (name !== null && KIND[eventOf(name)] === kind && isHandler(value)) return true;
      // One level down: the object a framework keeps its handlers in (React's props, Vue's invokers, jQuery's data),
      // and jQuery's `events` inside its data. DOM nodes and lists are not such objects.
      const inside = depth > 0 || (depth === 0 && name === 'events');
      if (inside && typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Node)) {
        if (recorded(value, kind, depth - 1)) return true;
      }
    }
    return false;
  };
  // `element.onclick = …`, or an `onclick` attribute: the page's world sees the handler the isolated world does not.
  const hasProperty = (element: Element, kind: string) =>
    Object.keys(KIND).some(
      (type) =>
        KIND[type] === kind && typeof (element as unknown as Record<string, unknown>)[`on${type}`] === 'function',
    );

  window.addEventListener(
    'steadyhand-listener-probe',
    (event) => {
      const detail = (event as CustomEvent).detail;
      const target = event.target;
      if (detail === 'ping') event.preventDefault();
      else if (target instanceof Element && (detail === 'press' || detail === 'click')) {
        if (hasAdded(target, detail) || hasProperty(target, detail) || recorded(target, detail, 1))
          event.preventDefault();
      }
      event.stopImmediatePropagation();
    },
    true,
  );
}
