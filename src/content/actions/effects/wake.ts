// A short wait that keeps its time in a hidden tab. Chrome runs a hidden tab's timers at most once a second (and,
// after 5 minutes hidden, chained timers once a minute: https://developer.chrome.com/blog/timer-throttling-in-chrome-88),
// and gives it no animation frames (https://developer.chrome.com/blog/background_tabs), so a 150 ms quiet window
// would last a second and a frame would never come. Messages posted on a MessageChannel are not throttled: while the
// document is hidden the wait is a chain of posted messages that reads the clock, yielding to the page between turns;
// while it is visible, a plain timer. The chain keeps the page's thread busy for as long as it waits, so it is for the
// short waits an action is made of (quiet windows, frame pacing, settle caps), not for long deadlines.

/** Calls `wake` once, `ms` from now (never early); returns a function that cancels it. */
export function wakeAfter(doc: Document, ms: number, wake: () => void): () => void {
  const win = doc.defaultView ?? window;
  const due = performance.now() + ms;
  let done = false;
  let channel: MessageChannel | null = null;
  let spinning = false;
  const cancel = () => {
    done = true;
    win.clearTimeout(timer);
    channel?.port1.close();
    doc.removeEventListener('visibilitychange', spin);
  };
  // The timer is trusted when it fires (timers never fire early); the chain reads the clock.
  const fire = (): void => {
    if (done) return;
    cancel();
    wake();
  };
  // Never wakes synchronously: the clock is read in the posted message, a task of its own.
  function spin(): void {
    // Visible: the timer keeps the time. A message already posted still comes, and ends the chain then.
    if (done || doc.visibilityState !== 'hidden' || spinning) return;
    spinning = true;
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => {
        spinning = false;
        if (performance.now() >= due) fire();
        else spin();
      };
    }
    channel.port2.postMessage(null);
  }
  const timer = win.setTimeout(fire, ms);
  doc.addEventListener('visibilitychange', spin);
  spin();
  return cancel;
}

/** Resolves `ms` from now, on time in a hidden tab too. */
export function pause(doc: Document, ms: number): Promise<void> {
  return new Promise((resolve) => wakeAfter(doc, ms, resolve));
}

/** True when the person cannot see the document's tab (another tab is in front, or the window is minimized). */
export function isHidden(doc: Document): boolean {
  return doc.visibilityState === 'hidden';
}
