// Knows when this document is being left: from the moment a navigation away from it starts (`beforeunload`, which
// Chrome fires at the start of every cross-document navigation, the person's reload and back button included) until
// it is gone. Until then the old page still shows and still answers, and an action run on it could cancel the
// person's navigation or act twice (the same "Place order" on the page being reloaded), so actions are refused.
// A navigation that is cancelled after it started (a stop, a 204, a download) leaves no event here: the hold ends
// on its own after a while.
// Only events the browser made count (`isTrusted`): a page can dispatch `new Event('beforeunload')` itself, and a
// listener that believed it would have the agent refuse every action there (decision 0025); a forged
// `pageshow` or `navigateerror` would end the hold while the document is really being left.

export const DEPARTURE_HOLD_MS = 10_000;

export class Departure {
  #since: number | null = null;

  constructor(
    win: Window,
    private readonly now: () => number = () => performance.now(),
  ) {
    win.addEventListener('beforeunload', (event) => {
      if (event.isTrusted) this.#since = this.now();
    });
    // Back from the back/forward cache: the document is the tab's page again.
    win.addEventListener('pageshow', (event) => {
      if (event.isTrusted && event.persisted) this.#since = null;
    });
    // A navigation the Navigation API saw fail or be aborted (window.stop(), another navigation replaced it).
    (win as Window & { navigation?: EventTarget }).navigation?.addEventListener('navigateerror', (event) => {
      if (event.isTrusted) this.#since = null;
    });
  }

  /** How long ago the document began to be left, or null when it is not being left. */
  leavingForMs(): number | null {
    if (this.#since === null) return null;
    const elapsed = this.now() - this.#since;
    if (elapsed <= DEPARTURE_HOLD_MS) return elapsed;
    this.#since = null;
    return null;
  }
}
