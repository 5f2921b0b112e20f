// Pacing between the steps of a gesture. Pages that follow a pointer render between its moves (React batches
// continuous events and renders them on the next frame; dnd-kit works out the drop target from what it rendered),
// so a gesture waits for a frame between moves as a real mouse does. A hidden tab gets no animation frames
// (https://developer.chrome.com/blog/background_tabs), so there the wait is one frame's length, kept on time (wake.ts).

import { isHidden, pause } from '../effects/wake';

const FRAME_MS = 16;

export function nextFrame(doc: Document): Promise<void> {
  const win = doc.defaultView;
  if (!win) return Promise.resolve();
  if (isHidden(doc)) return pause(doc, FRAME_MS);
  return new Promise((resolve) => {
    const timer = win.setTimeout(done, FRAME_MS * 4);
    const frame = win.requestAnimationFrame(done);
    function done() {
      win?.clearTimeout(timer);
      win?.cancelAnimationFrame(frame);
      resolve();
    }
  });
}
