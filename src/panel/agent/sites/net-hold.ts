// The task's network hold (decision 0025, "asked before the request leaves"): for the whole run (armed when it starts,
// released when it ends), session rules block page loads of the task's tabs to every origin the task has not been
// allowed (net-hold-rules.ts). A navigation the page starts on its own (a redirect, a script, a meta refresh, a form
// its script submits), while the harness acts or while the model thinks, is then stopped before its request, and
// the loop asks the person about it (loop.ts, held-navigation.ts). One the browser started in a task's tab (the
// person, from the address bar) is held and asked about the same way: the mask already keeps the person's input off
// the agent's tab while it works. No chrome.*: the rules go through NetRulesPort (src/panel/chrome/net-rules.ts).

import { type HoldRule, holdRules } from './net-hold-rules';
import type { SiteAccess } from './site-access';

/** A page load the hold's rules stopped, as Chrome reported it. */
export interface HoldControl {
  /** Brings the rules up to the sites allowed now; resolves once Chrome has them. */
  refresh(): Promise<void>;
  /** Holds every request of the agent's tab to sites outside the allowed set, not only page loads, until `release`. */
  strict(): Promise<{ release(): Promise<void> }>;
}

export interface BlockedNavigation {
  tabId: number;
  url: string;
  /** Lowercase HTTP method: only a `get` is ever sent again. */
  method: string;
  /** Started by the browser (no initiator: the address bar, a bookmark), not by a page. */
  byBrowser: boolean;
}

export interface NetRulesPort {
  /** Replaces every session rule of the panel with `rules` (an empty list removes them). */
  replace(rules: HoldRule[]): Promise<void>;
  /** Tells of each main-frame request a session rule blocked, until `signal` aborts. */
  onBlocked(listener: (blocked: BlockedNavigation) => void, signal: AbortSignal): void;
}

type Sites = Pick<SiteAccess, 'holdSet'>;

export class NetHold implements HoldControl {
  #armed = false;
  #strict = 0;
  #tabIds: number[] = [];
  #applied = '[]';
  #chain: Promise<void> = Promise.resolve();
  readonly #blocked: BlockedNavigation[] = [];
  readonly #waiters = new Set<() => void>();

  constructor(
    private readonly port: NetRulesPort,
    private readonly sites: Sites,
    private readonly tabIds: () => Promise<number[]>,
    signal: AbortSignal,
  ) {
    port.onBlocked((blocked) => {
      if (!this.#tabIds.includes(blocked.tabId)) return;
      this.#blocked.push(blocked);
      for (const wake of this.#waiters) wake();
    }, signal);
  }

  /** Holds from now on, with the task's tabs and sites as they are now. */
  async arm(): Promise<void> {
    this.#armed = true;
    this.#tabIds = await this.tabIds();
    await this.refresh();
  }

  /** Holds nothing until the next `arm` (the run ended: the person's browsing in these tabs is never held). */
  async release(): Promise<void> {
    this.#armed = false;
    await this.refresh();
  }

  refresh(): Promise<void> {
    const next = this.#chain.then(() => this.#apply());
    this.#chain = next.catch(() => {});
    return next;
  }

  async strict(): Promise<{ release(): Promise<void> }> {
    this.#strict++;
    await this.refresh();
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        this.#strict--;
        await this.refresh();
      },
    };
  }

  /** The first navigation held in `tabId` that nobody took yet, taken now. */
  takeBlocked(tabId: number): BlockedNavigation | null {
    const at = this.#blocked.findIndex((blocked) => blocked.tabId === tabId);
    return at < 0 ? null : (this.#blocked.splice(at, 1)[0] ?? null);
  }

  /** Resolves once a navigation in `tabId` was held (at once when one is waiting); never, once `signal` aborts. */
  whenBlocked(tabId: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!this.#blocked.some((blocked) => blocked.tabId === tabId)) return;
        this.#waiters.delete(check);
        resolve();
      };
      this.#waiters.add(check);
      signal.addEventListener('abort', () => this.#waiters.delete(check), { once: true });
      check();
    });
  }

  async #apply(): Promise<void> {
    const set = this.sites.holdSet();
    const rules =
      this.#armed || this.#strict > 0 ? holdRules({ tabIds: this.#tabIds, ...set, strict: this.#strict > 0 }) : [];
    const key = JSON.stringify(rules);
    if (key === this.#applied) return;
    await this.port.replace(rules);
    this.#applied = key;
  }
}
