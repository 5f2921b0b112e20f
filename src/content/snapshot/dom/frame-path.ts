// Where a window sits in its tab's frame tree, as indexes into each ancestor's `window.frames`: "" for the top
// window, "1" for the top's second child frame, "1.0" for that frame's first child. A cross-origin WindowProxy
// still exposes `parent`, `length` and indexed access
// (https://html.spec.whatwg.org/multipage/nav-history-apis.html#crossoriginproperties-(-o-)), so the parent's
// script (for an <iframe>'s contentWindow) and the frame's own script (for its window) compute the same path. The
// panel pairs the two through it (decision 0021): Chrome has no runtime.getFrameId (w3c/webextensions#12).

/** The path of `win`, or null when it cannot be placed (a frame inside a shadow tree is not in `window.frames`). */
export function framePath(win: Window | null): string | null {
  if (!win) return null;
  const parts: number[] = [];
  let current: Window = win;
  try {
    while (current.parent !== current) {
      const parent = current.parent;
      let index = -1;
      for (let i = 0; i < parent.length; i++) {
        if (parent[i] === current) {
          index = i;
          break;
        }
      }
      if (index < 0) return null;
      parts.unshift(index);
      current = parent;
    }
  } catch {
    return null; // a window torn down during the walk
  }
  return parts.join('.');
}
