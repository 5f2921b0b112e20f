// Pacing between the steps of a gesture. Pages that follow a pointer render between its moves (React batches
// continuous events and renders them on the next frame; dnd-kit works out the drop target from what it rendered),
// so a gesture waits for a frame between moves as a real mouse does. A hidden tab gets no animation frames
// (https://developer.chrome.com/blog/background_tabs), so there the wait is a timer of one frame's length.

const FRAME_MS = 16;

export function nextFrame(doc: Document): Promise<void> {
  const win = doc.defaultView;
  if (!win) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = win.setTimeout(done, doc.visibilityState === 'visible' ? FRAME_MS * 4 : FRAME_MS);
    const frame = doc.visibilityState === 'visible' ? win.requestAnimationFrame(done) : 0;
    function done() {
      win?.clearTimeout(timer);
      if (frame) win?.cancelAnimationFrame(frame);
      resolve();
    }
  });
}
