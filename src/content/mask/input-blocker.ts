// Blocks the person's input while the mask is up. The person's events are trusted (isTrusted: true); the agent's
// are synthetic and pass untouched. Listeners sit on the window in the capture phase, the first stop of every
// event, so page handlers never see a blocked event. Only what is meant for the mask's own bar (the Stop button)
// gets through, and it is kept from bubbling on into the page.

import { BLOCKED_EVENTS } from './blocked-events';
import type { Overlay } from './overlay';

function meantForBar(event: Event, overlay: Overlay | null): boolean {
  if (!overlay) return false; // a subframe's mask has no bar
  if (event.target !== overlay.host || event.type === 'wheel') return false;
  // Duck-typed: events from a frame's window are not instances of this window's classes.
  if ('key' in event) return overlay.hasFocus();
  if ('clientX' in event) {
    const mouse = event as MouseEvent;
    return overlay.isOnBar(mouse.clientX, mouse.clientY);
  }
  if ('changedTouches' in event) {
    const touch = (event as TouchEvent).changedTouches[0];
    return touch !== undefined && overlay.isOnBar(touch.clientX, touch.clientY);
  }
  return false;
}

export function blockPersonInput(win: Window, overlay: Overlay | null, signal: AbortSignal): void {
  const handler = (event: Event) => {
    if (!event.isTrusted || meantForBar(event, overlay)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  for (const type of BLOCKED_EVENTS) win.addEventListener(type, handler, { capture: true, passive: false, signal });
}

/** Same-origin frames get their own windows' events (keys typed into a frame): block there too. */
export function blockInFrames(doc: Document, overlay: Overlay | null, signal: AbortSignal): void {
  for (const frame of Array.from(doc.querySelectorAll('iframe, frame'))) {
    try {
      const win = (frame as HTMLIFrameElement).contentWindow;
      if (win?.document) blockPersonInput(win, overlay, signal);
    } catch {
      // Cross-origin: the veil covers it for the pointer, and it cannot hold focus once we blur it.
    }
  }
}
