// Chrome hands a message's user gesture on. A message the panel sends while it has transient activation (the person
// just pressed Enter or clicked there) is dispatched in the worker as a user gesture, and a tabs.sendMessage or
// scripting.executeScript made during that dispatch gives the page it reaches transient activation, for about five
// seconds, with the powers it grants: popups past the blocker, downloads, clipboard writes. A person's key press in
// the panel is not consent for a page to do those things. Leaving the dispatch first drops the gesture (decision
// 0013, test/e2e/security-activation.e2e.ts).

/** Runs `work` from a task of its own, outside the dispatch of the message that asked for it. */
export function outsideGesture<T>(work: () => T | Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    setTimeout(() => {
      Promise.resolve().then(work).then(resolve, reject);
    }, 0);
  });
}
