// The mask's look: a veil over the viewport with a thin accent frame, and a bar with the label and a Stop button,
// in a closed shadow root so the page can neither style nor script it. The host's tag is random (marker.ts).

import { BLOCKED_EVENTS } from './blocked-events';
import { markMaskHost, unguessableTagName } from './marker';

const HOST_STYLE: Record<string, string> = {
  all: 'initial',
  position: 'fixed',
  inset: '0',
  'z-index': '2147483647',
  display: 'block',
  'pointer-events': 'auto',
};

const CSS = `
  .veil { position: fixed; inset: 0; cursor: not-allowed; background: rgba(37, 99, 235, 0.04);
    box-shadow: inset 0 0 0 3px rgba(37, 99, 235, 0.8); }
  .bar { position: fixed; left: 50%; bottom: 16px; transform: translateX(-50%); display: flex; gap: 12px;
    align-items: center; padding: 6px 6px 6px 14px; border-radius: 999px; background: #111827; color: #f9fafb;
    font: 13px/1.3 system-ui, sans-serif; box-shadow: 0 4px 18px rgba(0, 0, 0, 0.3); cursor: default; }
  button { all: unset; cursor: pointer; padding: 6px 14px; border-radius: 999px; background: #dc2626; color: #fff;
    font-weight: 600; }
  button:disabled { background: #6b7280; cursor: default; }
  button:focus-visible { outline: 2px solid #fff; outline-offset: 2px; }
`;

export interface Overlay {
  host: HTMLElement;
  setLabel(text: string): void;
  /** Shows that a stop was asked for and disables the button. */
  setStopping(): void;
  /** The point (viewport coordinates) lies on the bar with the Stop button. */
  isOnBar(x: number, y: number): boolean;
  /** Keyboard focus is on the Stop button. */
  hasFocus(): boolean;
}

export function createOverlay(doc: Document, onStop: () => void): Overlay {
  const host = doc.createElement(unguessableTagName());
  markMaskHost(host);
  for (const [name, value] of Object.entries(HOST_STYLE)) host.style.setProperty(name, value, 'important');
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = CSS;
  const veil = doc.createElement('div');
  veil.className = 'veil';
  const bar = doc.createElement('div');
  bar.className = 'bar';
  bar.setAttribute('role', 'status');
  const label = doc.createElement('span');
  const stop = doc.createElement('button');
  stop.type = 'button';
  stop.textContent = 'Stop';
  stop.addEventListener('click', (event) => {
    if (!event.isTrusted || stop.disabled) return;
    onStop();
  });
  bar.append(label, stop);
  root.append(style, veil, bar);
  // What reaches the bar must not bubble on into the page's own listeners (a "click outside" handler, say).
  for (const type of BLOCKED_EVENTS) {
    host.addEventListener(type, (event) => {
      if (event.isTrusted) event.stopPropagation();
    });
  }
  return {
    host,
    setLabel: (text) => {
      label.textContent = text;
    },
    setStopping: () => {
      label.textContent = 'Stopping…';
      stop.disabled = true;
    },
    isOnBar: (x, y) => {
      const r = bar.getBoundingClientRect();
      return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
    },
    hasFocus: () => root.activeElement === stop,
  };
}
